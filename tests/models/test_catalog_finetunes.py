"""Catalog rows read from gpu_poor's six-field copies of a fine-tune's config.json, with what the
copy lacks taken from the config class (scripts/gen_models.py ``_CLASS_DEFAULTS``) or from the
base model's verbatim config (the manifest's ``add``), and a row read from another release's
config.json that a second source matches field by field (Qwen3.8-27B)."""

from __future__ import annotations

import pytest

from toplint.hardware.models import lookup_model


def test_qwen1_counts_both_mlp_halves_in_its_intermediate_size() -> None:
    # Qwen-14B-Chat's config.json writes intermediate_size 27392 (w1 and w2 together); the class
    # default model_type "qwen" makes the reader halve it: 14.2B, not the 21B an ungrouped read
    # of 27392 would give.  Qwen-1 has no grouped KV heads.
    spec = lookup_model("TheBloke/Qwen-14B-Chat-AWQ", hf_cache=False)
    assert spec is not None and spec.model_type == "qwen"
    assert spec.intermediate_size == 27392 // 2
    assert spec.params_total / 1e9 == pytest.approx(14.17, abs=0.01)
    assert (spec.num_attention_heads, spec.num_kv_heads) == (40, 40)
    assert spec.weight_bytes == 0.5  # the AWQ re-release's own bytes


@pytest.mark.parametrize(
    ("model_id", "heads", "kv_heads", "vocab"),
    [
        # the base model's KV heads (multi_query: one; Falcon-40B's n_head_kv 8), the
        # fine-tune's own vocabulary (16 added tokens)
        ("OpenAssistant/falcon-7b-sft-mix-2000", 71, 1, 65040),
        ("OpenAssistant/falcon-40b-sft-mix-1226", 128, 8, 65040),
        # Mistral-7B's and Llama-2-70B's grouped KV heads, which gpu_poor does not copy
        ("TheBloke/Mistral-7B-OpenOrca-AWQ", 32, 8, 32002),
        ("TheBloke/Upstage-Llama-2-70B-instruct-v2-AWQ", 64, 8, 32000),
        # LLaVA 1.5's language model (LlavaConfig is a LlamaConfig: no grouped KV heads here)
        ("TheBloke/llava-v1.5-13B-AWQ", 40, 40, 32000),
    ],
)
def test_fine_tunes_take_the_kv_heads_of_their_base_model(
    model_id: str, heads: int, kv_heads: int, vocab: int
) -> None:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None
    assert (spec.num_attention_heads, spec.num_kv_heads) == (heads, kv_heads)
    assert spec.vocab_size == vocab


def test_a_16k_fine_tune_states_no_context_its_base_model_would_cap() -> None:
    # vicuna-13b-v1.5-16k stretches Llama 2's 4,096 positions by RoPE scaling; gpu_poor keeps no
    # max_position_embeddings, so no 4k limit is read for it (Llama-2-13b's row has one).
    spec = lookup_model("lmsys/vicuna-13b-v1.5-16k", hf_cache=False)
    base = lookup_model("meta-llama/Llama-2-13b-hf", hf_cache=False)
    assert spec is not None and base is not None
    assert (spec.max_context, base.max_context) == (0, 4096)
    assert spec.params_total == pytest.approx(base.params_total, rel=1e-6)


def test_gpt2_spelling_is_read_as_an_ungated_tied_model() -> None:
    # DialoGPT-medium: GPT-2 medium's n_embd/n_layer/n_head; two MLP matrices of 4 x hidden and
    # a tied output head (355M as published, less the 1M position table gpu_poor does not state)
    spec = lookup_model("microsoft/DialoGPT-medium", hf_cache=False)
    assert spec is not None
    assert (spec.hidden_size, spec.num_layers, spec.intermediate_size) == (1024, 24, 4096)
    assert spec.params_total / 1e6 == pytest.approx(353.8, abs=0.5)


def test_qwen38_27b_is_read_with_qwen36_27bs_hybrid_layout() -> None:
    spec = lookup_model("Qwen/Qwen3.8-27B", hf_cache=False)
    same = lookup_model("Qwen/Qwen3.6-27B", hf_cache=False)
    assert spec is not None and same is not None
    assert spec.kv_bytes_per_token == same.kv_bytes_per_token  # 16 of 64 layers keep KV
    assert spec.state_layers == 48
    assert "KAITO" in spec.source or "kaito" in spec.source
    fp8 = lookup_model("Qwen/Qwen3.8-27B-FP8", hf_cache=False)
    assert fp8 is not None and fp8.quant_block == 128


def test_bloom_takes_its_hidden_size_from_the_sources_that_state_it() -> None:
    # gpu_poor drops BLOOM's n_embed; Keras Hub's port states 1024 and 559,214,592 parameters
    # (biases and layer norms, which the reader does not count, make the 0.06% difference)
    small = lookup_model("bigscience/bloom-560m", hf_cache=False)
    large = lookup_model("bigscience/bloom", hf_cache=False)
    assert small is not None and large is not None
    assert (small.model_type, small.hidden_size, small.intermediate_size) == ("bloom", 1024, 4096)
    assert small.params_total == pytest.approx(559_214_592, rel=1e-3)
    assert (large.hidden_size, large.num_layers, large.num_kv_heads) == (14336, 70, 112)
    assert large.params_total / 1e9 == pytest.approx(176.2, abs=0.1)


def test_qwen2_57b_a14b_reads_its_experts_from_the_megatron_arguments() -> None:
    spec = lookup_model("Qwen/Qwen2-57B-A14B-Instruct", hf_cache=False)
    assert spec is not None
    assert (spec.num_experts, spec.top_k, spec.moe_intermediate_size) == (64, 8, 2560)
    assert spec.num_moe_layers == 28
    assert spec.params_total / 1e9 == pytest.approx(57.4, abs=0.1)
    assert spec.params_active / 1e9 == pytest.approx(14.2, abs=0.1)


def test_a_w8a16_re_release_weighs_one_byte_per_weight() -> None:
    spec = lookup_model("neuralmagic/Qwen2-72B-Instruct-quantized.w8a16", hf_cache=False)
    full = lookup_model("Qwen/Qwen2-72B-Instruct", hf_cache=False)
    assert spec is not None and full is not None
    assert (spec.weight_bytes, full.weight_bytes) == (1.0, 2.0)


@pytest.mark.parametrize(
    ("model_id", "arch"),
    [
        ("OpenGVLab/InternVL3-14B", "Qwen/Qwen2.5-14B"),
        ("OpenGVLab/InternVL3-38B-AWQ", "Qwen/Qwen2.5-32B"),
        ("zai-org/GLM-4.5V-FP8", "zai-org/GLM-4.5-Air"),
        ("Qwen/Qwen3-Embedding-8B", "Qwen/Qwen3-8B"),
    ],
)
def test_extend_rows_add_derived_ids_to_an_architecture_listed_elsewhere(
    model_id: str, arch: str
) -> None:
    spec = lookup_model(model_id, hf_cache=False)
    base = lookup_model(arch, hf_cache=False)
    assert spec is not None and base is not None
    assert spec.params_total == base.params_total
    assert "github.com/" in spec.source  # the maker's own statement travels with the spec


def _generator() -> object:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / "gen_models.py"
    spec = importlib.util.spec_from_file_location("gen_models", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_extend_row_merges_into_the_row_it_names_and_refuses_anything_else() -> None:
    merge = _generator().merge_extensions  # type: ignore[attr-defined]
    rows = merge(
        [
            {"id": "a/A", "ids": ["a/A-Instruct"]},
            {"extend": "a/A", "ids": ["a/A-AWQ"], "derived": [{"id": "b/B"}]},
        ]
    )
    assert rows == [{"id": "a/A", "ids": ["a/A-Instruct", "a/A-AWQ"], "derived": [{"id": "b/B"}]}]
    with pytest.raises(SystemExit, match="not an architecture row"):
        merge([{"id": "a/A"}, {"extend": "c/C", "ids": ["c/C-AWQ"]}])
    with pytest.raises(SystemExit, match="only ids and derived"):
        merge([{"id": "a/A"}, {"extend": "a/A", "read": ["mlc", "x"]}])


def test_deepseek_v2_236b_reads_its_mla_and_experts_from_the_megatron_arguments() -> None:
    # Pai-Megatron-Patch's MODEL_SIZE=A21B block: MLA ranks, 160 experts top-6, 2 shared, the
    # first layer dense; DeepSeek's own READMEs state 236B total and 21B active
    spec = lookup_model("deepseek-ai/DeepSeek-Coder-V2-Instruct", hf_cache=False)
    assert spec is not None and spec.mla
    assert (spec.num_experts, spec.top_k, spec.num_moe_layers) == (160, 6, 59)
    assert 230e9 < spec.params_total < 240e9 and 20e9 < spec.params_active < 22e9
    assert spec.kv_bytes_per_token == 60 * (512 + 64) * 2
    assert spec.max_context == 0  # the script states no length: none is guessed
    chat = lookup_model("deepseek-ai/DeepSeek-V2-Chat", hf_cache=False)
    assert chat is not None and chat.params_total == spec.params_total
