"""Hybrid Mamba/attention/MoE stacks (NVIDIA Nemotron-H, Nemotron 3): config.json fields to a
``ModelSpec`` when the layers are not all of one kind.

A Nemotron-H config names each layer's kind, as ``hybrid_override_pattern`` ("M" Mamba-2, "*"
attention, "E" MoE, "-" MLP; Nemotron-H, Nemotron-3 Nano/Super) or as ``layers_block_type``
("mamba", "attention", "moe", "mlp"; Nemotron-3 Ultra, which then states no
``num_hidden_layers``).  Each kind's weights follow NVIDIA's own model of the architecture,
ai-dynamo/aiconfigurator@095f58a51c aic-core/src/aiconfigurator_core/sdk/models/nemotron_h.py:

- Mamba-2: ``in_proj`` hidden -> 2*d_inner + 2*n_groups*ssm_state_size + mamba_num_heads
  (d_inner = mamba_num_heads * mamba_head_dim; the width is kept on the spec, whose per-rank
  shard the Marlin fallback repacks: ``toplint.outcome.marlin``), the depthwise ``conv1d``
  over d_inner + 2*n_groups*ssm_state_size channels of ``conv_kernel`` taps, ``out_proj``
  d_inner -> hidden;
- attention: q and o of heads x head_dim, k and v of KV heads x head_dim;
- MoE: a router (hidden x experts), an ungated (relu2) shared expert of
  ``moe_shared_expert_intermediate_size``, ungated routed experts of ``moe_intermediate_size``
  that run on ``moe_latent_size`` when the config has one (latent MoE, Nemotron-3 Super/Ultra: a
  hidden -> latent and a latent -> hidden projection around them), else on hidden;
- MLP: ungated (relu2), ``intermediate_size`` wide.

Only attention layers keep a KV cache that grows with the context; a Mamba layer's state is
fixed per sequence and is not counted per token: it is the spec's ``state_layers`` and
``state_bytes`` (``_mamba_state``), which vLLM pages beside the KV cache
(``toplint.outcome.states``).  Norms, biases and the multi-token-prediction head
(``num_nextn_predict_layers``) are not counted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from toplint.hardware.hflinear import SIXTEEN_BITS
from toplint.hardware.hfquant import Shares
from toplint.infra.numbers import whole

__all__ = ["hybrid_kinds", "hybrid_spec"]

_PATTERN = {"M": "mamba", "*": "attention", "E": "moe", "-": "mlp"}
_KINDS = frozenset(_PATTERN.values())


def hybrid_kinds(cfg: Mapping[str, Any]) -> list[str] | None:
    """Each layer's kind ("mamba", "attention", "moe", "mlp"), or None for a stack of one kind.
    ValueError for a pattern naming a kind this reader does not know."""
    pattern = cfg.get("hybrid_override_pattern")
    blocks = cfg.get("layers_block_type")
    if isinstance(pattern, str) and pattern:
        unknown = sorted(set(pattern) - set(_PATTERN))
        if unknown:
            raise ValueError(f"hybrid_override_pattern has unknown layer kinds {unknown}")
        return [_PATTERN[c] for c in pattern]
    if isinstance(blocks, list) and blocks:
        unknown = sorted({str(b) for b in blocks} - _KINDS)
        if unknown:
            raise ValueError(f"layers_block_type has unknown layer kinds {unknown}")
        return [str(b) for b in blocks]
    return None


def _count(cfg: Mapping[str, Any], name: str, default: int | None = None) -> int:
    value = cfg.get(name)
    if value is None and default is not None:
        return default
    number = whole(value, 0, 1 << 40)
    if number is None:
        raise ValueError(f"config.json lacks {name}" if value is None else f"{name} {value!r}")
    return number


def _mamba_params(cfg: Mapping[str, Any], hidden: int) -> int:
    heads, head_dim = _count(cfg, "mamba_num_heads"), _count(cfg, "mamba_head_dim")
    groups, state = _count(cfg, "n_groups"), _count(cfg, "ssm_state_size")
    d_inner = heads * head_dim
    in_proj = hidden * (2 * d_inner + 2 * groups * state + heads)
    conv = (d_inner + 2 * groups * state) * _count(cfg, "conv_kernel")
    return in_proj + conv + d_inner * hidden


def hybrid_spec(
    cfg: Mapping[str, Any],
    kinds: list[str],
    dims: tuple[int, int, int, int],
    weigh: Callable[[Mapping[str, Any], float, Shares], tuple[float, int]],
) -> dict[str, Any]:
    """The ``ModelSpec`` fields of a hybrid stack: ``dims`` = hidden, heads, KV heads, head dim;
    ``weigh`` = bytes per weight and FP8 block from the config, the experts' share and each
    kind of layer's share (``toplint.hardware.hfweights.weight_bytes_of``)."""
    hidden, heads, kv_heads, head_dim = dims
    count = {kind: kinds.count(kind) for kind in _KINDS}
    attention = 2 * hidden * heads * head_dim + 2 * hidden * kv_heads * head_dim
    mlp = _count(cfg, "intermediate_size", 0) if count["mlp"] else 0
    experts = _count(cfg, "n_routed_experts", 0) if count["moe"] else 0
    top_k = _count(cfg, "num_experts_per_tok", 0) if experts else 0
    expert_ffn = _count(cfg, "moe_intermediate_size", 0) if experts else 0
    latent = _count(cfg, "moe_latent_size", 0) if experts else 0
    shared = _count(cfg, "moe_shared_expert_intermediate_size", 0) if experts else 0
    per_expert = 2 * (latent or hidden) * expert_ffn
    moe_common = hidden * experts + 2 * hidden * shared + 2 * hidden * latent
    vocab = _count(cfg, "vocab_size")
    embed = vocab * hidden * (1 if cfg.get("tie_word_embeddings", True) else 2)
    common = embed + count["attention"] * attention + count["mlp"] * 2 * hidden * mlp
    mixers = count["mamba"] * (_mamba_params(cfg, hidden) if count["mamba"] else 0)
    common += mixers + count["moe"] * moe_common
    expert_params = count["moe"] * experts * per_expert
    total = common + expert_params
    body = max(total - embed, 1)
    shares = Shares(
        attention=min((count["attention"] * attention + mixers) / body, 1.0),
        experts=expert_params / body,
        shared=count["moe"] * 2 * hidden * shared / body,
    )
    weight_bytes, block = weigh(cfg, expert_params / total if total else 0.0, shares)
    return {
        "hidden_size": hidden,
        "num_layers": len(kinds),
        "num_attention_heads": heads,
        "num_kv_heads": kv_heads,
        "head_dim": head_dim,
        "intermediate_size": mlp,
        "vocab_size": vocab,
        "params_total": float(total),
        "params_active": float(common + count["moe"] * top_k * per_expert),
        "weight_bytes": weight_bytes,
        "num_experts": experts,
        "top_k": top_k,
        "moe_intermediate_size": expert_ffn,
        "num_moe_layers": count["moe"] if experts else 0,
        "expert_params": float(expert_params),
        "quant_block": block,
        "kv_bytes_per_token": count["attention"] * 2 * kv_heads * head_dim * 2,
        **(_mamba_in_proj(cfg) if count["mamba"] else {}),
        **(
            {
                "state_layers": count["mamba"],
                "state_bytes": _mamba_state(cfg),
                "attention_layers": count["attention"],
            }
            if count["mamba"] and count["attention"]
            else {}
        ),
    }


def _mamba_state(cfg: Mapping[str, Any]) -> int:
    """The bytes one sequence's state takes in one Mamba-2 layer, all heads, as vLLM keeps it
    (vllm-project/vllm@02d71083 vllm/model_executor/layers/mamba/mamba_utils.py
    ``mamba2_state_shape``, ``mamba2_state_dtype``): the convolution's last ``conv_kernel - 1``
    inputs over its ``d_inner + 2 * n_groups * ssm_state_size`` channels in the model's dtype
    (``--mamba-cache-dtype auto``), and the SSM state, heads x head dim x ``ssm_state_size``, in
    the config's ``mamba_ssm_cache_dtype`` - float32 when none is written, the default vLLM's
    ``NemotronHForCausalLMConfig.update_mamba_ssm_cache_dtype`` sets for Nemotron-H ("Only
    float32 is known to have no accuracy issues by default", vllm/model_executor/models/
    config.py; NVIDIA-Nemotron-3-Nano-30B-A3B-BF16's config.json writes float32).  A
    tensor-parallel rank keeps its heads' share: 2,134,016 bytes a layer for Nemotron 3 Nano."""
    heads, head_dim = _count(cfg, "mamba_num_heads"), _count(cfg, "mamba_head_dim")
    groups, state = _count(cfg, "n_groups"), _count(cfg, "ssm_state_size")
    channels = heads * head_dim + 2 * groups * state
    model = 4 if str(cfg.get("torch_dtype") or cfg.get("dtype") or "") == "float32" else 2
    ssm = 2 if str(cfg.get("mamba_ssm_cache_dtype", "float32")) in SIXTEEN_BITS else 4
    return channels * (_count(cfg, "conv_kernel") - 1) * model + heads * head_dim * state * ssm


def _mamba_in_proj(cfg: Mapping[str, Any]) -> dict[str, int]:
    """The Mamba-2 input projection's output width and its groups: vLLM builds it as one
    column-parallel layer of ``intermediate_size + conv_dim + num_heads`` outputs, ``conv_dim =
    intermediate_size + 2 * n_groups * ssm_state_size`` (vllm-project/vllm@004d4e4cf6
    vllm/model_executor/layers/mamba/mamba_mixer2.py, ``MambaMixer2.in_proj``), so each
    tensor-parallel rank holds ``width / TP`` of it when TP divides ``n_groups``."""
    heads, head_dim = _count(cfg, "mamba_num_heads"), _count(cfg, "mamba_head_dim")
    groups, state = _count(cfg, "n_groups"), _count(cfg, "ssm_state_size")
    d_inner = heads * head_dim
    return {"mamba_in_proj": 2 * d_inner + 2 * groups * state + heads, "mamba_groups": groups}
