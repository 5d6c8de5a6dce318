"""A RayService application whose code is a module of the repository (issue 24, point 5).

``import_path: "vllm_serve:deployment"`` names the module Ray Serve imports the application
from (``module:attribute``, or ``module.attribute``).  For each application whose engines the
RayService reader (``toplint.parse.k8s.ray``) does not take from the config itself (Ray Serve
LLM ``llm_configs``, the KubeRay vLLM sample's shape: ``ray.reads_itself``), the module is
looked for as Ray would find it, inside the repository only (``ray.app_module``): under
``runtime_env.working_dir`` when that is a local relative folder, else beside the manifest,
else from the repository root; a ``working_dir`` that is a URL (a zip of a repository) is not
fetched.  It is read by the Python reader (``toplint.parse.generic.pyparser``: ``ast``, never
imported or run) with the application's ``runtime_env.env_vars`` as its environment, so
``os.getenv("MAX_MODEL_LEN", "4096")`` reads the manifest's value, at its place in the
manifest; each engine it builds is a deployment of the manifest on the Ray cluster
(``ray.module_app``).  A module the repository does not hold may be a ConfigMap of the same
file, or of the one YAML file beside it that defines a ConfigMap of that name (a folder of
manifests is applied together: ``k8s.siblings``), that the Ray pods mount on Python's path
(``mounted_module``): it is read at its own lines in the file that holds it.  A module not
read is said in the file's TL008 (``unread_modules``).  The module, linted itself, still
reports its own reading (its defaults, no cluster): another user may deploy it differently.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import Any

from toplint.errors import SourceError
from toplint.infra.yamlsafe import Document, Path, load_documents
from toplint.model import Deployment, Finding, ParseResult, Position, Severity
from toplint.parse.base import Source
from toplint.parse.generic import pysource
from toplint.parse.generic.embedded import literal_python
from toplint.parse.generic.pyparser import PythonParser
from toplint.parse.k8s.context import Ctx
from toplint.parse.k8s.ray import app_module, module_app, module_file, working_dir
from toplint.parse.k8s.rayserveconfig import reads_itself, serve_config
from toplint.parse.k8s.siblings import configmap_beside
from toplint.parse.mentions import no_deployment
from toplint.record import record, replace


@record
class App:
    """One application of a RayService and where its module was looked for."""

    ctx: Ctx
    index: int
    name: str
    import_path: str
    here: Callable[[Path], Position]
    data: dict[str, Any]
    module: str  # the module's file, relative (``vllm_serve.py``), or "" when none can be named
    working_dir: str  # ``runtime_env.working_dir`` as written, or ""
    env: dict[str, tuple[str, Position]]


def ray_app_deployments(source: Source) -> ParseResult | None:
    """The engines the modules of the file's RayService applications build, or None."""
    deployments: list[Deployment] = []
    for app in _applications(source):
        found = app_module(app.ctx, app.data)
        if found is not None:
            shown, text = found
            name = shown.rsplit("/", 1)[-1]
        else:
            mounted = mounted_module(app)
            if mounted is None:
                continue
            name, shown, text = mounted  # the module's lines are its ConfigMap file's
        try:
            parsed = PythonParser().parse(Source.from_text(shown, text), app.env)
        except (SourceError, SyntaxError, RecursionError):
            continue
        names = _serve_names(text)
        start = app.here(("applications", app.index, "import_path"))
        note = (
            f"engine built in {name}, the module application `{app.name}` "
            f"imports (`{app.import_path}` at line {start.line}), with its runtime_env.env_vars"
        )
        for dep in parsed.deployments:
            serve_name = _enclosing(names, dep.line)
            built = dep.provenance.get("engine", "the engine")
            told = f"{built} in `{name}`, imported by `{app.import_path}`"
            dep = replace(dep, provenance={**dep.provenance, "engine": told})
            built_dep = module_app(app.ctx, app.index, app.data, dep, app.here, serve_name, note)
            deployments.append(built_dep)
    if not deployments:
        return None
    return ParseResult(source.path, tuple(deployments), ())


def unread_modules(source: Source) -> list[str]:
    """Why the modules of the file's RayService applications were not read: one sentence per
    application whose module is not in the repository where Ray imports it from (a module
    baked into the image, a ConfigMap mounted in the pod) or sits in a remote ``working_dir``."""
    return [why for why, _ in _unread(source)]


def unread_note(source: Source) -> Finding | None:
    """TL008 at info at the first application whose module was not read, for a RayService file
    that names no engine itself (its engine is in the module): not checked, never silent."""
    found = _unread(source)
    if not found:
        return None
    at = found[0][1]
    why = "; ".join(w for w, _ in found)
    return no_deployment(
        source.path, at.line, at.column, why, anchor="ray-module", severity=Severity.INFO
    )


def _unread(source: Source) -> list[tuple[str, Position]]:
    out: list[tuple[str, Position]] = []
    for app in _applications(source):
        if not app.module:
            continue
        said = f"application `{app.name}` imports `{app.import_path}`"
        at = app.here(("applications", app.index, "import_path"))
        if "://" in app.working_dir:
            why = f"{said} from the working_dir {app.working_dir}, which is not fetched"
            out.append((why, at))
        elif app_module(app.ctx, app.data) is None and mounted_module(app) is None:
            under = f"under its working_dir {app.working_dir}, " if app.working_dir else ""
            why = (
                f"{said}, but {app.module} was not found in the repository where Ray imports it "
                f"from ({under}"
                "beside the manifest, at the repository root, or a ConfigMap of this file or of "
                "one YAML file beside it that the Ray pods mount on PYTHONPATH): lint it with "
                "the file that holds it beside this one"
            )
            out.append((why, at))
    return out


def mounted_module(app: App) -> tuple[str, str, str] | None:
    """(how it is shown, the file that holds it, its text at its lines there) of the module the
    application imports, when a ConfigMap of the same file, or of the one YAML file beside it
    that defines that name (``k8s.siblings.configmap_beside``, as ``configMapKeyRef`` finds
    one), holds it where the RayService's Ray pods mount it on Python's path; else None.  A
    ConfigMap volume presents each ``data`` key as a file of that name in the mount's folder,
    or only the keys ``items`` lists at their ``path``; a mount with ``subPath`` is that one
    file at ``mountPath`` (kubernetes/kubernetes@78082e2f
    ConfigMapVolumeSource: "each key-value pair in the Data field ... will be projected into the
    volume as a file whose name is the key").  Ray imports ``import_path`` in the replica's
    process, whose module search path holds every folder of ``PYTHONPATH`` (the application's
    ``runtime_env.env_vars``, else the container's ``env``: docs.ray.io "Runtime Environments";
    docs.python.org "The Module Search Path"); ``serve_app.vllm_serve:app`` is then
    ``serve_app/vllm_serve.py`` under one of them."""
    if not app.module:
        return None
    docs = app.ctx.documents
    here = app.ctx.source
    maps = {
        str(d.data.get("metadata", {}).get("name")): (d, here.path, here.text)
        for d in docs
        if isinstance(d.data, dict)
        and d.data.get("kind") == "ConfigMap"
        and isinstance(d.data.get("metadata"), dict)
    }
    for pod in _pod_specs(app.ctx.get(("spec", "rayClusterConfig"))):
        volumes = {
            v.get("name"): v["configMap"]
            for v in _dicts(pod.get("volumes"))
            if isinstance(v.get("configMap"), dict)
        }
        for container in _dicts(pod.get("containers")):
            folders = _python_path(app, container)
            for mount in _dicts(container.get("volumeMounts")):
                volume = volumes.get(mount.get("name"))
                if volume is None or not isinstance(mount.get("mountPath"), str):
                    continue
                held = _configmap(maps, str(volume.get("name")), here.path)
                if held is None:
                    continue
                doc, path, whole = held
                for file, key in _projected(doc.data, volume, mount):
                    folder = file[: -len(app.module)].rstrip("/")
                    if file.endswith("/" + app.module) and folder in folders:
                        text = literal_python(whole, doc, ("data", key))
                        if text is not None:
                            cm = doc.data["metadata"]["name"]
                            return f"{key} (ConfigMap {cm} mounted at {file})", path, text
    return None


def _configmap(
    maps: dict[str, tuple[Document, str, str]], name: str, path: str
) -> tuple[Document, str, str] | None:
    """The ConfigMap ``name`` of the manifest, else of the YAML file beside it, looked up once."""
    if name not in maps:
        found = configmap_beside(path, name) if path not in ("-", "<stdin>") else None
        if found is None:
            return None
        maps[name] = found
    return maps[name]


def _pod_specs(cluster: Any) -> Iterator[dict[str, Any]]:
    """The pod specs of a RayCluster spec's head group and worker groups."""
    if not isinstance(cluster, dict):
        return
    groups = [cluster.get("headGroupSpec"), *_dicts(cluster.get("workerGroupSpecs"))]
    for group in _dicts(groups):
        spec = (
            group.get("template", {}).get("spec")
            if isinstance(group.get("template"), dict)
            else None
        )
        if isinstance(spec, dict):
            yield spec


def _projected(
    configmap: dict[str, Any], volume: dict[str, Any], mount: dict[str, Any]
) -> Iterator[tuple[str, str]]:
    """(file in the container, ConfigMap key) of each key the mount presents."""
    data = configmap.get("data")
    keys = [str(k) for k in data] if isinstance(data, dict) else []
    items = _dicts(volume.get("items"))
    paths = (
        {str(i.get("path")): str(i.get("key")) for i in items} if items else {k: k for k in keys}
    )
    base = str(mount["mountPath"]).rstrip("/")
    sub = mount.get("subPath")
    for path, key in paths.items():
        if key not in keys:
            continue
        if isinstance(sub, str) and sub:
            if sub == path:
                yield base, key
        elif not sub:
            yield f"{base}/{path}", key


def _python_path(app: App, container: dict[str, Any]) -> set[str]:
    """The folders ``PYTHONPATH`` names for the application's replicas in ``container``."""
    value = app.env.get("PYTHONPATH", (None, None))[0]
    if value is None:
        env = _dicts(container.get("env"))
        value = next((e.get("value") for e in env if e.get("name") == "PYTHONPATH"), None)
    parts = value.split(":") if isinstance(value, str) else []
    return {p.rstrip("/") for p in parts if p.startswith("/")}


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _applications(source: Source) -> Iterator[App]:
    if "import_path" not in source.text or "RayService" not in source.text:
        return
    try:
        docs = load_documents(source.text, source.path)
    except (SourceError, RecursionError):
        return
    for doc in docs:
        if not isinstance(doc.data, dict) or doc.data.get("kind") != "RayService":
            continue
        ctx = Ctx(source, doc, {}, documents=docs)
        try:
            found = serve_config(ctx)
        except SourceError:
            continue
        if found is None:
            continue
        data, here = found
        apps = data.get("applications")
        for a, app in enumerate(apps if isinstance(apps, list) else []):
            if not isinstance(app, dict) or not isinstance(app.get("import_path"), str):
                continue
            if reads_itself(app):
                continue  # read by the RayService reader
            runtime = app.get("runtime_env")
            env = runtime.get("env_vars") if isinstance(runtime, dict) else None
            env_at: Path = ("applications", a, "runtime_env", "env_vars")
            yield App(
                ctx,
                a,
                str(app.get("name") or a),
                app["import_path"],
                here,
                app,
                module_file(app["import_path"]),
                working_dir(app),
                {
                    str(k): (_text(v), here((*env_at, k)))
                    for k, v in (env.items() if isinstance(env, dict) else ())
                    if v is not None
                },
            )


def _text(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


def _serve_names(text: str) -> list[tuple[int, int, str]]:
    """(first line, last line, Serve deployment name) of each class or function the module
    decorates with ``serve.deployment``: the decorator's ``name=``, else its own name."""
    try:
        module = pysource.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    out: list[tuple[int, int, str]] = []
    for node in ast.walk(module):
        if not isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for deco in node.decorator_list:
            call = deco if isinstance(deco, ast.Call) else None
            func = call.func if call is not None else deco
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name != "deployment":
                continue
            given = next(
                (
                    k.value.value
                    for k in (call.keywords if call is not None else [])
                    if k.arg == "name" and isinstance(k.value, ast.Constant)
                ),
                None,
            )
            end = getattr(node, "end_lineno", None) or node.lineno
            out.append((node.lineno, end, str(given) if given else node.name))
    return out


def _enclosing(names: list[tuple[int, int, str]], line: int) -> str | None:
    """The Serve deployment whose code holds ``line`` (the innermost), or None."""
    inside = [(first, name) for first, last, name in names if first <= line <= last]
    return max(inside)[1] if inside else None
