"""RoleBasedGroup (sgl-project/rbg, ``workloads.x-k8s.io``): SGLang's own operator.

``spec.roles[]`` are the roles of one group (router, prefill, decode, ...), each ``replicas``
instances (sgl-project/rbg@993491fb api/workloads/v1alpha2/rolebasedgroup_types.go):

- ``leaderWorkerPattern``: every instance is ``size`` pods (leader included) from one pod
  template; RBG injects ``RBG_LWP_GROUP_SIZE`` (= size), ``RBG_LWP_WORKER_INDEX`` (0 for the
  leader) and ``RBG_LWP_LEADER_ADDRESS`` (api/workloads/constants/env.go);
- ``standalonePattern``: one pod per instance;
- the pod template is inline (``template``) or a ``templateRef`` to ``spec.roleTemplates``
  with an optional ``patch`` (read in the template's place when it lists containers).
  ``leaderTemplatePatch`` / ``workerTemplatePatch`` (labels in every example) are not merged.

v1alpha1 puts ``template`` on the role and, for a LeaderWorkerSet workload,
``leaderWorkerSet.size``; the LWS it creates injects LWS's own variables.  A role with neither
(``customComponentsPattern``) is read by the generic walk, one pod one instance.  Pods are not
nodes: as for LWS, only anti-affinity keeps a group's pods on distinct hosts.
"""

from __future__ import annotations

from typing import Any

from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.parse.k8s.context import Ctx, base_deployment
from toplint.parse.k8s.generic import pods_under
from toplint.parse.k8s.lws import placement
from toplint.parse.k8s.pods import pod_deployments
from toplint.parse.k8s.workloads import node_of_instance, single_pod, spans_nodes
from toplint.record import replace


def role_based_group(ctx: Ctx) -> list[Deployment]:
    base = base_deployment(ctx, "rbg")
    out: list[Deployment] = []
    for i, role in enumerate(ctx.sequence(("spec", "roles"))):
        if isinstance(role, dict):
            named = replace(base, name=str(role.get("name", "")))
            out.extend(_role(ctx, ("spec", "roles", i), role, named))
    return out


def _role(ctx: Ctx, at: Path, role: dict[str, Any], base: Deployment) -> list[Deployment]:
    replicas = ctx.count((*at, "replicas"), 1)
    if replicas is not None and "replicas" in role:
        base = replace(base, sources={**base.sources, "replicas": ctx.key((*at, "replicas"))})
    lwp = role.get("leaderWorkerPattern")
    if isinstance(lwp, dict):  # v1alpha2
        return _groups(ctx, (*at, "leaderWorkerPattern"), base, replicas)
    if isinstance(role.get("leaderWorkerSet"), dict):  # v1alpha1, LeaderWorkerSet workload
        return _groups(ctx, at, base, replicas, size_at=(*at, "leaderWorkerSet", "size"))
    standalone = role.get("standalonePattern")
    pattern: Path = (*at, "standalonePattern") if isinstance(standalone, dict) else at
    template = _template(ctx, pattern)
    if template is None:
        return pods_under(ctx, at, base)
    return [
        node_of_instance(dep, replicas, "role") if spans_nodes(dep) else single_pod(dep, replicas)
        for dep in pod_deployments(ctx, template, base)
    ]


def _groups(
    ctx: Ctx, pattern: Path, base: Deployment, replicas: int | None, size_at: Path | None = None
) -> list[Deployment]:
    """``replicas`` instances of ``size`` pods each, every pod from the pattern's template."""
    size_at = size_at or (*pattern, "size")
    size = ctx.count(size_at, 1)
    template = _template(ctx, pattern)
    if template is None:
        return []
    group = None if size is None else str(size)
    env: dict[str, str | None] = {
        "RBG_LWP_GROUP_SIZE": group,
        "RBG_LWP_WORKER_INDEX": "0",
        "RBG_LWP_LEADER_ADDRESS": None,
        "LWS_GROUP_SIZE": group,
        "LWS_WORKER_INDEX": "0",
        "LWS_LEADER_ADDRESS": None,
    }
    out = []
    for dep in pod_deployments(ctx, template, base, env):
        notes = list(dep.notes)
        per_pod = dep.gpus_per_node
        out.append(
            replace(
                dep,
                nodes=size,
                gpus=None if size is None or per_pod is None else size * per_pod,
                replicas=replicas if replicas is not None else 1,
                pods_are_nodes=placement(dep, "", size, notes),
                notes=tuple(notes),
                sources={**dep.sources, "nodes": ctx.key(size_at)},
            )
        )
    return out


def _template(ctx: Ctx, pattern: Path) -> Path | None:
    """The pod template a pattern (or v1alpha1 role) runs: inline, or its ``templateRef``;
    a ``templateRef.patch`` that lists containers is read in the template's place (the engine's
    command, arguments and GPU request are in the patch in every example; the referenced
    template's image and environment are not merged in)."""
    if isinstance(ctx.get((*pattern, "template")), dict):
        return (*pattern, "template")
    patch: Path = (*pattern, "templateRef", "patch")
    if ctx.get((*patch, "spec", "containers")):
        return patch
    ref = ctx.get((*pattern, "templateRef", "name"))
    for j, item in enumerate(ctx.sequence(("spec", "roleTemplates"))):
        if isinstance(item, dict) and ref is not None and item.get("name") == ref:
            return ("spec", "roleTemplates", j, "template")
    return None


KINDS = {"RoleBasedGroup": role_based_group}
