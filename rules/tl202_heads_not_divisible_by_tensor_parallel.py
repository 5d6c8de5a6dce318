"""TL202 heads-not-divisible-by-tensor-parallel."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import divisors, finding, layout_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks that the tensor-parallel size divides the model's attention heads, that KV heads
and TP divide one another (vLLM `QKVParallelLinear`), and that it divides the vocabulary as
vLLM and SGLang pad it (to a multiple of 64) before splitting the embedding and LM head over
the TP ranks.

Outcome reported (toplint's severity policy): refuses to start — the engine requires the heads
to divide by the tensor-parallel size (error); a suggested TP size divides the heads, starts and
fits.

## Why is this bad?
vLLM refuses to start: "Total number of attention heads (40) must be divisible by tensor
parallel size (16)" (`ModelConfig.verify_with_parallel_config`). Llama-4 has 40 heads, so
TP 16 is invalid; Mixtral-8x22B (48 heads) accepts 1, 2, 4, 8, 16, 24, 48.  The vocabulary
is split the same way: GLM-4.7 has 96 heads, which TP 6 divides, but its 151552-token
vocabulary (already a multiple of 64) does not, and vLLM stops with "151552 is not divisible
by 6" (vllm-project/vllm#31474; `VocabParallelEmbedding`, `divide`).

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
- vLLM `VocabParallelEmbedding` (vocabulary padded to 64, then divided by TP): https://github.com/vllm-project/vllm/blob/main/vllm/model_executor/layers/vocab_parallel_embedding.py
- SGLang `VocabParallelEmbedding` (the same): https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/layers/vocab_parallel_embedding.py
"""


def valid_tp(model: ModelSpec, tp: int, vocab: int = 0) -> bool:
    """Heads divide by ``tp``, KV heads and ``tp`` divide one another, and so does the padded
    vocabulary ``vocab`` (0: the engine does not split a padded vocabulary)."""
    heads, kv = model.num_attention_heads, model.num_kv_heads
    return heads % tp == 0 and (kv % tp == 0 or tp % kv == 0) and vocab % tp == 0


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None or dep.tp is None or dep.tp <= 1:
        return  # every count divides by 1
    import toplint.outcome.starts as starts  # loaded by a run that knows a model

    # the embedding and LM head split over the attention-TP group at most (SGLang's DP attention
    # replicates the embedding): the vocabulary is checked there, as toplint.outcome.starts does
    vocab = starts.padded_vocab(model, dep.engine)
    split = max(dep.tp // max(get_engine(dep.engine).attention_dp(dep), 1), 1)
    vocab_ok = vocab % split == 0
    if vocab_ok and valid_tp(model, dep.tp):
        return
    tp, heads, kv = dep.tp, model.num_attention_heads, model.num_kv_heads
    reasons = []
    if heads % tp:
        reasons.append(f"{heads} attention heads are not divisible by TP {tp}")
    if kv % tp and tp % kv:
        reasons.append(f"{kv} KV heads and TP {tp} do not divide one another")
    if not vocab_ok:
        padded = f", padded to {vocab}" if vocab != model.vocab_size else ""
        reasons.append(
            f"the vocabulary ({model.vocab_size}{padded}) is not divisible by TP {split}: the "
            "embedding and LM head are split evenly over the ranks"
        )
    good = [d for d in divisors(heads, tp) if valid_tp(model, d, vocab)]
    best = good[-1] if good else 1
    pp = (dep.pp or 1) * tp // best if tp % best == 0 else None
    valid = ", ".join(str(d) for d in divisors(heads) if valid_tp(model, d, vocab))
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
            "vocab_padded": vocab,
            "suggested_tp": best,
        },
    )


RULE = Rule(
    code="TL202",
    name="heads-not-divisible-by-tensor-parallel",
    summary="Attention heads (KV heads, or the padded vocabulary) are not divisible by the "
    "tensor-parallel size.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
)
