"""TL202 heads-not-divisible-by-tensor-parallel."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.catalog_types import ModelSpec
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import divisors, finding, layout_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks that the tensor-parallel size divides the model's attention heads, and that KV heads
and TP divide one another (vLLM `QKVParallelLinear`).

Outcome reported (toplint's severity policy): refuses to start — the engine requires the heads
to divide by the tensor-parallel size (error); a suggested TP size divides the heads, starts and
fits.

## Why is this bad?
vLLM refuses to start: "Total number of attention heads (40) must be divisible by tensor
parallel size (16)" (`ModelConfig.verify_with_parallel_config`). Llama-4 has 40 heads, so
TP 16 is invalid; Mixtral-8x22B (48 heads) accepts 1, 2, 4, 8, 16, 24, 48.

## Example
```bash
vllm serve meta-llama/Llama-4-Scout-17B-16E-Instruct --tensor-parallel-size 16
```

## Use instead
```bash
vllm serve meta-llama/Llama-4-Scout-17B-16E-Instruct --tensor-parallel-size 8 \\
    --pipeline-parallel-size 2
```

## Options
None.

## Fix safety
Unsafe: the largest valid TP at or below the current one, with pipeline stages making up the
GPU count when that divides evenly; latency and memory per GPU change.

## References
- vLLM `ModelConfig.verify_with_parallel_config`: https://github.com/vllm-project/vllm/blob/main/vllm/config/model.py
- vLLM `QKVParallelLinear` (KV heads split or replicated): https://github.com/vllm-project/vllm/blob/main/vllm/model_executor/layers/linear.py
"""


def valid_tp(model: ModelSpec, tp: int) -> bool:
    heads, kv = model.num_attention_heads, model.num_kv_heads
    return heads % tp == 0 and (kv % tp == 0 or tp % kv == 0)


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None or dep.tp is None or dep.tp < 1 or valid_tp(model, dep.tp):
        return
    tp, heads, kv = dep.tp, model.num_attention_heads, model.num_kv_heads
    reasons = []
    if heads % tp:
        reasons.append(f"{heads} attention heads are not divisible by TP {tp}")
    if kv % tp and tp % kv:
        reasons.append(f"{kv} KV heads and TP {tp} do not divide one another")
    good = [d for d in divisors(heads, tp) if valid_tp(model, d)]
    best = good[-1] if good else 1
    pp = (dep.pp or 1) * tp // best if tp % best == 0 else None
    valid = ", ".join(str(d) for d in divisors(heads) if valid_tp(model, d))
    yield finding(
        rule,
        ctx,
        "tp",
        f"{'; '.join(reasons)} ({model.id}); the engine refuses to start. Valid TP sizes: {valid}",
        fix=layout_fix(dep.engine, tp=best, pp=pp if pp and pp > 1 else None),
        data={
            "tp": tp,
            "heads": heads,
            "kv_heads": kv,
            "suggested_tp": best,
        },
    )


RULE = Rule(
    code="TL202",
    name="heads-not-divisible-by-tensor-parallel",
    summary="Attention heads (or KV heads) are not divisible by the tensor-parallel size.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
)
