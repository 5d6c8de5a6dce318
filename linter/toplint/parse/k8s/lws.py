"""LeaderWorkerSet (kubernetes-sigs/lws, leaderworkerset.x-k8s.io/v1).

``spec.replicas`` groups, each of ``leaderWorkerTemplate.size`` pods (leader included); the
leader uses ``leaderTemplate`` (``workerTemplate`` when absent).  LWS injects
``LWS_LEADER_ADDRESS``, ``LWS_GROUP_SIZE`` (= size) and ``LWS_WORKER_INDEX`` (0 for the leader)
into every container (lws docs "Environment variables"; engine-vocabulary.md §5).

Pods are not nodes.  ``leaderworkerset.sigs.k8s.io/exclusive-topology: <key>`` gives each
*group* one topology domain of its own (lws pkg/webhooks/pod_webhook.go sets pod affinity to the
leader's domain and anti-affinity to other groups): with ``kubernetes.io/hostname`` the whole
group shares one host; with a nodepool or rack key the pods may still share hosts.  Only a pod
anti-affinity on ``kubernetes.io/hostname`` keeps a group's pods on distinct nodes.
"""

from __future__ import annotations

from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.optionkeys import WORKERS_GPUS
from toplint.parse.k8s.context import Ctx, base_deployment, gpu_request
from toplint.parse.k8s.pods import pod_deployments
from toplint.record import replace

EXCLUSIVE = "leaderworkerset.sigs.k8s.io/exclusive-topology"
_HOSTNAME = "kubernetes.io/hostname"


def leader_worker_set(ctx: Ctx) -> list[Deployment]:
    return groups(ctx, ("spec", "leaderWorkerTemplate"), base_deployment(ctx, "lws"))


def groups(ctx: Ctx, lwt: Path, base: Deployment) -> list[Deployment]:
    """``spec.replicas`` groups of the LeaderWorkerTemplate at ``lwt`` (wrappers that create
    an LWS, such as llmaz's Service ``workloadTemplate``, hand theirs in)."""
    size = ctx.count((*lwt, "size"), 1)
    replicas = ctx.count(("spec", "replicas"), 1)
    has_leader = ctx.get((*lwt, "leaderTemplate")) is not None
    leader: Path = (*lwt, "leaderTemplate") if has_leader else (*lwt, "workerTemplate")
    env: dict[str, str | None] = {
        "LWS_GROUP_SIZE": None if size is None else str(size),
        "LWS_WORKER_INDEX": "0",
        "LWS_LEADER_ADDRESS": None,
        "LWS_NAME": str(ctx.get(("metadata", "name"), "")),
    }
    deps = pod_deployments(ctx, leader, base, env)
    if not deps and has_leader:  # the engine runs in the workers (leader is a proxy)
        deps = pod_deployments(
            ctx, (*lwt, "workerTemplate"), base, {**env, "LWS_WORKER_INDEX": None}
        )
    return [_group(ctx, dep, size, replicas, lwt) for dep in deps]


def _group(
    ctx: Ctx, dep: Deployment, size: int | None, replicas: int | None, lwt: Path
) -> Deployment:
    worker = gpu_request(ctx, _first_container_resources(ctx, (*lwt, "workerTemplate")))
    worker_gpus = worker.count if worker else dep.gpus_per_node
    # The workers' own request, where a leaderTemplate asks separately: a fix to the GPUs
    # per pod writes both (WORKERS_GPUS), or the group's pods disagree.
    workers = (
        {WORKERS_GPUS: worker.position}
        if worker is not None and worker.position != dep.sources.get("gpus_per_node")
        else {}
    )
    gpus = None
    if size is not None and dep.gpus_per_node is not None and worker_gpus is not None:
        gpus = dep.gpus_per_node + (size - 1) * worker_gpus
    notes = list(dep.notes)
    if worker_gpus != dep.gpus_per_node and size and size > 1:
        notes.append(f"leader requests {dep.gpus_per_node} GPUs, workers {worker_gpus}")
    options = dict(dep.options)
    key = str(ctx.get(("metadata", "annotations", EXCLUSIVE), ""))
    if key:
        options["lws.exclusive-topology"] = key
    pods_are_nodes = placement(dep, key, size, notes)
    return replace(
        dep,
        nodes=size,
        gpus=gpus,
        replicas=replicas if replicas is not None else 1,
        name=dep.name,
        notes=tuple(notes),
        options=options,
        pods_are_nodes=pods_are_nodes,
        sources={
            **dep.sources,
            **workers,
            "nodes": ctx.key((*lwt, "size")),
            "replicas": ctx.key(("spec", "replicas")),
        },
    )


def placement(dep: Deployment, key: str, size: int | None, notes: list[str]) -> bool | None:
    """Whether a group's pods are on distinct nodes (True), one host (False) or unknown
    (None), with a note saying why (shared by the readers of leader-worker groups)."""
    if size is None or size <= 1:
        return True
    if dep.options.get("pod-anti-affinity") == "true":
        return True
    if key == _HOSTNAME:
        notes.append(f"exclusive-topology {key}: all {size} pods of a group share one host")
        return False
    why = (
        f"exclusive-topology {key} gives a group its own domain, not a node per pod"
        if key
        else ("no exclusive-topology or anti-affinity keeps them apart")
    )
    notes.append(f"pods are not nodes: the {size} pods of a group may share a host ({why})")
    return None


def _first_container_resources(ctx: Ctx, template: Path) -> Path:
    for i, _ in enumerate(ctx.sequence((*template, "spec", "containers"))):
        path: Path = (*template, "spec", "containers", i, "resources")
        if gpu_request(ctx, path):
            return path
    return (*template, "spec", "containers", 0, "resources")


KINDS = {"LeaderWorkerSet": leader_worker_set}
