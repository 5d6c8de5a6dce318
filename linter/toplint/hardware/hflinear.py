"""Parameters of a linear-attention stack's layers, as vLLM builds them: a Gated DeltaNet stack
(Qwen3-Next, Qwen3.5, Qwen3.6), whose ``layer_types`` lists ``linear_attention`` layers between
gated full-attention ones, MiniMax's lightning attention (MiniMax-Text-01, MiniMax-M1),
whose ``attn_type_list`` marks each layer 0 (lightning) or 1 (softmax), and Kimi Delta
Attention beside MLA (Kimi Linear, Kimi-K3: ``toplint.hardware.hfkda``).  Read by
``toplint.hardware.hfattention``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.infra.numbers import whole

__all__ = [
    *("gated_delta_attention", "gated_delta_ba_width", "gated_delta_state", "layer_kinds"),
    *("lightning_attention", "lightning_kinds", "lightning_state"),
]

# The config.json fields of a Gated DeltaNet layer (transformers' Qwen3NextConfig/Qwen3_5Config).
_FIELDS = ("linear_num_key_heads", "linear_key_head_dim", "linear_num_value_heads")


def layer_kinds(cfg: Mapping[str, Any], layers: int) -> list[Any] | None:
    """Each layer's attention kind: config.json's ``layer_types``, or for a Gated DeltaNet
    config that writes none (Qwen3-Next's), every ``full_attention_interval``-th layer full
    and the rest linear, as transformers' Qwen3NextConfig fills it in (``"linear_attention" if
    bool((i + 1) % full_attention_interval) else "full_attention"``); None otherwise."""
    kinds = cfg.get("layer_types")
    if isinstance(kinds, list) and kinds:
        return kinds
    interval = whole(cfg.get("full_attention_interval"), 1, 1 << 16)
    if interval is None or cfg.get(_FIELDS[0]) is None or not 0 < layers <= 1 << 16:
        return None
    return ["linear_attention" if (i + 1) % interval else "full_attention" for i in range(layers)]


def gated_delta_ba_width(cfg: Mapping[str, Any], layers: int) -> int:
    """The output width of a Gated DeltaNet layer's ``in_proj_ba``: one column-parallel layer
    of ``output_sizes=[num_v_heads] * 2`` (the b and a gates; vllm-project/vllm@0218d050
    vllm/model_executor/layers/mamba/gdn_linear_attn.py), so 2 x ``linear_num_value_heads``;
    0 for a stack without Gated DeltaNet layers.  Each rank holds ``width / TP`` of it."""
    kinds = layer_kinds(cfg, layers)
    if kinds is None or "linear_attention" not in kinds:
        return 0
    return 2 * _dim(cfg, "linear_num_value_heads")


def gated_delta_attention(
    cfg: Mapping[str, Any], hidden: int, layers: int, full: int, q_params: int
) -> int | None:
    """Attention parameters per layer, averaged over the stack, of a model whose
    ``layer_types`` mixes ``linear_attention`` (Gated DeltaNet) and ``full_attention`` layers;
    ``full`` is a plain full-attention layer's and ``q_params`` its query projection's.  None
    for any other model.

    A Gated DeltaNet layer (vllm-project/vllm@0218d050 vllm/model_executor/layers/mamba/
    gdn_linear_attn.py): ``in_proj_qkvz`` hidden -> 2 x key_dim + 2 x value_dim, ``in_proj_ba``
    hidden -> 2 x num_v_heads, a depthwise ``conv1d`` of ``linear_conv_kernel_dim`` taps over
    2 x key_dim + value_dim channels, ``out_proj`` value_dim -> hidden, and ``A_log``,
    ``dt_bias`` and a gated norm of a few thousand more; key_dim = linear_num_key_heads x
    linear_key_head_dim, value_dim = linear_num_value_heads x linear_value_head_dim.  A full-
    attention layer's query projection is twice as wide when ``attn_output_gate`` (the gate
    beside the queries; vLLM's default for these models is on: qwen3_next.py
    ``Qwen3NextAttention`` ``total_num_heads * (1 + attn_output_gate)``)."""
    kinds = layer_kinds(cfg, layers)
    if kinds is None or "linear_attention" not in kinds:
        return None
    dims = [_dim(cfg, name) for name in _FIELDS]
    value_dim = _dim(cfg, "linear_value_head_dim") if "linear_value_head_dim" in cfg else dims[1]
    taps = _dim(cfg, "linear_conv_kernel_dim") if "linear_conv_kernel_dim" in cfg else 4
    if not all(dims) or not value_dim or not taps:
        return None
    key_heads, key_dim, value_heads = dims
    keys, values = key_heads * key_dim, value_heads * value_dim
    linear = hidden * (2 * keys + 2 * values) + hidden * 2 * value_heads
    linear += (2 * keys + values) * taps + values * hidden + 2 * value_heads + value_dim
    gated = full + (q_params if cfg.get("attn_output_gate", True) is True else 0)
    n_linear = sum(1 for k in kinds if k == "linear_attention")
    n_full = len(kinds) - n_linear
    return round((n_linear * linear + n_full * gated) / len(kinds))


def gated_delta_state(cfg: Mapping[str, Any], layers: int) -> tuple[int, int]:
    """The Gated DeltaNet layers of the stack and the bytes one sequence's recurrent state
    takes in each, all heads (a tensor-parallel rank keeps its heads' share); (0, 0) for a
    stack without them.

    vLLM keeps each layer's state per sequence (vllm-project/vllm@0218d050
    vllm/model_executor/layers/mamba/mamba_utils.py ``gated_delta_net_state_shape``): the
    convolution's last ``linear_conv_kernel_dim - 1`` inputs over its 2 x key_dim + value_dim
    channels, in the model's 16-bit dtype, and the recurrent state, value heads x key head
    dim x value head dim, in ``mamba_ssm_dtype`` - float32 in Qwen3-Next's and Qwen3.5's
    config.json, and float32 when none is written: 3,207,168 bytes a layer for Qwen3.6-27B,
    whose attention blocks vLLM then sizes to 784 tokens (LMCache/LMCache#5079)."""
    kinds = layer_kinds(cfg, layers)
    dims = [_dim(cfg, name) for name in _FIELDS]
    if kinds is None or "linear_attention" not in kinds or not all(dims):
        return 0, 0
    key_heads, key_dim, value_heads = dims
    value_dim = _dim(cfg, "linear_value_head_dim") if "linear_value_head_dim" in cfg else key_dim
    taps = _dim(cfg, "linear_conv_kernel_dim") if "linear_conv_kernel_dim" in cfg else 4
    if not value_dim or not taps:
        return 0, 0
    channels = 2 * key_heads * key_dim + value_heads * value_dim
    ssm = 2 if str(cfg.get("mamba_ssm_dtype", "float32")) in SIXTEEN_BITS else 4
    state = channels * (taps - 1) * 2 + value_heads * key_dim * value_dim * ssm
    return sum(1 for k in kinds if k == "linear_attention"), state


SIXTEEN_BITS = frozenset({"bfloat16", "float16", "half"})


def _dim(cfg: Mapping[str, Any], name: str) -> int:
    """A Gated DeltaNet width from config.json: a whole number from 1 to 65,536, else 0."""
    return whole(cfg.get(name), 1, 1 << 16) or 0


def lightning_kinds(cfg: Mapping[str, Any], layers: int) -> list[int] | None:
    """Each layer's attention in a MiniMax lightning-attention stack: config.json's
    ``attn_type_list``, 0 for a lightning (linear) layer and 1 for a softmax one, as vLLM reads
    it (vllm-project/vllm@98370df7 vllm/model_executor/models/minimax_text_01.py
    ``MiniMaxText01Model``: ``decoder_attention_types`` indexed by layer, 0 building
    ``MiniMaxText01LinearAttention`` and 1 ``MiniMaxText01Attention``); None for any other
    config.  ValueError for a list shorter than the stack or naming another kind."""
    kinds = cfg.get("attn_type_list")
    if not isinstance(kinds, list) or not kinds:
        return None
    if len(kinds) < layers or any(k not in (0, 1) or isinstance(k, bool) for k in kinds):
        raise ValueError("attn_type_list must give each layer 0 (lightning) or 1 (softmax)")
    return [int(k) for k in kinds[:layers]]


def lightning_attention(
    cfg: Mapping[str, Any], hidden: int, layers: int, full: int, width: int
) -> int | None:
    """Attention parameters per layer, averaged over a lightning-attention stack; ``full`` is a
    softmax layer's and ``width`` its heads x head_dim.  A lightning layer
    (vllm-project/vllm@d29a69a5 vllm/model_executor/layers/mamba/linear_attn.py
    ``MiniMaxText01LinearAttention``) projects hidden -> 3 x width (``qkv_proj``) and hidden ->
    width (``output_gate``), and width -> hidden (``out_proj``).  None for any other model."""
    kinds = lightning_kinds(cfg, layers)
    if kinds is None or 0 not in kinds:
        return None
    linear = kinds.count(0)
    return round((linear * 5 * hidden * width + (len(kinds) - linear) * full) / len(kinds))


def lightning_state(
    cfg: Mapping[str, Any], layers: int, width: int, head_dim: int
) -> tuple[int, int]:
    """The lightning layers of the stack and the bytes one sequence's state takes in each, all
    heads; (0, 0) for a stack without them.  vLLM keeps (heads / TP, head_dim, head_dim) per
    layer per sequence (vllm-project/vllm@d29a69a5 vllm/model_executor/layers/mamba/
    linear_attn.py ``get_state_shape``) in the model's dtype unless ``--mamba-cache-dtype`` sets
    another (``linear_attention_state_dtype``; float32 is refused): 16 bits here."""
    kinds = lightning_kinds(cfg, layers)
    if kinds is None or 0 not in kinds:
        return 0, 0
    return kinds.count(0), width * head_dim * 2
