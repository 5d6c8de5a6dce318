"""TL208 mla-without-data-parallel-attention."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.catalog_types import said
from toplint.engines.layout import flags
from toplint.engines.registry import get_engine
from toplint.model import Finding, Fix, Severity
from toplint.outcome.weights import kv_rank_bytes
from toplint.rulebook.alltoall import backend_for_new_ep
from toplint.rulebook.helpers import attention_tp, finding, settings_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether a model with multi-head latent attention (MLA: DeepSeek-V2/V3/R1, Kimi-K2) is
served with attention tensor parallelism above 1 instead of data-parallel attention.

Outcome reported (toplint's severity policy): runs — the latent KV cache is replicated per
attention TP rank (info); data-parallel attention is offered only when the outcome says it fits
and is no slower.

## Why is this bad?
MLA stores one latent vector per token and layer (`kv_lora_rank + rope` = 576 values for
DeepSeek-V3), shared by all heads, so tensor parallelism cannot shard it: every TP rank keeps
the full KV cache. KV per GPU is the same at TP 8 as at TP 1, so the cache holds 1/TP of the
tokens it could. Data-parallel attention gives each rank its own sequences and full cache.

## Example
```bash
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8
```

## Use instead
```bash
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 1 --data-parallel-size 8 \\
    --enable-expert-parallel
# SGLang: --tp 8 --enable-dp-attention --dp 8
```

## Options
None.

## Fix safety
Unsafe: attention weights are replicated on every rank (~11–23 GB/GPU for DeepSeek-V3) and
the communication pattern changes.

## References
- SGLang DP attention (`--enable-dp-attention`) for MLA models: https://docs.sglang.io/docs/advanced_features/dp_dpa_smg_guide
- vLLM data parallel deployment (DP attention with EP): https://docs.vllm.ai/en/latest/serving/data_parallel_deployment/
- DeepSeek-V2, multi-head latent attention: https://arxiv.org/abs/2405.04434
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None or not model.mla or dep.tp is None:
        return
    tp_attention = attention_tp(dep) or dep.tp
    if tp_attention <= 1:
        return
    # the latent as each rank caches it, at the KV cache's dtype (`--kv-cache-dtype fp8` halves
    # it): the outcome model's own accounting, so the message and the fit agree
    per_token = round(kv_rank_bytes(model, dep))
    yield finding(
        rule,
        ctx,
        "tp",
        f"{said(model, dep.model)} uses MLA: its latent KV cache ({per_token} bytes per token) is "
        "replicated "
        f"on each of the {tp_attention} attention TP ranks, so each GPU caches 1/{tp_attention} "
        "of the tokens data-parallel attention would",
        fix=fix(dep.engine, dep.tp, dep.dp or 1, ctx),
        data={"attention_tp": tp_attention, "kv_bytes_per_token": per_token},
    )


def fix(engine_name: str, tp: int, dp: int, ctx: RuleContext | None = None) -> Fix | str | None:
    """Data-parallel attention in the engine's own terms (``Engine.layout``): its switch with
    the DP size over the same GPUs; or TP 1 and DP over all of them with expert parallelism,
    with the sparse all-to-all backend TL110 would then ask for (``ctx``: the deployment on its
    cluster); or where the engine takes the setting when it has no flag for it."""
    layout = get_engine(engine_name).layout
    if layout.attention_dp:
        return settings_fix(flags(layout, attention_dp=True, dp=tp))
    if layout.dp and layout.tp:
        settings = flags(layout, tp=1, dp=tp * dp, ep=tp * dp)
        if ctx is not None:
            import toplint.outcome.judge  # loaded by a run that places (not at start-up)

            new = toplint.outcome.judge.changed(ctx.deployment, 1, None, tp * dp, ep_on=True)
            backend = backend_for_new_ep(new, ctx.cluster, ctx.model, ctx.workload)
            settings += [backend] if backend is not None else []
        return settings_fix(settings)
    return layout.config_note or None


RULE = Rule(
    code="TL208",
    name="mla-without-data-parallel-attention",
    summary="An MLA model is served with attention TP > 1: its KV cache is replicated per rank.",
    severity=Severity.INFO,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
)
