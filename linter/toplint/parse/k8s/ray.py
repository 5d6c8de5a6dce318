"""KubeRay RayCluster / RayService / RayJob (ray.io/v1) and AIBrix RayClusterFleet.

An engine started in the head container (``vllm serve ... --distributed-executor-backend ray``)
spans the whole Ray cluster (its nodes: ``toplint.parse.k8s.raycluster``).  A RayService's
``serveConfigV2`` (a YAML string) may hold Ray Serve LLM ``llm_configs[]`` or the KubeRay vLLM
sample (``toplint.parse.k8s.rayserveconfig``).  Any other application's engines are in the module
its ``import_path`` names: when that module is in the repository it is read by
``toplint.parse.generic.rayapp`` and placed here (``module_app``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from toplint.infra.readpolicy import read_first, reference_root
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, Position
from toplint.parse.k8s.context import Ctx, base_deployment, to_int
from toplint.parse.k8s.raycluster import cluster_deployments, cluster_labels, on_cluster, ray_nodes
from toplint.parse.k8s.rayserveconfig import mapping, serve_llm
from toplint.record import replace


def ray_cluster(ctx: Ctx) -> list[Deployment]:
    return cluster_deployments(ctx, ("spec",), base_deployment(ctx, "kuberay"))


def ray_service(ctx: Ctx) -> list[Deployment]:
    spec: Path = ("spec", "rayClusterConfig")
    base = base_deployment(ctx, "kuberay")
    base = cluster_labels(ctx, base, spec)
    serve = serve_llm(ctx, base, ray_nodes(ctx, spec))
    return serve if serve else cluster_deployments(ctx, spec, base)


def fleet(ctx: Ctx) -> list[Deployment]:
    """AIBrix RayClusterFleet: ``spec.replicas`` RayClusters of ``spec.template.spec``."""
    base = base_deployment(ctx, "aibrix")
    replicas = ctx.count(("spec", "replicas"), 1) or 1
    deps = cluster_deployments(ctx, ("spec", "template", "spec"), base)
    return [replace(d, replicas=replicas) for d in deps]


def module_app(
    ctx: Ctx,
    a: int,
    app: dict[str, Any],
    dep: Deployment,
    here: Callable[[Path], Position],
    serve_name: str | None,
    note: str,
) -> Deployment:
    """``dep``, an engine the module of the RayService's application ``a`` (``app``, as its
    serve config writes it) builds (read by ``toplint.parse.generic.rayapp``), as a deployment of
    this file at the application's ``import_path``, on the Ray cluster: the RayService's name and
    node labels, ``num_replicas`` (or ``autoscaling_config.min_replicas``) replicas of the Serve
    deployment ``serve_name`` (the application's only one when its name does not match), each
    holding its ``ray_actor_options.num_gpus`` GPUs where the config states them, else the GPUs
    the module's own decorator gives it, else its share of the cluster's (Ray Serve's config file
    overrides the options the code sets: docs.ray.io "Serve Config Files")."""
    spec: Path = ("spec", "rayClusterConfig")
    app_at: Path = ("applications", a)
    base = base_deployment(ctx, "kuberay")
    start = here((*app_at, "import_path"))
    own_gpus, own_at = dep.gpus, dep.sources.get("gpus")
    dep = replace(
        dep,
        path=ctx.path,
        line=start.line,
        column=start.column,
        name=base.name,
        source_kind=base.source_kind,
        options={**base.options, **dep.options},
        notes=(*dep.notes, note),
    )
    dep = cluster_labels(ctx, dep, spec)
    entries = [(i, d) for i, d in enumerate(_list(app.get("deployments"))) if isinstance(d, dict)]
    entry = next(((i, d) for i, d in entries if d.get("name") == serve_name), None)
    if entry is None and len(entries) == 1:
        entry = entries[0]
    replicas: int | None = None
    per: int | None = None
    per_at: Position | None = None
    if entry is not None:
        i, config = entry
        at: Path = (*app_at, "deployments", i)
        replicas = to_int(config.get("num_replicas"))
        if replicas is None:
            replicas = to_int(mapping(config.get("autoscaling_config")).get("min_replicas"))
        stated = mapping(config.get("ray_actor_options")).get("num_gpus")
        if to_int(stated):
            per, per_at = to_int(stated), here((*at, "ray_actor_options", "num_gpus"))
            told = f"`{config.get('name', i)}` ray_actor_options.num_gpus"
            dep = replace(dep, provenance={**dep.provenance, "gpus": told})
    if per is None and own_gpus and own_at is not None:
        per, per_at = own_gpus, own_at
    dep = on_cluster(dep, ray_nodes(ctx, spec), replicas or 1)
    if per and per_at is not None:
        dep = replace(dep, gpus=per, sources={**dep.sources, "gpus": per_at})
    need = max(dep.world_size or 0, per or 0)
    if need and dep.gpus_per_node:  # the replica's GPUs span as many GPU pods as they need
        nodes = -(-need // dep.gpus_per_node)
        dep = replace(
            dep, nodes=min(nodes, dep.nodes or nodes), pods_are_nodes=True if nodes == 1 else None
        )
    return dep


def module_file(import_path: str) -> str:
    """``a/b.py`` for ``a.b:app`` or ``a.b.app`` (Ray Serve's ``import_path``); "" when it
    names no module file (one word; a part that is empty or a path)."""
    module = import_path.strip()
    module = module.partition(":")[0] if ":" in module else module.rpartition(".")[0]
    parts = module.split(".")
    if not module or any(not p or "/" in p or "\\" in p or p.strip() != p for p in parts):
        return ""
    return "/".join(parts) + ".py"


def working_dir(app: Any) -> str:
    """The application's ``runtime_env.working_dir`` as written, or ""."""
    found = mapping(mapping(app).get("runtime_env")).get("working_dir")
    return found.strip() if isinstance(found, str) else ""


def app_module(ctx: Ctx, app: Any) -> tuple[str, str] | None:
    """(path as shown, text) of the module a RayService application's ``import_path`` names,
    looked for as Ray imports it but inside the repository only (``infra.readpolicy``): under
    ``runtime_env.working_dir`` when that is a local relative folder (an absolute one is a
    path in the pod), else beside the manifest, else from the repository root.  None when
    none holds it, or the ``working_dir`` is a URL (a zip Ray downloads: not fetched)."""
    import_path = mapping(app).get("import_path")
    module = module_file(import_path) if isinstance(import_path, str) else ""
    working = working_dir(app)
    path = ctx.path
    if not module or "://" in working or path in ("-", "<stdin>"):
        return None  # a manifest read from stdin has no folder: nothing beside it is read
    folder = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    root = reference_root(path)
    refs: list[str] = []
    if working and not os.path.isabs(working):
        refs.append(os.path.join(working, module))
        refs.append(os.path.relpath(os.path.join(root, working, module), folder))
    refs.append(module)
    refs.append(os.path.relpath(os.path.join(root, module), folder))
    return read_first(path, list(dict.fromkeys(refs)), MAX_MODULE_BYTES)


# A serving module is hand-written and small (the Python reader's own budget for a file a
# script runs: ``parse.generic.pychain``).
MAX_MODULE_BYTES = 1024 * 1024


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def ray_job(ctx: Ctx) -> list[Deployment]:
    """RayJob: ``spec.entrypoint`` (a shell command) runs on the cluster of
    ``spec.rayClusterSpec``; an engine it starts spans that cluster."""

    spec: Path = ("spec", "rayClusterSpec")
    base = base_deployment(ctx, "kuberay")
    base = cluster_labels(ctx, base, spec)
    ray = ray_nodes(ctx, spec)
    out: list[Deployment] = []
    if isinstance(ctx.get(("spec", "entrypoint")), str):
        import toplint.parse.k8s.scriptdeps as scripts  # a RayJob with an entrypoint reads it

        found = scripts.script_deployments(ctx, ("spec", "entrypoint"), {}, "kuberay", base)
        out = [on_cluster(dep, ray) for dep in found]
    return out or cluster_deployments(ctx, spec, base)


def on_job_cluster(ctx: Ctx, dep: Deployment) -> Deployment:
    """``dep``, an engine a RayJob's entrypoint starts from a script read elsewhere (a ConfigMap's
    Python: ``toplint.parse.generic.embedded``), on the job's Ray cluster."""
    return on_cluster(dep, ray_nodes(ctx, ("spec", "rayClusterSpec")))


KINDS = {
    "RayCluster": ray_cluster,
    "RayService": ray_service,
    "RayClusterFleet": fleet,
    "RayJob": ray_job,
}
