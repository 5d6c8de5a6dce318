"""TL107 pipeline-parallel-within-nvlink-domain."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.hardware.linkkinds import SCALEUP, kind
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding, layout_fix, severity_for
from toplint.rulebook.outcomes import better_split, split_fix, split_severity
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether every pipeline stage sits inside one NVLink domain (one HGX node, an NVL72
rack) where tensor parallelism over the same GPUs would fit.

Outcome reported (toplint's severity policy): runs, so never an error.  A **warning** when
another split of the same GPUs (any TP × PP split, or TP × DP replicas where the engine has a
DP option: `toplint.outcome.judge.best_split`) starts, fits and is clearly faster at the
declared workload (more than 25% on TTFT or ITL, the other no worse, or it meets the budgets
this one misses; the message says by how much) - also when tensor parallelism over every stage
would not start (28 heads on 8 GPUs), since TP 4 × PP 2 or replicas may; **info** when none
is, with tensor parallelism over all the stages as the fix where that starts and is no slower.

## Why is this bad?
Pipeline parallelism adds a pipeline bubble and splits the batch into micro-batches; its only
advantage is that a stage boundary sends one hidden state instead of all-reducing every layer,
which matters across slow links, not on NVLink. vLLM's guidance for a single node is tensor
parallel size = number of GPUs ("Parallelism and Scaling"). Inside the NVLink domain
TP lowers per-token latency and shards the KV cache.

## Example
```bash
# 1 node x 8 H100 (NVSwitch)
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 --pipeline-parallel-size 2
```

## Use instead
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8
```

## Options
None.

## Fix safety
Unsafe: the GPU count stays, but latency, throughput and memory per GPU change.

## References
- vLLM, parallelism and scaling (single node: tensor parallel size = GPUs): https://docs.vllm.ai/en/latest/serving/parallelism_scaling/
- vLLM pipeline boundary transfer (`send_tensor_dict`): https://github.com/vllm-project/vllm/blob/main/vllm/distributed/parallel_state.py
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    placement, dep = ctx.placement, ctx.deployment
    if placement is None or dep.tp is None or dep.pp is None or dep.pp < 2:
        return
    groups = placement.of("pp")
    if not groups or any(kind(g.link.kind).cls != SCALEUP for g in groups):
        return
    new_tp = dep.tp * dep.pp
    if new_tp > placement.cluster.intra.nvlink_domain:
        return
    model = ctx.model
    whole_tp_starts = model is None or not (
        model.num_attention_heads % new_tp
        or (model.num_kv_heads % new_tp and new_tp % model.num_kv_heads)
    )
    better, how, verdict = better_split(ctx, fewer_tp=False)
    if better is None and not whole_tp_starts:
        return  # TP over all stages would not start (TL202) and no other split is clearly better
    domain = placement.cluster.intra.nvlink_domain
    where = (
        f"all {dep.pp} pipeline stages sit inside one {domain}-GPU NVLink domain "
        f"({groups[0].link.kind}, {groups[0].link.bandwidth_gb_per_s:g} GB/s)"
    )
    if better is not None:
        message, fix = f"{where}; {verdict}", split_fix(better, how, dep)
    else:
        message = f"{where}; tensor parallel over the {new_tp} GPUs avoids the pipeline bubble"
        message += f" ({verdict})" if ctx.outcome is not None and model is not None else ""
        fix = layout_fix(dep.engine, tp=new_tp, pp=1)
    yield finding(
        rule,
        ctx,
        "pp",
        message,
        fix=fix,
        data={"tp": dep.tp, "pp": dep.pp, "nvlink_domain": domain},
        severity=severity_for(rule, ctx, split_severity(better)),
    )


RULE = Rule(
    code="TL107",
    name="pipeline-parallel-within-nvlink-domain",
    summary="All pipeline stages sit inside one NVLink domain where tensor parallelism would fit.",
    severity=Severity.INFO,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
)
