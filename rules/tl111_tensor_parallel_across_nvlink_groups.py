"""TL111 tensor-parallel-across-nvlink-groups."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.hardware.linkkinds import PCIE, SCALEUP, kind, of_fabric
from toplint.hardware.topology import nvlinked_sets
from toplint.model import Finding, Severity
from toplint.placement.types import Group
from toplint.rulebook.helpers import finding
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
On a node where only some GPUs share NVLink (two-slot bridges in pairs, a partial mesh:
`intra_node.nvlink_groups` in the manifest), checks that each tensor-parallel group runs on
GPUs of one NVLink group.  The GPUs are the ones the process is given
(`CUDA_VISIBLE_DEVICES=0,2`, `docker run --gpus '"device=1,3"'`, in that order: rank r runs on
the r-th), else the first ones of the node.

## Why is this bad?
Which GPUs a bridge joins is the board's wiring, not the order of their indices:
vllm-project/vllm#7958 reports a 4-GPU server whose NVLink joins GPU0 with GPU2 and GPU1 with
GPU3 ("tensor parallelism requires [GPU0, GPU2] and [GPU1, GPU3]"), where vLLM's default
placement puts TP ranks 0 and 1 on GPU0 and GPU1; NVIDIA/apex#282 shows a 4 x 2080 Ti box
bridged only between GPUs 2 and 3.  A TP group on GPUs that share no bridge sends every
all-reduce over PCIe (at most ~25 GB/s per direction on Gen4, or through host memory without
peer-to-peer) while the bridge next to it carries 50-300 GB/s.

## Example
```bash
# GPUs 0-2 and 1-3 are bridged (intra_node.nvlink_groups: [[0, 2], [1, 3]])
CUDA_VISIBLE_DEVICES=0,1 vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2
```

## Use instead
```bash
CUDA_VISIBLE_DEVICES=0,2 vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2
```

## Options
None.

## Fix safety
Displayed only: the device list is the host's, and a scheduler may own it.

## References
- Bridged pairs not in index order: https://github.com/vllm-project/vllm/issues/7958
- Only two of four GPUs bridged: https://github.com/NVIDIA/apex/issues/282
- CUDA_VISIBLE_DEVICES orders the devices a process numbers from 0: https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars
"""


def _split(ctx: RuleContext) -> Group | None:
    """The worst TP group when it stays on one node but leaves its NVLink group."""
    placement = ctx.placement
    if placement is None:
        return None
    intra = placement.cluster.intra
    fabric = of_fabric(intra.fabric)
    # Only a fabric that joins some GPUs of a node and not others (bridged pairs, a partial
    # mesh) can leave a TP group off NVLink; a full one (NVSwitch) joins every GPU.
    if fabric.cls != SCALEUP or (fabric.full and not intra.nvlink_groups):
        return None
    group = placement.worst("tp")
    if group is None or group.crosses_nodes or kind(group.link.kind).cls != PCIE:
        return None
    return group


def _order(ctx: RuleContext, size: int, world: int) -> list[int]:
    """Devices in an order whose consecutive blocks of ``size`` share NVLink (may be short)."""
    assert ctx.placement is not None
    cluster = ctx.placement.cluster
    order: list[int] = []
    for members in nvlinked_sets(cluster.intra, cluster.gpus_per_node, size):
        if len(order) + size > world:
            break
        if not set(members) & set(order):
            order += members
    return order


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    group = _split(ctx)
    if group is None:
        return
    assert ctx.placement is not None
    dep, cluster = ctx.deployment, ctx.placement.cluster
    size = group.size
    gpus = ", ".join(str(g.local) for g in group.gpus)
    named = dep.options.get("gpus_from") if dep.options.get("gpu_ids") else None
    given = f"from {named}" if named else "the node's first GPUs; no devices are named"
    order = _order(ctx, size, ctx.placement.gpus_per_node * ctx.placement.nodes)
    if len(order) < ctx.placement.gpus_per_node:
        return  # no set of GPUs would do better: TL102 says what TP over PCIe costs
    devices = ",".join(str(i) for i in order)
    link = group.link
    yield finding(
        rule,
        ctx,
        "gpus_per_node" if named else "tp",
        f"tensor-parallel group of {size} runs on GPUs {gpus} ({given}), which share no NVLink "
        f"on this {cluster.gpu.name} node: its all-reduces cross {link.kind} at "
        f"{link.bandwidth_gb_per_s:g} GB/s per direction instead of {cluster.intra.fabric} at "
        f"{cluster.intra.bandwidth_gb_per_s:g} GB/s; GPUs {devices} keep each group on NVLink",
        fix=f"CUDA_VISIBLE_DEVICES={devices} (rank r runs on the r-th device listed)",
        data={"gpus": [g.local for g in group.gpus], "suggested_devices": order},
    )


RULE = Rule(
    code="TL111",
    name="tensor-parallel-across-nvlink-groups",
    summary="A tensor-parallel group on GPUs that share no NVLink where other GPUs of the node do.",
    severity=Severity.WARNING,
    check=check,
    doc=DOC,
    origin=__file__,
    accelerators="gpu",
    explains=("TL102",),
)
