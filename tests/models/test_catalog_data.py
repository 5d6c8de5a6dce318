"""The generated catalog (models_gen.json): valid by its schema, every id resolves to its
architecture with its checkpoint's own bytes, and each architecture cites where it was read."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from toplint.hardware.modelcatalog import catalog
from toplint.hardware.models import _QUANT_BYTES, lookup_model

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads((ROOT / "linter/toplint/hardware/data/models_gen.json").read_text("utf-8"))
SCHEMA = json.loads((ROOT / "schemas/models.schema.json").read_text("utf-8"))
INDEX = json.loads((ROOT / "linter/toplint/hardware/data/models_index.json").read_text("utf-8"))
INDEX_SCHEMA = json.loads((ROOT / "schemas/models-index.schema.json").read_text("utf-8"))


@pytest.mark.parametrize(("data", "schema"), [(DATA, SCHEMA), (INDEX, INDEX_SCHEMA)])
def test_the_generated_catalog_and_index_are_valid_by_their_schemas(
    data: object, schema: dict[str, object]
) -> None:
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(data), key=str)
    assert errors == []


def test_the_shipped_index_is_the_one_models_yaml_and_the_ids_give() -> None:
    import yaml

    from toplint.hardware.modelcatalog import build_index

    hand = yaml.safe_load((ROOT / "linter/toplint/hardware/data/models.yaml").read_text("utf-8"))
    expected = build_index(hand["models"], DATA["architectures"], DATA["ids"])
    shipped = {k: v for k, v in INDEX.items() if k != "generated_by"}
    assert shipped == expected, "models.yaml changed: run scripts/gen_models.py"


def test_at_least_400_ids_over_far_fewer_architectures() -> None:
    assert len(DATA["ids"]) >= 400
    assert len(catalog().arch_ids) < len(DATA["ids"]) / 3


def test_every_architecture_read_from_a_config_cites_repository_commit_and_path() -> None:
    for arch_id, arch in DATA["architectures"].items():
        if not arch.get("hand"):
            assert arch["source"].startswith("github.com/"), arch_id
            assert arch["family"], arch_id


def test_every_quantization_a_name_states_has_its_bytes() -> None:
    quants = {i["quant"] for i in DATA["ids"].values() if "quant" in i}
    assert quants <= set(_QUANT_BYTES)


@pytest.mark.parametrize("model_id", sorted(DATA["ids"]))
def test_every_id_resolves_to_its_architecture(model_id: str) -> None:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None
    assert spec.id == DATA["ids"][model_id]["arch"]
    assert spec.origin == "catalog"
    assert spec.family == DATA["architectures"][spec.id]["family"]


@pytest.mark.parametrize(
    ("model_id", "arch", "weight_bytes", "block"),
    [
        ("Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-7B", 2.0, 0),
        ("Qwen/Qwen2.5-7B-Instruct-AWQ", "Qwen/Qwen2.5-7B", 0.5, 0),
        ("Qwen/Qwen2.5-7B-Instruct-GPTQ-Int8", "Qwen/Qwen2.5-7B", 1.0, 0),
        ("TheBloke/Llama-2-70B-Chat-GPTQ", "meta-llama/Llama-2-70b-hf", 0.5, 0),
        # The checkpoint's own config.json was read: its quantization_config decides.
        ("Qwen/Qwen3-32B-FP8", "Qwen/Qwen3-32B", 1.0, 128),
        # NVFP4: 4 bits and one FP8 scale per 16 weights (ModelOpt's NVFP4, vLLM's group 16)
        ("nvidia/Qwen3-235B-A22B-NVFP4", "Qwen/Qwen3-235B-A22B", 0.5625, 0),
        ("zai-org/GLM-5-FP8", "zai-org/GLM-5", 1.0, 128),
        ("nvidia/Llama-3.1-70B-Instruct-FP8", "meta-llama/Llama-3.1-70B", 1.0, 0),
        ("TheBloke/WizardCoder-Python-7B-V1.0-AWQ", "WizardLM/WizardCoder-Python-7B-V1.0", 0.5, 0),
        ("csdc-atl/Baichuan2-7B-Chat-GPTQ-Int4", "baichuan-inc/Baichuan2-7B-Chat", 0.5, 0),
        ("cognitivecomputations/WizardLM-33B-V1.0-Uncensored", "huggyllama/llama-30b", 2.0, 0),
        # 2026 third-party releases (helper rec6's finding): a bit width after the method
        # ("-AWQ-4bit"), Intel's "-int4-AutoRound", and NVIDIA's FP8 release of an
        # architecture the catalog publishes under its "-BF16" name
        ("cyankiwi/Qwen3.5-35B-A3B-AWQ-4bit", "Qwen/Qwen3.5-35B-A3B", 0.5, 0),
        ("Intel/Qwen3.5-122B-A10B-int4-AutoRound", "Qwen/Qwen3.5-122B-A10B", 0.5, 0),
        (
            "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-FP8",
            "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16",
            1.0,
            0,
        ),
    ],
)
def test_re_releases_share_the_architecture_with_their_own_bytes(
    model_id: str, arch: str, weight_bytes: float, block: int
) -> None:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None
    assert (spec.id, spec.weight_bytes, spec.quant_block) == (arch, weight_bytes, block)


def test_a_bit_width_after_the_method_keeps_the_method() -> None:
    awq = lookup_model("cyankiwi/Qwen3.5-35B-A3B-AWQ-4bit", hf_cache=False)
    assert awq is not None and (awq.quant_method, awq.quant_group) == ("awq", 128)
    assert lookup_model("nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B", hf_cache=False) is None


def test_a_published_id_named_by_its_width_alone_is_served_at_that_width() -> None:
    # LMDeploy's own 4-bit Llama 2 70B chat (InternLM/lmdeploy@1263d5cd8
    # docs/en/inference/load_hf.md): found as a published id, its name's width still applies
    spec = lookup_model("lmdeploy/llama2-chat-70b-4bit", hf_cache=False)
    assert spec is not None
    assert (spec.id, spec.weight_bytes) == ("meta-llama/Llama-2-70b-hf", 0.5)


def test_base_and_instruct_ids_are_both_known_and_share_the_architecture() -> None:
    base = lookup_model("meta-llama/Llama-2-13b-hf", hf_cache=False)
    chat = lookup_model("meta-llama/Llama-2-13b-chat-hf", hf_cache=False)
    assert base is not None and chat is not None and base == chat
    assert DATA["ids"]["meta-llama/Llama-2-13b-chat-hf"]["kind"] == "instruct"
    assert DATA["ids"]["meta-llama/Llama-2-13b-hf"]["kind"] == "base"


def test_newly_known_families_carry_their_config_fields() -> None:
    llama2 = lookup_model("meta-llama/Llama-2-70b-chat-hf", hf_cache=False)
    assert llama2 is not None and (llama2.num_attention_heads, llama2.num_kv_heads) == (64, 8)
    gemma = lookup_model("google/gemma-2b-it", hf_cache=False)
    assert gemma is not None and (gemma.num_kv_heads, gemma.head_dim) == (1, 256)
    phi = lookup_model("microsoft/Phi-3-medium-128k-instruct", hf_cache=False)
    assert phi is not None and (phi.num_attention_heads, phi.num_kv_heads) == (40, 10)


def test_a_partial_architecture_takes_its_parameters_from_the_checkpoint_size() -> None:
    spec = lookup_model("Qwen/Qwen3.5-4B", hf_cache=False)
    assert spec is not None
    assert (spec.num_attention_heads, spec.num_kv_heads, spec.head_dim) == (16, 4, 256)
    assert spec.params_total == pytest.approx(8.68 * 2**30 / 2, rel=1e-3)
    assert spec.intermediate_size == 0 and spec.vocab_size == 0  # unknown: those checks skip
    assert spec.kv_bytes_per_token == 8 * 2 * 4 * 256 * 2  # 8 full-attention layers of 32


@pytest.mark.parametrize(
    ("model_id", "billions", "heads", "kv_heads"),
    [
        # LLaMA 1 (published 6.7B/13.0B/32.5B/65.2B) and Baichuan 2 (7.5B/13.9B): configs read
        # from gpu_poor's copies, which keep no KV heads field; these architectures have none.
        ("huggyllama/llama-7b", 6.74, 32, 32),
        ("huggyllama/llama-30b", 32.53, 52, 52),
        ("huggyllama/llama-65b", 65.28, 64, 64),
        ("baichuan-inc/Baichuan2-7B-Chat", 7.51, 32, 32),
        ("baichuan-inc/Baichuan2-13B-Chat", 13.9, 40, 40),
        # the base model's KV heads (MLC codellama_7b), the fine-tune's own vocabulary
        ("WizardLM/WizardCoder-Python-7B-V1.0", 6.74, 32, 32),
    ],
)
def test_pre_gqa_architectures_read_without_a_kv_heads_field(
    model_id: str, billions: float, heads: int, kv_heads: int
) -> None:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None
    assert round(spec.params_total / 1e9, 2) == pytest.approx(billions, abs=0.01)
    assert (spec.num_attention_heads, spec.num_kv_heads) == (heads, kv_heads)


@pytest.mark.parametrize(
    ("model_id", "billions", "kv_heads"),
    [
        # GenZ's transcriptions confirmed by Alibaba's Pai-Megatron-Patch sizes; untied embeddings
        # (Qwen2Config's default): the published 0.62B/1.84B/3.95B/7.72B/14.2B/72.3B
        ("Qwen/Qwen1.5-0.5B-Chat", 0.62, 16),
        ("Qwen/Qwen1.5-1.8B", 1.84, 16),
        ("Qwen/Qwen1.5-4B", 3.95, 20),
        ("Qwen/Qwen1.5-7B-Chat", 7.72, 32),
        ("Qwen/Qwen1.5-14B-Chat-AWQ", 14.17, 40),
        ("qwen/Qwen1.5-72B-Chat", 72.29, 64),
    ],
)
def test_qwen15_sizes(model_id: str, billions: float, kv_heads: int) -> None:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None and spec.family == "qwen1.5"
    assert spec.params_total / 1e9 == pytest.approx(billions, abs=0.01)
    assert spec.num_kv_heads == kv_heads


def test_qwen15_32b_takes_the_heads_two_sources_agree_on() -> None:
    # GenZ transcribes 64 heads; Alibaba's Pai-Megatron-Patch and Baidu's AIAK both set 40 heads
    # with 8 query groups: the two agreeing sources win and the outvoted value is named.
    spec = lookup_model("Qwen/Qwen1.5-32B-Chat", hf_cache=False)
    assert spec is not None and spec.id == "Qwen/Qwen1.5-32B" and spec.family == "qwen1.5"
    assert (spec.num_attention_heads, spec.num_kv_heads, spec.head_dim) == (40, 8, 128)
    assert spec.params_total / 1e9 == pytest.approx(32.51, abs=0.01)  # the published 32.5B
    assert "aiak_training_llm" in spec.source and "Pai-Megatron-Patch" in spec.source
    assert "outvoted" in spec.source and "GenZ" in spec.source


def test_an_id_built_on_a_language_model_says_what_is_not_counted() -> None:
    # OpenGVLab's own model zoo: InternVL3-8B = InternViT-300M-448px-V2_5 + Qwen2.5-7B.
    spec = lookup_model("OpenGVLab/InternVL3-8B", hf_cache=False)
    text = lookup_model("Qwen/Qwen2.5-7B", hf_cache=False)
    assert spec is not None and text is not None and spec.id == "Qwen/Qwen2.5-7B"
    assert (spec.params_total, spec.kv_bytes_per_token) == (
        text.params_total,
        text.kv_bytes_per_token,
    )
    assert "vision tower" in spec.source and "not counted" in spec.source
    assert "github.com/OpenGVLab/InternVL@" in spec.source
    assert "InternVL3" not in text.source  # the note belongs to the derived id only


def test_glm45_air_from_zhipus_own_megatron_arguments() -> None:
    spec = lookup_model("zai-org/GLM-4.5-Air-FP8", hf_cache=False)
    assert spec is not None and spec.id == "zai-org/GLM-4.5-Air"
    assert (spec.num_experts, spec.top_k, spec.num_moe_layers) == (128, 8, 45)
    assert (spec.num_attention_heads, spec.num_kv_heads, spec.head_dim) == (96, 8, 128)
    assert spec.params_total / 1e9 == pytest.approx(106.85, abs=0.01)  # "106B total"
    assert spec.weight_bytes == 1.0


@pytest.mark.parametrize(
    ("model_id", "arch", "weight_bytes"),
    [
        ("Qwen/Qwen2.5-VL-72B-Instruct-AWQ", "Qwen/Qwen2.5-VL-72B-Instruct", 0.5),
        ("nm-testing/Qwen2-VL-72B-Instruct-FP8-dynamic", "Qwen/Qwen2-VL-72B-Instruct", 1.0),
    ],
)
def test_vision_language_ids_carry_their_language_model(
    model_id: str, arch: str, weight_bytes: float
) -> None:
    """Alibaba's conversion scripts give the 72B VL models the Qwen2/2.5-72B language model
    (80 layers, 64 heads, 8 KV heads): the same sizes as the hand-kept Qwen2.5-72B."""
    spec = lookup_model(model_id, hf_cache=False)
    text = lookup_model("Qwen/Qwen2.5-72B", hf_cache=False)
    assert spec is not None and text is not None and spec.id == arch
    assert (spec.num_layers, spec.num_attention_heads, spec.num_kv_heads) == (80, 64, 8)
    assert spec.kv_bytes_per_token == text.kv_bytes_per_token
    assert spec.weight_bytes == weight_bytes
    assert "vision tower excluded" in spec.source
