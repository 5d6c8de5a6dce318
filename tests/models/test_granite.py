"""IBM Granite 4.0 H (GraniteMoeHybrid) stacks read from config.json fields as vLLM builds them
(``toplint.hardware.hfgranite``)."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.hardware.models import spec_from_hf_config

# A small GraniteMoeHybrid config: 6 Mamba-2 and 2 attention layers, each followed by 8 experts
# (top 2) beside a shared MLP.
GRANITE: dict[str, Any] = {
    "model_type": "granitemoehybrid",
    "hidden_size": 512,
    "num_hidden_layers": 8,
    "layer_types": ["mamba", "mamba", "mamba", "attention"] * 2,
    "num_attention_heads": 8,
    "num_key_value_heads": 8,
    "intermediate_size": 1024,
    "mamba_n_heads": 8,
    "mamba_d_head": 128,
    "mamba_d_state": 128,
    "mamba_n_groups": 1,
    "mamba_d_conv": 4,
    "mamba_expand": 2,
    "num_local_experts": 8,
    "num_experts_per_tok": 2,
    "shared_intermediate_size": 512,
    "vocab_size": 49152,
    "tie_word_embeddings": True,
}

EMBED = 49152 * 512  # tied: counted once
# an attention layer: head dim 512 // 8 = 64; q 512 x 8 x 64, k and v 512 x 8 x 64, o 512 x 512
ATTENTION = 512 * 512 + 2 * 512 * 512 + 512 * 512
# a Mamba-2 layer: d_inner = 2 x 512 = 1024 (8 heads of 128), conv channels 1024 + 2 x 1 x 128;
# in_proj 512 -> 1024 + 1280 + 8, conv1d 1280 x 4 taps, out_proj 1024 -> 512
MAMBA = 512 * (1024 + 1280 + 8) + 1280 * 4 + 1024 * 512
SHARED = 3 * 512 * 512  # the shared MLP, gated: input_linear 512 -> 2 x 512, output_linear
ROUTER = 512 * 8
EXPERT = 3 * 512 * 1024  # a gated expert of intermediate_size


def test_every_layer_runs_its_mixer_then_the_experts_and_the_shared_mlp() -> None:
    spec = spec_from_hf_config(GRANITE)
    common = EMBED + 2 * ATTENTION + 6 * MAMBA + 8 * (SHARED + ROUTER)
    assert spec.params_total == common + 8 * 8 * EXPERT
    assert spec.params_active == common + 8 * 2 * EXPERT
    assert spec.expert_params == 8 * 8 * EXPERT
    assert (spec.num_layers, spec.num_moe_layers, spec.num_experts, spec.top_k) == (8, 8, 8, 2)
    assert (spec.moe_intermediate_size, spec.shared_expert_ffn, spec.intermediate_size) == (
        1024,
        512,
        0,
    )
    # vLLM's head size is hidden // heads; only the 2 attention layers keep a KV cache
    assert spec.head_dim == 64
    assert spec.kv_bytes_per_token == 2 * 2 * 8 * 64 * 2


def test_the_mamba_layers_keep_a_state_in_the_model_s_dtype() -> None:
    # vLLM sets no float32 SSM state for Granite: conv (1024 + 2 x 128) channels x 3 taps x 2
    # bytes + 8 heads x 128 x 128 state x 2 bytes (bfloat16)
    spec = spec_from_hf_config(GRANITE)
    assert (spec.state_layers, spec.attention_layers) == (6, 2)
    assert spec.state_bytes == 1280 * 3 * 2 + 8 * 128 * 128 * 2
    assert spec.state_group_bytes == 2 * 128 * 3 * 2
    # a config field Nemotron-H's reader would honour does not change Granite's
    assert spec_from_hf_config(GRANITE | {"mamba_ssm_cache_dtype": "float32"}) == spec
    assert (spec.mamba_in_proj, spec.mamba_groups) == (1024 + 1280 + 8, 1)


def test_without_experts_the_shared_mlp_is_the_dense_mlp() -> None:
    spec = spec_from_hf_config(GRANITE | {"num_local_experts": 0, "num_experts_per_tok": 0})
    dense = EMBED + 2 * ATTENTION + 6 * MAMBA + 8 * SHARED
    assert spec.params_total == spec.params_active == dense
    assert (spec.num_experts, spec.intermediate_size, spec.shared_expert_ffn) == (0, 512, 0)


def test_fields_left_out_take_the_config_class_defaults() -> None:
    # GraniteMoeHybridConfig: tie_word_embeddings False, mamba_d_head "auto" (1024 // 8)
    config = {k: v for k, v in GRANITE.items() if k not in ("tie_word_embeddings", "mamba_d_head")}
    spec = spec_from_hf_config(config)
    assert spec.params_total == spec_from_hf_config(GRANITE).params_total + EMBED


def test_an_all_attention_stack_keeps_no_state() -> None:
    spec = spec_from_hf_config(GRANITE | {"layer_types": ["attention"] * 8})
    assert (spec.state_layers, spec.state_bytes, spec.mamba_in_proj) == (0, 0, 0)
    assert spec.kv_bytes_per_token == 8 * 2 * 8 * 64 * 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"layer_types": None}, "without layer_types does not load"),
        ({"layer_types": ["mamba", "conv"] * 4}, "unknown layer kinds"),
        ({"layer_types": ["mamba"] * 7}, "is not the 7 layers"),
        ({"mamba_d_head": 96}, "do not fill mamba_expand x hidden"),
    ],
)
def test_a_config_vllm_would_not_build_is_unresolved(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        spec_from_hf_config(GRANITE | change)
