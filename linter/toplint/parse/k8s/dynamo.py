"""NVIDIA Dynamo DynamoGraphDeployment and AIBrix StormService.

Dynamo (nvidia.com/v1alpha1): each ``spec.services.<name>`` running an engine is one deployment
(prefill and decode workers are two); pods per worker = ``multinode.nodeCount`` (default 1), GPUs
per pod = ``resources.limits.gpu``; ``replicas`` independent workers; the engine line is in
``extraPodSpec.mainContainer.{command,args}`` (engine-vocabulary.md §5 Dynamo).

Dynamo v1beta1 (nvidia.com/v1beta1, the storage version): ``spec.components`` is a list, each
entry named by ``name``, with ``replicas``, ``multinode.nodeCount`` and a native
``podTemplate`` (a PodTemplateSpec, its containers' own ``resources`` and ``env``) in place of
v1alpha1's per-component fields; ``spec.env`` is prepended to every component's environment
(ai-dynamo/dynamo@0fddc01b deploy/operator/api/v1beta1/dynamographdeployment_types.go
``DynamoGraphDeploymentSpec.Components``/``Env``; @006b6e10 dynamocomponentdeployment_types.go
``DynamoComponentDeploymentSharedSpec``: "The operator injects its defaults into the container
named main").  Each container of the template is read as any pod's (``pods.pod_deployments``).

StormService (orchestration.aibrix.ai/v1alpha1): ``spec.template.spec.roles[]`` each a pod
template; ``podGroupSize`` pods form one multi-node instance, ``replicas`` instances; AIBrix
injects ``POD_GROUP_INDEX`` (unresolved), ``PODSET_NAME``, ``STORM_SERVICE_NAME``.
"""

from __future__ import annotations

from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.parse.k8s.context import Ctx, GpuRequest, base_deployment, labelled, to_int, with_gpu
from toplint.parse.k8s.pods import container_deployments, pod_deployments
from toplint.record import replace


def graph_deployment(ctx: Ctx) -> list[Deployment]:
    services = ctx.get(("spec", "services"))
    if not isinstance(services, dict):
        return _components(ctx)
    shared = _env_list(ctx, ("spec", "envs"))
    out: list[Deployment] = []
    for name in services:
        out.extend(_service(ctx, ("spec", "services", str(name)), str(name), shared))
    return out


def _env_list(ctx: Ctx, at: Path) -> dict[str, str | None]:
    env: dict[str, str | None] = {}
    for item in ctx.get(at) or []:
        if isinstance(item, dict) and "name" in item:
            value = item.get("value")
            env[str(item["name"])] = None if value is None else str(value)
    return env


def _service(ctx: Ctx, at: Path, name: str, shared: dict[str, str | None]) -> list[Deployment]:
    base = replace(base_deployment(ctx, "dynamo"), name=name)
    base = labelled(ctx, base, (*at, "extraPodSpec"))
    gpu = _gpu(ctx, at)
    if gpu:
        base = with_gpu(base, gpu)
    env = {**shared, **_env_list(ctx, (*at, "envs"))}
    deps = container_deployments(ctx, (*at, "extraPodSpec", "mainContainer"), base, env)
    nodes = ctx.count((*at, "multinode", "nodeCount"), 1) or 1
    replicas = ctx.count((*at, "replicas"), 1)
    where = ctx.key((*at, "multinode", "nodeCount")) if ctx.get((*at, "multinode")) else None
    out = []
    for dep in deps:
        dep = _spread(dep, nodes, "pods of a multinode worker")
        sources = {**dep.sources, "nodes": where} if where else dict(dep.sources)
        out.append(replace(dep, replicas=replicas or 1, sources=sources))
    return out


def _components(ctx: Ctx) -> list[Deployment]:
    """v1beta1's ``spec.components``: one entry, its pod template, ``replicas`` workers of
    ``multinode.nodeCount`` pods each."""
    shared = _env_list(ctx, ("spec", "env"))
    out: list[Deployment] = []
    for i, item in enumerate(ctx.sequence(("spec", "components"))):
        if not isinstance(item, dict) or not isinstance(item.get("podTemplate"), dict):
            continue
        at: Path = ("spec", "components", i)
        base = replace(base_deployment(ctx, "dynamo"), name=str(item.get("name", "")))
        nodes = ctx.count((*at, "multinode", "nodeCount"), 1) or 1
        where = ctx.key((*at, "multinode", "nodeCount")) if item.get("multinode") else None
        replicas = ctx.count((*at, "replicas"), 1) or 1
        for dep in pod_deployments(ctx, (*at, "podTemplate"), base, shared):
            dep = _spread(dep, nodes, "pods of a multinode worker")
            sources = {**dep.sources, "nodes": where} if where else dict(dep.sources)
            out.append(replace(dep, replicas=replicas, sources=sources))
    return out


def _gpu(ctx: Ctx, at: Path) -> GpuRequest | None:
    for part in ("limits", "requests"):
        value = ctx.get((*at, "resources", part, "gpu"))
        if value is not None:
            return GpuRequest(to_int(value), "gpu", ctx.key((*at, "resources", part, "gpu")))
    return None


def _spread(dep: Deployment, nodes: int, what: str) -> Deployment:
    notes = dep.notes
    if nodes > 1:
        notes = (
            *notes,
            f"pods are not nodes: the {nodes} {what} may share a host unless anti-affinity "
            "keeps them apart",
        )
    spread = dep.options.get("pod-anti-affinity") == "true"
    return replace(
        dep,
        nodes=nodes,
        gpus=nodes * dep.gpus_per_node if dep.gpus_per_node is not None else None,
        notes=notes,
        pods_are_nodes=True if nodes == 1 or spread else None,
    )


def storm_service(ctx: Ctx) -> list[Deployment]:
    roles: Path = ("spec", "template", "spec", "roles")
    out: list[Deployment] = []
    for i, role in enumerate(ctx.sequence(roles)):
        if not isinstance(role, dict):
            continue
        at: Path = (*roles, i)
        base = replace(base_deployment(ctx, "aibrix"), name=str(role.get("name", "")))
        size = to_int(role.get("podGroupSize", 1)) or 1
        injected: dict[str, str | None] = {
            "POD_GROUP_INDEX": None,
            "PODSET_NAME": None,
            "STORM_SERVICE_NAME": str(ctx.get(("metadata", "name"), "")),
            "ROLE_NAME": str(role.get("name", "")),
        }
        for dep in pod_deployments(ctx, (*at, "template"), base, injected):
            dep = _spread(dep, size, "pods of a pod group")
            where = ctx.key((*at, "podGroupSize")) if "podGroupSize" in role else None
            sources = {**dep.sources, "nodes": where} if where else dict(dep.sources)
            replicas = to_int(role.get("replicas", 1)) or 1
            out.append(replace(dep, replicas=replicas, sources=sources))
    return out


KINDS = {"DynamoGraphDeployment": graph_deployment, "StormService": storm_service}
