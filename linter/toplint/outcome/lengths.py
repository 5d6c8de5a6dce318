"""Context lengths as an engine reads them from its options (``--max-model-len 32k``)."""

from __future__ import annotations

from toplint.infra.patterns import lazy

__all__ = ["AUTO_CONTEXT", "context_length"]

# vLLM reads a context length with ``human_readable_int``: a lower-case suffix is decimal
# ("25.6k" = 25,600), an upper-case one binary and whole ("32K" = 32,768)
# (vllm-project/vllm@f71952c1c vllm/engine/arg_utils.py, 0.11.0); from 0.14.0 "-1" or "auto"
# asks it to fit the longest context the KV cache holds (``_auto_fit_max_model_len``,
# vllm-project/vllm@b17039bcc vllm/v1/core/kv_cache_utils.py), so no length is refused.
_SUFFIX = {"k": 10**3, "m": 10**6, "g": 10**9, "t": 10**12}
_BINARY = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
AUTO_CONTEXT = -1
_LENGTH = lazy(r"([0-9]+(?:\.[0-9]+)?)([kKmMgGtT]?)")


def context_length(value: object) -> int | None:
    """A context length as written (``--max-model-len 32k``), in tokens; ``AUTO_CONTEXT`` for
    "auto" or -1; None when it is not one."""
    text = str(value).strip().strip("'\"")
    if text.lower() == "auto" or text == "-1":
        return AUTO_CONTEXT
    found = _LENGTH.fullmatch(text) if len(text) <= 20 else None
    if found is None:
        return None
    number, suffix = found.groups()
    if suffix in _BINARY:
        return int(number) * _BINARY[suffix] if number.isdigit() else None
    if suffix:
        return int(float(number) * _SUFFIX[suffix])
    return int(number) if number.isdigit() else None
