"""Which kind of layer a module name of a Hugging Face checkpoint names, as a quantization_config
names it (``config_groups`` targets, ``ignore`` entries): what ``toplint.hardware.hfweights``
weighs a checkpoint that quantizes each kind of layer at its own width by."""

from __future__ import annotations

__all__ = ["ignored_kind", "layer_kind"]


# Words of a layer's name that say which kind of layer it is (Hugging Face module names:
# ``model.layers.3.self_attn.q_proj``, ``model.language_model.layers.0.linear_attn.out_proj``,
# ``backbone.layers.0.mixer.in_proj``, ``model.layers.5.mlp.experts``), the first match deciding.
_KIND_WORDS = (
    ("shared_expert", "rest"),
    ("experts", "experts"),
    ("attn", "attention"),
    ("attention", "attention"),
    ("mixer", "attention"),
    ("mlp", "rest"),
    ("ffn", "rest"),
    ("feed_forward", "rest"),
)


def layer_kind(name: str) -> str | None:
    """The kind of layer a ``config_groups`` target names ("attention", "experts", "rest",
    "tables" for the embedding and LM head), or None for a target that names no layer (a
    class such as ``Linear``, a ``re:`` pattern, a name of no known kind)."""
    if not isinstance(name, str) or name.startswith("re:") or ("." not in name and "_" not in name):
        return None
    parts = name.lower().split(".")
    if parts[-1] in ("lm_head", "embed_tokens", "wte", "word_embeddings"):
        return "tables"
    for word, kind in _KIND_WORDS:
        if any(word in p for p in parts):
            return kind
    return None


def ignored_kind(pattern: str) -> str | None:
    """The kind of layer a compressed-tensors ``ignore`` entry keeps unquantized ("attention",
    "experts", "shared", "dense", "tables"), by the words it names, as NVIDIA's aiconfigurator
    sorts them (ai-dynamo/aiconfigurator@095f58a5 aic-core/src/aiconfigurator_core/sdk/utils.py
    ``_categorize_ignore_pattern``: "shared_expert" before "expert"; "mlp" with "_proj" and
    no "expert" a dense MLP), a name of one numbered layer as its kind.  Only whole-kind words
    count: a pattern naming one projection (``re:.*q_a_proj$``) or a router
    (``re:.*mlp.gate$``) keeps a part too small to weigh, and its kind stays quantized."""
    p = pattern.lower()
    if "lm_head" in p or "embed_tokens" in p:
        return "tables"
    if "shared_expert" in p:
        return "shared"
    if "expert" in p:
        return "experts"
    if "attn" in p or "attention" in p:
        return "attention"
    if any(word in p for word in ("mlp", "feed_forward", "ffn")) and "_proj" in p:
        return "dense"
    return None
