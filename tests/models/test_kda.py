"""Kimi Delta Attention (KDA) layers beside MLA (Kimi Linear, Kimi-K3's language model):
``linear_attn_config.kda_layers`` keep a fixed state per sequence as vLLM pages it
(vllm-project/vllm@2afe1e85 vllm/model_executor/layers/mamba/mamba_utils.py
``kda_state_shape``, ``kda_state_dtype``) and are weighed as vLLM builds them
(vllm-project/vllm@1d03ed8f vllm/model_executor/layers/kda.py ``KimiDeltaAttention``)."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.hardware.models import lookup_model, spec_from_hf_config

# A small MLA + KDA stack: layers 1-3 KDA, layer 4 MLA (1-based), 8 heads of 64, 4 taps.
HIDDEN, HEADS, DIM, TAPS = 512, 8, 64, 4
SMALL: dict[str, Any] = {
    "model_type": "kimi_linear",
    "hidden_size": HIDDEN,
    "num_hidden_layers": 4,
    "num_attention_heads": 8,
    "num_key_value_heads": 8,
    "intermediate_size": 1024,
    "vocab_size": 1000,
    "kv_lora_rank": 128,
    "qk_rope_head_dim": 32,
    "qk_nope_head_dim": 64,
    "v_head_dim": 64,
    "torch_dtype": "bfloat16",
    "linear_attn_config": {
        "kda_layers": [1, 2, 3],
        "num_heads": HEADS,
        "head_dim": DIM,
        "short_conv_kernel_size": TAPS,
    },
}


def test_a_kda_layer_keeps_three_16_bit_convolutions_and_a_float32_state() -> None:
    spec = spec_from_hf_config(SMALL, model_id="x", source="t")
    width = HEADS * DIM
    assert spec.state_layers == 3
    assert spec.state_bytes == 3 * (TAPS - 1) * width * 2 + HEADS * DIM * DIM * 4
    assert spec.kv_bytes_per_token == 1 * (128 + 32) * 2  # the one MLA layer's latent


def test_a_kda_layer_is_weighed_as_its_projections_gates_and_convolutions() -> None:
    spec = spec_from_hf_config(SMALL, model_id="x", source="t")
    mla_only = {k: v for k, v in SMALL.items() if k != "linear_attn_config"}
    flat = spec_from_hf_config(mla_only, model_id="x", source="t")
    width = HEADS * DIM
    kda = 4 * HIDDEN * width + 2 * (HIDDEN * DIM + DIM * width) + HIDDEN * HEADS
    kda += 3 * TAPS * width + width + HEADS + DIM
    # an MLA layer: q, the latent and rope key, its up-projection, the output
    mla = HIDDEN * 8 * 96 + HIDDEN * (128 + 32) + 128 * 8 * (64 + 64) + 8 * 64 * HIDDEN
    assert spec.params_total - flat.params_total == pytest.approx(3 * (kda - mla), abs=4)


def test_kda_layers_without_their_widths_keep_no_state_the_reader_cannot_size() -> None:
    bare = {**SMALL, "linear_attn_config": {"kda_layers": [1, 2, 3]}}
    spec = spec_from_hf_config(bare, model_id="x", source="t")
    assert (spec.state_layers, spec.state_bytes) == (0, 0)
    assert spec.kv_bytes_per_token == 1 * (128 + 32) * 2  # still only the MLA layer's


def test_kimi_k3_from_the_catalog_keeps_its_kda_state() -> None:
    spec = lookup_model("moonshotai/Kimi-K3", hf_cache=False)
    assert spec is not None
    assert spec.state_layers == 69  # aiconfigurator's copy of its config.json lists 69
    assert spec.state_bytes == 3 * 3 * 96 * 128 * 2 + 96 * 128 * 128 * 4
