"""Volcano kthena ``ModelServing`` (workload.serving.volcano.sh/v1alpha1): roles of entry + workers.

``spec.replicas`` serving groups; each group runs every role of ``spec.template.roles``
``replicas`` times (1P1D, xPyD); one role instance is an entry pod (``entryTemplate``) plus
``workerReplicas`` worker pods (``workerTemplate``), so it spans ``1 + workerReplicas`` pods.
kthena injects ``GROUP_SIZE`` (= workerReplicas + 1), ``ENTRY_ADDRESS`` and ``WORKER_INDEX``
(0 in the entry pod) into every container (kthena pkg/apis/workload/v1alpha1/servinggroup_types.go,
pkg/model-serving-controller/utils/utils.go createCommonEnvVars).  Pods are not nodes: nothing
in the resource keeps one role instance's pods on distinct hosts.
"""

from __future__ import annotations

from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.parse.k8s.context import Ctx, base_deployment, gpu_request
from toplint.parse.k8s.pods import pod_deployments
from toplint.record import replace


def model_serving(ctx: Ctx) -> list[Deployment]:
    groups = ctx.count(("spec", "replicas"), 1)
    base = base_deployment(ctx, "kthena-modelserving")
    out: list[Deployment] = []
    for i, role in enumerate(ctx.sequence(("spec", "template", "roles"))):
        if isinstance(role, dict):
            out.extend(_role(ctx, ("spec", "template", "roles", i), base, groups))
    return out


def _role(ctx: Ctx, at: Path, base: Deployment, groups: int | None) -> list[Deployment]:
    workers = ctx.count((*at, "workerReplicas"), 0) or 0
    count = ctx.count((*at, "replicas"), 1)
    size = workers + 1
    env: dict[str, str | None] = {
        "GROUP_SIZE": str(size),
        "ENTRY_ADDRESS": None,
        "WORKER_INDEX": "0",
    }
    named = replace(base, name=str(ctx.get((*at, "name"), "")) or base.name)
    worker = _worker_gpus(ctx, (*at, "workerTemplate"))
    out = []
    for dep in pod_deployments(ctx, (*at, "entryTemplate"), named, env):
        per_worker = worker if worker is not None else dep.gpus_per_node
        gpus = None
        if dep.gpus_per_node is not None and per_worker is not None:
            gpus = dep.gpus_per_node + workers * per_worker
        notes = dep.notes
        if size > 1 and dep.options.get("pod-anti-affinity") != "true":
            notes = (*notes, f"pods are not nodes: the {size} pods of a role may share a host")
        replicas = None if groups is None or count is None else groups * count
        sources = {**dep.sources, "nodes": ctx.key((*at, "workerReplicas"))}
        if ctx.get((*at, "replicas")) is not None:
            sources["replicas"] = ctx.key((*at, "replicas"))
        out.append(
            replace(
                dep,
                nodes=size,
                gpus=gpus,
                replicas=replicas if replicas is not None else 1,
                notes=notes,
                pods_are_nodes=True if size == 1 else None,
                sources=sources,
            )
        )
    return out


def _worker_gpus(ctx: Ctx, template: Path) -> int | None:
    for i, _ in enumerate(ctx.sequence((*template, "spec", "containers"))):
        found = gpu_request(ctx, (*template, "spec", "containers", i, "resources"))
        if found is not None:
            return found.count
    return None


KINDS = {"ModelServing": model_serving}
