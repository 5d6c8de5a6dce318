"""The context an engine derives from a checkpoint's config.json (its default ``--max-model-len``
and the longest it accepts).

vLLM's ``_get_and_verify_max_len`` (vllm-project/vllm@0004438383 vllm/config.py) takes the
smallest of the config's length keys (``max_position_embeddings``, ``n_positions``, Qwen-1's
``seq_length`` ...), then,
when the config has ``rope_scaling`` whose type is not one that already states the scaled length
(``su``, ``longrope``, ``llama3``), multiplies it by the scaling ``factor`` (1.0 when absent, as
for ``default``/``mrope``); for ``yarn`` the base is ``original_max_position_embeddings``.  The
type is read from ``rope_type``, or ``type`` in older configs (transformers renames it on load:
vLLM's ``patch_rope_scaling``).  So deepseek-coder-33b (16384 positions, linear scaling by 4)
is served at 65536 tokens by default, and a ``--max-model-len`` above the derived length is
refused (rule TL216).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.infra.numbers import whole

# the config.json keys vLLM takes the smallest of (``possible_keys``: OPT, GPT-2, MPT, ChatGLM2
# and Qwen-1's ``seq_length``, Whisper, others).  ``model_max_length`` (Command-R) is left out:
# vLLM also lets a --max-model-len up to it through, so it never lowers what toplint accepts.
_LENGTH_KEYS = (
    "max_position_embeddings",
    "n_positions",
    "max_seq_len",
    "seq_length",
    "max_target_positions",
    "max_sequence_length",
    "max_seq_length",
    "seq_len",
)
# rope types whose max_position_embeddings is already the scaled length (vLLM: not multiplied)
_UNSCALED = frozenset({"su", "longrope", "llama3"})


def max_context(cfg: Mapping[str, Any]) -> int:
    """The context vLLM derives from ``cfg`` (0: the config states no length)."""
    lengths = (whole(cfg.get(key), 1, 1 << 40) for key in _LENGTH_KEYS)
    base = min((n for n in lengths if n is not None), default=0)
    rope = cfg.get("rope_scaling")
    if base <= 0 or not isinstance(rope, Mapping):
        return base
    kind = str(rope.get("rope_type", rope.get("type", "")))
    factor = rope.get("factor", 1.0)
    if kind in _UNSCALED or isinstance(factor, bool) or not isinstance(factor, (int, float)):
        return base
    if not 0 < factor <= 1 << 10:  # nan, inf and nonsense are not a scaling
        return base
    if kind == "yarn":
        original = whole(rope.get("original_max_position_embeddings"), 1, 1 << 40)
        base = original or base
    return min(int(base * factor), 1 << 40)


# The keys a rope-scaling dictionary is under: transformers v4's ``rope_scaling``, v5's
# ``rope_parameters`` (vLLM reads either; a multimodal config's text model under
# ``text_config``).
_ROPE_KEYS = ("rope_scaling", "rope_parameters")


def overridden_context(derived: int, overrides: Mapping[str, Any]) -> int:
    """The context vLLM derives once ``overrides`` (``--hf-overrides``, as JSON) are laid over
    a config.json whose own derived context is ``derived``: a ``max_position_embeddings`` it
    gives, scaled by the rope scaling it gives (YaRN scales its
    ``original_max_position_embeddings``).  Overrides naming neither leave ``derived``."""
    for scope in (overrides, overrides.get("text_config")):
        if not isinstance(scope, Mapping):
            continue
        rope = next((scope[k] for k in _ROPE_KEYS if isinstance(scope.get(k), Mapping)), None)
        positions = whole(scope.get("max_position_embeddings"), 1, 1 << 40)
        if rope is None and positions is None:
            continue
        cfg: dict[str, Any] = {"max_position_embeddings": positions or derived}
        if rope is not None:
            cfg["rope_scaling"] = rope
        return max_context(cfg)
    return derived


def with_overrides(derived: int, options: Mapping[str, Any]) -> int | None:
    """The context vLLM derives from a config.json whose own is ``derived`` once the
    deployment's ``--hf-overrides`` (or the older ``--rope-scaling``, the rope dictionary
    itself) are laid over it; None when they cannot be read (what they derive is not known)."""
    for key, wrap in (("hf_overrides", False), ("rope_scaling", True)):
        text = options.get(key)
        if text is None:
            continue
        import json  # only a deployment that overrides the config reads JSON

        try:
            value = json.loads(str(text).strip().strip("'"))
        except ValueError:
            return None
        if not isinstance(value, Mapping):
            return None
        derived = overridden_context(derived, {"rope_scaling": value} if wrap else value)
    return derived
