"""Hugging Face ``config.json`` fields to a ``ModelSpec``, with cost-model.md §5's formulas.

Reads the fields real configs use (Llama, Qwen2/3, Qwen-MoE, Mixtral, DeepSeek-V2/V3 MLA, Kimi-K2,
GLM-4.5, Llama-4 and Gemma-3 ``text_config``, gpt-oss, OPT/GPT-2, Falcon's MQA and RW, T5) and
computes parameter counts and KV bytes per token (``hfattention``'s); never executes anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.catalog_types import ModelSpec
from toplint.hardware.hfattention import attention_of, fused_qkv_tp, kv_heads_of
from toplint.hardware.hfcontext import max_context
from toplint.hardware.hfgranite import MODEL_TYPE as GRANITE
from toplint.hardware.hfgranite import granite_spec
from toplint.hardware.hfhybrid import hybrid_kinds, hybrid_spec
from toplint.hardware.hfkda import kda_of
from toplint.hardware.hfmtp import full_attention_params, mtp_fields
from toplint.hardware.hfquant import Shares, dtype_of, quant_group_of, quant_method_of
from toplint.hardware.hfquant import field_first as _first
from toplint.hardware.hfquant import field_int as _int
from toplint.hardware.hfspell import canonical
from toplint.hardware.hfweights import (
    expert_bytes_of,
    vocab_fields,
    weight_bytes_of,
    width_unresolved,
)
from toplint.infra.numbers import whole
from toplint.record import record, replace

__all__ = ["spec_from_hf_config"]

# Architectures whose MLP is two matrices (up, down) instead of gated three (gate, up, down).
# starcoder2 (c_fc/c_proj), nemotron (up_proj/down_proj, squared ReLU), codegen (fc_in/fc_out:
# transformers 4.46.3 models/codegen/modeling_codegen.py CodeGenMLP): transformers' modeling.
_UNGATED = {
    *("opt", "gpt2", "gpt_bigcode", "gpt_neox", "gptj", "bloom", "falcon", "phi"),
    *("starcoder2", "nemotron", "codegen", "RefinedWebModel", "RefinedWeb"),
}
# Encoder-decoder models in T5's spelling (transformers T5Config: d_model, num_heads, d_kv,
# d_ff, num_layers for the encoder and num_decoder_layers; feed_forward_proj "gated-gelu" is a
# gated MLP): each decoder layer has self- and cross-attention; only the decoder keeps a KV
# cache per generated token (TGI and vLLM served T5 / Flan-UL2 this way).
_ENCODER_DECODER = {"t5", "mt5", "umt5"}
# config.json's ``intermediate_size`` counts the gate and the up projection together: each MLP
# matrix is half as wide.  Qwen-1 (``QWenLMHeadModel``): vLLM builds ``QWenMLP(config.n_embd,
# config.ffn_hidden_size // 2)`` (vllm-project/vllm@002800f0 vllm/model_executor/models/qwen.py;
# later ``config.intermediate_size // 2``), TensorRT-LLM likewise ("Qwen's actual
# intermediate_size is one half of what's in hf_config").
_FFN_COUNTS_BOTH = {"qwen"}
# Learned absolute position embeddings (a table of max_position_embeddings x hidden).
_LEARNED_POSITIONS = {"opt", "gpt2", "gpt_bigcode"}


# Where a vision-language config nests its language model: ``text_config`` (Llama-4, Gemma-3,
# Qwen2.5-VL as transformers re-saves it), ``llm_config`` (InternVL: lmdeploy/vl/model/internvl.py).
_NESTED_LM = ("text_config", "llm_config")


def _text_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """The language model's fields of a vision-language config (see ``_NESTED_LM``)."""
    text = next(
        (
            config[key]
            for key in _NESTED_LM
            if isinstance(config.get(key), Mapping) and "hidden_size" in config[key]
        ),
        None,
    )
    if text is None:
        return dict(config)
    merged = dict(text)
    for key in ("quantization_config", "torch_dtype", "dtype", "model_type"):
        if key in config and key not in merged:
            merged[key] = config[key]
    return merged


def _moe_layers(cfg: Mapping[str, Any], layers: int) -> int:
    """How many decoder layers hold routed experts (HF modeling code of each family)."""
    first = cfg.get("first_k_dense_replace")
    if first is not None:  # DeepSeek-V2/V3, Kimi-K2, GLM-4.5
        first, freq = _int(first), _int(cfg.get("moe_layer_freq") or 1)
        return sum(1 for i in range(first, layers) if i % freq == 0)
    step = _int(_first(cfg, "decoder_sparse_step", "interleave_moe_layer_step", default=1))
    dense = set(cfg.get("mlp_only_layers") or ())  # Qwen2/3-MoE; Llama-4 uses the step
    return sum(1 for i in range(layers) if i not in dense and (i + 1) % step == 0)


def _dims(cfg: Mapping[str, Any], pattern: int = 0) -> tuple[int, int, int, int]:
    """hidden, layers, heads, vocab (GPT-2 spellings accepted; a hybrid stack's ``pattern``
    length when the config states no layer count); ValueError names what lacks."""
    layers = _first(cfg, "num_hidden_layers", "n_layer", "num_layers", default=pattern or None)
    if pattern and layers != pattern:
        raise ValueError(f"num_hidden_layers {layers!r} is not the {pattern} layers it lists")
    fields = {
        "hidden_size": _first(cfg, "hidden_size", "n_embd", "d_model"),
        "num_hidden_layers": layers,
        "num_attention_heads": _first(cfg, "num_attention_heads", "n_head", "num_heads"),
        "vocab_size": cfg.get("vocab_size"),
    }
    missing = [name for name, value in fields.items() if not value]
    if missing:
        raise ValueError(f"config.json lacks {', '.join(missing)}")
    hidden, layers, heads, vocab = (_int(v) for v in fields.values())
    return hidden, layers, heads, vocab


@record
class _Moe:
    experts: int = 0
    top_k: int = 0
    expert_ffn: int = 0
    layers: int = 0
    shared: int = 0
    shared_ffn: int = 0  # total intermediate width of the shared experts
    latent: int = 0  # the routed experts' width when it is not hidden (latent MoE)


_TOP_K = ("num_experts_per_tok", "num_experts_per_token", "experts_per_token", "top_k_experts")


def _moe(cfg: Mapping[str, Any], layers: int) -> _Moe:
    experts = _int(_first(cfg, "n_routed_experts", "num_local_experts", "num_experts", default=0))
    if not experts:
        return _Moe()
    ffn = _int(_first(cfg, "moe_intermediate_size", "intermediate_size", default=0))
    llama4 = "llama4" in str(cfg.get("model_type", ""))  # Llama-4: one shared expert always
    shared = _int(_first(cfg, "n_shared_experts", "num_shared_experts", default=1 if llama4 else 0))
    shared_ffn = shared * ffn
    if cfg.get("shared_expert_intermediate_size"):  # Qwen2-MoE: one shared expert this wide
        shared, shared_ffn = 1, _int(cfg["shared_expert_intermediate_size"])
    return _Moe(
        experts=experts,
        top_k=_int(_first(cfg, *_TOP_K, default=0)),
        expert_ffn=ffn,
        layers=_moe_layers(cfg, layers),
        shared=shared,
        shared_ffn=shared_ffn,
        # Latent MoE (Kimi-K3): the routed experts run on a narrower width, between a
        # hidden -> latent and a latent -> hidden projection; the shared experts on hidden
        # (ai-dynamo/aiconfigurator@095f58a51c aic-core/src/aiconfigurator_core/sdk/common.py
        # KimiK3Config and sdk/models/kimi_k3.py _ffn_ops, from config.json's field)
        latent=_int(_first(cfg, "routed_expert_hidden_size", default=0)),
    )


def spec_from_hf_config(
    config: Mapping[str, Any], *, model_id: str = "", source: str = ""
) -> ModelSpec:
    """A ``ModelSpec`` from Hugging Face config.json fields, with §5's parameter/KV formulas.

    Parameters include embeddings and lm_head (tied embeddings counted once) and exclude vision
    towers; norms and biases are ignored (< 0.1%).  Raises ValueError for missing/bad fields.
    """
    try:
        cfg = canonical(_text_config(config))  # a family's own spellings: hfspell
        partial = cfg.get("checkpoint_bytes") and not cfg.get("vocab_size")
        spec = (_partial_spec if partial else _spec)(cfg, model_id, source)
        spec = replace(spec, width_unknown=width_unresolved(cfg))  # a width not read: not guessed
        if partial:
            return spec
        if spec.expert_params and (experts := expert_bytes_of(cfg)):
            spec = replace(spec, expert_bytes=experts)
        if kda := kda_of(cfg, spec.num_layers):  # Kimi Delta Attention's heads (TP splits them)
            spec = replace(spec, kda_heads=kda.heads)
        if config.get("model_type"):
            spec = replace(spec, model_type=str(config["model_type"]))
        vision = config.get("vision_config")
        if not isinstance(vision, Mapping):
            return spec
        import toplint.hardware.hftower as hftower  # a config with a vision tower

        if tower := hftower.tower_params(config):
            attention = hftower.internvit_attention(config)
            spec = replace(spec, vision_params=tower, vision_attention_params=attention)
        heads = (
            whole(_first(vision, "num_heads", "num_attention_heads", default=0), 0, 1 << 14) or 0
        )
        kind = str(config.get("model_type") or "")
        return replace(spec, vision_heads=heads, vision_kind=kind) if heads and kind else spec
    except (TypeError, KeyError, ZeroDivisionError) as exc:
        raise ValueError(f"config.json has an unusable field: {exc}") from None


# Upper bounds of a believable architecture, far above every released model (the largest have
# ~160 layers, hidden 25,600, 128 heads, a 262,144-token vocabulary, 384 experts): a config
# beyond them is an error, not a model to compute costs, fits and fixes for (num_hidden_layers
# 1e11 made the fix `--pipeline-parallel-size 536870912`).
_BOUNDS = {
    "num_hidden_layers": 4096,
    "hidden_size": 1 << 18,
    "num_attention_heads": 1 << 14,
    "num_key_value_heads": 1 << 14,
    "vocab_size": 1 << 24,
    "intermediate_size": 1 << 22,
    "num_experts": 1 << 16,
    "num_experts_per_tok": 1 << 16,
    "head_dim": 1 << 16,
}


# Fields a model cannot have none of (a KV head count of 0 priced the KV cache at nothing).
_AT_LEAST_ONE = frozenset({"num_key_value_heads"})


def _check_bounds(values: Mapping[str, int]) -> None:
    for name, value in values.items():
        high, low = _BOUNDS[name], 1 if name in _AT_LEAST_ONE else 0
        if not low <= value <= high:
            raise ValueError(f"{name} {value} is outside {low}..{high:,}; not a real model")


def _spec(cfg: Mapping[str, Any], model_id: str, source: str) -> ModelSpec:
    granite = cfg.get("model_type") == GRANITE  # its layer_types are not Nemotron-H's kinds
    kinds = None if granite else hybrid_kinds(cfg)
    hidden, layers, heads, vocab = _dims(cfg, len(kinds or ()))
    _check_bounds(
        {"hidden_size": hidden, "num_hidden_layers": layers, "num_attention_heads": heads}
        | {"vocab_size": vocab}
    )
    if granite:
        dims = (hidden, layers, heads, kv_heads_of(cfg, heads), vocab)
        return _hybrid_spec(cfg, granite_spec(cfg, dims, weight_bytes_of), model_id, source)
    if kinds:
        return _hybrid(cfg, kinds, (hidden, heads), model_id, source)
    attn = attention_of(cfg, hidden, layers, heads)
    moe = _moe(cfg, layers)
    _check_bounds(
        {"head_dim": attn.head_dim, "num_experts": moe.experts, "num_experts_per_tok": moe.top_k}
        | {"intermediate_size": max(moe.expert_ffn, moe.shared_ffn), "hidden_size": moe.latent}
    )
    dense_ffn = _int(
        _first(
            cfg,
            "intermediate_size_mlp",
            "intermediate_size",
            "ffn_dim",
            "n_inner",
            "d_ff",
            default=4 * hidden,
        )
    )
    if cfg.get("model_type") in _FFN_COUNTS_BOTH and "intermediate_size" in cfg:
        dense_ffn //= 2
    kv_heads = kv_heads_of(cfg, heads)
    _check_bounds({"intermediate_size": dense_ffn, "num_key_value_heads": kv_heads})
    dense_layers = layers - moe.layers
    mats = 2 if cfg.get("model_type") in _UNGATED else 3
    encoder_decoder = cfg.get("model_type") in _ENCODER_DECODER
    if encoder_decoder:
        mats = 3 if str(cfg.get("feed_forward_proj", "relu")).startswith("gated") else 2
    embed = vocab * hidden * (1 if cfg.get("tie_word_embeddings", True) else 2)
    if cfg.get("model_type") in _LEARNED_POSITIONS:
        embed += _int(_first(cfg, "max_position_embeddings", "n_positions", default=0)) * hidden
    per_moe_layer = mats * hidden * moe.shared_ffn + hidden * moe.experts  # shared + router
    per_moe_layer += 2 * hidden * moe.latent  # latent MoE's down and up projections
    width = moe.latent or hidden  # the routed experts' input and output width
    attention = layers * attn.params_per_layer
    common = embed + attention + dense_layers * mats * hidden * dense_ffn
    common += moe.layers * per_moe_layer
    kv_bytes = attn.kv_bytes_per_token
    if encoder_decoder:  # the decoder stack: self- and cross-attention and an MLP per layer
        decoder = _int(cfg.get("num_decoder_layers") or layers)
        _check_bounds({"num_hidden_layers": decoder})  # the decoder stack's, bounded alike
        common += decoder * (2 * attn.params_per_layer + mats * hidden * dense_ffn)
        attention += decoder * 2 * attn.params_per_layer
        kv_bytes = decoder * 2 * kv_heads * attn.head_dim * 2
        layers += decoder
    expert_params = moe.layers * moe.experts * mats * width * moe.expert_ffn
    total = common + expert_params
    active = common + moe.layers * moe.top_k * mats * width * moe.expert_ffn
    body = max(total - embed, 1)
    shared = moe.layers * mats * hidden * moe.shared_ffn
    shares = Shares(
        attention=min(attention / body, 1.0), experts=expert_params / body, shared=shared / body
    )
    weight_bytes, block = weight_bytes_of(cfg, expert_params / total, shares)
    full = (
        attn.params_per_layer
        if attn.kv_lora_rank
        else full_attention_params(cfg, hidden, heads, kv_heads)
    )
    mlp = per_moe_layer if moe.layers else mats * hidden * dense_ffn
    experts_per_layer = moe.experts * mats * width * moe.expert_ffn
    mtp = mtp_fields(cfg, full, mlp, experts_per_layer, (hidden, vocab))
    return ModelSpec(
        id=model_id or str(cfg.get("_name_or_path", "")),
        hidden_size=hidden,
        num_layers=layers,
        num_attention_heads=heads,
        num_kv_heads=kv_heads,
        head_dim=attn.head_dim,
        intermediate_size=dense_ffn if dense_layers else 0,
        vocab_size=vocab,
        params_total=float(total),
        params_active=float(active),
        weight_bytes=weight_bytes,
        num_experts=moe.experts,
        top_k=moe.top_k,
        moe_intermediate_size=moe.expert_ffn,
        shared_expert_ffn=0 if cfg.get("shared_expert_intermediate_size") else moe.shared_ffn,
        num_moe_layers=moe.layers,
        expert_params=float(expert_params),
        mla=bool(attn.kv_lora_rank),
        kv_lora_rank=attn.kv_lora_rank,
        qk_rope_head_dim=attn.qk_rope_head_dim,
        quant_block=block,
        quant_group=quant_group_of(cfg),
        quant_method=quant_method_of(cfg),
        **vocab_fields(cfg),
        kv_bytes_per_token=kv_bytes,
        max_context=max_context(cfg),
        dtype=dtype_of(cfg),
        source=source,
        **attn.per_sequence(),
        linear_ba_width=attn.ba_width,
        linear_ba_listed=attn.ba_listed,
        fused_qkv_tp=fused_qkv_tp(cfg, kv_heads),
        **mtp,
    )


def _hybrid(
    cfg: Mapping[str, Any], kinds: list[str], dims: tuple[int, int], model_id: str, source: str
) -> ModelSpec:
    """A Mamba/attention/MoE stack (Nemotron-H, Nemotron 3): ``toplint.hardware.hfhybrid``."""
    hidden, heads = dims
    kv_heads = kv_heads_of(cfg, heads)
    head_dim = _int(_first(cfg, "head_dim", "attention_head_dim", default=hidden // heads))
    fields = hybrid_spec(cfg, kinds, (hidden, heads, kv_heads, head_dim), weight_bytes_of)
    return _hybrid_spec(cfg, fields, model_id, source)


def _hybrid_spec(
    cfg: Mapping[str, Any], fields: dict[str, Any], model_id: str, source: str
) -> ModelSpec:
    """The ``ModelSpec`` of a hybrid stack's fields (``hfhybrid``, ``hfgranite``), bounded."""
    _check_bounds(
        {"head_dim": fields["head_dim"], "num_key_value_heads": fields["num_kv_heads"]}
        | {"num_experts": fields["num_experts"], "num_experts_per_tok": fields["top_k"]}
        | {"intermediate_size": max(fields["intermediate_size"], fields["moe_intermediate_size"])}
    )
    _check_bounds({"intermediate_size": fields.get("shared_expert_ffn", 0)})
    return ModelSpec(
        id=model_id or str(cfg.get("_name_or_path", "")),
        **fields,
        quant_group=quant_group_of(cfg),
        quant_method=quant_method_of(cfg),
        **vocab_fields(cfg),
        max_context=max_context(cfg),
        dtype=dtype_of(cfg),
        source=source,
    )


def _partial_spec(cfg: Mapping[str, Any], model_id: str, source: str) -> ModelSpec:
    """A dense model known by its attention fields and its checkpoint's size only (the model
    catalog's KAITO-sourced entries): parameters are the checkpoint's bytes over its bytes per
    weight; FFN width and vocabulary are unknown (0: the checks that need them skip)."""
    hidden = _int(cfg["hidden_size"])
    layers, heads = _int(cfg["num_hidden_layers"]), _int(cfg["num_attention_heads"])
    kv_heads = kv_heads_of(cfg, heads)
    _check_bounds({"hidden_size": hidden, "num_hidden_layers": layers})
    _check_bounds({"num_attention_heads": heads, "num_key_value_heads": kv_heads})
    attn = attention_of(cfg, hidden, layers, heads)
    weight_bytes, block = weight_bytes_of(cfg, 0.0)
    params = float(_int(cfg["checkpoint_bytes"])) / weight_bytes
    note = (
        f"; parameters from the checkpoint's size ({_int(cfg['checkpoint_bytes']) / 2**30:.2f} GiB"
        f" at {weight_bytes:g} bytes per weight); FFN width and vocabulary not known"
    )
    return ModelSpec(
        id=model_id,
        hidden_size=hidden,
        num_layers=layers,
        num_attention_heads=heads,
        num_kv_heads=kv_heads,
        head_dim=attn.head_dim,
        intermediate_size=0,
        vocab_size=0,
        params_total=params,
        params_active=params,
        weight_bytes=weight_bytes,
        mla=bool(attn.kv_lora_rank),
        kv_lora_rank=attn.kv_lora_rank,
        qk_rope_head_dim=attn.qk_rope_head_dim,
        quant_block=block,
        kv_bytes_per_token=attn.kv_bytes_per_token,
        dtype=dtype_of(cfg),
        source=source + note,
        # a Gated DeltaNet stack's layers keep their state whatever else is known of them
        state_layers=attn.state_layers,
        state_bytes=attn.state_bytes,
        fused_qkv_tp=fused_qkv_tp(cfg, kv_heads),
    )
