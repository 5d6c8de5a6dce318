"""TL108 tensor-parallel-beyond-nvlink-domain."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.hardware.linkkinds import PCIE, kind, of_fabric
from toplint.model import Finding, Severity
from toplint.placement.types import Group, Placement
from toplint.rulebook.helpers import finding, layout_fix, severity_for
from toplint.rulebook.outcomes import better_split, split_fix, split_severity
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether a tensor-parallel group inside one node is larger than the node's NVLink domain
(NVLink-bridged pairs: A100/H100 PCIe, H100 NVL, RTX 3090; partial meshes), or, on
point-to-point meshes such as AMD MI300X/MI325X xGMI, uses only part of the mesh.

## Why is this bad?
A bridged pair reaches ~56–300 GB/s inside the pair and PCIe (~20 GB/s) beyond it: nccl-tests
measured 208 GB/s busbw for 2 bridged GPUs and 20 GB/s for 3 (nccl-tests#178). On an xGMI mesh
each GPU has 64 GB/s to each of its 7 peers, so TP 2 gets 1/7 and TP 4 3/7 of the node's
bandwidth (measured 2-GPU all-reduce busbw 47.7 vs 312.9 GB/s for 8).

## Example
```bash
# 1 node x 4 H100 NVL (bridged pairs)
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4
```

## Use instead
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 2 --pipeline-parallel-size 2
```
On MI300X, use TP 8 (the whole mesh), or TP 1 with data parallelism.

## Options
None.

Outcome reported (toplint's severity policy): the deployment runs. A **warning** when a split
of the same GPUs into fewer TP ranks and more PP stages is clearly faster at the declared
workload (by how much is said) or meets the budgets this one misses; **info** otherwise, and
always for a partial xGMI mesh (its better layouts need more GPUs or are slower per token).

## Fix safety
Unsafe: the layout changes (same GPUs, different latency and memory per GPU). Offered only
when the new layout starts, fits and is no slower to first token or per token.

## References
- Bridged GPU pairs (2 GPUs 208 GB/s, 3 GPUs 20 GB/s): https://github.com/NVIDIA/nccl-tests/issues/178
- AMD Instinct MI300 microarchitecture (Infinity Fabric links between the 8 GPUs):
  https://rocm.docs.amd.com/en/docs-6.2.2/conceptual/gpu-arch/mi300.html
- MI300X all-reduce bus bandwidth, 2 GPUs against 8:
  https://github.com/stas00/ml-engineering/blob/master/network/README.md
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    placement, dep = ctx.placement, ctx.deployment
    if placement is None or dep.tp is None:
        return
    group = placement.worst("tp")
    if group is None or group.size < 2 or group.crosses_nodes:
        return  # a group spanning nodes is TL101's
    intra = placement.cluster.intra
    if of_fabric(intra.fabric).per_peer:  # a point-to-point mesh (xGMI)
        yield from _partial_mesh(rule, ctx, placement, group)
    elif intra.nvlink_domain > 1 and group.size > intra.nvlink_domain:
        yield from _beyond_domain(rule, ctx, placement, group)


def _beyond_domain(
    rule: Rule, ctx: RuleContext, placement: Placement, group: Group
) -> Iterator[Finding]:
    intra, dep = placement.cluster.intra, ctx.deployment
    if kind(group.link.kind).cls != PCIE:
        return
    domain = intra.nvlink_domain
    better, how, verdict = better_split(ctx)
    fix = split_fix(better, how, dep)  # a fix is never slower (docs/severity.md)
    yield finding(
        rule,
        ctx,
        "tp",
        f"tensor-parallel group of {group.size} GPUs exceeds the {domain}-GPU NVLink "
        f"domain ({intra.fabric}); its all-reduces fall back to {group.link.kind} "
        f"({group.link.bandwidth_gb_per_s:g} GB/s per direction per GPU, against "
        f"{intra.bandwidth_gb_per_s:g} GB/s inside the domain); {verdict}",
        fix=fix,
        severity=severity_for(rule, ctx, split_severity(better)),
        data={
            "tp": group.size,
            "nvlink_domain": domain,
            "link": group.link.kind,
            "bandwidth_gb_per_s": group.link.bandwidth_gb_per_s,
        },
    )


def _partial_mesh(
    rule: Rule, ctx: RuleContext, placement: Placement, group: Group
) -> Iterator[Finding]:
    intra, dep = placement.cluster.intra, ctx.deployment
    mesh = min(intra.nvlink_domain, placement.cluster.gpus_per_node)
    if group.size >= mesh:
        return
    full = intra.bandwidth_gb_per_s
    world = dep.world_size or group.size
    fix = None
    if world >= mesh and world % mesh == 0 and (dep.pp or 1) == 1:  # the same GPUs, whole meshes
        fix = layout_fix(dep.engine, tp=mesh, dp=world // mesh if world > mesh else None)
    # More GPUs are not a layout of these GPUs: said, not offered (the outcome judges fixes).
    more = (
        f"; TP {mesh} (the whole mesh) needs {mesh} GPUs, this uses {world}" if fix is None else ""
    )
    yield finding(
        rule,
        ctx,
        "tp",
        f"tensor-parallel group of {group.size} GPUs uses {group.size - 1} of the {mesh - 1} "
        f"point-to-point xGMI links: {group.link.bandwidth_gb_per_s:g} GB/s per GPU of the "
        f"{full:g} GB/s the full {mesh}-GPU mesh gives{more}",
        fix=fix or layout_fix(dep.engine, tp=1, dp=(dep.dp or 1) * group.size),
        severity=severity_for(rule, ctx, Severity.INFO),
        data={
            "tp": group.size,
            "mesh": mesh,
            "bandwidth_gb_per_s": group.link.bandwidth_gb_per_s,
            "mesh_gb_per_s": full,
        },
    )


RULE = Rule(
    code="TL108",
    name="tensor-parallel-beyond-nvlink-domain",
    summary="A tensor-parallel group exceeds the node's NVLink domain or uses part of a mesh.",
    severity=Severity.WARNING,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
    # TP on the slow link is why the step budgets blow (and why KV heads replicate).
    explains=("TL105", "TL106", "TL203"),
)
