"""TL103 pcie-without-peer-to-peer."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.facts import registry as F
from toplint.model import Finding, Fix, Severity
from toplint.rulebook.helpers import finding, severity_for
from toplint.rulebook.outcomes import better_split, split_fix, split_severity
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether a tensor-parallel or expert-parallel group moves data between GPUs of one node
over PCIe with peer-to-peer (P2P) access unavailable: consumer cards (RTX 4090/5090, 2080 Ti,
RTX 3090 without a bridge report "CANNOT Access Peer") and virtualized hosts with ACS/IOMMU on.

Outcome reported (toplint's severity policy): runs, slower — without peer-to-peer access NCCL
stages every transfer through host memory, and the engine's own all-reduce (which SGLang, like
the vLLM code it adapts, runs for two PCIe ranks) is off: it checks P2P first (`_can_p2p`) and
falls back to NCCL.  The missing P2P is the cause, so TL102's finding on the same group (PCIe
without NVLink) and the budgets it blows (TL105, TL106) are folded into this one.  A warning
when another split of the same GPUs (fewer tensor-parallel ranks, more pipeline stages or
data-parallel replicas) starts, fits and is clearly faster (`toplint.outcome.judge.best_split`,
the judgement TL102 makes); info when none is: tensor parallelism over these GPUs is then the
layout to have, as for a 27B model with a long context on two 24 GB cards, which one card
cannot hold.

## Why is this bad?
Without P2P, NCCL copies every buffer through host memory: ≈12–18 µs per hop and ≈6–8 GB/s
(nccl-tests#117, 8×RTX 4090), against ≈20–24 GB/s with P2P on PCIe Gen4. A tensor-parallel
group runs 2L+1 all-reduces per step over that path; DeepEP/pplx expert parallelism requires
full P2P and does not run at all.

## Example
```bash
# 4 x RTX 4090 in one host, no P2P
vllm serve Qwen/Qwen3-32B-AWQ --tensor-parallel-size 4
```

## Use instead
```bash
# one replica per GPU behind a load balancer (a quantized checkpoint that fits one GPU)
vllm serve Qwen/Qwen3-32B-AWQ --tensor-parallel-size 1
```
or pipeline parallelism (`--pipeline-parallel-size 4`), which sends one hidden state per
stage instead of all-reducing every layer.  TL102 offers the split, judged by the outcome.

## Options
None.

## Fix safety
Unsafe when a layout change is offered: another split of the same GPUs between tensor,
pipeline and data parallelism (TL102's fix, which this finding takes over with TL102's), offered
only when it starts, fits and is no slower; it changes latency, throughput and memory per GPU.
Otherwise display only: the host (P2P, ACS, an NVLink bridge) is not something toplint can
write for you.

## References
- RTX 4090 without peer-to-peer (12–18 µs per copy through the host): https://github.com/NVIDIA/nccl-tests/issues/117
- NCCL's per-link latency constants: https://github.com/NVIDIA/nccl/blob/master/src/graph/tuning.cc
"""

_NO_P2P = "pcie-no-p2p"


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    placement = ctx.placement
    if placement is None:
        return
    tp, ep = placement.worst("tp"), placement.worst("ep")
    over_tp = tp is not None and tp.size > 1 and tp.link.kind == _NO_P2P
    over_ep = ep is not None and ep.size > 1 and ep.link.kind == _NO_P2P
    if not (over_tp or over_ep):
        return
    group = tp if over_tp else ep
    assert group is not None
    f = ctx.facts
    what = "tensor-parallel" if over_tp else "expert-parallel"
    cost = ""
    prefill, decode = f.number(F.TP_PREFILL_COMM_MS), f.number(F.TP_DECODE_COMM_MS)
    if over_tp and prefill is not None and decode is not None:
        shown = f"{prefill / 1000:.2f} s" if prefill >= 1000 else f"{prefill:.0f} ms"
        cost = f": ~{shown} per prefill, {decode:.2f} ms per decode step"
    better, how, verdict = better_split(ctx)
    dep = ctx.deployment
    at = "tp" if over_tp else next((k for k in ("ep", "ep_enabled") if k in dep.sources), "ep")
    # The host is this rule's advice; a split that starts, fits and is no slower is TL102's fix,
    # and TL102's finding on this group folds into this one (RULE.explains), so it is offered here.
    # (an engine that cannot write the split keeps the host advice)
    fix: Fix | str = (split_fix(better, how, dep) if over_tp else None) or (
        "run on a host whose GPUs have P2P (bare metal with ACS off, or an NVLink bridge) "
        "and set `intra_node: {p2p: true}` in the manifest"
    )
    yield finding(
        rule,
        ctx,
        at,
        f"GPUs of this {placement.cluster.gpu.name} node have no PCIe peer-to-peer access, so "
        f"every collective of the {group.size}-GPU {what} group bounces through host memory "
        f"({group.link.bandwidth_gb_per_s:g} GB/s per GPU, ~15 µs per hop){cost}; {verdict}",
        fix=fix,
        data={"size": group.size, "group": what, **f.prefixed("tp.")},
        severity=severity_for(rule, ctx, split_severity(better)),
    )


RULE = Rule(
    code="TL103",
    name="pcie-without-peer-to-peer",
    summary="A tensor- or expert-parallel group crosses PCIe without peer-to-peer access.",
    severity=Severity.WARNING,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
    # The missing P2P is what puts the group's collectives on the host path: with it, the engine
    # runs its own all-reduce over PCIe for two ranks; without it, it falls back to NCCL through
    # host memory (sgl-project/sglang@004e6561 python/sglang/srt/distributed/device_communicators/
    # custom_all_reduce.py: `_can_p2p`, `should_custom_ar`; the file is adapted from vLLM
    # v0.6.4.post1's, its header says).  So it explains TL102's PCIe cost and the budgets that
    # cost blows, as TL111 explains TL102 for GPUs off the node's NVLink group.
    explains=("TL102", "TL105", "TL106"),
)
