"""Families whose config.json spells the MoE and attention fields its own way, read as the
engine builds them (``toplint.hardware.hfspell``): Hunyuan-MoE's per-layer lists, Step3's
attention groups and listed MoE layers, LongCat-Flash's doubled layers and zero experts,
ChatGLM's own names for its layers, vocabulary, KV groups, MLP width and context."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.hardware.models import spec_from_hf_config

# Hunyuan-A13B's shape, small: every layer holds 4 experts (top 2) beside a shared MLP of
# intermediate_size x num_shared_expert; the head size is attention_head_dim (32, not 64 // 4).
HUNYUAN: dict[str, Any] = {
    "model_type": "hunyuan",
    "hidden_size": 64,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "attention_head_dim": 32,
    "intermediate_size": 48,
    "num_experts": 4,
    "moe_topk": [2, 2],
    "moe_intermediate_size": [32, 32],
    "num_shared_expert": [1, 1],
    "use_mixed_mlp_moe": True,
    "vocab_size": 100,
    "tie_word_embeddings": True,
}


def test_hunyuan_reads_its_per_layer_lists_and_its_head_size() -> None:
    spec = spec_from_hf_config(HUNYUAN)
    attention = 2 * 64 * 4 * 32 + 2 * 64 * 2 * 32  # q and o, k and v
    shared, router, expert = 3 * 64 * 48, 64 * 4, 3 * 64 * 32
    embed = 100 * 64  # tied: counted once
    assert spec.params_total == embed + 2 * (attention + shared + router + 4 * expert)
    assert spec.params_active == embed + 2 * (attention + shared + router + 2 * expert)
    assert (spec.num_experts, spec.top_k, spec.moe_intermediate_size) == (4, 2, 32)
    assert (spec.num_moe_layers, spec.head_dim) == (2, 32)
    assert spec.kv_bytes_per_token == 2 * 2 * 2 * 32 * 2  # layers x (k, v) x heads x dim x bf16


def test_hunyuan_without_a_shared_mlp_has_none() -> None:
    spec = spec_from_hf_config(HUNYUAN | {"use_mixed_mlp_moe": False})
    with_shared = spec_from_hf_config(HUNYUAN)
    assert with_shared.params_total - spec.params_total == 2 * 3 * 64 * 48


# Step3's language model, small, nested as Step3VLConfig nests it: one KV head, a dense first
# layer, the others routed (top 2 of 4) beside a shared MLP of share_expert_dim.
STEP3_TEXT: dict[str, Any] = {
    "model_type": "step3_text",
    "hidden_size": 64,
    "num_hidden_layers": 4,
    "num_attention_heads": 4,
    "num_attention_groups": 1,
    "head_dim": 32,
    "intermediate_size": 96,
    "moe_num_experts": 4,
    "moe_top_k": 2,
    "moe_intermediate_size": 32,
    "share_expert_dim": 48,
    "share_q_dim": 16,
    "moe_layers_enum": "1,2,3",
    "vocab_size": 100,
    "tie_word_embeddings": False,
}
STEP3 = {"model_type": "step3_vl", "text_config": STEP3_TEXT}


@pytest.mark.parametrize("layers", ["1,2,3", [1, 2, 3], (1, 2, 3)])
def test_step3_reads_its_attention_groups_experts_and_listed_moe_layers(layers: Any) -> None:
    spec = spec_from_hf_config({**STEP3, "text_config": STEP3_TEXT | {"moe_layers_enum": layers}})
    # q through the 16-wide bottleneck (64 -> 16 -> 4 x 32), o, and one KV head's k and v
    attention = 64 * 16 + 16 * 4 * 32 + 64 * 4 * 32 + 2 * 64 * 1 * 32
    dense, shared, router, expert = 3 * 64 * 96, 3 * 64 * 48, 64 * 4, 3 * 64 * 32
    embed = 2 * 100 * 64
    common = embed + 4 * attention + dense + 3 * (shared + router)
    assert spec.params_total == common + 3 * 4 * expert
    assert spec.params_active == common + 3 * 2 * expert
    assert (spec.num_kv_heads, spec.num_experts, spec.top_k, spec.num_moe_layers) == (1, 4, 2, 3)
    assert spec.kv_bytes_per_token == 4 * 2 * 1 * 32 * 2


def test_step3_without_a_layer_list_routes_every_layer_but_the_first() -> None:
    text = {k: v for k, v in STEP3_TEXT.items() if k != "moe_layers_enum"}
    assert spec_from_hf_config({**STEP3, "text_config": text}).num_moe_layers == 3


# LongCat-Flash, small: 2 decoder layers, each two MLA attentions and two dense MLPs beside one
# MoE block (top 2 among 4 experts and 2 weightless zero experts).
MLA = {"q_lora_rank": 16, "kv_lora_rank": 8, "qk_nope_head_dim": 8}
MLA |= {"qk_rope_head_dim": 4, "v_head_dim": 8, "num_attention_heads": 4}
LONGCAT: dict[str, Any] = {
    "model_type": "longcat_flash",
    "hidden_size": 64,
    "num_layers": 2,
    "ffn_hidden_size": 96,
    "expert_ffn_hidden_size": 32,
    "n_routed_experts": 4,
    "zero_expert_num": 2,
    "moe_topk": 2,
    "vocab_size": 100,
    "tie_word_embeddings": False,
    **MLA,
}


def _mla_attention() -> float:
    """One MLA attention of these sizes, as toplint prices DeepSeek-V3's (a one-layer dense
    DeepSeek-V3 config less its embeddings and its MLP)."""
    one = {"model_type": "deepseek_v3", "hidden_size": 64, "num_hidden_layers": 1} | MLA
    one |= {"intermediate_size": 96, "vocab_size": 100, "tie_word_embeddings": False}
    return spec_from_hf_config(one).params_total - 2 * 100 * 64 - 3 * 64 * 96


def test_longcat_flash_runs_two_attentions_and_two_mlps_beside_each_moe_block() -> None:
    spec = spec_from_hf_config(LONGCAT)
    mlp, router, expert = 3 * 64 * 96, 64 * 4, 3 * 64 * 32
    common = 2 * 100 * 64 + 4 * _mla_attention() + 4 * mlp + 2 * router
    assert spec.params_total == pytest.approx(common + 2 * 4 * expert)
    assert spec.params_active == pytest.approx(common + 2 * 2 * expert)
    assert (spec.num_layers, spec.num_moe_layers, spec.num_experts, spec.top_k) == (4, 2, 4, 2)
    assert spec.moe_intermediate_size == 32
    assert spec.kv_bytes_per_token == 4 * (8 + 4) * 2  # 4 attentions' latent, bf16


def test_a_step3_config_with_an_unbelievable_layer_count_is_refused_before_any_list() -> None:
    text = STEP3_TEXT | {"num_hidden_layers": 10**12}
    with pytest.raises(ValueError, match="num_hidden_layers"):
        spec_from_hf_config({**STEP3, "text_config": text})


# ChatGLM3 / GLM-4-9B's own config.json spelling, small: num_layers, padded_vocab_size,
# multi_query_group_num KV heads, a gated MLP of ffn_hidden_size, seq_length positions
# (vLLM's ChatGLMConfig and ChatGLMModel read these; zai-org/GLM-4#148 gave such a config).
CHATGLM: dict[str, Any] = {
    "model_type": "chatglm",
    "num_layers": 2,
    "hidden_size": 64,
    "num_attention_heads": 4,
    "multi_query_attention": True,
    "multi_query_group_num": 2,
    "kv_channels": 16,
    "ffn_hidden_size": 96,
    "padded_vocab_size": 100,
    "seq_length": 8192,
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
}


def test_chatglm_reads_its_own_spellings_as_vllm_does() -> None:
    spec = spec_from_hf_config(CHATGLM)
    attention = 2 * 64 * 4 * 16 + 2 * 64 * 2 * 16  # q and o, k and v of the 2 groups
    assert spec.params_total == 2 * 100 * 64 + 2 * (attention + 3 * 64 * 96)
    assert (spec.num_layers, spec.num_kv_heads, spec.vocab_size) == (2, 2, 100)
    assert (spec.intermediate_size, spec.max_context) == (96, 8192)
    assert spec.kv_bytes_per_token == 2 * 2 * 2 * 16 * 2  # layers x (k, v) x groups x dim x bf16


def test_chatglm_without_multi_query_keeps_one_kv_head_per_head() -> None:
    spec = spec_from_hf_config(CHATGLM | {"multi_query_attention": False})
    assert spec.num_kv_heads == 4


def test_chatglm_in_the_common_spellings_reads_the_same() -> None:
    common = {"num_hidden_layers": 2, "vocab_size": 100, "num_key_value_heads": 2}
    common |= {"intermediate_size": 96, "max_position_embeddings": 8192}
    own = ("num_layers", "padded_vocab_size", "multi_query_group_num", "ffn_hidden_size")
    plain = {k: v for k, v in CHATGLM.items() if k not in own and k != "seq_length"} | common
    assert spec_from_hf_config(plain) == spec_from_hf_config(CHATGLM)
