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
