"""TL203 kv-heads-replicated."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.catalog_types import ModelSpec
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
Fewer tokens fit, so fewer sequences run concurrently.  In a hybrid stack (Qwen3-Next's
Gated DeltaNet layers beside 12 of its 48 layers of attention, Nemotron-H's Mamba-2 layers) only
the attention layers keep a KV cache per token; the recurrent layers keep one state per
sequence (`toplint.outcome.states`), which the copies are not part of, so the finding counts
them as a share of the attention layers' cache.

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


def _cache(model: ModelSpec) -> str:
    """What holds the replicated heads: every layer's KV cache, or in a hybrid stack (Gated
    DeltaNet, Mamba-2 beside attention) only its attention layers'."""
    if not model.state_layers:
        return "the KV cache"
    layers = model.attention_layers or model.num_layers - model.state_layers
    return f"the KV cache of its {layers} attention layers"


def _state_note(model: ModelSpec) -> str:
    """A hybrid stack's recurrent layers keep one state per sequence, not a KV cache per token:
    the copies are a share of the attention layers' cache only."""
    if not model.state_layers:
        return ""
    return f"; its {model.state_layers} recurrent layers' per-sequence state is not counted"


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
        f"{_cache(model)} is stored {copies:g} times "
        f"({wasted:.0%} of {'it' if model.state_layers else 'KV memory'} holds copies"
        f"{_state_note(model)})",
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
