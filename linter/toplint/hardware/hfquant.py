"""Quantization groups, method and dtype of a Hugging Face config.json's
``quantization_config`` (and dtype): the checkpoint as an engine serves it (cost-model.md §5.1,
§5.3), and the two field readers every config.json reader shares.  Read by
``toplint.hardware.hfconfig``; the bytes per weight are ``toplint.hardware.hfweights``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.infra.numbers import whole
from toplint.record import record

__all__ = [
    "MARGIN_SCALES",
    "SCALES_IN_WIDTH",
    "Shares",
    "dtype_of",
    "field_first",
    "field_int",
    "quant_group_of",
]

# quant_method values whose width ``hfweights.weight_bytes_of`` gives with the scales counted: their
# config.json says each format's group (``config_groups``; ModelOpt's NVFP4 group size).  For
# any other sub-byte width (AWQ/GPTQ, a re-release's name) ``toplint.outcome.memory`` adds a
# 16-bit scale per group.  gpt-oss's and DeepSeek-V4's MXFP4 widths count their E8M0 scales
# and still get it: with it, gpt-oss-120b on one H100 reads as vLLM ran it in
# vllm-project/vllm#27508 (1.71 GiB left for a KV cache that needed 4.54: tests/incidents
# vllm-27508), without it as fitting; what vLLM holds beyond the checkpoint there is not
# modelled, so the margin is kept.
SCALES_IN_WIDTH = frozenset({"compressed-tensors", "modelopt"})
# Of those other widths, the ones that already count their scales (MXFP4: 4.25 bits a weight,
# an E8M0 scale per 32, ``hfweights``): the scale the memory model adds is the margin above, not
# bytes of the checkpoint, so what a decode step reads (``toplint.hardware.weightbytes``) has none.
MARGIN_SCALES = frozenset({"mxfp4"})

# config.json spellings of the 16/32-bit dtypes (transformers writes torch dtype names; newer
# releases write ``dtype`` instead of ``torch_dtype``)
_DTYPES = {
    "bfloat16": "bfloat16",
    "bf16": "bfloat16",
    "float16": "float16",
    "fp16": "float16",
    "half": "float16",
    "float32": "float32",
    "fp32": "float32",
    "float": "float32",
}


def field_int(value: Any) -> int:
    """A whole number of a config.json field: an integer, or a float holding one, of at most
    2^63 (``int()`` took 1e400 as an OverflowError, "１２" as 12 and 2.7 as 2); ValueError
    naming the value otherwise."""
    number = whole(value, -(1 << 63), 1 << 63)
    if number is None:
        shown = repr(value) if len(repr(value)) <= 24 else repr(value)[:20] + "…"
        raise ValueError(f"{shown} is not a whole number")
    return number


def field_first(cfg: Mapping[str, Any], *names: str, default: Any = None) -> Any:
    for name in names:
        value = cfg.get(name)
        if value is not None:
            return value
    return default


@record
class Shares:
    """How a model's parameters outside its embedding and LM head split between attention
    (linear-attention and Mamba mixers too), routed experts and the rest (dense MLPs, shared
    experts, routers), as fractions of those parameters: what a checkpoint that quantizes each
    kind of layer at its own width weighs (``hfweights.weight_bytes_of``)."""

    attention: float = 0.0
    experts: float = 0.0
    shared: float = 0.0  # of ``rest``: the shared experts (the remainder dense MLPs and routers)

    @property
    def rest(self) -> float:
        return max(0.0, 1.0 - self.attention - self.experts)


# GPTQ's and AWQ's quant_method values, as written and as vLLM's Marlin variants name them
_GPTQ_AWQ = frozenset({"awq", "gptq", "awq_marlin", "gptq_marlin"})


def quant_group_of(cfg: Mapping[str, Any]) -> int:
    """Group size of an AWQ/GPTQ checkpoint (``quantization_config.group_size``, AutoAWQ's
    ``q_group_size``) or of a compressed-tensors integer group (its ``config_groups`` weights'
    ``group_size``: Kimi-K2.5's INT4 per 32, one 16-bit scale each, vLLM's
    CompressedTensorsWNA16 ``weight_scale`` in ``params_dtype``); 0 for anything else or
    per-channel (-1)."""
    quant = cfg.get("quantization_config")
    if not isinstance(quant, Mapping):
        return 0
    if str(quant.get("quant_method", "")).lower() == "compressed-tensors":
        sizes = {
            w.get("group_size")
            for g in (quant.get("config_groups") or {}).values()
            if isinstance(g, Mapping) and isinstance(w := g.get("weights"), Mapping)
            and str(w.get("type", "")).lower() == "int"
        }  # fmt: skip
        (size,) = sizes if len(sizes) == 1 else (0,)
        return size if isinstance(size, int) and not isinstance(size, bool) and size > 0 else 0
    if str(quant.get("quant_method", "")).lower() not in _GPTQ_AWQ:
        return 0
    group = field_first(quant, "group_size", "q_group_size", default=0)
    return int(group) if isinstance(group, int) and group > 0 else 0


# quant_method values of weight-only integer checkpoints (GPTQ, AWQ, and AutoRound, which packs as
# either: vllm-project/vllm@04aa528e vllm/model_executor/layers/quantization/auto_round.py)
WEIGHT_ONLY_INT = _GPTQ_AWQ | {"auto-round", "auto_round"}

# The quantization_config fields that name layers a checkpoint leaves out of its quantization (or
# quantizes at other bits): AutoRound's per-layer ``extra_config`` (vllm-project/vllm@04aa528e
# vllm/model_executor/layers/quantization/auto_round.py ``get_layer_config``), GPTQModel's
# ``dynamic`` patterns, compressed-tensors' ``ignore`` and ``modules_to_not_convert``.
_LEFT_OUT = ("extra_config", "dynamic", "ignore", "modules_to_not_convert")


def names_left_out(cfg: Mapping[str, Any], parts: tuple[str, ...]) -> bool:
    """Whether the checkpoint's quantization names a layer containing any of ``parts`` among
    those it leaves out or quantizes otherwise: read as left out (a check of the quantized
    layer's shape then stays silent rather than guess)."""
    quant = cfg.get("quantization_config")
    if not isinstance(quant, Mapping):
        return False
    named = str([quant.get(key) for key in _LEFT_OUT])
    return any(part in named for part in parts)


def lists_left_out(cfg: Mapping[str, Any]) -> bool:
    """Whether the checkpoint's quantization carries a list of the layers it leaves out (any
    ``_LEFT_OUT`` field): a layer it does not name there is then quantized for certain."""
    quant = cfg.get("quantization_config")
    return isinstance(quant, Mapping) and any(quant.get(key) for key in _LEFT_OUT)


def quant_method_of(cfg: Mapping[str, Any]) -> str:
    """The checkpoint's ``quantization_config.quant_method``, lower-cased; "" when it has none."""
    quant = cfg.get("quantization_config")
    method = quant.get("quant_method") if isinstance(quant, Mapping) else None
    return method.strip().lower() if isinstance(method, str) else ""


def dtype_of(cfg: Mapping[str, Any]) -> str:
    """The checkpoint's own dtype (``torch_dtype``, or ``dtype`` as newer transformers write it),
    normalised to "bfloat16", "float16" or "float32"; "" when the config does not say.  An engine
    serving ``--dtype auto`` starts from it (vLLM ``ModelConfig`` ``config_dtype``)."""
    value = str(field_first(cfg, "torch_dtype", "dtype", default="")).lower()
    return _DTYPES.get(value.removeprefix("torch."), "")
