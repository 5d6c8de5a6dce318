"""TL107 pipeline-parallel-within-nvlink-domain."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.hardware.linkkinds import SCALEUP, kind
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding, layout_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether every pipeline stage sits inside one NVLink domain (one HGX node, an NVL72
rack) where tensor parallelism over the same GPUs would fit.

Outcome reported (toplint's severity policy): runs — tensor parallelism inside the NVLink domain
would usually decode faster; a layout fix is offered only when the outcome says it is no slower
(info).

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
    if model is not None and (
        model.num_attention_heads % new_tp
        or (model.num_kv_heads % new_tp and new_tp % model.num_kv_heads)
    ):
        return  # TP over all stages would not start (TL202): PP is the right call here
    yield finding(
        rule,
        ctx,
        "pp",
        f"all {dep.pp} pipeline stages sit inside one {placement.cluster.intra.nvlink_domain}-GPU "
        f"NVLink domain ({groups[0].link.kind}, {groups[0].link.bandwidth_gb_per_s:g} GB/s); "
        f"tensor parallel over the {new_tp} GPUs avoids the pipeline bubble",
        fix=layout_fix(dep.engine, tp=new_tp, pp=1),
        data={"tp": dep.tp, "pp": dep.pp, "nvlink_domain": placement.cluster.intra.nvlink_domain},
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
