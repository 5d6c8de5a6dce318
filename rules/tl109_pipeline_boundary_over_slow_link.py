"""TL109 pipeline-boundary-over-slow-link."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.facts import registry as F
from toplint.hardware.linkkinds import kind
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding, layout_flags, opt_float, severity_for
from toplint.rulebook.outcomes import better_split, new_dp
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks pipeline-stage boundaries that cross a TCP/Ethernet network and estimates their share of
the step: the prefill boundary transfer against prefill compute, and the decode transfer against
the time to stream the weights. Reported above `info-share`; above `warn-share` it is a
**warning** when another split of the same GPUs is clearly faster at the declared workload (by
how much is said; toplint's severity policy: the deployment runs), else info.

Outcome reported (toplint's severity policy): runs — a warning when another split of the same
GPUs is clearly faster at the declared workload (the message says by how much), else info.

## Why is this bad?
Each boundary sends hidden states and residual (`2·T·H·b`, 134 MB for a 4096-token Llama-70B
prompt; with TP, 1/TP per rank and an all-gather on the receiver). Over 100 GbE that is
~10.7 ms per prompt, fine next to ~0.4 s of compute, which is why PP across nodes is the usual
layout; at longer prompts, small models or slower networks the boundary becomes visible, and
over TCP every send also pays ~50–125 µs of socket latency.

## Example
```bash
# 4 nodes x 1 L4, 10 Gb/s Ethernet
vllm serve meta-llama/Llama-3.1-8B-Instruct --pipeline-parallel-size 4
```

## Use instead
Fewer stages across the slow network (bigger GPUs, a quantized checkpoint), or an RDMA fabric.

## Options
- `info-share` (default `0.05`): info above this share of the step.
- `warn-share` (default `0.10`): above this share, weigh the other splits of the GPUs.

## Fix safety
Display only: the split of the same GPUs that is clearly faster (judged by the outcome: it
starts, fits and is no slower), or else an RDMA fabric; the nodes a split needs are the
deployment's to arrange.

## References
- vLLM pipeline boundary transfer (`send_tensor_dict`, send then all-gather): https://github.com/vllm-project/vllm/blob/main/vllm/distributed/parallel_state.py
- vLLM, parallelism and scaling (pipeline parallel across nodes): https://docs.vllm.ai/en/latest/serving/parallelism_scaling/
- ~125 µs socket latency per small message between nodes: https://github.com/NVIDIA/nccl/issues/1184
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    placement, f = ctx.placement, ctx.facts
    if placement is None:
        return
    slow = [g for g in placement.of("pp") if kind(g.link.kind).tcp]
    if not slow:
        return
    shares = {}
    for phase, num, den in (
        ("prefill", F.PP_PREFILL_COMM_MS, F.PREFILL_COMPUTE_MS),
        ("decode", F.PP_DECODE_COMM_MS, F.DECODE_WEIGHT_STREAM_MS),
    ):
        a, b = f.get(num), f.get(den)
        if isinstance(a, (int, float)) and isinstance(b, (int, float)) and b > 0:
            shares[phase] = (float(a), float(b), float(a) / float(b))
    if not shares:
        return
    phase, (comm, step, share) = max(shares.items(), key=lambda kv: kv[1][2])
    if share <= opt_float(ctx, "info-share", 0.05):
        return
    warn = share > opt_float(ctx, "warn-share", 0.10)
    link = slow[0].link
    dep = ctx.deployment
    # The deployment runs (toplint's severity policy): a warning only when another split of
    # the same GPUs is clearly better at the declared workload; that split is the fix.
    better, how, verdict = better_split(ctx, fewer_tp=False) if warn else (None, "", "")
    wanted = Severity.WARNING if better is not None else Severity.INFO
    fix = "an RDMA fabric between the nodes (no socket latency on each boundary send)"
    if better is not None and better.ok:
        dp = new_dp(better, dep)
        fix = f"{layout_flags(dep.engine, tp=better.tp, pp=better.pp, dp=dp)} ({how})"
    yield finding(
        rule,
        ctx,
        "pp",
        f"pipeline boundaries cross {link.kind} ({link.bandwidth_gb_per_s:g} GB/s per GPU): "
        f"{comm:.2f} ms per {phase} step, {share:.0%} of the {step:.1f} ms "
        f"{'compute' if phase == 'prefill' else 'weight streaming'}"
        + (f"; {verdict}" if verdict else ""),
        fix=fix,
        data={
            "phase": phase,
            "comm_ms": comm,
            "step_ms": step,
            "share": share,
            "link": link.kind,
            "bandwidth_gb_per_s": link.bandwidth_gb_per_s,
        },
        severity=severity_for(rule, ctx, wanted),
    )


RULE = Rule(
    code="TL109",
    name="pipeline-boundary-over-slow-link",
    summary="A pipeline boundary over TCP/Ethernet is a visible share of step time.",
    severity=Severity.WARNING,
    check=check,
    options={"info-share": 0.05, "warn-share": 0.10},
    doc=DOC,
    fix_safety="display",
    origin=__file__,
    accelerators="gpu",
)
