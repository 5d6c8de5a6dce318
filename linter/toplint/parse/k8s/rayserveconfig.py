"""A RayService's ``serveConfigV2`` (and a Ray Serve config file's applications): Ray Serve LLM
and the KubeRay vLLM sample.

Ray Serve LLM ``llm_configs[]`` hold ``engine_kwargs``, vLLM options in snake_case; each is one
deployment with ``deployment_config.num_replicas`` (or ``autoscaling_config.min_replicas``)
independent replicas, on the RayService's cluster (``toplint.parse.k8s.raycluster``) or, in a
file without one, placed by its placement group.  KubeRay's and GKE's vLLM sample (a
``VLLMDeployment`` built from the application's ``args`` or from ``MODEL_ID``/
``TENSOR_PARALLELISM``/``PIPELINE_PARALLELISM``) is read as the vLLM options it passes.  An
application that is neither (``reads_itself``) is read from its module
(``toplint.parse.k8s.ray.module_app``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toplint.engines.registry import engine_running_in
from toplint.errors import SourceError
from toplint.infra.yamlsafe import Path, load_documents
from toplint.model import Deployment, Position, Unresolved
from toplint.parse.base import lone_variable
from toplint.parse.flagfields import apply_flags
from toplint.parse.k8s import text as k8s_text
from toplint.parse.k8s.context import Ctx, to_int
from toplint.parse.k8s.raycluster import RayNodes, on_cluster
from toplint.parse.options import Arg, parse_args
from toplint.record import replace


def serve_llm(ctx: Ctx, base: Deployment, ray: RayNodes) -> list[Deployment]:
    """Deployments of Ray Serve LLM ``llm_configs`` inside ``serveConfigV2``."""
    found = serve_config(ctx)
    if found is None:
        return []
    data, here = found
    return serve_applications(ctx, data, base, ray, here)


def serve_config(ctx: Ctx) -> tuple[dict[str, Any], Callable[[Path], Position]] | None:
    """A RayService's ``serveConfigV2`` read as YAML, and where each of its paths is in the
    file; None when it is not a mapping (or a Helm template, not YAML until rendered)."""
    at: Path = ("spec", "serveConfigV2")
    text = ctx.get(at)
    if not isinstance(text, str):
        return None
    locate = k8s_text.Locator(
        ctx.text_at(ctx.pos(at)), ctx.pos(at), text, text, list(range(len(text) + 1))
    )
    try:
        docs = load_documents(text, ctx.path)
    except SourceError as exc:  # Ray rejects it too; a budget hit is placed where it happened
        if "{{" in text or "${helm_" in text:  # a Helm template, or what a rendered chart
            return None  # could not fill (``.Files.Get``): not YAML until Helm renders it
        where = locate.position(exc.line, exc.column)
        raise SourceError(f"{exc} (in serveConfigV2)", where.line, where.column) from None
    if not docs or not isinstance(docs[0].data, dict):
        return None
    inner = docs[0]
    return inner.data, lambda p: _here(inner, locate, p)


def serve_applications(
    ctx: Ctx, data: Any, base: Deployment, ray: RayNodes | None, here: Any
) -> list[Deployment]:
    """One deployment per ``applications[].args.llm_configs[]`` of a Ray Serve config (or the
    one ``args.llm_config`` of the data-parallel builder, ``build_dp_openai_app``); ``ray`` is
    the cluster when the same file defines it (a RayService), else None."""
    out: list[Deployment] = []
    for a, app in enumerate(data.get("applications", []) or [] if isinstance(data, dict) else []):
        args = app.get("args") if isinstance(app, dict) else None
        sample = _serve_sample(ctx, base, ray, app, here, ("applications", a))
        if sample is not None:
            out.append(sample)
            continue
        if not isinstance(args, dict):
            continue  # not a builder's arguments: nothing of an engine to read
        found: list[tuple[Path, Any]] = []
        configs = args.get("llm_configs") or []
        for c, config in enumerate(configs if isinstance(configs, list) else []):
            found.append((("applications", a, "args", "llm_configs", c), config))
        if isinstance(args.get("llm_config"), dict):
            found.append((("applications", a, "args", "llm_config"), args["llm_config"]))
        for path, config in found:
            if isinstance(config, dict):
                named = base
                if not base.name:  # several models in one config: each by its model id
                    loading = config.get("model_loading_config")
                    model_id = loading.get("model_id") if isinstance(loading, dict) else None
                    named = replace(base, name=str(model_id or ""))
                out.append(_llm_config(ctx, named, ray, config, here, path))
    return out


# The sample's module-level app: ``build_app({"model": os.environ['MODEL_ID'],
# "tensor-parallel-size": os.environ['TENSOR_PARALLELISM'], "pipeline-parallel-size":
# os.environ['PIPELINE_PARALLELISM']})``.
_SAMPLE_ENV = {
    "MODEL_ID": "model",
    "TENSOR_PARALLELISM": "tensor-parallel-size",
    "PIPELINE_PARALLELISM": "pipeline-parallel-size",
}


def _serve_sample(
    ctx: Ctx, base: Deployment, ray: RayNodes | None, app: Any, here: Any, path: Path
) -> Deployment | None:
    """KubeRay's and GKE's Ray Serve vLLM sample (ray-project/kuberay@529ae7c4
    ray-operator/config/samples/vllm/serve.py): a ``VLLMDeployment`` whose ``build_app(cli_args)``
    gives each key of the application's ``args`` to vLLM's own argument parser as ``--key
    value`` (``parse_vllm_args``), or whose module-level app builds them from the environment
    (``MODEL_ID``, ``TENSOR_PARALLELISM``, ``PIPELINE_PARALLELISM``); vLLM then places its
    workers on the Ray cluster (``worker_use_ray``).  None for any other application."""
    sample = _sample_deployment(app)
    if sample is None:
        return None
    args, env = app.get("args"), mapping(mapping(app.get("runtime_env")).get("env_vars"))
    pairs: list[tuple[str, Any, Path]]
    if isinstance(args, dict) and "model" in args:
        pairs = [(str(key), value, (*path, "args", key)) for key, value in args.items()]
    else:
        at: Path = (*path, "runtime_env", "env_vars")
        found = [(name, flag) for name, flag in _SAMPLE_ENV.items() if name in env]
        pairs = [(flag, env[name], (*at, name)) for name, flag in found]
    engine = engine_running_in("ray-serve-llm")
    model = next((value for key, value, _ in pairs if key == "model"), None)
    start = here((*path, "import_path")) if "import_path" in app else here(path)
    # Ray passes ``runtime_env.env_vars`` to the worker as written, expanding only ``${NAME}`` of
    # the worker's own environment (docs.ray.io "Runtime Environments": env_vars)
    blank = lone_variable(model) if isinstance(model, str) else None
    dep = _started(base, engine.name, None if blank else model, start)
    argv: list[Arg] = []
    for key, value, where in pairs:
        if key == "model":
            dep = replace(dep, sources={**dep.sources, "model": here(where)})
            if blank:  # ``MODEL_ID: "$MODEL_ID"``: a template's placeholder, filled in before apply
                missing = Unresolved("model", blank.group(0), here(where))
                dep = replace(dep, unresolved=(*dep.unresolved, missing))
        else:
            argv.extend(_kwarg(key, value, here(where)))
    parsed = parse_args(engine.name, argv, ctx.path)
    ctx.findings.extend(parsed.findings)
    dep = apply_flags(dep, parsed.flags, engine.cli)
    replicas = to_int(sample.get("num_replicas")) or 1
    if ray is None:
        return _placed(dep, {}, replicas, here, path)
    dep = on_cluster(dep, ray, replicas)
    world = dep.world_size
    if world and dep.gpus_per_node:  # vLLM's placement group spans the GPU pods it needs
        need = -(-world // dep.gpus_per_node)
        dep = replace(
            dep, nodes=min(need, dep.nodes or need), pods_are_nodes=True if need == 1 else None
        )
    return dep


def _sample_deployment(app: Any) -> dict[str, Any] | None:
    """The ``VLLMDeployment`` entry of an application in the sample's shape (its ``args`` name
    a model, or its ``runtime_env.env_vars`` a ``MODEL_ID``), else None."""
    if not isinstance(app, dict) or not isinstance(app.get("deployments"), list):
        return None
    named = [d for d in app["deployments"] if isinstance(d, dict)]
    sample = next((d for d in named if d.get("name") == "VLLMDeployment"), None)
    args, env = app.get("args"), mapping(mapping(app.get("runtime_env")).get("env_vars"))
    if sample is None or not ((isinstance(args, dict) and "model" in args) or "MODEL_ID" in env):
        return None
    return sample


def _started(base: Deployment, engine: str, model: Any, start: Position) -> Deployment:
    """``base`` as the engine an application starts, with its model, at ``start``."""
    model_id = str(model) if model else None
    return replace(base, engine=engine, model=model_id, line=start.line, column=start.column)


def _here(doc: Any, locate: k8s_text.Locator, path: Path) -> Position:
    inner = doc.key_position(path)
    return locate.position(inner.line, inner.column)


def _llm_config(
    ctx: Ctx, base: Deployment, ray: RayNodes | None, config: dict[str, Any], here: Any, path: Path
) -> Deployment:
    loading = config.get("model_loading_config")
    if not isinstance(loading, dict):
        loading = {}  # not a mapping: no model named (the engine's settings are still read)
    model = loading.get("model_source") or loading.get("model_id")
    start = here(path)
    engine = engine_running_in("ray-serve-llm")
    dep = _started(base, engine.name, model, start)
    dep = replace(dep, sources={**dep.sources, "model": here((*path, "model_loading_config"))})
    if config.get("accelerator_type"):
        options = {**dep.options, "accelerator_type": str(config["accelerator_type"])}
        at = here((*path, "accelerator_type"))
        dep = replace(dep, options=options, sources={**dep.sources, "accelerator_type": at})
    args: list[Arg] = []
    kwargs = config.get("engine_kwargs") or {}
    for key, value in kwargs.items() if isinstance(kwargs, dict) else []:
        args.extend(_kwarg(str(key), value, here((*path, "engine_kwargs", key))))
    parsed = parse_args(engine.name, args, ctx.path)
    ctx.findings.extend(parsed.findings)
    dep = apply_flags(dep, parsed.flags, engine.cli)
    deploy = mapping(config.get("deployment_config"))
    replicas = to_int(deploy.get("num_replicas"))
    if replicas is None:
        replicas = to_int(mapping(deploy.get("autoscaling_config")).get("min_replicas"))
    if ray is None:
        return _placed(dep, config, replicas or 1, here, path)
    dep = on_cluster(dep, ray, replicas or 1)
    world = dep.world_size
    if world and dep.gpus_per_node:  # one replica spans as many GPU pods as its world needs
        need = -(-world // dep.gpus_per_node)
        dep = replace(
            dep, nodes=min(need, dep.nodes or need), pods_are_nodes=True if need == 1 else None
        )
    return dep


def mapping(value: Any) -> dict[Any, Any]:
    """``value`` when it is a mapping, else {} (a Ray Serve config of another shape: Serve
    would refuse it; what it says about the engine is still read)."""
    return value if isinstance(value, dict) else {}


def _placed(
    dep: Deployment, config: dict[str, Any], replicas: int, here: Any, path: Path
) -> Deployment:
    """A replica on a Ray cluster defined elsewhere: its placement group says how its TP x PP
    workers land (Ray Serve LLM ``placement_group_config``: ``bundle_per_worker`` repeated
    TP x PP times, or ``bundles``; strategy PACK by default, which packs onto as few nodes as
    fit; STRICT_PACK one node; STRICT_SPREAD one node per bundle)."""
    world = (dep.tp or 0) * (dep.pp or 0) or None
    pg = config.get("placement_group_config") or {}
    strategy = str(pg.get("strategy", "PACK")).upper() if isinstance(pg, dict) else "PACK"
    nodes: int | None = None
    per_node: int | None = None
    per_dp_node = to_int(mapping(config.get("experimental_configs")).get("dp_size_per_node"))
    if world and dep.dp and dep.dp > 1 and per_dp_node:
        # build_dp_openai_app: each DP rank a replica packed on one node, dp_size_per_node of
        # them per node (ray.serve.llm data-parallel deployment)
        nodes, per_node = -(-dep.dp // per_dp_node), per_dp_node * world
        world *= dep.dp
    elif world == 1 or (world and strategy == "STRICT_PACK"):
        nodes, per_node = 1, world
    elif world and strategy == "STRICT_SPREAD":
        nodes, per_node = world, 1
    notes = dep.notes
    if world and nodes is None:
        notes = (
            *notes,
            f"Ray {strategy} placement: the {world} workers' nodes are not in this file",
        )
    where = here((*path, "placement_group_config")) if pg else dep.position_of("")
    return replace(
        dep,
        nodes=nodes,
        gpus_per_node=per_node,
        gpus=world,
        replicas=replicas,
        notes=notes,
        pods_are_nodes=True if nodes == 1 else None,
        sources={**dep.sources, "nodes": where, "gpus_per_node": where},
    )


def _kwarg(key: str, value: Any, pos: Position) -> list[Arg]:
    """``engine_kwargs`` entry -> argv (vLLM AsyncEngineArgs field names = option names)."""
    option = "--" + key
    anchor = "engine_kwargs." + key
    if value is True:
        return [Arg(option, option, pos, (), anchor)]
    if value is False:
        spec = engine_running_in("ray-serve-llm").cli
        name = key.replace("_", "-")
        return [Arg("--no-" + name, option, pos, (), anchor)] if name in spec.negatable else []
    text = _json(value) if isinstance(value, (dict, list)) else str(value)
    return [Arg(option, option, pos, (), anchor), Arg(text, text, pos, (), anchor)]


def reads_itself(app: Any) -> bool:
    """An application whose engines this reader takes from the config, whatever module builds
    it: Ray Serve LLM ``args.llm_configs`` / ``args.llm_config``, or the KubeRay vLLM sample's
    shape (``_serve_sample``: kept as main read it, a module of that name in the repository
    notwithstanding)."""
    args = mapping(mapping(app).get("args"))
    llm = bool(args.get("llm_configs") or isinstance(args.get("llm_config"), dict))
    return llm or _sample_deployment(app) is not None


def _json(value: object) -> str:
    import json  # rare: a structured option, written as JSON on the command line

    return json.dumps(value)
