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
        ("nvidia/Qwen3-235B-A22B-NVFP4", "Qwen/Qwen3-235B-A22B", 0.5, 0),
        ("zai-org/GLM-5-FP8", "zai-org/GLM-5", 1.0, 128),
        ("nvidia/Llama-3.1-70B-Instruct-FP8", "meta-llama/Llama-3.1-70B", 1.0, 0),
    ],
)
def test_re_releases_share_the_architecture_with_their_own_bytes(
    model_id: str, arch: str, weight_bytes: float, block: int
) -> None:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None
    assert (spec.id, spec.weight_bytes, spec.quant_block) == (arch, weight_bytes, block)


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
