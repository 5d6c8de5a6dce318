"""MiniMax's lightning-attention stacks (MiniMax-Text-01, MiniMax-M1): config.json's
``attn_type_list`` marks each layer 0 (lightning, a fixed state per sequence) or 1 (softmax, a KV
cache that grows with the context), as vLLM builds them (vllm-project/vllm@98370df7
vllm/model_executor/models/minimax_text_01.py; vllm-project/vllm@d29a69a5
vllm/model_executor/layers/mamba/linear_attn.py)."""

from __future__ import annotations

import pytest

from toplint.hardware.models import spec_from_hf_config

# MiniMax-M1's shape: 80 layers, every eighth a softmax layer, 64 heads of 128, 8 KV heads.
M1 = {
    "model_type": "minimax_m1",
    "hidden_size": 6144,
    "num_hidden_layers": 80,
    "num_attention_heads": 64,
    "num_key_value_heads": 8,
    "head_dim": 128,
    "intermediate_size": 9216,
    "num_local_experts": 32,
    "num_experts_per_tok": 2,
    "vocab_size": 200064,
    "max_position_embeddings": 10240000,
    "torch_dtype": "bfloat16",
    "tie_word_embeddings": False,
    "attn_type_list": [1 if (i + 1) % 8 == 0 else 0 for i in range(80)],
}


def test_only_the_softmax_layers_keep_a_kv_cache() -> None:
    spec = spec_from_hf_config(M1, model_id="MiniMaxAI/MiniMax-M1-80k", source="t")
    assert spec.kv_bytes_per_token == 10 * 2 * 8 * 128 * 2
    every = spec_from_hf_config({**M1, "attn_type_list": [1] * 80}, model_id="x", source="t")
    assert every.kv_bytes_per_token == 80 * 2 * 8 * 128 * 2


def test_a_lightning_layer_keeps_one_state_of_heads_by_head_dim_squared() -> None:
    # get_state_shape: (heads / TP, head_dim, head_dim) in the model's 16-bit dtype
    spec = spec_from_hf_config(M1, model_id="MiniMaxAI/MiniMax-M1-80k", source="t")
    assert spec.state_layers == 70
    assert spec.state_bytes == 64 * 128 * 128 * 2


def test_a_lightning_layer_is_weighed_as_its_four_projections() -> None:
    # qkv_proj hidden -> 3 x heads x head_dim, output_gate hidden -> heads x head_dim, out_proj
    # back: 456B in all, as MiniMax publishes the model (a plain GQA count gives about 447B)
    spec = spec_from_hf_config(M1, model_id="MiniMaxAI/MiniMax-M1-80k", source="t")
    assert 455e9 < spec.params_total < 458e9
    plain = {k: v for k, v in M1.items() if k != "attn_type_list"}
    flat = spec_from_hf_config(plain, model_id="x", source="t")
    width = 64 * 128
    softmax = 2 * 6144 * width + 2 * 6144 * 8 * 128
    assert spec.params_total - flat.params_total == pytest.approx(
        70 * (5 * 6144 * width - softmax), rel=1e-6
    )


def test_an_attn_type_list_that_does_not_cover_the_stack_is_refused() -> None:
    for kinds in ([0, 1] * 10, [2] * 80, [True] * 80):
        with pytest.raises(ValueError, match="attn_type_list"):
            spec_from_hf_config({**M1, "attn_type_list": kinds}, model_id="x", source="t")
