"""How an engine splits a model's counts over the tensor-parallel ranks: what must divide.

Pure arithmetic on the engine's record and the checkpoint's config (no placement, memory or
precision model), so TL202 asks it on a deployment that is not placed without loading the
outcome model (``tests/perf/test_unplaced_imports.py``); ``toplint.outcome.starts`` and
``toplint.plan.enumerate`` ask the same functions.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.engines.release import Releases, holds
from toplint.engines.types import Engine
from toplint.infra.numbers import written_count
from toplint.model import Deployment

__all__ = ["kv_replication_release", "padded_vocab", "vision_heads"]


def kv_replication_release(model: ModelSpec, dep: Deployment, tp: int) -> tuple[str, bool] | None:
    """(the first release that replicates them, True when the deployment's image is older or
    False when its release is not known) when ``tp`` ranks hold ``model``'s KV heads only by
    replicating them and the engine's earlier releases divided them instead
    (``Engine.kv_heads_replicated_since``); None otherwise (an image of that release or later)."""
    engine = get_engine(dep.engine)
    since, kv = engine.kv_heads_replicated_since, model.num_kv_heads
    if not since or model.mla or kv < 1 or kv % tp == 0 or tp % kv:
        return None
    key, _, unless = engine.kv_heads_replicated_when.partition("!=")
    if key and str(dep.options.get(key, "")).strip("'\"").lower() == unless:
        return None
    found = holds(dep, Releases(until=since))  # the releases that divide them
    return (since, found.certain) if found.judged else None


def vision_heads(model: ModelSpec, dep: Deployment) -> int:
    """The vision encoder's heads the engine splits over the whole TP group
    (``Engine.vision_heads_split``); 0 when it has none, replicates it on every rank (vLLM
    ``--mm-encoder-tp-mode data``) or its split has not been read: 0 divides by every TP."""
    engine = get_engine(dep.engine)
    if not model.vision_heads or model.vision_kind not in engine.vision_heads_split:
        return 0
    key, _, replicated = engine.vision_replicated.partition("=")
    if key and str(dep.options.get(key, "")).strip("'\"").lower() == replicated:
        return 0
    return model.vision_heads


def padded_vocab(model: ModelSpec, engine: str) -> int:
    """The vocabulary as the engine pads it before splitting it over TP; 0 when the engine pads
    to the TP size itself (or its embedding has not been read) or the model has no vocabulary:
    0 divides by every TP size.

    Under SGLang's DP attention the input embedding is replicated and the LM head may run on
    the attention-TP group, so callers split it over the attention TP, the smaller of the two:
    a refusal is only claimed where every split the engine may use fails."""
    pad = get_engine(engine).vocab_padding
    if pad <= 0 or model.vocab_size <= 0:
        return 0
    return -(-model.vocab_size // pad) * pad


def redundant_experts(dep: Deployment) -> int:
    """The redundant experts the deployment adds to the routed ones (EPLB's
    ``num_redundant_experts``, SGLang's ``--ep-num-redundant-experts``, or vLLM's
    ``--eplb-config '{"num_redundant_experts": N}'``): the engine places routed + redundant
    experts over the EP ranks.  0 when none is written (or the count is not a count)."""
    for key in ("num_redundant_experts", "ep_num_redundant_experts"):
        if key in dep.options:
            return written_count(dep.options[key]) or 0
    raw = dep.options.get("eplb_config")
    if raw:
        import json  # only for an EPLB config, given as JSON

        try:
            value = json.loads(str(raw).strip("'"))
        except ValueError:
            return 0
        count = value.get("num_redundant_experts") if isinstance(value, dict) else None
        return written_count(count) or 0
    return 0


def expert_split(dep: Deployment, model: ModelSpec) -> tuple[int, int] | None:
    """(routed experts, redundant experts) when their total does not split evenly over the
    EP ranks (the engine refuses to start), else None."""
    ep = dep.ep or 1
    if not model.is_moe or ep < 2:
        return None
    experts, extra = model.num_experts, redundant_experts(dep)
    total = experts + extra
    return None if total % ep == 0 and ep <= total else (experts, extra)


def head_splits(dep: Deployment, model: ModelSpec) -> list[tuple[str, int, int]]:
    """(what, count, ranks) for each count the engine splits evenly over its ranks that does
    not divide (the engine refuses to start): "heads", "kv_heads" (over TP, or TP over them
    where the engine replicates them; none for MLA), "kda_heads", "vision_heads" (over all of
    TP) and "vocab" (padded), each over the attention-TP group unless said."""
    engine = get_engine(dep.engine)
    attention_tp, tp = engine.attention_tp(dep), max(dep.tp or 1, 1)
    out = [
        (what, count, over)
        for what, count, over in (
            ("heads", model.num_attention_heads, attention_tp),
            ("kda_heads", model.kda_heads, attention_tp),
            ("vision_heads", vision_heads(model, dep), tp),
            ("vocab", padded_vocab(model, dep.engine), attention_tp),
        )
        if count % over
    ]
    if not model.mla and not engine.kv_heads_split(model.num_kv_heads, attention_tp):
        out.insert(1, ("kv_heads", model.num_kv_heads, attention_tp))
    return out


def splits_evenly(model: ModelSpec, tp: int, engine: Engine, vocab: int, vision: int) -> bool:
    """Whether TP ``tp`` leaves no count of ``head_splits`` undivided when it is the
    attention-TP group too: heads, KDA heads, KV heads (``Engine.kv_heads_split``), the padded
    vocabulary ``vocab`` and the vision encoder's split heads ``vision`` (0: none)."""
    return (
        model.num_attention_heads % tp == 0
        and model.kda_heads % tp == 0
        and engine.kv_heads_split(model.num_kv_heads, tp)
        and vocab % tp == 0
        and vision % tp == 0
    )
