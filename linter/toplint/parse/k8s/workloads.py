"""Plain workloads: Deployment, StatefulSet, ReplicaSet, Pod, Job.

A Deployment's ``replicas`` are independent serving instances.  A StatefulSet whose engine is
told ``--nnodes`` is one multi-pod instance instead: its pods are the nodes (rank from the
``apps.kubernetes.io/pod-index`` label; engine-vocabulary.md §5 "How multi-node is expressed").
A Deployment (or ReplicaSet, Pod, Job) whose engine is told ``--nnodes N`` (N > 1) runs one node
of an instance of N pods, each with the pod's GPUs: its pods are that instance's nodes when
there are N of them, else the other nodes are started by another resource (a second Deployment
in the same file is merged with it by ``toplint.parse.multinode``).
"""

from __future__ import annotations

from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.parse.k8s.context import Ctx, base_deployment
from toplint.parse.k8s.pods import RAY_CLUSTER, pod_deployments
from toplint.record import replace


def workload(ctx: Ctx) -> list[Deployment]:
    kind = str(ctx.get(("kind",)))
    template: Path = () if kind == "Pod" else ("spec", "template")
    if kind == "Job":
        template = ("spec", "template")
    replicas = ctx.count(("spec", "replicas")) if kind not in ("Pod", "Job") else 1
    base = base_deployment(ctx, "k8s-" + kind.lower())
    if replicas is not None and "replicas" in (ctx.get(("spec",)) or {}):
        base = replace(base, sources={**base.sources, "replicas": ctx.key(("spec", "replicas"))})
    out = []
    for dep in pod_deployments(ctx, template, base):
        multi = kind == "StatefulSet" and dep.flag("nnodes") is not None
        if multi:
            out.append(_multi_pod(ctx, dep, replicas))
        elif spans_nodes(dep):
            out.append(node_of_instance(dep, replicas, kind))
        else:
            out.append(single_pod(dep, replicas))
    return out


def spans_nodes(dep: Deployment) -> bool:
    """The engine's own arguments say its instance spans nodes: ``--nnodes N`` with N > 1, or
    ``--nnodes`` with a value this file cannot resolve (``$(RBG_LWP_GROUP_SIZE)``); or its
    container heads the Ray cluster it runs on (``pods.RAY_CLUSTER``)."""
    if RAY_CLUSTER in dep.options:
        return True
    return dep.flag("nnodes") is not None and (dep.nodes is None or dep.nodes > 1)


def node_of_instance(dep: Deployment, replicas: int | None, kind: str) -> Deployment:
    """A pod that is one node of an ``--nnodes N`` instance: the instance has N x the pod's
    GPUs.  N pods of one resource are taken as that instance's nodes; one pod is one node whose
    peers another resource starts.  With N unresolved the instance's GPUs are unknown, not the
    pod's: the pod is never taken for the whole instance."""
    if dep.nodes is None:
        note = (
            f"--nnodes is not resolved here: this pod is one node of an instance whose other "
            f"nodes the {kind} starts, so its GPUs in all are unknown"
        )
        return replace(dep, gpus=None, replicas=1, notes=(*dep.notes, note), pods_are_nodes=None)
    nodes = dep.nodes
    count = replicas if replicas is not None else 1
    notes = list(dep.notes)
    if count == nodes:
        notes.append(
            f"the {count} pods of this {kind} are taken as the {nodes} nodes of one instance "
            f"(a {kind} gives its pods no rank: each needs its own --node-rank)"
        )
        instances = 1
    elif count == 1:
        notes.append(f"this pod is one of {nodes} nodes; the others are started elsewhere")
        instances = 1
    else:
        notes.append(f"--nnodes {nodes} but the {kind} runs {count} pods")
        instances = max(count // nodes, 1)
    if nodes > 1 and dep.options.get("pod-anti-affinity") != "true":
        notes.append(
            f"pods are not nodes: the {nodes} pods may share a host unless anti-affinity "
            "keeps them apart"
        )
    gpus = nodes * dep.gpus_per_node if dep.gpus_per_node else None
    return replace(
        dep,
        gpus=gpus,
        replicas=instances,
        notes=tuple(notes),
        pods_are_nodes=True if dep.options.get("pod-anti-affinity") == "true" else None,
    )


def single_pod(dep: Deployment, replicas: int | None) -> Deployment:
    """One pod is one instance: it sits on one node by construction."""
    return replace(
        dep,
        nodes=1,
        gpus=dep.gpus_per_node,
        replicas=replicas if replicas is not None else 1,
        pods_are_nodes=True,
        sources={**dep.sources, "nodes": dep.sources.get("gpus", dep.position_of("nodes"))},
    )


def _multi_pod(ctx: Ctx, dep: Deployment, replicas: int | None) -> Deployment:
    """StatefulSet pods = the nodes of one instance (``--nnodes`` names the same count)."""
    notes = list(dep.notes)
    if replicas is not None and dep.nodes is not None and dep.nodes != replicas:
        notes.append(f"--nnodes {dep.nodes} but the StatefulSet runs {replicas} pods")
    spread = dep.options.get("pod-anti-affinity") == "true"
    if not spread and (replicas or 1) > 1:
        notes.append(
            f"pods are not nodes: the {replicas} pods may share a host unless anti-affinity "
            "keeps them apart"
        )
    nodes = replicas if replicas is not None else dep.nodes
    gpus = nodes * dep.gpus_per_node if nodes is not None and dep.gpus_per_node else None
    sources = dict(dep.sources)
    if "replicas" in sources:
        sources["nodes"] = sources.pop("replicas")
    return replace(
        dep,
        nodes=nodes,
        gpus=gpus,
        replicas=1,
        notes=tuple(notes),
        pods_are_nodes=True if spread else None,
        sources=sources,
    )


KINDS = {
    "Deployment": workload,
    "StatefulSet": workload,
    "ReplicaSet": workload,
    "Pod": workload,
    "Job": workload,
}
