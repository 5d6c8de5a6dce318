"""TL201 gpu-count-mismatch."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from toplint.model import Deployment, Finding, Severity
from toplint.rulebook.helpers import expected_gpus, finding, layout_flags
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Compares the GPUs a deployment requests (`nvidia.com/gpu` × pods, Helm values, compose device
reservations, `CUDA_VISIBLE_DEVICES`, `--nnodes` × GPUs per node) with the GPUs its layout
uses: TP × PP × DP (vLLM; EP adds none), TP × PP with DP attention (SGLang), TP for TGI. It also
checks `--data-parallel-size-local` × TP × PP against the GPUs of one node, and the layout
against the GPUs of the cluster it is assigned to.

## Why is this bad?
Too few GPUs and vLLM stops at start-up ("World size (8) is larger than the number of
available GPUs (4) in this node") or waits for Ray placement groups forever; too many and the
extra GPUs sit idle while still being billed and reserved.

## Example
```yaml
args: ["--tensor-parallel-size", "8"]
resources:
  limits:
    nvidia.com/gpu: 4
```

## Use instead
```yaml
args: ["--tensor-parallel-size", "4"]
resources:
  limits:
    nvidia.com/gpu: 4
```

## Options
None.

## Fix safety
Unsafe: either the GPU request or the layout changes.

## References
- vLLM parallel configuration (world size = TP × PP × DP): https://github.com/vllm-project/vllm/blob/main/vllm/config/parallel.py
- vLLM data parallel deployment (`--data-parallel-size-local`): https://docs.vllm.ai/en/latest/serving/data_parallel_deployment/
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    world = expected_gpus(dep)
    if world is None:
        return
    layout = f"TP {dep.tp} × PP {dep.pp or 1} × DP {dep.dp or 1} = {world}"
    data = {"tp": dep.tp, "pp": dep.pp, "dp": dep.dp, "world_size": world}
    if dep.gpus is not None and dep.gpus != world:
        yield finding(
            rule,
            ctx,
            "gpus",
            f"{dep.gpus} GPUs requested but the layout uses {world} ({layout})",
            fix=_fix(dep, dep.gpus, world),
            data={**data, "gpus_requested": dep.gpus},
        )
        return
    if dep.gpus is None and dep.nodes is not None and dep.gpus_per_node is not None:
        total = dep.nodes * dep.gpus_per_node
        if total != world:
            yield finding(
                rule,
                ctx,
                "gpus_per_node",
                f"{dep.nodes} nodes × {dep.gpus_per_node} GPUs = {total} GPUs, but the layout "
                f"uses {world} ({layout})",
                fix=_fix(dep, total, world),
                data={**data, "nodes": dep.nodes, "gpus_per_node": dep.gpus_per_node},
            )
            return
    yield from _local(rule, ctx, world, data)


def _local(
    rule: Rule, ctx: RuleContext, world: int, data: Mapping[str, object]
) -> Iterator[Finding]:
    dep = ctx.deployment
    layout = f"TP {dep.tp} × PP {dep.pp or 1} × DP {dep.dp or 1} = {world}"
    per_node = dep.gpus_per_node
    if per_node is None and ctx.cluster is not None:
        per_node = ctx.cluster.gpus_per_node
    if dep.dp_local is not None and per_node is not None and dep.tp is not None:
        local = dep.dp_local * dep.tp * (dep.pp or 1)
        if local > per_node:
            yield finding(
                rule,
                ctx,
                "dp_local",
                f"data-parallel-size-local {dep.dp_local} × TP {dep.tp} × PP {dep.pp or 1} = "
                f"{local} GPUs on one node, which has {per_node}",
                fix=f"--data-parallel-size-local {max(per_node // (dep.tp * (dep.pp or 1)), 1)}",
                data={**data, "dp_local": dep.dp_local, "gpus_per_node": per_node},
            )
            return
    if ctx.cluster is not None and dep.gpus is None:
        total = ctx.cluster.total_gpus
        if world > total:
            yield finding(
                rule,
                ctx,
                "tp",
                f"the layout uses {world} GPUs ({layout}) but cluster "
                f"`{ctx.cluster.name}` has {total}",
                fix=layout_flags(dep.engine, tp=min(dep.tp or 1, total)),
                data={**data, "cluster_gpus": total},
            )


def _fix(dep: Deployment, requested: int, world: int) -> str:
    """The request to write, in the source's own key (Helm values: ``requestGPU``)."""
    nodes = dep.nodes
    key = "requestGPU" if dep.source_kind.startswith("helm-production-stack") else "nvidia.com/gpu"
    if nodes and nodes > 1 and world % nodes == 0:
        return f"{key}: {world // nodes}   # per pod/node, × {nodes} = {world}"
    if requested == 0:
        return f"{key}: {world}"
    return f"{key}: {world}   # or a layout using {requested} GPUs"


RULE = Rule(
    code="TL201",
    name="gpu-count-mismatch",
    summary="GPUs requested differ from the GPUs the parallel layout uses.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
)
