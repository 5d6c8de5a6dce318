"""Hybrid Mamba/attention/MoE stacks (Nemotron-H, Nemotron 3) read from config.json fields."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.hardware.models import lookup_model, spec_from_hf_config

# A small Nemotron-H-shaped config: 2 Mamba, 1 attention, 1 MoE (latent) and 1 MLP layer.
HYBRID: dict[str, Any] = {
    "model_type": "nemotron_h",
    "hidden_size": 64,
    "num_hidden_layers": 5,
    "hybrid_override_pattern": "ME*M-",
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 16,
    "intermediate_size": 96,
    "mamba_num_heads": 8,
    "mamba_head_dim": 16,
    "n_groups": 2,
    "ssm_state_size": 8,
    "conv_kernel": 4,
    "n_routed_experts": 8,
    "num_experts_per_tok": 2,
    "moe_intermediate_size": 24,
    "moe_latent_size": 32,
    "moe_shared_expert_intermediate_size": 48,
    "vocab_size": 1000,
    "tie_word_embeddings": False,
}


def test_each_layer_kind_is_counted_by_its_own_weights() -> None:
    spec = spec_from_hf_config(HYBRID)
    d_inner, conv_channels = 8 * 16, 8 * 16 + 2 * 2 * 8
    mamba = 64 * (2 * d_inner + 2 * 2 * 8 + 8) + conv_channels * 4 + d_inner * 64
    attention = 2 * 64 * 4 * 16 + 2 * 64 * 2 * 16
    mlp = 2 * 64 * 96  # relu2: up and down
    moe_common = 64 * 8 + 2 * 64 * 48 + 2 * 64 * 32  # router, shared expert, latent in/out
    expert = 2 * 32 * 24  # an expert runs on the latent width
    common = 2 * 1000 * 64 + 2 * mamba + attention + mlp + moe_common
    assert spec.params_total == common + 8 * expert
    assert spec.params_active == common + 2 * expert
    assert (spec.num_layers, spec.num_moe_layers, spec.num_experts, spec.top_k) == (5, 1, 8, 2)
    assert spec.intermediate_size == 96 and spec.moe_intermediate_size == 24
    # only the attention layer's KV grows with the context
    assert spec.kv_bytes_per_token == 1 * 2 * 2 * 16 * 2


def test_layers_block_type_lists_the_kinds_without_a_layer_count() -> None:
    blocks = ["mamba", "moe", "attention", "mamba", "mlp"]
    config = {k: v for k, v in HYBRID.items() if k not in ("hybrid_override_pattern",)}
    del config["num_hidden_layers"]  # Nemotron-3 Ultra states none
    assert spec_from_hf_config(config | {"layers_block_type": blocks}) == spec_from_hf_config(
        HYBRID
    )


def test_the_mamba_layers_keep_a_state_beside_the_attention_layers_kv() -> None:
    # 2 Mamba layers: (8 x 16 + 2 x 2 x 8) conv channels x 3 taps x 2 bytes + 8 x 16 x 8 x 4
    # bytes of SSM state (float32 unless the config says otherwise); one attention layer
    spec = spec_from_hf_config(HYBRID)
    assert (spec.state_layers, spec.attention_layers) == (2, 1)
    assert spec.state_bytes == 160 * 3 * 2 + 8 * 16 * 8 * 4
    half = spec_from_hf_config(HYBRID | {"mamba_ssm_cache_dtype": "bfloat16"})
    assert half.state_bytes == 160 * 3 * 2 + 8 * 16 * 8 * 2


def test_a_stack_without_attention_layers_keeps_no_state_figures() -> None:
    # its page would be the state's alone, which toplint.outcome.states does not model: not
    # judged, rather than judged as a pool of zero-byte blocks
    spec = spec_from_hf_config(HYBRID | {"hybrid_override_pattern": "MEMM-"})
    assert (spec.state_layers, spec.state_bytes, spec.kv_bytes_per_token) == (0, 0, 0)


def test_layer_types_naming_a_layer_the_reader_does_not_model_is_an_error() -> None:
    # "mamba" and "attention" are GraniteMoeHybrid's words (toplint.hardware.hfgranite); in a
    # config of another model type they would be read as keeping neither KV nor state
    config = {
        "hidden_size": 512,
        "num_hidden_layers": 4,
        "layer_types": ["mamba", "mamba", "mamba", "attention"],
        "num_attention_heads": 8,
        "vocab_size": 49152,
    }
    with pytest.raises(ValueError, match=r"does not know: \['attention', 'mamba'\]"):
        spec_from_hf_config(config)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hybrid_override_pattern": "ME*X-"}, "unknown layer kinds"),
        ({"num_hidden_layers": 6}, "is not the 5 layers"),
        ({"mamba_num_heads": None}, "lacks mamba_num_heads"),
    ],
)
def test_a_pattern_it_cannot_read_is_an_error(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        spec_from_hf_config(HYBRID | change)


@pytest.mark.parametrize(
    ("model_id", "billions", "active"),
    [  # the sizes NVIDIA's names state
        ("nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", 30, 3),
        ("nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8", 120, 12),
        ("nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-FP8", 550, 55),
        ("nvidia/Nemotron-H-56B-Base-8K", 56, 56),
    ],
)
def test_the_catalog_reads_nemotron_at_the_size_its_name_states(
    model_id: str, billions: float, active: float
) -> None:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None
    assert abs(spec.params_total / 1e9 - billions) / billions < 0.06
    assert abs(spec.params_active / 1e9 - active) / active < 0.2


def test_a_partial_gated_deltanet_spec_keeps_its_state() -> None:
    # Qwen3.5-4B is read from KAITO's fields and its checkpoint's size; its layer_types and
    # Gated DeltaNet widths (models_manifest.yaml) still give its 24 layers' state
    from toplint.hardware.models import lookup_model

    model = lookup_model("Qwen/Qwen3.5-4B")
    assert model is not None and model.vocab_size == 0  # partial: no vocabulary known
    assert (model.state_layers, model.state_bytes) == (24, 8192 * 3 * 2 + 32 * 128 * 128 * 4)
