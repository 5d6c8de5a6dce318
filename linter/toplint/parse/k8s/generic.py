"""Any Kubernetes resource toplint has no reader for: find its pods wherever they sit.

Operators wrap the core PodSpec in their own shapes: ``spec.template`` (Knative, Kubeflow),
``replicatedJobs[].template.spec.template`` (JobSet), ``tasks[].template`` (Volcano Job),
``templates[].container`` (Argo Workflows), role lists of disaggregated sets, resources embedded
in others (an OpenShift ``Template``'s ``objects``, a ``List``'s ``items``).  This walk finds
them by shape, not by kind:

- a mapping with ``apiVersion`` and ``kind`` below the top is a resource of its own, read by its
  kind's reader (``toplint.parse.k8s.generic.resource_deployments``);
- a mapping whose ``containers`` is a list of containers is a PodSpec (its pod ``metadata`` is
  the sibling of the mapping that holds it, as in every pod template);
- a mapping whose ``container`` is one container (Argo) is a one-container pod.

The engine is recognised inside each container as everywhere else (entry command, ``python -m``
module or image: ``toplint.parse.k8s.container``).  What the walk cannot know is the layout the
wrapper gives its pods, so every pod found is one single-pod instance; a wrapper that spreads one
instance over several pods needs a reader of its own (``HANDLER_MODULES``).
"""

from __future__ import annotations

from typing import Any

from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import Path
from toplint.model import Deployment
from toplint.parse.k8s.context import Ctx, base_deployment, labelled
from toplint.parse.k8s.kinds import NOT_WORKLOADS, handler_for
from toplint.parse.k8s.pods import container_deployments, spec_deployments
from toplint.parse.k8s.workloads import node_of_instance, spans_nodes
from toplint.record import replace

_DEPTH = 24  # pod templates sit a few levels down; a deeper tree is data, not a workload
# Where a custom resource's own spec names its checkpoint, and an `org/name` repository id.
_SPEC_MODEL: tuple[Path, ...] = tuple(
    ("spec", *at)
    for at in (("model",), ("model", "name"), ("model", "id"), ("modelName",), ("modelId",))
)
_REPOSITORY = lazy(r"^[A-Za-z0-9][\w.-]*/[A-Za-z0-9][\w.-]*$")


def resource_deployments(ctx: Ctx) -> list[Deployment]:
    """One resource: its kind's reader, else the generic walk (``k8s.generic``) that finds pod
    templates and container lists wherever they sit."""
    kind = str(ctx.get(("kind",), ""))
    handler = handler_for(kind, str(ctx.get(("apiVersion",), "")).partition("/")[0])
    if handler is not None:
        return handler(ctx)
    if kind in NOT_WORKLOADS:
        return []
    return walk(ctx)


def walk(ctx: Ctx) -> list[Deployment]:
    kind = str(ctx.get(("kind",), "")) or "resource"
    base = base_deployment(ctx, "k8s-" + kind.lower())
    return [_spec_model(ctx, dep) for dep in pods_under(ctx, (), base)]


def _spec_model(ctx: Ctx, dep: Deployment) -> Deployment:
    """A resource of a kind with no reader whose containers name no model: the checkpoint its own
    ``spec`` names as an ``org/name`` repository (``spec.model``, ``spec.model.name``/``id``,
    ``spec.modelName``/``modelId``), which an operator hands its container
    (revving-ai/vLLM-k8s-operator's VllmDeployment turns ``spec.model.name`` into ``--model``)."""
    if dep.model is not None or "model" in dep.sources or dep.unresolved:
        return dep
    for where in _SPEC_MODEL:
        value = ctx.get(where)
        if isinstance(value, str) and _REPOSITORY.match(value):
            return replace(
                dep,
                model=value,
                sources={**dep.sources, "model": ctx.pos(where)},
                provenance={**dep.provenance, "model": "`" + ".".join(map(str, where)) + "`"},
            )
    return dep


def pods_under(ctx: Ctx, at: Path, base: Deployment) -> list[Deployment]:
    """Every pod found below ``at`` (one single-pod instance each) and every resource embedded
    there (read by its kind's reader); a reader hands in a part of its resource it has no
    layout for."""
    pods: list[Deployment] = []
    embedded: list[Deployment] = []
    _visit(ctx, at, base, (pods, embedded), 0)
    return [_single_pod(dep) for dep in pods] + embedded


Found = tuple[list[Deployment], list[Deployment]]  # (found in pods, read by a kind's reader)


def _visit(ctx: Ctx, at: Path, base: Deployment, found: Found, depth: int) -> None:
    node = ctx.get(at)
    if depth > _DEPTH:
        return
    out = found[0]
    if isinstance(node, list):
        for i, item in enumerate(node):
            if isinstance(item, (dict, list)):
                _visit(ctx, (*at, i), _named(base, item), found, depth + 1)
        return
    if not isinstance(node, dict):
        return
    if at and "apiVersion" in node and "kind" in node:
        found[1].extend(resource_deployments(ctx.embedded(at)))
        return
    if _containers(node.get("containers")):
        meta: Path = (*at[:-1], "metadata") if at else ("metadata",)
        out.extend(spec_deployments(ctx, at, meta, base))
        return
    if _is_container(node.get("container")):
        out.extend(container_deployments(ctx, (*at, "container"), labelled(ctx, base, at)))
        return
    for key, value in node.items():
        if isinstance(value, (dict, list)):
            _visit(ctx, (*at, key), base, found, depth + 1)


def _is_container(value: Any) -> bool:
    return isinstance(value, dict) and ("image" in value or "command" in value)


def _containers(value: Any) -> bool:
    return isinstance(value, list) and any(_is_container(c) for c in value)


def _named(base: Deployment, item: Any) -> Deployment:
    """List elements with a ``name`` (roles, replicated jobs, tasks) name what they hold."""
    if isinstance(item, dict) and isinstance(item.get("name"), str) and "image" not in item:
        return replace(base, name=item["name"])
    return base


def _single_pod(dep: Deployment) -> Deployment:
    """The walk cannot tell how the wrapper lays its pods out: one pod is one instance, unless
    the engine's own ``--nnodes`` says the pod is one node of a larger one."""
    if spans_nodes(dep):
        return node_of_instance(dep, None, dep.source_kind.removeprefix("k8s-") or "resource")
    return replace(
        dep,
        nodes=1,
        gpus=dep.gpus_per_node,
        pods_are_nodes=True,
        sources={**dep.sources, "nodes": dep.sources.get("gpus", dep.position_of("nodes"))},
    )
