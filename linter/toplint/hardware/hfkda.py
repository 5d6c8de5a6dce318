"""Kimi Delta Attention (KDA) layers beside MLA ones, as vLLM builds them: Kimi Linear
(``model_type`` ``kimi_linear``) and Kimi-K3's language model, whose config.json
``linear_attn_config`` lists the KDA layers (``kda_layers``, 1-based) and their widths
(``num_heads``, ``head_dim``, ``short_conv_kernel_size``).  Read by
``toplint.hardware.hfattention``: the KDA layers keep no KV cache that grows with the context
(``KimiLinearConfig.is_kda_layer``) but a fixed recurrent state per sequence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.infra.numbers import whole
from toplint.record import record

__all__ = ["Kda", "kda_attention", "kda_of", "kda_state"]


@record
class Kda:
    layers: int  # KDA layers of the stack
    heads: int  # linear_attn_config.num_heads
    head_dim: int  # linear_attn_config.head_dim
    taps: int  # linear_attn_config.short_conv_kernel_size


def kda_of(cfg: Mapping[str, Any], layers: int) -> Kda | None:
    """The stack's KDA layers and widths; None when ``linear_attn_config`` lists no KDA layer
    or lacks a width vLLM reads without a default (``kda_config["head_dim"]``, ``["num_heads"]``,
    ``["short_conv_kernel_size"]``, vllm-project/vllm@1d03ed8f
    vllm/model_executor/layers/kda.py ``KimiDeltaAttention.__init__``)."""
    linear = cfg.get("linear_attn_config")
    kda = linear.get("kda_layers") if isinstance(linear, Mapping) else None
    if not isinstance(linear, Mapping) or not isinstance(kda, list) or not kda:
        return None
    count = len({n for n in kda if isinstance(n, int) and 1 <= n <= layers})
    widths = [whole(linear.get(k), 1, 1 << 16) for k in ("num_heads", "head_dim")]
    taps = whole(linear.get("short_conv_kernel_size"), 1, 1 << 10)
    heads, head_dim = widths
    if not count or heads is None or head_dim is None or taps is None:
        return None
    return Kda(layers=count, heads=heads, head_dim=head_dim, taps=taps)


def kda_attention(cfg: Mapping[str, Any], hidden: int, layers: int, mla: int) -> int | None:
    """Attention parameters per layer, averaged over the stack, where ``mla`` is an MLA
    layer's; None for a stack without KDA layers.

    A KDA layer (vllm-project/vllm@1d03ed8f vllm/model_executor/layers/kda.py
    ``KimiDeltaAttention``), P = num_heads x head_dim: ``q_proj``, ``k_proj``, ``v_proj``
    hidden -> P and ``o_proj`` P -> hidden; the decay gate ``f_a_proj`` hidden -> head_dim and
    ``f_b_proj`` head_dim -> P, and the output gate ``g_a_proj`` / ``g_b_proj`` alike;
    ``b_proj`` hidden -> num_heads; three depthwise convolutions of
    ``short_conv_kernel_size`` taps over P channels; ``dt_bias`` (P), ``A_log`` (num_heads) and
    ``o_norm`` (head_dim).  Kimi-K3's ``use_full_rank_gate`` output gate is not built by that
    file and is counted as the low-rank pair."""
    kda = kda_of(cfg, layers)
    if kda is None:
        return None
    width = kda.heads * kda.head_dim
    layer = 4 * hidden * width + 2 * (hidden * kda.head_dim + kda.head_dim * width)
    layer += hidden * kda.heads + 3 * kda.taps * width + width + kda.heads + kda.head_dim
    return round((kda.layers * layer + (layers - kda.layers) * mla) / max(layers, 1))


def kda_state(cfg: Mapping[str, Any], layers: int) -> tuple[int, int]:
    """The KDA layers of the stack and the bytes one sequence's state takes in each, all heads;
    (0, 0) for a stack without them.

    vLLM keeps four tensors per KDA layer per sequence (vllm-project/vllm@2afe1e85
    vllm/model_executor/layers/mamba/mamba_utils.py ``kda_state_shape``, ``kda_state_dtype``):
    the q, k and v convolutions' last ``short_conv_kernel_size - 1`` inputs over P = num_heads x
    head_dim channels each, in the cache's dtype (the model's 16 bits unless
    ``--mamba-cache-dtype`` says otherwise), and the recurrent state, num_heads x head_dim x
    head_dim, always float32: 2,170,880 bytes a layer at Kimi Linear's 32 heads of 128."""
    kda = kda_of(cfg, layers)
    if kda is None:
        return 0, 0
    width = kda.heads * kda.head_dim
    conv = 3 * (kda.taps - 1) * width * 2
    return kda.layers, conv + kda.heads * kda.head_dim * kda.head_dim * 4
