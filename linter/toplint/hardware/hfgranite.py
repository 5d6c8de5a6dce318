"""IBM Granite 4.0 H (transformers' ``GraniteMoeHybrid``): config.json fields to the
``ModelSpec`` fields of its Mamba-2/attention stack, as vLLM builds it.

vLLM (vllm-project/vllm@0195c9ec vllm/model_executor/models/granitemoehybrid.py) builds each of
``num_hidden_layers`` layers by its ``layer_types`` word, ``"mamba"`` or ``"attention"``
(``ALL_DECODER_LAYER_TYPES[config.layer_types[layer_idx]]``: a config without the list does not
load), and every layer, whichever its mixer, then runs the same feed-forward:

- a Mamba layer's mixer is ``MambaMixer2`` of ``intermediate_size = mamba_expand * hidden``,
  ``mamba_n_heads`` heads of ``mamba_d_head``, ``mamba_n_groups`` groups, ``mamba_d_state`` and
  ``mamba_d_conv`` taps (``toplint.hardware.hfhybrid.Mamba2``);
- an attention layer's is q, k, v of ``hidden // num_attention_heads`` per head (no
  ``head_dim`` field is read) and an ``o_proj`` of hidden x hidden;
- the feed-forward: ``GraniteMoeMoE`` when ``num_local_experts`` > 0 (a router of hidden x
  experts and gated experts of ``intermediate_size``, ``num_experts_per_tok`` of them a token:
  vllm/model_executor/models/granitemoe.py) beside ``GraniteMoeSharedMLP``, a gated MLP of
  ``shared_intermediate_size`` split over the tensor-parallel ranks like a dense one
  (granitemoeshared.py: ``MergedColumnParallelLinear`` and ``RowParallelLinear``), present when
  that width is not 0; with no experts the shared MLP is the layer's dense MLP.

The Mamba layers' state is ``mamba2_state_shape`` of those widths in ``mamba2_state_dtype``
(``get_mamba_state_shape_from_config``, ``get_mamba_state_dtype_from_config``): vLLM sets no
Granite default for the SSM state's dtype (no ``MODELS_CONFIG_MAP`` entry, unlike Nemotron-H:
vllm/model_executor/models/config.py), so ``--mamba-ssm-cache-dtype auto`` keeps it in the
convolution state's, the model's dtype.  Fields a config.json leaves out take
``GraniteMoeHybridConfig``'s defaults (huggingface/transformers@008f5c8c
src/transformers/models/granitemoehybrid/configuration_granitemoehybrid.py), which also
rejects a ``mamba_d_head`` whose heads do not fill ``mamba_expand * hidden``.  Norms, biases
and the SSM's per-head ``A``, ``D`` and ``dt_bias`` are not counted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from toplint.hardware.hfhybrid import Mamba2, mamba_fields, mamba_params, model_bytes
from toplint.hardware.hfquant import Shares
from toplint.infra.numbers import whole

__all__ = ["MODEL_TYPE", "granite_spec"]

MODEL_TYPE = "granitemoehybrid"

# GraniteMoeHybridConfig.__init__'s defaults for the fields read here (mamba_d_head "auto":
# mamba_expand * hidden_size // mamba_n_heads; tie_word_embeddings False)
_DEFAULTS = {
    "mamba_expand": 2,
    "mamba_n_heads": 128,
    "mamba_n_groups": 1,
    "mamba_d_state": 256,
    "mamba_d_conv": 4,
    "num_local_experts": 8,
    "num_experts_per_tok": 2,
    "intermediate_size": 11008,
    "shared_intermediate_size": 1024,
}
_KINDS = ("mamba", "attention")


def _field(cfg: Mapping[str, Any], name: str) -> int:
    value = cfg.get(name)
    number = whole(_DEFAULTS[name] if value is None else value, 0, 1 << 22)
    if number is None:
        raise ValueError(f"{name} {value!r}")
    return number


def _kinds(cfg: Mapping[str, Any], layers: int) -> list[str]:
    kinds = cfg.get("layer_types")
    if not isinstance(kinds, list) or not kinds:
        raise ValueError("a GraniteMoeHybrid config.json without layer_types does not load")
    unknown = sorted({str(k) for k in kinds} - set(_KINDS))
    if unknown:
        raise ValueError(f"layer_types has unknown layer kinds {unknown}")
    if len(kinds) != layers:
        raise ValueError(f"num_hidden_layers {layers} is not the {len(kinds)} layers it lists")
    return [str(k) for k in kinds]


def _mixer(cfg: Mapping[str, Any], hidden: int) -> Mamba2:
    heads = _field(cfg, "mamba_n_heads")
    inner = _field(cfg, "mamba_expand") * hidden
    head_dim = cfg.get("mamba_d_head", "auto")
    head_dim = inner // heads if head_dim == "auto" and heads else whole(head_dim, 1, 1 << 20)
    if not heads or not head_dim or heads * head_dim != inner:
        raise ValueError(f"{heads} Mamba heads of {head_dim} do not fill mamba_expand x hidden")
    return Mamba2(
        heads=heads,
        head_dim=head_dim,
        groups=_field(cfg, "mamba_n_groups"),
        state=_field(cfg, "mamba_d_state"),
        conv=_field(cfg, "mamba_d_conv"),
    )


def granite_spec(
    cfg: Mapping[str, Any],
    dims: tuple[int, int, int, int, int],
    weigh: Callable[[Mapping[str, Any], float, Shares], tuple[float, int]],
) -> dict[str, Any]:
    """The ``ModelSpec`` fields of a GraniteMoeHybrid stack: ``dims`` = hidden, layers, heads,
    KV heads, vocabulary; ``weigh`` as ``toplint.hardware.hfhybrid.hybrid_spec`` takes it.
    ValueError for a config vLLM would not build."""
    hidden, layers, heads, kv_heads, vocab = dims
    kinds = _kinds(cfg, layers)
    n_attention, n_mamba = kinds.count("attention"), kinds.count("mamba")
    head_dim = hidden // heads
    attention = hidden * heads * head_dim + 2 * hidden * kv_heads * head_dim + hidden * hidden
    mixer = _mixer(cfg, hidden) if n_mamba else None
    mixers = n_mamba * mamba_params(mixer, hidden) if mixer else 0
    experts = _field(cfg, "num_local_experts")
    top_k = _field(cfg, "num_experts_per_tok") if experts else 0
    expert_ffn = _field(cfg, "intermediate_size") if experts else 0
    shared = _field(cfg, "shared_intermediate_size")
    embed = vocab * hidden * (1 if cfg.get("tie_word_embeddings", False) else 2)
    common = embed + n_attention * attention + mixers
    common += layers * (3 * hidden * shared + hidden * experts)  # shared MLP and router
    expert_params = layers * experts * 3 * hidden * expert_ffn
    total = common + expert_params
    body = max(total - embed, 1)
    shares = Shares(
        attention=min((n_attention * attention + mixers) / body, 1.0),
        experts=expert_params / body,
        shared=layers * 3 * hidden * shared / body if experts else 0.0,
    )
    weight_bytes, block = weigh(cfg, expert_params / total if total else 0.0, shares)
    model = model_bytes(cfg)
    return {
        "hidden_size": hidden,
        "num_layers": layers,
        "num_attention_heads": heads,
        "num_kv_heads": kv_heads,
        "head_dim": head_dim,
        "intermediate_size": 0 if experts else shared,
        "vocab_size": vocab,
        "params_total": float(total),
        "params_active": float(common + layers * top_k * 3 * hidden * expert_ffn),
        "weight_bytes": weight_bytes,
        "num_experts": experts,
        "top_k": top_k,
        "moe_intermediate_size": expert_ffn,
        "shared_expert_ffn": shared if experts else 0,
        "num_moe_layers": layers if experts else 0,
        "expert_params": float(expert_params),
        "quant_block": block,
        "kv_bytes_per_token": n_attention * 2 * kv_heads * head_dim * 2,
        **(mamba_fields(mixer, (n_attention, n_mamba), (model, model)) if mixer else {}),
    }
