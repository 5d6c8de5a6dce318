"""TL102 tensor-parallel-over-pcie."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.facts import registry as F
from toplint.hardware.linkkinds import scaleup_of
from toplint.hardware.p2plevel import forced
from toplint.model import Finding, Fix, Severity
from toplint.outcome.types import GIB
from toplint.rulebook.helpers import finding, layout_flags, severity_for
from toplint.rulebook.outcomes import better_split, split_fix, split_severity
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether a tensor-parallel group runs on GPUs with no NVLink (or xGMI) path at all, so
its all-reduces cross PCIe: L4, L40S, A10G, RTX 4090/5090, RTX PRO 6000 servers.

## Why is this bad?
Tensor parallelism all-reduces activations 2L+1 times per step. PCIe all-reduce bus bandwidth
is ~20–37 GB/s for 2 GPUs but collapses with more ranks: measured on 8×L40S (NCCL 2.27.3),
4-GPU busbw 5.1 GB/s and a 64 MiB all-reduce 19.7 ms; 8-GPU 1.5–2.1 GB/s and 55.4 ms, i.e.
8.9 s of all-reduce for one 4096-token Llama-70B prefill. vLLM disables its custom all-reduce
for more than two PCIe-only GPUs and its docs say: "if the GPUs on the node do not have NVLINK
interconnect (e.g. L40S), leverage pipeline parallelism instead of tensor parallelism".

Outcome reported (toplint's severity policy): the deployment runs, so never an error. A
**warning** when another split of the same GPUs into TP × PP is clearly faster at the declared
workload (more than 25% on TTFT or ITL, the other no worse; the message says by how much),
and it starts and fits; **info** when none is (TP over PCIe may be the only layout that fits,
or PP's sequential stages cost more than the all-reduces).

## Example
```bash
# 1 node x 8 L40S (PCIe Gen4)
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8
```

## Use instead
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 1 --pipeline-parallel-size 8
```

## Options
None.

## Fix safety
Unsafe: the fix keeps the GPU count and splits it differently between tensor and pipeline
parallelism, which changes latency, throughput and memory per GPU. It is offered only when
the new layout starts, fits and is no slower to first token or per token.

## References
- vLLM, parallelism and scaling (pipeline parallel on GPUs without NVLink): https://docs.vllm.ai/en/latest/serving/parallelism_scaling/
- Measured PCIe all-reduce tables (L40S, RTX PRO 6000): https://github.com/ai-dynamo/aiconfigurator
- Cross-socket PCIe paths rated lower by NCCL: https://github.com/NVIDIA/nccl-tests/issues/307
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    placement = ctx.placement
    if placement is None:
        return
    group = placement.worst("tp")
    if group is None or group.size < 2:
        return
    cluster = placement.cluster
    if scaleup_of(cluster.intra.fabric) is not None and cluster.intra.nvlink_domain > 1:
        return  # it has a scale-up fabric; TL108 judges groups larger than its domain
    dep = ctx.deployment
    f = ctx.facts
    cost = ""
    prefill, decode = f.number(F.TP_PREFILL_COMM_MS), f.number(F.TP_DECODE_COMM_MS)
    if prefill is not None and decode is not None:
        over = forced(group.link.kind, dep.options)
        host = f" (NCCL's through host memory: {over.written}, TL112)" if over and over.kind else ""
        cost = (
            f": ~{prefill:.0f} ms of all-reduce per "
            f"{ctx.workload.prompt_tokens}-token prefill, {decode:.2f} ms per "
            f"decode step{host}"
        )
    better, how, verdict = better_split(ctx)
    fix: Fix | str | None = None
    if better is not None and better.ok:  # a fix never makes TTFT or ITL worse
        fix = split_fix(better, how, dep)
    elif ctx.model is not None and ctx.outcome is not None:
        fix = _without_pp(ctx) if "pp" not in get_engine(dep.engine).dimensions else None
    yield finding(
        rule,
        ctx,
        "tp",
        f"tensor-parallel group of {group.size} {cluster.gpu.name} GPUs has no NVLink path; its "
        f"all-reduces cross {group.link.kind} ({group.link.bandwidth_gb_per_s:g} GB/s per "
        f"direction per GPU){cost}; {verdict}",
        fix=fix,
        data={
            "tp": group.size,
            "link": group.link.kind,
            "bandwidth_gb_per_s": group.link.bandwidth_gb_per_s,
            **f.prefixed("tp."),
        },
        severity=severity_for(rule, ctx, split_severity(better)),
    )


def _without_pp(ctx: RuleContext) -> str | None:
    """Advice for an engine without pipeline parallelism (TGI, LMDeploy): one replica per GPU
    behind a load balancer, which no flag sets up — only when that runs and is no slower;
    when the weights do not fit one GPU, what would work instead."""
    dep, model, cluster = ctx.deployment, ctx.model, ctx.cluster
    if model is None or cluster is None:
        return None
    import toplint.outcome.judge as judging  # loaded by a run that places (not at start-up)

    one = judging.judge(dep, ctx.outcome, cluster, model, ctx.workload, tp=1)
    if one.ok:
        return f"{layout_flags(dep.engine, tp=1)} (one replica per GPU behind a load balancer)"
    memory = one.outcome.memory
    if memory is None or memory.weights_fit:
        return None  # one replica per GPU runs but is slower: nothing to offer
    instead = "a quantized checkpoint" if model.weight_bytes >= 2 else "GPUs with more memory"
    return (
        f"the weights ({memory.weights / GIB:.0f} GiB) need more than one "
        f"{memory.capacity / GIB:g} GiB GPU and this engine has no pipeline parallelism: GPUs "
        f"with NVLink, or {instead}"
    )


RULE = Rule(
    code="TL102",
    name="tensor-parallel-over-pcie",
    summary="A tensor-parallel group has no NVLink path: its all-reduces cross PCIe.",
    severity=Severity.WARNING,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
    # TP on the slow link is why the step budgets blow (and why KV heads replicate).
    explains=("TL105", "TL106"),
)
