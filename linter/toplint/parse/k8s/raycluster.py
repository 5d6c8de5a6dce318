"""A KubeRay cluster's shape: its GPU nodes, their labels, and an engine spanning them.

Ray nodes = the head (when it holds GPUs: ``rayStartParams.num-gpus`` not "0" and a GPU request)
+ the sum of ``workerGroupSpecs[].replicas`` (engine-vocabulary.md §5 KubeRay, AIBrix).  An
engine started in the head container spans the whole Ray cluster (``on_cluster``).  Read by the
KubeRay kinds (``toplint.parse.k8s.ray``), a RayService's Serve config
(``toplint.parse.k8s.rayserveconfig``) and Akash's Ray services.
"""

from __future__ import annotations

from toplint.infra.yamlsafe import Path
from toplint.model import Deployment, Position
from toplint.parse.k8s.container import with_accelerator
from toplint.parse.k8s.context import Ctx, gpu_request, labelled
from toplint.parse.k8s.pods import pod_deployments
from toplint.record import record, replace


@record
class RayNodes:
    nodes: int | None  # Ray pods holding GPUs
    gpus_per_node: int | None
    gpus: int | None  # all GPUs of the Ray cluster
    position: Position


def ray_nodes(ctx: Ctx, spec: Path) -> RayNodes:
    head = (*spec, "headGroupSpec")
    head_gpu = _group_gpus(ctx, head)
    if str(ctx.get((*head, "rayStartParams", "num-gpus"), "")).strip() == "0":
        head_gpu = 0
    nodes: int | None = 1 if head_gpu else 0
    gpus: int | None = head_gpu or 0
    per_node = head_gpu or None
    for i, _ in enumerate(ctx.sequence((*spec, "workerGroupSpecs"))):
        group = (*spec, "workerGroupSpecs", i)
        count = ctx.count((*group, "replicas"), ctx.get((*group, "minReplicas"), 1))
        each = _group_gpus(ctx, group)
        if not each:
            continue
        per_node = per_node or each
        nodes = None if nodes is None or count is None else nodes + count
        gpus = None if gpus is None or count is None else gpus + count * each
    return RayNodes(nodes or None, per_node, gpus or None, ctx.key((*spec, "workerGroupSpecs")))


def cluster_labels(ctx: Ctx, dep: Deployment, spec: Path) -> Deployment:
    """``dep`` with the node labels of the Ray pods that hold the GPUs: the head's, then the
    first GPU worker group's (where a RayService usually pins its accelerator) over them; and
    with the request of an accelerator toplint does not model that any Ray pod makes (GKE's
    vLLM-on-TPU RayService runs Serve on a worker group requesting ``google.com/tpu``:
    GoogleCloudPlatform/kubernetes-engine-samples@2b503651 ai-ml/gke-ray/rayserve/llm/tpu)."""
    head: Path = (*spec, "headGroupSpec", "template", "spec")
    groups = [
        (*spec, "workerGroupSpecs", i)
        for i, _ in enumerate(ctx.sequence((*spec, "workerGroupSpecs")))
    ]
    for pod in (head, *((*g, "template", "spec") for g in groups)):
        for i, _ in enumerate(ctx.sequence((*pod, "containers"))):
            dep = with_accelerator(ctx, (*pod, "containers", i), dep)
    for group in groups:
        if _group_gpus(ctx, group):
            return labelled(ctx, dep, head, (*group, "template", "spec"))
    return labelled(ctx, dep, head)


def _group_gpus(ctx: Ctx, group: Path) -> int | None:
    for i, _ in enumerate(ctx.sequence((*group, "template", "spec", "containers"))):
        req = gpu_request(ctx, (*group, "template", "spec", "containers", i, "resources"))
        if req:
            return req.count
    return None


def cluster_deployments(ctx: Ctx, spec: Path, base: Deployment) -> list[Deployment]:
    """Engines started in the head (or a worker) container of a Ray cluster spec."""
    ray = ray_nodes(ctx, spec)
    deps = pod_deployments(ctx, (*spec, "headGroupSpec", "template"), base)
    for i, _ in enumerate(ctx.sequence((*spec, "workerGroupSpecs"))):
        if not deps:
            deps = pod_deployments(ctx, (*spec, "workerGroupSpecs", i, "template"), base)
    return [on_cluster(dep, ray) for dep in deps]


def on_cluster(dep: Deployment, ray: RayNodes, replicas: int = 1) -> Deployment:
    """``dep``, an engine started on a Ray cluster's head, spanning the cluster's GPU nodes."""
    notes = dep.notes
    if ray.nodes and ray.nodes > 1:
        notes = (
            *notes,
            f"pods are not nodes: the {ray.nodes} Ray pods may share a host unless "
            "anti-affinity keeps them apart",
        )
    gpus = ray.gpus // replicas if ray.gpus and ray.gpus % replicas == 0 else ray.gpus
    return replace(
        dep,
        nodes=ray.nodes,
        gpus_per_node=ray.gpus_per_node,
        gpus=gpus,
        replicas=replicas,
        notes=notes,
        pods_are_nodes=True if ray.nodes == 1 else None,
        sources={**dep.sources, "nodes": ray.position},
    )
