"""The model catalog: id matching, suffixes, config.json reading, extra models, HF cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from toplint.errors import ConfigError
from toplint.hardware.models import catalog_ids, lookup_model, spec_from_hf_config
from toplint.outcome import memory

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "linter" / "toplint" / "hardware" / "data" / "models.yaml"


def lookup(model_id: str | None) -> object:
    return lookup_model(model_id, hf_cache=False)


@pytest.mark.parametrize(
    ("model_id", "canonical"),
    [
        ("meta-llama/Llama-3.1-70B", "meta-llama/Llama-3.1-70B"),
        ("META-LLAMA/llama-3.1-70b-instruct", "meta-llama/Llama-3.1-70B"),
        ("Llama-3.1-70B-Instruct", "meta-llama/Llama-3.1-70B"),
        ("meta-llama/Meta-Llama-3.1-70B-Instruct", "meta-llama/Llama-3.1-70B"),
        ("mistralai/Mistral-7B-Instruct-v0.2", "mistralai/Mistral-7B"),
        ("deepseek-ai/DeepSeek-R1-0528", "deepseek-ai/DeepSeek-V3"),
        ("Qwen/Qwen3-235B-A22B-Instruct-2507", "Qwen/Qwen3-235B-A22B"),
        ("mistralai/Mistral-Large-Instruct-2407", "mistralai/Mistral-Large-2407"),
        ("google/gemma-2-9b-it", "google/gemma-2-9b"),
        ("Qwen/Qwen2.5-Coder-7B-Instruct", "Qwen/Qwen2.5-7B"),
    ],
)
def test_ids_match_case_insensitively_with_suffixes_stripped(model_id: str, canonical: str) -> None:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None and spec.id == canonical


@pytest.mark.parametrize(
    "path", ["/models/Qwen3-8B", "/data/Qwen3-8B-Instruct/", "models/Qwen3-8B", "./Qwen3-8B"]
)
def test_local_paths_match_by_basename(path: str) -> None:
    spec = lookup_model(path, hf_cache=False)
    assert spec is not None and spec.id == "Qwen/Qwen3-8B"


def test_hf_cache_snapshot_path_matches_by_repo_name() -> None:
    path = "/root/.cache/huggingface/hub/models--Qwen--Qwen2.5-14B-Instruct/snapshots/abc123"
    spec = lookup_model(path, hf_cache=False)
    assert spec is not None and spec.id == "Qwen/Qwen2.5-14B"


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/models/mistralai--Mixtral-8x7B-Instruct-v0.1", "mistralai/Mixtral-8x7B"),
        ("/models/Qwen--Qwen2.5-14B-Instruct/", "Qwen/Qwen2.5-14B"),
    ],
)
def test_a_folder_named_org_dash_dash_name_matches_the_repo(path: str, expected: str) -> None:
    """A download's --local-dir named after the repo with "--" for "/"
    (jsrobin888/vllm-infra@ae83113 compose/vllm-multi-model/docker-compose.yml): a Hub id cannot
    hold "--", so the folder's name is the id's."""
    spec = lookup_model(path, hf_cache=False)
    assert spec is not None and spec.id == expected


def test_a_folder_with_dashes_that_name_no_repo_is_still_unknown() -> None:
    assert lookup_model("/models/acme--unheard-of-model", hf_cache=False) is None


@pytest.mark.parametrize("model_id", ["", "   ", None, "acme/unheard-of-model", "glm-4.5-ultra"])
def test_unknown_or_empty_id_is_none(model_id: str | None) -> None:
    assert lookup_model(model_id, hf_cache=False) is None


def test_a_longer_name_is_not_its_prefix_model() -> None:
    spec = lookup_model("glm-4.5-air", hf_cache=False)
    assert spec is not None and spec.id == "zai-org/GLM-4.5-Air"  # not zai-org/GLM-4.5


def test_fp8_suffix_on_a_block_quantized_family_sets_one_byte_and_block_128() -> None:
    spec = lookup_model("Qwen/Qwen3-30B-A3B-Instruct-2507-FP8", hf_cache=False)
    assert spec is not None
    assert (spec.weight_bytes, spec.quant_block) == (1.0, 128)


def test_the_org_s_own_fp8_release_of_a_generated_architecture_is_block_128() -> None:
    # Qwen's FP8 releases are block 128 (ROCm/ATOM#1944 quotes Qwen3.6-35B-A3B-FP8's
    # weight_block_size); the generated Qwen3.5/3.6 rows had taken the name as FP8 without one
    for model_id in ("Qwen/Qwen3.6-35B-A3B-FP8", "Qwen/Qwen3.5-27B-FP8", "Qwen3.5-397B-A17B-FP8"):
        spec = lookup_model(model_id, hf_cache=False)
        assert spec is not None and (spec.weight_bytes, spec.quant_block) == (1.0, 128), model_id


def test_a_third_party_fp8_re_release_has_no_block_its_name_cannot_state() -> None:
    # llm-compressor's FP8_DYNAMIC (mahadev9/Qwen3.5-4B-fp8) is per channel; others are blocks
    for model_id in ("mahadev9/Qwen3.5-27B-fp8", "someone/Qwen3-8B-FP8"):
        spec = lookup_model(model_id, hf_cache=False)
        assert spec is not None and (spec.weight_bytes, spec.quant_block) == (1.0, 0), model_id
    local = lookup_model("/models/Qwen3-8B-FP8", hf_cache=False)  # a path names no organisation
    assert local is not None and local.quant_block == 128


def test_fp8_dynamic_suffix_is_per_channel_not_block() -> None:
    spec = lookup_model("RedHatAI/Llama-4-Scout-17B-16E-Instruct-FP8-dynamic", hf_cache=False)
    assert spec is not None
    assert (spec.weight_bytes, spec.quant_block) == (1.0, 0)
    assert spec.num_experts == 16


def test_four_bit_suffix_halves_weight_bytes() -> None:
    spec = lookup_model("Qwen/Qwen2.5-7B-Instruct-AWQ", hf_cache=False)
    assert spec is not None and spec.weight_bytes == 0.5


def test_native_fp8_checkpoint_is_one_byte_block_128_and_bf16_suffix_undoes_it() -> None:
    native = lookup_model("deepseek-ai/DeepSeek-V3", hf_cache=False)
    bf16 = lookup_model("unsloth/DeepSeek-V3-BF16", hf_cache=False)
    assert native is not None and (native.weight_bytes, native.quant_block) == (1.0, 128)
    assert bf16 is not None and (bf16.weight_bytes, bf16.quant_block) == (2.0, 0)


def test_catalog_covers_every_cost_model_section5_model() -> None:
    section5 = [
        "Llama-3.1-8B",
        "Llama-3.1-70B",
        "Llama-3.3-70B",
        "Llama-3.1-405B",
        "Llama-4-Scout-17B-16E",
        "Llama-4-Maverick-17B-128E",
        "Mixtral-8x7B",
        "Mixtral-8x22B",
        "DeepSeek-V3",
        "DeepSeek-R1",
        "Kimi-K2-Instruct",
        "Qwen2.5-72B",
        "Qwen3-32B",
        "Qwen3-30B-A3B",
        "Qwen3-235B-A22B",
        "gpt-oss-20b",
        "gpt-oss-120b",
        "Mistral-Large-Instruct-2407",
        "GLM-4.5",
    ]
    missing = [name for name in section5 if lookup(name) is None]
    assert missing == []


def test_every_catalog_entry_cites_a_source() -> None:
    for model_id in catalog_ids():
        spec = lookup_model(model_id, hf_cache=False)
        assert spec is not None and spec.source, model_id


def test_formulas_reproduce_the_section5_params_and_kv_of_every_entry_that_states_them() -> None:
    # Each entry's params/KV come from cost-model.md §5.2; the config fields beside them must
    # give the same numbers through spec_from_hf_config (within 0.5%).
    for raw in yaml.safe_load(CATALOG.read_text())["models"]:
        computed = spec_from_hf_config(raw["config"])
        if "params_total" in raw:
            assert computed.params_total == pytest.approx(raw["params_total"], rel=5e-3), raw["id"]
            assert computed.params_active == pytest.approx(raw["params_active"], rel=5e-3), raw[
                "id"
            ]
        if "kv_bytes_per_token" in raw:
            assert computed.kv_bytes_per_token == raw["kv_bytes_per_token"], raw["id"]


def test_moe_structure_of_deepseek_v3() -> None:
    spec = lookup_model("deepseek-ai/DeepSeek-V3", hf_cache=False)
    assert spec is not None
    assert (spec.num_experts, spec.top_k) == (256, 8)
    assert (spec.num_moe_layers, spec.moe_intermediate_size, spec.intermediate_size) == (
        58,
        2048,
        18432,
    )
    assert spec.mla and (spec.kv_lora_rank, spec.qk_rope_head_dim) == (512, 64)


def test_latent_moe_routed_experts_run_on_their_own_width() -> None:
    # Kimi-K3's config.json (ai-dynamo/aiconfigurator@095f58a51c model_configs/
    # moonshotai--Kimi-K3_config.json): 896 routed experts of 3072 on routed_expert_hidden_size
    # 3584 (not hidden 7168), 2 shared experts on hidden, 16 experts per token
    spec = lookup_model("moonshotai/Kimi-K3", hf_cache=False)
    assert spec is not None
    assert (spec.num_experts, spec.top_k, spec.num_moe_layers) == (896, 16, 92)
    routed = 92 * 896 * 3 * 3584 * 3072
    assert routed < spec.params_total < routed * 1.05
    base = {"model_type": "deepseek_v3", "hidden_size": 1024, "num_hidden_layers": 2}
    base |= {"num_attention_heads": 8, "intermediate_size": 2048, "vocab_size": 1000}
    base |= {"moe_intermediate_size": 256, "n_routed_experts": 8, "num_experts_per_tok": 2}
    full = spec_from_hf_config(base)
    latent = spec_from_hf_config(base | {"routed_expert_hidden_size": 512})
    # experts: 2 layers x 8 x 3 x 256 x (1024 - 512) fewer; projections: 2 x 2 x 1024 x 512 more
    assert full.params_total - latent.params_total == 2 * 8 * 3 * 256 * 512 - 2 * 2 * 1024 * 512


def test_all_moe_model_has_no_dense_ffn() -> None:
    spec = lookup_model("Qwen/Qwen3-Coder-30B-A3B-Instruct", hf_cache=False)
    assert spec is not None
    assert spec.intermediate_size == 0 and spec.num_moe_layers == 48


# ---- config.json reading ---------------------------------------------------------------------

LLAMA_LIKE = {
    "model_type": "llama",
    "hidden_size": 1024,
    "num_hidden_layers": 4,
    "num_attention_heads": 16,
    "num_key_value_heads": 4,
    "intermediate_size": 4096,
    "vocab_size": 1000,
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
}


def test_dense_config_params_and_kv() -> None:
    spec = spec_from_hf_config(LLAMA_LIKE)
    attn = 2 * 1024 * 1024 + 2 * 1024 * 4 * 64
    mlp = 3 * 1024 * 4096
    assert spec.params_total == 2 * 1000 * 1024 + 4 * (attn + mlp)
    assert spec.head_dim == 64
    assert spec.kv_bytes_per_token == 4 * 2 * 4 * 64 * 2
    assert (spec.weight_bytes, spec.is_moe) == (2.0, False)


def test_t5_encoder_decoder_counts_both_stacks() -> None:
    # google/flan-ul2's config.json (T5 spellings): 32 encoder + 32 decoder layers, gated-gelu;
    # the decoder has self- and cross-attention, and only it keeps a KV cache (~19.5 B: UL2 20B).
    ul2 = {
        "model_type": "t5",
        "d_model": 4096,
        "num_layers": 32,
        "num_decoder_layers": 32,
        "num_heads": 16,
        "d_kv": 256,
        "d_ff": 16384,
        "feed_forward_proj": "gated-gelu",
        "vocab_size": 32128,
        "tie_word_embeddings": False,
    }
    spec = spec_from_hf_config(ul2)
    attn, mlp = 4 * 4096 * 16 * 256, 3 * 4096 * 16384
    assert spec.params_total == 2 * 32128 * 4096 + 32 * (attn + mlp) + 32 * (2 * attn + mlp)
    assert spec.num_layers == 64 and spec.num_attention_heads == 16 and spec.head_dim == 256
    assert spec.kv_bytes_per_token == 32 * 2 * 16 * 256 * 2


@pytest.mark.parametrize(
    ("config", "kv_heads"),
    [
        # tiiuae/falcon-7b-instruct as transformers re-saves it: num_kv_heads 71, multi_query
        ({"model_type": "falcon", "num_kv_heads": 71, "multi_query": True}, 1),
        # tiiuae/falcon-7b's RW config: no KV count at all, multi_query
        ({"model_type": "RefinedWebModel", "multi_query": True}, 1),
        # Falcon-40B: the new decoder architecture reads num_kv_heads whatever multi_query says
        (
            {"model_type": "falcon", "num_kv_heads": 8, "multi_query": True}
            | {"new_decoder_architecture": True},
            8,
        ),
        # Falcon-40B's RW config ("RefinedWeb"): n_head_kv
        ({"model_type": "RefinedWeb", "n_head_kv": 8, "multi_query": True}, 8),
        # multi_query off: one KV head per head
        ({"model_type": "falcon", "multi_query": False}, 71),
        # silent configs take their class's default: FalconConfig multi-query, RWConfig not
        ({"model_type": "falcon"}, 1),
        ({"model_type": "RefinedWebModel"}, 71),
    ],
)
def test_falcon_multi_query_keeps_one_kv_head(config: dict[str, object], kv_heads: int) -> None:
    base = {"hidden_size": 4544, "n_layer": 32, "n_head": 71, "vocab_size": 65024}
    spec = spec_from_hf_config(base | config)
    assert spec.num_kv_heads == kv_heads
    assert spec.kv_bytes_per_token == 32 * 2 * kv_heads * 64 * 2
    # ungated MLP of 4 x hidden (dense_h_to_4h, dense_4h_to_h), tied embeddings
    attn = 2 * 4544 * 71 * 64 + 2 * 4544 * kv_heads * 64
    assert spec.params_total == 65024 * 4544 + 32 * (attn + 2 * 4544 * 4 * 4544)


def test_mllama_cross_attention_layers_keep_no_kv_per_token() -> None:
    # meta-llama/Llama-3.2-11B-Vision's text_config shape: 40 layers, 8 of them cross-attention
    # (they attend to the image's tokens), the other 32 grow the KV cache.
    text = dict(LLAMA_LIKE, num_hidden_layers=40, cross_attention_layers=list(range(3, 40, 5)))
    spec = spec_from_hf_config({"model_type": "mllama", "text_config": text})
    assert spec.num_layers == 40
    assert spec.kv_bytes_per_token == 32 * 2 * 4 * 64 * 2
    flat = spec_from_hf_config(dict(LLAMA_LIKE, num_hidden_layers=40))
    assert spec.params_total == flat.params_total  # a cross-attention layer weighs the same


def test_kimi_linear_kda_layers_keep_no_kv_per_token() -> None:
    # Kimi-K3's text_config (ai-dynamo/aiconfigurator@095f58a51c model_configs/
    # moonshotai--Kimi-K3_config.json): 93 layers, the 69 that linear_attn_config.kda_layers
    # lists (1-based) are Kimi Delta Attention with a fixed state; the other 24 are MLA.
    kda = [n for n in range(1, 93) if n % 4]
    spec = lookup_model("moonshotai/Kimi-K3", hf_cache=False)
    assert spec is not None and spec.mla
    assert spec.kv_bytes_per_token == (93 - len(kda)) * (512 + 64) * 2 == 24 * 576 * 2
    # the same MLA stack without a linear-attention schedule caches every layer
    mla = {
        "model_type": "deepseek_v3",
        "hidden_size": 1024,
        "num_hidden_layers": 8,
        "num_attention_heads": 8,
        "vocab_size": 1000,
        "intermediate_size": 2048,
        "kv_lora_rank": 512,
        "qk_rope_head_dim": 64,
        "q_lora_rank": 256,
    }
    assert spec_from_hf_config(mla).kv_bytes_per_token == 8 * 576 * 2
    hybrid = mla | {"linear_attn_config": {"kda_layers": [1, 2, 3, 5, 6, 7]}}
    assert spec_from_hf_config(hybrid).kv_bytes_per_token == 2 * 576 * 2


def test_gpt_bigcode_is_multi_query_by_default() -> None:
    # bigcode/starcoder's shape: GPTBigCodeConfig(multi_query=True), one KV head
    starcoder = {"model_type": "gpt_bigcode", "n_embd": 6144, "n_layer": 40, "n_head": 48}
    spec = spec_from_hf_config(starcoder | {"vocab_size": 49152})
    assert spec.num_kv_heads == 1 and spec.kv_bytes_per_token == 40 * 2 * 1 * 128 * 2
    both = spec_from_hf_config(starcoder | {"vocab_size": 49152, "multi_query": False})
    assert both.num_kv_heads == 48


def test_vlm_text_config_and_block_fp8_quantization() -> None:
    config = {
        "model_type": "some_vlm",
        "text_config": dict(LLAMA_LIKE, num_local_experts=8, num_experts_per_tok=2),
        "quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]},
    }
    spec = spec_from_hf_config(config)
    assert (spec.hidden_size, spec.num_experts, spec.top_k) == (1024, 8, 2)
    assert (spec.weight_bytes, spec.quant_block) == (1.0, 128)
    assert spec.moe_intermediate_size == 4096 and spec.intermediate_size == 0


def test_internvl_llm_config_is_the_language_model() -> None:
    """InternVL nests its language model as ``llm_config`` beside ``vision_config``: the
    serving checks read that (the vision tower's widths must not become the model's)."""
    config = {
        "architectures": ["InternVLChatModel"],
        "model_type": "internvl_chat",
        "vision_config": {"hidden_size": 1024, "num_hidden_layers": 24, "num_attention_heads": 16},
        "llm_config": dict(LLAMA_LIKE, num_attention_heads=28, num_key_value_heads=4, head_dim=64),
        "torch_dtype": "bfloat16",
    }
    spec = spec_from_hf_config(config)
    flat = spec_from_hf_config(config["llm_config"])
    assert (spec.hidden_size, spec.num_attention_heads, spec.num_kv_heads) == (1024, 28, 4)
    assert spec.params_total == flat.params_total
    assert spec.kv_bytes_per_token == flat.kv_bytes_per_token


def test_gptq_bits_and_compressed_tensors_num_bits() -> None:
    gptq = spec_from_hf_config(
        dict(LLAMA_LIKE, quantization_config={"quant_method": "gptq", "bits": 4})
    )
    ct = spec_from_hf_config(
        dict(
            LLAMA_LIKE,
            quantization_config={
                "quant_method": "compressed-tensors",
                "config_groups": {"group_0": {"weights": {"num_bits": 8}}},
            },
        )
    )
    assert (gptq.weight_bytes, ct.weight_bytes) == (0.5, 1.0)


def test_sglang_eight_bit_methods_without_a_bits_field_are_one_byte() -> None:
    """SGLang reads these quant_method names from config.json with no ``bits``
    (meituan/DeepSeek-R1-Block-INT8, served on 16 A100 by sglang's DeepSeek README)."""
    for method in ("blockwise_int8", "w8a8_int8", "w8a8_fp8"):
        quant = {"quant_method": method, "weight_block_size": [128, 128]}
        spec = spec_from_hf_config(dict(LLAMA_LIKE, quantization_config=quant))
        assert spec.weight_bytes == 1.0, method


def test_missing_required_field_is_a_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match="num_attention_heads"):
        spec_from_hf_config({"hidden_size": 8, "num_hidden_layers": 2, "vocab_size": 10})


# ---- extra models from the toplint config ----------------------------------------------------


def test_extra_alias_names_a_catalog_entry() -> None:
    spec = lookup_model("/mnt/models", {"/mnt/models": "Llama-3.1-8B"}, hf_cache=False)
    assert spec is not None and spec.hidden_size == 4096


def test_extra_alias_keeps_the_quant_suffix_of_the_deployed_id() -> None:
    spec = lookup_model(
        "acme/house-model-FP8", {"acme/house-model-FP8": "Qwen3-32B"}, hf_cache=False
    )
    assert spec is not None and (spec.weight_bytes, spec.quant_block) == (1.0, 128)


def test_extra_config_json_path_relative_to_base_dir(tmp_path: Path) -> None:
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "config.json").write_text(json.dumps(LLAMA_LIKE))
    extra = {"acme/tiny": "cfg/config.json", "acme/dir": "cfg"}
    by_file = lookup_model("acme/tiny", extra, base_dir=str(tmp_path), hf_cache=False)
    by_dir = lookup_model("/models/dir", extra, base_dir=str(tmp_path), hf_cache=False)
    assert by_file is not None and by_file.id == "acme/tiny" and by_file.num_layers == 4
    assert by_dir is not None and by_dir.num_layers == 4


def test_extra_inline_mapping_of_config_fields() -> None:
    spec = lookup_model("acme/inline", {"acme/inline": LLAMA_LIKE}, hf_cache=False)
    assert spec is not None and spec.num_kv_heads == 4


def test_extra_wins_over_the_catalog() -> None:
    spec = lookup_model("Llama-3.1-8B", {"Llama-3.1-8B": LLAMA_LIKE}, hf_cache=False)
    assert spec is not None and spec.hidden_size == 1024


def test_extra_pointing_nowhere_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="neither a catalog model"):
        lookup_model("acme/x", {"acme/x": "missing/config.json"}, base_dir=str(tmp_path))


def test_extra_with_a_broken_config_json_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{not json")
    with pytest.raises(ConfigError, match="cannot read"):
        lookup_model("acme/x", {"acme/x": "config.json"}, base_dir=str(tmp_path))


# ---- local Hugging Face cache ----------------------------------------------------------------


def _cache_model(hub: Path, repo: str, config: dict[str, object]) -> None:
    snapshot = hub / f"models--{repo.replace('/', '--')}" / "snapshots" / "0123abcd"
    snapshot.mkdir(parents=True)
    (snapshot / "config.json").write_text(json.dumps(config))


def test_unknown_id_is_read_from_the_hf_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _cache_model(tmp_path / "hub", "Acme/Tiny-1B", LLAMA_LIKE)
    monkeypatch.setenv("HF_HOME", str(tmp_path))
    monkeypatch.delenv("HF_HUB_CACHE", raising=False)
    spec = lookup_model("acme/tiny-1b")
    assert spec is not None and spec.hidden_size == 1024
    assert "Hugging Face cache" in spec.source
    assert lookup_model("acme/tiny-1b", hf_cache=False) is None


def test_close_model_suggests_the_nearest_catalog_id() -> None:
    from toplint.hardware.models import close_model

    # The typo keeps its kind: an instruct id is offered the instruct checkpoint.
    assert close_model("meta-llama/Llama-3.1-8B-Instrct") == "meta-llama/Llama-3.1-8B-Instruct"
    assert close_model("meta-llama/Lama-3.1-8B") == "meta-llama/Llama-3.1-8B"
    assert close_model("acme/secret-model-13b") is None


def test_plan_with_a_misspelled_model_says_did_you_mean(capsys) -> None:
    from pathlib import Path

    from toplint.cli import main

    hw = Path(__file__).resolve().parents[2] / "examples" / "hardware.yaml"
    argv = ["plan", "--model", "meta-llama/Llama-3.1-8B-Instrct", "--hardware", str(hw)]
    assert main([*argv, "--cluster", "a100-eth"]) == 2
    assert "did you mean `meta-llama/Llama-3.1-8B-Instruct`?" in capsys.readouterr().err


def test_close_model_never_suggests_another_parameter_count() -> None:
    from toplint.hardware.models import close_model

    # Same family, another size: checking one as the other would be wrong by an order of
    # magnitude in memory, so there is no suggestion.
    assert close_model("Qwen/Qwen3-0.7B") is None
    assert close_model("/models/Qwen3-0.7B") is None
    assert close_model("google/gemma-5b") is None
    # A 2-billion-parameter id is never offered a 27B model, nor another family's 2B.
    assert close_model("google/gemma2-2b-it") == "google/gemma-2-2b-it"
    assert close_model("acme/gemma-like-2b") is None
    # Base and instruct are not interchangeable: a base typo is offered the base checkpoint.
    assert close_model("Qwen/Qwen2.5-7B-Instrut") == "Qwen/Qwen2.5-7B-Instruct"
    assert close_model("Qwen/Qwen2.5-7BB") is None
    assert close_model("Qwen/Qwen-2.5-7B") == "Qwen/Qwen2.5-7B"
    # Another version of a family is another model, not a typo.
    assert close_model("Qwen/Qwen2.6-7B") is None
    assert close_model("google/gemma-3-2b-it") is None
    # A typo of the same size is still caught.
    assert close_model("meta-llama/Llama-3.1-70B-Instrct") == "meta-llama/Llama-3.1-70B-Instruct"


def test_qwen1_intermediate_size_counts_gate_and_up_together() -> None:
    # Qwen-1's config.json (Qwen/Qwen-14B-Chat) gives 27392 for an MLP whose matrices are
    # 13696 wide (vLLM qwen.py: QWenMLP(..., intermediate_size // 2)); Qwen1.5 (qwen2) does not.
    qwen1 = {"model_type": "qwen", "hidden_size": 5120, "num_hidden_layers": 40}
    qwen1 |= {"num_attention_heads": 40, "intermediate_size": 27392, "vocab_size": 152064}
    qwen1 |= {"tie_word_embeddings": False}
    spec = spec_from_hf_config(qwen1)
    assert spec.intermediate_size == 13696
    assert 13.5e9 < spec.params_total < 14.5e9  # Qwen-14B: 14.2B parameters
    assert spec_from_hf_config(qwen1 | {"model_type": "qwen2"}).intermediate_size == 27392


def test_prequantized_bitsandbytes_checkpoint_is_served_at_its_own_bits() -> None:
    """A bitsandbytes checkpoint's quantization_config has no ``bits``: vLLM's
    BitsAndBytesConfig reads load_in_8bit (int8) and otherwise load_in_4bit (the default), so
    unsloth's "-unsloth-bnb-4bit" QwQ-32B of vllm-project/vllm#14452 is 4-bit, not 16-bit."""
    bnb = {"quant_method": "bitsandbytes", "load_in_4bit": True, "bnb_4bit_quant_type": "nf4"}
    assert spec_from_hf_config(LLAMA_LIKE | {"quantization_config": bnb}).weight_bytes == 0.5
    eight = {"quant_method": "bitsandbytes", "load_in_8bit": True, "load_in_4bit": False}
    assert spec_from_hf_config(LLAMA_LIKE | {"quantization_config": eight}).weight_bytes == 1.0
    assert spec_from_hf_config(LLAMA_LIKE).weight_bytes == 2.0


def test_deepseek_v4_mxfp4_experts_are_priced_at_4_25_bits() -> None:
    # vllm-project/vllm@023da1fc deepseek_v4.py DeepseekV4FP8Config: expert_dtype "fp4" gives
    # the routed experts Mxfp4MoEMethod (4 bits + one 8-bit scale per 32), the rest FP8 blocks;
    # "fp8" (Flash-Base) keeps them FP8; a re-release's own quantization replaces the original's.
    flash = lookup_model("deepseek-ai/DeepSeek-V4-Flash", hf_cache=False)
    base = lookup_model("deepseek-ai/DeepSeek-V4-Flash-Base", hf_cache=False)
    fp8 = lookup_model("sgl-project/DeepSeek-V4-Flash-FP8", hf_cache=False)
    assert flash is not None and base is not None and fp8 is not None
    assert base.weight_bytes == fp8.weight_bytes == 1.0
    share = (1.0 - flash.weight_bytes) / (1.0 - 4.25 / 8)
    assert 0.9 < share < 1.0  # the routed experts' share of the parameters
    config = json.loads((ROOT / "linter/toplint/hardware/data/models_gen.json").read_text())[
        "architectures"
    ]["deepseek-ai/DeepSeek-V4-Flash"]["config"]
    assert config["expert_dtype"] == "fp4"
    as_fp8 = spec_from_hf_config({**config, "expert_dtype": "fp8"}, model_id="x/ds4", source="t")
    assert as_fp8.weight_bytes == 1.0
    # ModelOpt's NVFP4 re-release: experts at 4.5 bits (group 16), attention FP8.
    nvfp4 = lookup_model("nvidia/DeepSeek-V4-Flash-NVFP4", hf_cache=False)
    assert nvfp4 is not None and flash.weight_bytes < nvfp4.weight_bytes < 0.6


def _mixed_groups(attention: list[str], mlp: list[str]) -> dict[str, object]:
    """A ModelOpt MIXED_PRECISION quantization_config: ``attention`` targets FP8, ``mlp`` NVFP4."""
    return {
        "quant_method": "modelopt",
        "quant_algo": "MIXED_PRECISION",
        "config_groups": {
            "group_0": {"weights": {"num_bits": 8, "type": "float"}, "targets": attention},
            "group_1": {
                "weights": {"num_bits": 4, "type": "float", "group_size": 16},
                "targets": mlp,
            },
        },
    }


def test_mixed_precision_groups_weigh_each_kind_of_layer_at_its_width() -> None:
    # nvidia/Qwen3.6-27B-NVFP4 (ai-dynamo/aiconfigurator@095f58a5): every attention projection
    # in an FP8 group, every MLP projection in an NVFP4 group (4 bits + an FP8 scale per 16).
    layers = range(LLAMA_LIKE["num_hidden_layers"])
    attention = [f"model.layers.{i}.self_attn.{p}_proj" for i in layers for p in "qkvo"]
    mlp = [f"model.layers.{i}.mlp.{p}_proj" for i in layers for p in ("gate", "up", "down")]
    attn_params, mlp_params = 2 * 1024 * 1024 + 2 * 1024 * 4 * 64, 3 * 1024 * 4096
    share = attn_params / (attn_params + mlp_params)
    spec = spec_from_hf_config(LLAMA_LIKE | {"quantization_config": _mixed_groups(attention, mlp)})
    assert spec.weight_bytes == pytest.approx(share * 1.0 + (1 - share) * 4.5 / 8)
    # A kind of layer no group names stays 16-bit; a layer kind split between the groups is
    # weighed by how many of its layers each names.
    only_mlp = _mixed_groups(["model.layers.0.mlp.gate_proj"], mlp[1:])
    half = spec_from_hf_config(LLAMA_LIKE | {"quantization_config": only_mlp})
    mlp_bytes = (1 * 1.0 + (len(mlp) - 1) * 4.5 / 8) / len(mlp)
    assert half.weight_bytes == pytest.approx(share * 2.0 + (1 - share) * mlp_bytes)
    # Targets that name a class, not layers: one width, the first group's, as before.
    classes = spec_from_hf_config(
        LLAMA_LIKE | {"quantization_config": _mixed_groups(["Linear"], ["re:.*mlp.*"])}
    )
    assert classes.weight_bytes == 1.0
    # The catalog's counted form reads as the list does.
    nvfp4 = lookup_model("nvidia/Qwen3.6-27B-NVFP4", hf_cache=False)
    assert nvfp4 is not None and 4.5 / 8 < nvfp4.weight_bytes < 0.75


# A small DeepSeek-V3-shaped MoE (MLA, one dense layer first, one shared expert).
DEEPSEEK_LIKE = {
    "model_type": "deepseek_v3",
    "hidden_size": 1024,
    "num_hidden_layers": 4,
    "num_attention_heads": 8,
    "num_key_value_heads": 8,
    "intermediate_size": 4096,
    "moe_intermediate_size": 512,
    "n_routed_experts": 16,
    "num_experts_per_tok": 2,
    "n_shared_experts": 1,
    "first_k_dense_replace": 1,
    "kv_lora_rank": 128,
    "q_lora_rank": 256,
    "qk_rope_head_dim": 32,
    "qk_nope_head_dim": 64,
    "v_head_dim": 64,
    "vocab_size": 1000,
    "tie_word_embeddings": False,
}


def _int4(ignore: list[str] | None) -> dict[str, object]:
    """Kimi-K2.5's compressed-tensors quantization_config (ai-dynamo/aiconfigurator@095f58a5
    model_configs/moonshotai--Kimi-K2.5_config.json) with ``ignore`` in place of its own."""
    group = {"targets": ["Linear"], "weights": {"num_bits": 4, "type": "int", "group_size": 32}}
    quant: dict[str, object] = {"quant_method": "compressed-tensors", "config_groups": {"g": group}}
    return quant | ({"ignore": ignore} if ignore is not None else {})


KIMI_IGNORE = [
    "lm_head",
    "re:.*self_attn.*",
    "re:.*shared_experts.*",
    r"re:.*mlp\.(gate|up|gate_up|down)_proj.*",
]


def test_compressed_tensors_ignore_list_keeps_those_kinds_of_layer_16_bit() -> None:
    def weigh(ignore: list[str] | None) -> float:
        spec = spec_from_hf_config(DEEPSEEK_LIKE | {"quantization_config": _int4(ignore)})
        assert spec.quant_group == 32  # one 16-bit scale per 32 weights (memory.weight_bytes)
        return spec.weight_bytes

    spec = spec_from_hf_config(DEEPSEEK_LIKE)
    experts = 3 * 16 * 3 * 1024 * 512  # three MoE layers of 16 experts, gated (3 matrices)
    body = spec.params_total - 2 * 1000 * 1024
    share = experts / body
    # Every Linear INT4 without a list, with its 16-bit scale per 32 (4.5 bits); Kimi's list
    # keeps all but the routed experts 16-bit.
    width = (4 + 16 / 32) / 8
    assert weigh(None) == weigh([]) == width
    assert weigh(KIMI_IGNORE) == pytest.approx(share * width + (1 - share) * 2.0)
    # Attention alone kept 16-bit lies between; a router or one projection is not weighed.
    assert width < weigh(["re:.*self_attn.*"]) < weigh(KIMI_IGNORE)
    assert weigh(["re:.*mlp.gate$", "re:.*q_a_proj$", "model.embed_tokens"]) == width
    # Numbered layer names are read as their kind (every layer's attention listed one by one).
    listed = [f"model.layers.{i}.self_attn" for i in range(4)]
    assert weigh(listed) == weigh(["re:.*self_attn.*"])


def test_modelopt_nvfp4_keeps_the_layers_it_ignores_16_bit_and_counts_its_scales_once() -> None:
    # nvidia/Kimi-K2.5-NVFP4's config.json (ai-dynamo/aiconfigurator@095f58a5) ignores every
    # layer's self_attn; vLLM's ModelOpt config reads config.json's ``ignore`` as its
    # exclude_modules.  NVFP4 is 4 bits and one FP8 scale per 16 weights.
    nvfp4 = (4 + 8 / 16) / 8
    attn_params, mlp_params = 2 * 1024 * 1024 + 2 * 1024 * 4 * 64, 3 * 1024 * 4096
    share = attn_params / (attn_params + mlp_params)
    group = {"targets": ["Linear"], "weights": {"num_bits": 4, "type": "float", "group_size": 16}}
    quant = {"quant_method": "modelopt", "quant_algo": "NVFP4", "config_groups": {"g": group}}
    ignore = ["lm_head", "model.layers.*.self_attn*"]
    spec = spec_from_hf_config(LLAMA_LIKE | {"quantization_config": quant | {"ignore": ignore}})
    assert spec.weight_bytes == pytest.approx(share * 2.0 + (1 - share) * nvfp4)
    # the older form without config_groups (quant_algo and group_size only) weighs the same
    bare = {"quant_method": "modelopt", "quant_algo": "NVFP4", "group_size": 16, "ignore": ignore}
    assert spec_from_hf_config(LLAMA_LIKE | {"quantization_config": bare}) == spec
    # its scales are in the width: the memory model adds none (AWQ's 16-bit per 128 it does)
    body = spec.params_total - 2 * 1000 * 1024
    assert memory.weight_bytes(spec) == pytest.approx(
        body * spec.weight_bytes + 2 * 1000 * 1024 * 2
    )
    awq = spec_from_hf_config(
        LLAMA_LIKE | {"quantization_config": {"quant_method": "awq", "bits": 4, "group_size": 128}}
    )
    assert memory.weight_bytes(awq) == pytest.approx(body * (0.5 + 2 / 128) + 2 * 1000 * 1024 * 2)


def test_modelopt_mxfp8_is_eight_bits_and_a_scale_per_32_not_16_bit() -> None:
    # vLLM's ModelOptMxFp8Config (quant_algo "MXFP8"): E4M3 weights, one E8M0 scale per 32
    # (MXFP8_BLOCK_SIZE).  MiniMaxAI/MiniMax-M3-MXFP8 was read at 16 bits, 99 GiB a GPU at TP 8
    # on H100 where vllm-project/recipes#653 fits it with 8.4 GiB left for the KV cache.
    mxfp8 = (8 + 8 / 32) / 8
    quant = {"quant_method": "modelopt", "quant_algo": "MXFP8"}
    spec = spec_from_hf_config(LLAMA_LIKE | {"quantization_config": quant})
    assert spec.weight_bytes == pytest.approx(mxfp8)
    # the layers its ignore list names stay 16-bit, as for ModelOpt's other formats
    ignore = ["lm_head", "model.layers.*.self_attn*"]
    kept = spec_from_hf_config(LLAMA_LIKE | {"quantization_config": quant | {"ignore": ignore}})
    assert mxfp8 < kept.weight_bytes < 2.0


def test_kimi_k2_thinking_is_served_at_its_native_int4() -> None:
    # data/checkpoints.yaml: Kimi-K2's architecture with INT4 routed experts (groups of 32),
    # the rest 16-bit; the FP8 architecture it shares with Kimi-K2-Instruct stays FP8.
    thinking = lookup_model("moonshotai/Kimi-K2-Thinking", hf_cache=False)
    instruct = lookup_model("moonshotai/Kimi-K2-Instruct", hf_cache=False)
    assert thinking is not None and instruct is not None
    assert instruct.weight_bytes == 1.0 and thinking.quant_group == 32
    assert 0.5625 < thinking.weight_bytes < 0.59 and thinking.max_context == 262144
    # 4.5 bits a routed weight with its scale and 16 bits the rest: ~594 GB, 69.2 GiB a GPU at TP 8
    assert 590e9 < memory.weight_bytes(thinking) < 600e9
    k25 = lookup_model("moonshotai/Kimi-K2.5", hf_cache=False)
    assert k25 is not None and k25.weight_bytes == pytest.approx(thinking.weight_bytes, rel=0.02)


# Qwen/Qwen3-Next-80B-A3B-Instruct's config.json fields (no layer_types: transformers'
# Qwen3NextConfig fills them in from full_attention_interval).
QWEN3_NEXT = {
    "model_type": "qwen3_next",
    "hidden_size": 2048,
    "num_hidden_layers": 48,
    "num_attention_heads": 16,
    "num_key_value_heads": 2,
    "head_dim": 256,
    "linear_num_key_heads": 16,
    "linear_num_value_heads": 32,
    "linear_key_head_dim": 128,
    "linear_value_head_dim": 128,
    "linear_conv_kernel_dim": 4,
    "full_attention_interval": 4,
    "num_experts": 512,
    "num_experts_per_tok": 10,
    "moe_intermediate_size": 512,
    "shared_expert_intermediate_size": 512,
    "intermediate_size": 5120,
    "vocab_size": 151936,
    "tie_word_embeddings": False,
}


def test_gated_deltanet_layers_are_weighed_as_vllm_builds_them() -> None:
    # vllm gdn_linear_attn.py: in_proj_qkvz (2 x key_dim + 2 x value_dim), in_proj_ba, conv1d,
    # out_proj; full-attention layers' queries carry the output gate (qwen3_next.py).  The
    # sizes the names give: 80B with about 3.9B active, and 27B for Qwen3.5/3.6-27B (24.4B
    # when every layer was priced as a plain attention layer).
    spec = spec_from_hf_config(QWEN3_NEXT, model_id="Qwen/Qwen3-Next-80B-A3B", source="t")
    assert 79e9 < spec.params_total < 81e9 and 3.5e9 < spec.params_active < 4.2e9
    # every fourth layer keeps a KV cache: 12 of 48
    assert spec.kv_bytes_per_token == 12 * 2 * 2 * 256 * 2
    for name in ("Qwen/Qwen3.5-27B", "Qwen/Qwen3.6-27B"):
        dense = lookup_model(name, hf_cache=False)
        assert dense is not None and 26.5e9 < dense.params_total < 27.5e9
    # without the Gated DeltaNet widths the layers cannot be weighed as such: plain attention
    plain = {k: v for k, v in QWEN3_NEXT.items() if k != "linear_num_key_heads"}
    assert spec_from_hf_config(plain, model_id="x", source="t").params_total < spec.params_total


def test_deepseek_v4_compressed_attention_keeps_a_fraction_of_the_kv() -> None:
    # vllm@0a291a2e deepseek_v4_attention.py: a layer with compress ratio r > 1 keeps one
    # 512-wide latent entry per r tokens (r = 4 also an FP8 indexer entry of 132 bytes); r of
    # 0 or 1 keeps only its 128-token window.  In 16-bit terms: 20 layers of r = 4 at
    # (1024 + 264) / 4 and 20 of r = 128 at 1024 / 128 in DeepSeek-V4-Flash's first 43 layers.
    flash = lookup_model("deepseek-ai/DeepSeek-V4-Flash", hf_cache=False)
    assert flash is not None
    assert flash.kv_bytes_per_token == round(21 * (1024 + 264) / 4 + 20 * 1024 / 128)
    plain = spec_from_hf_config(
        {k: v for k, v in _flash_config().items() if k != "compress_ratios"},
        model_id="x/ds4",
        source="t",
    )
    assert plain.kv_bytes_per_token == 43 * 2 * 512 * 2  # every layer a full 512-wide KV


def _flash_config() -> dict[str, object]:
    data = json.loads((ROOT / "linter/toplint/hardware/data/models_gen.json").read_text())
    config: dict[str, object] = data["architectures"]["deepseek-ai/DeepSeek-V4-Flash"]["config"]
    return config
