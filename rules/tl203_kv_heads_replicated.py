"""TL203 kv-heads-replicated."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding, layout_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether the tensor-parallel size exceeds the model's KV heads (grouped-query
attention), so each KV head is stored on TP/KV ranks.  An engine that never replicates KV heads
(TGI) refuses such a layout instead, which TL202 reports.

Outcome reported (toplint's severity policy): runs — the KV cache is replicated, so fewer tokens
fit (info); a layout fix is offered only when it is no slower.

## Why is this bad?
Each rank needs at least one KV head: above TP = KV heads, KV-cache memory per GPU stops
shrinking and the cache is replicated TP/KV times; the fraction `1 − KV/TP` of the cache is
copies. Qwen3-235B (4 KV heads) at TP 8 stores 2 copies; Llama-3.1-70B at TP 16 stores 2.
Fewer tokens fit, so fewer sequences run concurrently.

## Example
```bash
vllm serve Qwen/Qwen3-235B-A22B --tensor-parallel-size 8
```

## Use instead
```bash
vllm serve Qwen/Qwen3-235B-A22B --tensor-parallel-size 4 --pipeline-parallel-size 2
```
(or keep TP 8 with `--enable-expert-parallel` when the experts dominate memory).

## Options
None.

## Fix safety
Unsafe: the layout changes; same GPU count.

## References
- vLLM `QKVParallelLinear` (KV heads replicated when TP exceeds them): https://github.com/vllm-project/vllm/blob/main/vllm/model_executor/layers/linear.py
- Grouped-query attention (GQA), Ainslie et al.: https://arxiv.org/abs/2305.13245
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None or model.mla or dep.tp is None:
        return  # MLA's latent KV is TL208's
    engine = get_engine(dep.engine)
    # KV heads split over the attention-TP group (TP / the DP-attention degree)
    tp, kv = engine.attention_tp(dep), model.num_kv_heads
    if kv < 1 or tp <= kv or not engine.replicates_kv_heads:
        return  # an engine that never replicates them refuses the layout instead (TL202)
    copies = tp / kv
    wasted = 1 - kv / tp
    pp = (dep.pp or 1) * tp // kv if tp % kv == 0 else None
    yield finding(
        rule,
        ctx,
        "tp",
        f"{'TP' if tp == dep.tp else 'attention TP'} {tp} exceeds the model's {kv} KV heads: "
        f"the KV cache is stored {copies:g} times "
        f"({wasted:.0%} of KV memory holds copies)",
        fix=layout_fix(dep.engine, tp=kv, pp=pp),
        data={"tp": tp, "kv_heads": kv, "replication": copies, "wasted_fraction": wasted},
    )


RULE = Rule(
    code="TL203",
    name="kv-heads-replicated",
    summary="Tensor parallelism exceeds the KV heads: the KV cache is replicated TP/KV times.",
    severity=Severity.INFO,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="any",
)
