"""TL202 heads-not-divisible-by-tensor-parallel."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.catalog_types import ModelSpec, said
from toplint.engines.registry import get_engine
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import divisors, finding, layout_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks that the tensor-parallel size divides the model's attention heads, that KV heads
and TP divide one another (vLLM `QKVParallelLinear`) - or, on an engine that never replicates
KV heads (TGI), that TP divides the KV heads - and that it divides the vocabulary as vLLM and
SGLang pad it (to a multiple of 64) before splitting the embedding and LM head over the TP
ranks, and - where vLLM splits a vision encoder's heads over the same ranks (GLM-4.1V/4.5V,
Qwen2.5-VL) - that TP divides the encoder's heads, and that it divides the heads of Kimi Delta
Attention layers (Kimi Linear, Kimi-K3: `linear_attn_config.num_heads`), which vLLM and SGLang
split over the same ranks.

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

A vision-language checkpoint's encoder is split too: GLM-4.5V's language model (96 heads, 8 KV
heads) divides TP 8, its vision encoder's 12 heads do not, and vLLM stops with "12 is not
divisible by 8" (vllm-project/vllm#24004; `Glm4vVisionAttention`, `divide(num_heads, tp_size)`)
unless `--mm-encoder-tp-mode data` runs the encoder whole on every rank.  InternViT is not
checked: vLLM falls back to unsharded attention for it when TP does not divide its heads.
A Kimi Delta Attention layer splits its heads too: vLLM's `KimiDeltaAttention` asserts
`num_heads % tp_size == 0` before `divide(num_heads, tp_size)`, and SGLang stops with "KDA
num_heads (N) must be divisible by global tp_size (T)" (over its attention TP).

LMDeploy's TurboMind replicates KV heads a TP size exceeds only since v0.6.5
(InternLM/lmdeploy@e20999f78, `repeat_kv`); earlier releases gave each rank `kv_head_num / tp`
of them, so GLM-4-9B (2 KV heads) at `--tp 4` stopped with a floating point exception
(InternLM/lmdeploy#2089).  On an image older than that this is an error; where the release is
not known (no image tag), a warning.

TGI gives each shard `num_key_value_heads // num_shards` KV heads and never replicates them:
Llama-family models refuse a shard count that does not divide the KV heads ("`num_key_value_heads`
must be divisible by `num_shards`"), and the others fail loading the weights - gemma-2b (one KV
head) on two shards (huggingface/text-generation-inference#1696) or four (#1987).  vLLM would
replicate the head and start.

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
GPU count when that divides evenly; latency and memory per GPU change.  A size the engine's
own checks refuse where this one does not (TurboMind's power of two before v0.6, TL213) is not
valid, so the fix never trades one refusal for another.

## References
- vLLM `ModelConfig.verify_with_parallel_config`: https://github.com/vllm-project/vllm/blob/main/vllm/config/model.py
- vLLM `QKVParallelLinear` (KV heads split or replicated): https://github.com/vllm-project/vllm/blob/main/vllm/model_executor/layers/linear.py
- vLLM `VocabParallelEmbedding` (vocabulary padded to 64, then divided by TP): https://github.com/vllm-project/vllm/blob/main/vllm/model_executor/layers/vocab_parallel_embedding.py
- SGLang `VocabParallelEmbedding` (the same): https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/layers/vocab_parallel_embedding.py
- TGI `FlashLlamaAttention` ("`num_key_value_heads` must be divisible by `num_shards`", db931fcf): https://github.com/huggingface/text-generation-inference/blob/db931fcf/server/text_generation_server/models/custom_modeling/flash_llama_modeling.py
- vLLM `Glm4vVisionAttention` and `Qwen2_5_VisionAttention` (002d181a): https://github.com/vllm-project/vllm/blob/002d181a55a03803d7d69547846630069d2378b8/vllm/model_executor/models/glm4_1v.py
- Incident (GLM-4.5V at TP 8): https://github.com/vllm-project/vllm/issues/24004
- vLLM `KimiDeltaAttention` (01a7e5d9): https://github.com/vllm-project/vllm/blob/01a7e5d91d42e6232d746d12f898a590f1ee77f9/vllm/model_executor/layers/kda.py
- SGLang `_get_kda_local_num_heads` (0220422f): https://github.com/sgl-project/sglang/blob/0220422fc0009bb4316f8a540e777d85dce156f3/python/sglang/srt/models/kimi_linear.py
- LMDeploy TurboMind `repeat_kv` (e20999f78, v0.6.5): https://github.com/InternLM/lmdeploy/pull/2874
- Incident (GLM-4-9B, TurboMind `--tp 4`): https://github.com/InternLM/lmdeploy/issues/2089
- Incident (gemma-2b, TGI `--num-shard 2`): https://github.com/huggingface/text-generation-inference/issues/1696
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None or dep.tp is None or dep.tp <= 1:
        return  # every count divides by 1
    # the engine's own start checks, as the outcome model reads them (``outcome.starts``; a run
    # that places nothing loads only ``outcome.shards``, tests/perf/test_unplaced_imports.py)
    import toplint.outcome.shards as shards

    engine = get_engine(dep.engine)
    # heads, KV heads, KDA heads and the vocabulary split over the attention-TP group: TP / the
    # DP-attention degree (SGLang --enable-dp-attention --dp 2 at TP 16 splits them over 8
    # ranks); the vision encoder's heads over all of TP
    split = engine.attention_tp(dep)
    refused = {what: count for what, count, _ in shards.head_splits(dep, model)}
    vocab = shards.padded_vocab(model, dep.engine)
    vision = shards.vision_heads(model, dep)
    tp, heads, kv, kda = dep.tp, model.num_attention_heads, model.num_kv_heads, model.kda_heads
    if not refused:
        older = shards.kv_replication_release(model, dep, split)
        if older is not None:
            yield _older_release(rule, ctx, model, split, older)
        return
    over = (
        f"TP {tp}"
        if split == tp
        else f"attention TP {split} (TP {tp} / DP attention {tp // split})"
    )
    reasons = []
    if "heads" in refused:
        reasons.append(f"{heads} attention heads are not divisible by {over}")
    if "kv_heads" in refused and not (kv == heads and "heads" in refused):
        # (without grouped KV heads the attention-head reason already says it)
        reasons.append(
            f"{kv} KV heads and {over} do not divide one another"
            if engine.replicates_kv_heads
            else f"{kv} KV head{'s are' if kv != 1 else ' is'} not divisible by {over} "
            f"({engine.title} never replicates KV heads)"
        )
    if "kda_heads" in refused and not (kda == heads and "heads" in refused):
        reasons.append(f"Kimi Delta Attention's {kda} heads are not divisible by {over}")
    if "vocab" in refused:
        padded = f", padded to {vocab}" if vocab != model.vocab_size else ""
        reasons.append(
            f"the vocabulary ({model.vocab_size}{padded}) is not divisible by TP {split}: the "
            "embedding and LM head are split evenly over the ranks"
        )
    if "vision_heads" in refused:
        reasons.append(
            f"the vision encoder's {vision} attention heads are not divisible by TP {tp} (the "
            "engine splits them over the ranks"
            + (
                ", unless `--mm-encoder-tp-mode data` replicates the encoder)"
                if engine.vision_replicated
                else ")"
            )
        )
    # sizes the engine's own checks refuse too (TurboMind's power of two before v0.6: TL213)
    # are not valid, so the fix never trades this refusal for another
    import toplint.outcome.refusals as refusals  # loaded where the heads do not divide

    splitting = [
        d for d in divisors(heads) if shards.splits_evenly(model, d, engine, vocab, vision)
    ]
    evenly = [d for d in splitting if not refusals.refuses_tp(dep, model, d)]
    good = [d for d in evenly if d <= tp]
    best = good[-1] if good else 1
    pp = (dep.pp or 1) * tp // best if tp % best == 0 else None
    valid = ", ".join(map(str, evenly))
    others = [d for d in splitting if d not in evenly]
    if others:  # sizes the engine's own checks refuse, or some releases do (none pinned)
        valid += f" (not {', '.join(map(str, others))}: {engine.title}'s own checks, TL213)"
    yield finding(
        rule,
        ctx,
        "tp",
        f"{'; '.join(reasons)} ({said(model, dep.model)}); the engine refuses to start. "
        f"Valid TP sizes: {valid}",
        # the ranks TP gives up become pipeline stages; an engine without them (TGI) serves on
        # fewer GPUs
        fix=layout_fix(dep.engine, tp=best, pp=pp if pp and pp > 1 else None)
        or layout_fix(dep.engine, tp=best),
        data={
            "tp": tp,
            "heads": heads,
            "kv_heads": kv,
            "vocab_padded": vocab,
            "vision_heads": vision,
            "kda_heads": kda,
            "suggested_tp": best,
        },
    )


def _older_release(
    rule: Rule, ctx: RuleContext, model: ModelSpec, tp: int, older: tuple[str, bool]
) -> Finding:
    """TP exceeds the KV heads, which the engine replicates only since a release: an error on
    an older image, a warning when the release is not known."""
    engine = get_engine(ctx.deployment.engine)
    since, refused = older
    kv = model.num_kv_heads
    head = (
        f"{kv} KV heads are fewer than TP {tp} ({said(model, ctx.deployment.model)}): "
        f"{engine.title} replicates them "
        f"since {since}; earlier releases divide them ({kv}/{tp} = 0 per rank) and stop at "
        "start-up"
    )
    good = [d for d in divisors(model.num_attention_heads, tp) if kv % d == 0]
    best = good[-1] if good else 1
    return finding(
        rule,
        ctx,
        "tp",
        head + ("; this image is older" if refused else "; the release is not known here"),
        fix=f"a release from {since} on, or TP {best}",
        data={"tp": tp, "kv_heads": kv, "since": since},
        severity=None if refused else Severity.WARNING,
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
    accelerators="any",
)
