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
``state_bytes`` (``mamba_state``), which vLLM pages beside the KV cache
(``toplint.outcome.states``).  Norms, biases and the multi-token-prediction head
(``num_nextn_predict_layers``) are not counted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from toplint.hardware.hflinear import SIXTEEN_BITS
from toplint.hardware.hfquant import Shares, dtype_of
from toplint.infra.numbers import whole
from toplint.record import record

__all__ = [
    *("Mamba2", "hybrid_kinds", "hybrid_spec"),
    *("mamba_fields", "mamba_params", "model_bytes"),
]

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


@record
class Mamba2:
    """A Mamba-2 mixer's widths, as vLLM's ``MambaMixer2`` takes them: heads, head dim, groups,
    SSM state size and convolution taps (its ``intermediate_size`` is heads x head dim)."""

    heads: int
    head_dim: int
    groups: int
    state: int
    conv: int


def nemotron_mamba(cfg: Mapping[str, Any]) -> Mamba2:
    """Nemotron-H's spelling of the mixer's widths."""
    return Mamba2(
        heads=_count(cfg, "mamba_num_heads"),
        head_dim=_count(cfg, "mamba_head_dim"),
        groups=_count(cfg, "n_groups"),
        state=_count(cfg, "ssm_state_size"),
        conv=_count(cfg, "conv_kernel"),
    )


def mamba_params(mixer: Mamba2, hidden: int) -> int:
    """One mixer's weights: ``in_proj``, the depthwise ``conv1d`` and ``out_proj``."""
    d_inner = mixer.heads * mixer.head_dim
    conv = (d_inner + 2 * mixer.groups * mixer.state) * mixer.conv
    return hidden * mamba_in_proj(mixer) + conv + d_inner * hidden


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
    mixer = nemotron_mamba(cfg) if count["mamba"] else None
    layers = count["attention"], count["mamba"]
    mixers = count["mamba"] * mamba_params(mixer, hidden) if mixer else 0
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
        **(mamba_fields(mixer, layers, _dtypes(cfg)) if mixer else {}),
    }


def _dtypes(cfg: Mapping[str, Any]) -> tuple[int, int]:
    """Nemotron-H's state dtypes: the model's for the convolution, the config's
    ``mamba_ssm_cache_dtype`` for the SSM state (float32 when none is written: ``mamba_state``)."""
    ssm = 2 if str(cfg.get("mamba_ssm_cache_dtype", "float32")) in SIXTEEN_BITS else 4
    return model_bytes(cfg), ssm


def mamba_fields(mixer: Mamba2, layers: tuple[int, int], dtypes: tuple[int, int]) -> dict[str, int]:
    """The spec's Mamba-2 fields: the input projection's width and groups (``mamba_in_proj``),
    and, where the stack has attention layers to page it beside, the state of its Mamba
    layers (``mamba_state``).  ``layers`` = attention layers, Mamba layers; ``dtypes`` = the
    bytes a value of the convolution state and of the SSM state takes."""
    attention, mamba = layers
    fields = {"mamba_in_proj": mamba_in_proj(mixer), "mamba_groups": mixer.groups}
    if not attention:
        return fields
    return fields | {
        "state_layers": mamba,
        "state_bytes": mamba_state(mixer, *dtypes),
        # a group vLLM adds to a rank's convolution state when TP does not divide the groups
        "state_group_bytes": 2 * mixer.state * (mixer.conv - 1) * dtypes[0],
        "attention_layers": attention,
    }


def model_bytes(cfg: Mapping[str, Any]) -> int:
    """Bytes a value of the model's dtype takes (``--mamba-cache-dtype auto`` keeps the
    convolution state in it)."""
    return 4 if dtype_of(cfg) == "float32" else 2


def mamba_state(mixer: Mamba2, model: int, ssm: int) -> int:
    """The bytes one sequence's state takes in one Mamba-2 layer, all heads, as vLLM keeps it
    (vllm-project/vllm@02d71083 vllm/model_executor/layers/mamba/mamba_utils.py
    ``mamba2_state_shape``, ``mamba2_state_dtype``): the convolution's last ``conv - 1``
    inputs over its ``d_inner + 2 * groups * state`` channels in the model's dtype (``model``
    bytes: ``--mamba-cache-dtype auto``), and the SSM state, heads x head dim x state, of
    ``ssm`` bytes a value.  For Nemotron-H that is the config's ``mamba_ssm_cache_dtype`` -
    float32 when none is written, the default vLLM's ``NemotronHForCausalLMConfig`` sets ("Only
    float32 is known to have no accuracy issues by default", vllm/model_executor/models/
    config.py; an earlier form of that hook fell back to float16, so a config without the field
    is priced at the current default; the catalog's Nemotron 3 configs write float32).  A
    tensor-parallel rank keeps its heads' share (and, where TP does not divide the groups, the
    groups vLLM replicates to it: ``extra_groups_for_head_shards``, ``state_group_bytes``):
    2,134,016 bytes a layer for Nemotron 3 Nano."""
    channels = mixer.heads * mixer.head_dim + 2 * mixer.groups * mixer.state
    ssm_values = mixer.heads * mixer.head_dim * mixer.state
    return channels * (mixer.conv - 1) * model + ssm_values * ssm


def mamba_in_proj(mixer: Mamba2) -> int:
    """The Mamba-2 input projection's output width: vLLM builds it as one column-parallel
    layer of ``intermediate_size + conv_dim + num_heads`` outputs, ``conv_dim =
    intermediate_size + 2 * n_groups * ssm_state_size`` (vllm-project/vllm@004d4e4cf6
    vllm/model_executor/layers/mamba/mamba_mixer2.py, ``MambaMixer2.in_proj``), so each
    tensor-parallel rank holds ``width / TP`` of it when TP divides ``n_groups``."""
    d_inner = mixer.heads * mixer.head_dim
    return 2 * d_inner + 2 * mixer.groups * mixer.state + mixer.heads
