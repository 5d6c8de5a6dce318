"""What the scope around a command in a data file gives it (issue 24, points 2 and 3): the GPUs
and nodes of the nearest mapping above it that writes them, and the variables of a ``.env``
file beside the document."""

from __future__ import annotations

import os
from typing import Any

from toplint.infra.readpolicy import ReadRefused, read_text, resolve_reference
from toplint.model import Deployment
from toplint.parse.infer import resources as rs
from toplint.parse.infer.scopevars import dotenv
from toplint.parse.k8s.context import is_gpu_resource
from toplint.record import replace


def scoped(
    doc: Any,
    at: tuple[str | int, ...],
    dep: Deployment,
    others: frozenset[tuple[str | int, ...]] = frozenset(),
) -> Deployment:
    """A command's deployment with the GPUs and nodes of the nearest mapping above it that
    writes them (``resources: {gpu: H100:4}`` beside ``start_command``), outside the mappings
    of the document's other commands (``others``: each sizes its own deployment)."""
    if doc is None:
        return dep
    node = doc.data
    chain = [node]
    for step in at:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            break
        chain.append(node)
    for n in range(len(chain) - 1, -1, -1):
        found = rs.collect(chain[n], at[:n], others)
        if not found.empty:
            return apply(doc, dep, found)
    return dep


def other_commands(
    at: tuple[str | int, ...], commands: list[tuple[str | int, ...]]
) -> frozenset[tuple[str | int, ...]]:
    """The mappings that hold the document's other commands (at ``commands``) and not the one
    at ``at``: ``decode: {command: ...}`` beside ``prefill: {command: ..., resources: ...}``
    is not given the prefill server's GPUs."""
    return frozenset(p[:-1] for p in commands if p[:-1] and at[: len(p) - 1] != p[:-1])


MAX_ENV_BYTES = 64 * 1024


def dotenv_beside(path: str) -> dict[str, str]:
    """The variables of a ``.env`` file beside the document (the convention docker compose,
    python-dotenv and most launchers follow: a compose file is interpolated with its project's
    ``.env``), read under the read policy; none when absent.  One ``lstat`` says most folders
    have none, before the read policy resolves the repository root for the read."""
    if path in ("-", "<stdin>") or not os.path.lexists(os.path.join(os.path.dirname(path), ".env")):
        return {}
    try:
        return dotenv(read_text(resolve_reference(path, ".env"), MAX_ENV_BYTES))
    except (ReadRefused, OSError, ValueError):
        return {}


def apply(tree: Any, dep: Deployment, found: rs.Resources) -> Deployment:
    """A deployment given the resources ``found`` (per-node GPUs times nodes), with provenance."""
    if found.empty or dep.gpus is not None:
        return dep
    sources, prov, options = dict(dep.sources), dict(dep.provenance), dict(dep.options)
    per_node = found.gpus_per_node or found.gpus
    nodes = found.nodes.count if found.nodes else None
    values: dict[str, Any] = {}
    if per_node is not None and per_node.count is not None:
        total = per_node.count * nodes if nodes else per_node.count
        values["gpus"] = total
        sources["gpus"] = tree.value_position(per_node.at)
        prov["gpus"] = f"`{rs.anchor(per_node.at)}`" + (
            f" × `{rs.anchor(found.nodes.at)}`" if nodes and found.nodes else ""
        )
        if nodes:
            values["gpus_per_node"] = per_node.count
            sources["gpus_per_node"] = sources["gpus"]
        if per_node.kind:  # the hardware stage declines a part it does not model (TL011)
            options.setdefault("accelerator.name", per_node.kind)
            sources["accelerator"] = sources["gpus"]
        key = str(per_node.at[-1]) if per_node.at else ""
        if "/" in key and is_gpu_resource(key):
            # a device plugin's resource (``amd.com/gpu``) asks for its vendor's GPUs, in a
            # format no reader of its own knows as in a pod (``context.with_gpu``)
            options.setdefault("gpu.resource", key)
            sources.setdefault("gpu.resource", sources["gpus"])
    world = _world(dep)
    # One pod's GPUs with vLLM's Ray executor: the layout spans the Ray cluster's pods (as
    # ``toplint.parse.enginecfg.one_host`` says of a host), so the count is per pod, not all
    # (aws-samples/amazon-eks-machine-learning-with-terraform-and-kubeflow@fa3ce15 examples/
    # inference/rayserve/deepseek-r1-vllm: 8 GPUs a pod, TP 8 x PP 6 over six Ray workers).
    spans = found.gpus_per_node is None and per_node is found.gpus and _ray_executor(dep)
    if (
        nodes is None
        and (found.gpus_per_node is not None or spans)  # (then ``per_node`` is that count)
        and per_node is not None
        and per_node.count
        and world is not None
        and world > per_node.count
        and world % per_node.count == 0
        and dep.nodes is None
    ):  # GPUs per node and a layout wider than one: as many whole nodes as the layout needs
        values.update(gpus=world, gpus_per_node=per_node.count, nodes=world // per_node.count)
        sources["gpus_per_node"] = sources["nodes"] = sources["gpus"]
        prov["gpus"] = prov["nodes"] = f"`{rs.anchor(per_node.at)}` and the layout's size" + (
            " (the Ray executor spans pods)" if spans else ""
        )
    if nodes is not None and dep.nodes is None and found.nodes is not None:
        values["nodes"] = nodes
        sources["nodes"] = tree.value_position(found.nodes.at)
        prov["nodes"] = f"`{rs.anchor(found.nodes.at)}`"
    return replace(dep, sources=sources, provenance=prov, options=options, **values)


def _world(dep: Deployment) -> int | None:
    """TP × PP × DP when all three are known, else None."""
    if dep.tp is None or dep.pp is None or dep.dp is None:
        return None
    return dep.tp * dep.pp * dep.dp


def _ray_executor(dep: Deployment) -> bool:
    """The engine runs its workers through Ray (``--distributed-executor-backend ray``)."""
    backend = dep.flag("distributed-executor-backend")
    return backend is not None and backend.value == "ray"
