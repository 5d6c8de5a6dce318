"""The attention of a Hugging Face ``config.json``: parameters per layer, head size, KV heads
and KV bytes per token (cost-model.md §5.2), for GQA/MHA, multi-query, MLA and compressed
attention, counting only the layers whose KV grows with the context.  Read by
``toplint.hardware.hfconfig``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict

from toplint.hardware.hfkda import kda_attention, kda_state
from toplint.hardware.hflinear import (
    gated_delta_attention,
    gated_delta_ba_width,
    gated_delta_state,
    layer_kinds,
    lightning_attention,
    lightning_kinds,
    lightning_state,
)
from toplint.hardware.hfquant import field_first as _first
from toplint.hardware.hfquant import field_int as _int
from toplint.hardware.hfquant import lists_left_out, names_left_out
from toplint.record import record

# The ``layer_types`` words transformers' configs write for attention layers: only
# ``full_attention`` keeps a KV cache that grows with the context; a sliding-window, chunked
# local (Llama 4: transformers Llama4TextConfig, "chunked_attention" if no_rope else
# "full_attention") or Gated DeltaNet layer keeps a fixed one.  Any other word (LFM2's "conv";
# GraniteMoeHybrid's "mamba" and "attention" outside a granitemoehybrid config, which
# ``toplint.hardware.hfgranite`` reads) names a layer this reader does not model.
_LAYER_TYPES = frozenset(
    {"full_attention", "sliding_attention", "chunked_attention", "linear_attention"}
)


def _full_attention_layers(cfg: Mapping[str, Any], layers: int) -> int:
    """Layers whose KV grows with the context (sliding-window layers keep a fixed window; a
    Llama 3.2 Vision cross-attention layer, listed in ``cross_attention_layers``, attends to the
    image's tokens only: transformers models/mllama MllamaCrossAttentionDecoderLayer)."""
    cross = cfg.get("cross_attention_layers")
    if isinstance(cross, list) and cross:
        return layers - len(cross)
    linear = cfg.get("linear_attn_config")
    kda = linear.get("kda_layers") if isinstance(linear, Mapping) else None
    if isinstance(kda, list) and kda:
        # Kimi Linear / Kimi-K3: the layers listed in linear_attn_config.kda_layers (1-based)
        # are Kimi Delta Attention, whose recurrent state is fixed per sequence; the others
        # are MLA, whose latent KV grows with the context (vllm-project/vllm@6b06599
        # vllm/transformers_utils/configs/kimi_linear.py KimiLinearConfig.is_kda_layer:
        # `(layer_idx + 1) in self.linear_attn_config["kda_layers"]`)
        return layers - len({n for n in kda if isinstance(n, int) and 1 <= n <= layers})
    lightning = lightning_kinds(cfg, layers)
    if lightning is not None:  # MiniMax: only the softmax layers (1) keep a KV cache
        return lightning.count(1)
    kinds = layer_kinds(cfg, layers)
    if kinds is not None:
        unknown = sorted({str(k) for k in kinds} - _LAYER_TYPES)
        if unknown:  # a Mamba or convolution layer would be read as keeping no KV and no state
            raise ValueError(f"layer_types names layer kinds this reader does not know: {unknown}")
        return sum(1 for k in kinds if k == "full_attention")
    pattern = cfg.get("sliding_window_pattern")
    if cfg.get("sliding_window") and isinstance(pattern, int) and pattern > 1:
        return layers // pattern  # every pattern-th layer is global (Gemma-2/3, gpt-oss)
    return layers


def window_of(cfg: Mapping[str, Any], layers: int) -> tuple[int, int]:
    """The layers ``_full_attention_layers`` leaves out because their KV holds a window of the
    context, and that window in tokens: ``layer_types``' "sliding_attention" layers with
    config.json's ``sliding_window``, its "chunked_attention" layers (Llama 4) with
    ``attention_chunk_size``, or a ``sliding_window_pattern``'s local layers; (0, 0) where the
    config says no such layers, or no window for them (then nothing is priced for them, as
    before).  A stack mixing both kinds is one vLLM refuses ("Model with both sliding window
    layers and chunked local attention layers is not supported": vllm-project/vllm@001cabc1
    vllm/v1/kv_cache_interface.py ``FullAttentionSpec.merge``): (0, 0).  DeepSeek-V4's
    128-token SWA cache (``_compressed_kv_bytes``) is not read here."""
    if cfg.get("cross_attention_layers") or cfg.get("compress_ratios"):
        return 0, 0
    kinds = layer_kinds(cfg, layers)
    if kinds is not None:
        sliding = sum(1 for k in kinds[:layers] if k == "sliding_attention")
        chunked = sum(1 for k in kinds[:layers] if k == "chunked_attention")
        if sliding and chunked:
            return 0, 0
        window = _int(cfg.get("sliding_window") or 0) if sliding else 0
        if chunked:
            window = _int(cfg.get("attention_chunk_size") or 0)
        return (sliding + chunked, window) if window > 0 else (0, 0)
    pattern = cfg.get("sliding_window_pattern")
    window = _int(cfg.get("sliding_window") or 0)
    if window > 0 and isinstance(pattern, int) and pattern > 1:
        return layers - layers // pattern, window
    return 0, 0


def chunked_of(cfg: Mapping[str, Any], layers: int) -> bool:
    """Whether the layers ``window_of`` counts are Llama 4's chunked local ones."""
    kinds = layer_kinds(cfg, layers)
    chunked = kinds is not None and "chunked_attention" in kinds[:layers]
    return chunked and window_of(cfg, layers)[0] > 0


def _compressed_kv_bytes(cfg: Mapping[str, Any], ratios: list[Any], head_dim: int) -> int:
    """KV bytes per token of DeepSeek-V4's compressed attention, in the 16-bit terms the
    field is kept in (``kv_per_token`` halves it for an FP8 cache).

    vLLM (vllm-project/vllm@0a291a2e vllm/model_executor/layers/deepseek_v4_attention.py): a
    layer whose ``compress_ratios`` entry r is above 1 keeps one latent entry of ``head_dim``
    per r tokens (FP8 NoPE, 16-bit RoPE: 584 bytes for 512), and a layer with r = 4 an
    indexer entry per 4 tokens too (``index_head_dim`` FP8 and 4 bytes of scale per 128:
    132 bytes, FP8 whatever the KV dtype); a layer with r of 0 or 1 keeps only its
    sliding window (``DeepseekV4SWACache``, 128 tokens, fixed per sequence, not counted)."""
    index = _int(cfg.get("index_head_dim") or 0)
    index_fp8 = index + index // 128 * 4 if index else 0
    per_token = 0.0
    for ratio in ratios:
        r = ratio if isinstance(ratio, int) else 0
        if r > 1:
            per_token += head_dim * 2 / r
            if r == 4:
                per_token += 2 * index_fp8 / r  # kept FP8: twice, so that halving gives it
    return round(per_token)


if TYPE_CHECKING:  # for mypy only: making a TypedDict class at import costs ~10M instructions

    class PerSequence(TypedDict):
        """What a sequence keeps besides its growing KV, as ``ModelSpec`` names the fields."""

        state_layers: int
        state_bytes: int
        window_layers: int
        window_tokens: int
        window_chunked: bool


@record
class Attention:
    params_per_layer: int
    head_dim: int
    kv_bytes_per_token: int  # all layers, bf16
    kv_lora_rank: int = 0
    qk_rope_head_dim: int = 0
    # layers that keep a fixed recurrent state per sequence, and its bytes in each (all heads;
    # ``toplint.hardware.hflinear.gated_delta_state``)
    state_layers: int = 0
    state_bytes: int = 0
    # a Gated DeltaNet stack's quantized ``in_proj_ba`` width (``ModelSpec.linear_ba_width``) and
    # whether the quantization lists the layers it keeps (``ModelSpec.linear_ba_listed``)
    ba_width: int = 0
    ba_listed: bool = False
    # layers whose KV holds a window of the context, and the window (``window_of``)
    window_layers: int = 0
    window_tokens: int = 0
    window_chunked: bool = False  # the window layers are chunked local ones (``chunked_of``)

    def per_sequence(self) -> PerSequence:
        """The ``ModelSpec`` fields of what a sequence keeps besides its growing KV."""
        return {
            "state_layers": self.state_layers,
            "state_bytes": self.state_bytes,
            "window_layers": self.window_layers,
            "window_tokens": self.window_tokens,
            "window_chunked": self.window_chunked,
        }


# Multi-query models keep one KV head whatever their head counts say, and the config class's
# default decides when the config.json is silent: transformers 4.46.3 FalconConfig and
# GPTBigCodeConfig(multi_query=True); Falcon-7B's RW code RWConfig(multi_query=False),
# tenstorrent/tt-buda@97caab7903 pybuda/test/falcon/models/falcon7b/configuration_RW.py.
_MULTI_QUERY = {"falcon": True, "gpt_bigcode": True, "RefinedWebModel": False}


def kv_heads_of(cfg: Mapping[str, Any], heads: int) -> int:
    """KV heads: the config's count, else one per head; one for a multi-query model
    (transformers 4.46.3 models/falcon/modeling_falcon.py FalconAttention: ``num_kv_heads if
    (new_decoder_architecture or not multi_query) else 1``; models/gpt_bigcode GPTBigCodeAttention:
    ``1 if multi_query else num_heads``; Falcon-7B's RW code,
    tt-buda@97caab7903 pybuda/test/falcon/models/falcon7b/modelling_RW_original.py:
    ``n_head if not multi_query else 1``).  Falcon-40B's RW config ("RefinedWeb") names its KV
    heads ``n_head_kv`` and has no multi-query switch."""
    default = _MULTI_QUERY.get(str(cfg.get("model_type")))
    multi_query = default is not None and cfg.get("multi_query", default)
    if multi_query and not cfg.get("new_decoder_architecture"):
        return 1
    return _int(_first(cfg, "num_key_value_heads", "num_kv_heads", "n_head_kv", default=heads))


def attention_of(cfg: Mapping[str, Any], hidden: int, layers: int, heads: int) -> Attention:
    kv_heads = kv_heads_of(cfg, heads)
    kv_lora = _int(cfg.get("kv_lora_rank") or 0)
    if not kv_lora:  # GQA/MHA: q and o are heads x head_dim, k and v kv_heads x head_dim
        head_dim = _int(cfg.get("head_dim") or cfg.get("d_kv") or hidden // heads)
        params = 2 * hidden * heads * head_dim + 2 * hidden * kv_heads * head_dim
        # Step3's query passes a share_q_dim bottleneck: hidden -> share_q_dim (in qkv_proj),
        # then wq share_q_dim -> heads x head_dim (vllm-project/vllm@0169d396
        # vllm/model_executor/models/step3_text.py Step3TextAttention)
        if q_rank := _int(cfg.get("share_q_dim") or 0):
            params += (hidden + heads * head_dim) * q_rank - hidden * heads * head_dim
        mixed = gated_delta_attention(cfg, hidden, layers, params, hidden * heads * head_dim)
        if mixed is None:
            mixed = lightning_attention(cfg, hidden, layers, params, heads * head_dim)
        params = params if mixed is None else mixed
        kv_bytes = _full_attention_layers(cfg, layers) * 2 * kv_heads * head_dim * 2
        ratios = cfg.get("compress_ratios")
        if isinstance(ratios, list) and ratios:
            kv_bytes = _compressed_kv_bytes(cfg, ratios[:layers], head_dim)
        state_layers, state_bytes = gated_delta_state(cfg, layers)
        if not state_layers:
            state_layers, state_bytes = lightning_state(cfg, layers, heads * head_dim, head_dim)
        ba = gated_delta_ba_width(cfg, layers)
        if names_left_out(cfg, ("in_proj_a", "in_proj_b", "linear_attn")):
            ba = 0  # the gates are kept in 16 bits: no weight-only kernel repacks them
        window_layers, window = window_of(cfg, layers)
        return Attention(
            params,
            head_dim,
            kv_bytes,
            state_layers=state_layers,
            state_bytes=state_bytes,
            ba_width=ba,
            ba_listed=lists_left_out(cfg),
            window_layers=window_layers,
            window_tokens=window,
            window_chunked=chunked_of(cfg, layers),
        )
    # MLA (DeepSeek-V2/V3, Kimi-K2): low-rank q (optional) and a shared KV latent + rope key.
    rope = _int(cfg.get("qk_rope_head_dim") or 0)
    nope, v_dim = _int(cfg.get("qk_nope_head_dim") or 128), _int(cfg.get("v_head_dim") or 128)
    head_dim = nope + rope
    q_lora = _int(cfg.get("q_lora_rank") or 0)
    q = hidden * q_lora + q_lora * heads * head_dim if q_lora else hidden * heads * head_dim
    params = q + hidden * (kv_lora + rope) + kv_lora * heads * (nope + v_dim)
    params += heads * v_dim * hidden
    # cost-model.md §5.2: 61*(512+64)*2 = 70,272; only the layers that keep a KV cache
    kv_bytes = _full_attention_layers(cfg, layers) * (kv_lora + rope) * 2
    mixed = kda_attention(cfg, hidden, layers, params)  # Kimi Linear's KDA layers: hfkda
    state_layers, state_bytes = kda_state(cfg, layers)
    return Attention(
        params if mixed is None else mixed,
        head_dim,
        kv_bytes,
        kv_lora,
        rope,
        state_layers=state_layers,
        state_bytes=state_bytes,
    )


def fused_qkv_tp(cfg: Mapping[str, Any], kv_heads: int) -> int:
    """The TP a fused ``qkv_proj`` is pre-sharded for (``ModelSpec.fused_qkv_tp``; 0: none): the KV
    heads where config.json says ``attention_projection_layout: fused_qkv`` (sglang#27668)."""
    return kv_heads if cfg.get("attention_projection_layout") == "fused_qkv" else 0
