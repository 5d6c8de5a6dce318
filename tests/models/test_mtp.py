"""The checkpoint's multi-token-prediction layers as the catalog reads them from config.json
(``toplint.hardware.hfmtp``), against the checkpoints' own configs and model cards."""

from __future__ import annotations

import pytest

from toplint.catalog_types import ModelSpec
from toplint.hardware.hfmtp import mtp_layers
from toplint.hardware.models import lookup_model

GIB = float(1 << 30)


def _spec(model_id: str) -> ModelSpec:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None
    return spec


def test_qwen36_mtp_layer_is_one_16_bit_full_attention_layer_and_its_projection() -> None:
    # config.json (ai-dynamo/aiconfigurator@095f58a5 nvidia--Qwen3.6-27B-NVFP4_config.json):
    # hidden 5120, 24 heads of 256 with an output gate (q doubled), 4 KV heads, MLP 17408,
    # mtp_num_hidden_layers 1, "ignore": ["mtp*", ...]; vLLM's Qwen3_5MultiTokenPredictor: one
    # Qwen3_5DecoderLayer(layer_type="full_attention") and fc = Linear(2 x 5120, 5120)
    h = 5120
    attention = h * 24 * 256 * 2 + 2 * h * 4 * 256 + 24 * 256 * h
    spec = _spec("nvidia/Qwen3.6-27B-NVFP4")
    assert spec.mtp_layers == 1 and spec.mtp_16bit
    assert spec.mtp_params == attention + 3 * h * 17408 + 2 * h * h
    assert spec.mtp_expert_params == 0


def test_the_draft_s_own_vocabulary_tables_are_what_vllm_tried_to_allocate() -> None:
    # vllm-project/vllm#53887 (vLLM 0.27.1, Qwen3.8-27B: vocab 248,320, hidden 5,120, the
    # catalog's Qwen3.6-27B shape): "Tried to allocate 2.37 GiB", the draft's ParallelLMHead,
    # after its embedding of the same size (untied: two tables)
    spec = _spec("nvidia/Qwen3.6-27B-NVFP4")
    assert spec.mtp_table_params == 2 * 248320 * 5120
    assert spec.mtp_table_params / 2 * 2.0 / GIB == pytest.approx(2.37, abs=0.005)


def test_deepseek_v3_mtp_module_is_the_model_card_s_14b() -> None:
    # deepseek-ai/DeepSeek-V3 README: "671B of the Main Model weights and 14B of the
    # Multi-Token Prediction (MTP) Module weights" - the module as shipped, with its own copy
    # of the embedding and output head (129,280 x 7,168 each)
    spec = _spec("deepseek-ai/DeepSeek-V3")
    module = spec.mtp_params + spec.mtp_expert_params + 2 * 129280 * 7168
    assert spec.mtp_layers == 1 and not spec.mtp_16bit
    assert module == pytest.approx(14e9, rel=0.05)


@pytest.mark.parametrize(
    ("config", "layers"),
    [
        ({"num_nextn_predict_layers": 1}, 1),
        ({"mtp_num_hidden_layers": 2, "num_nextn_predict_layers": 1}, 2),
        ({"num_nextn_predict_layers": 0}, 0),
        ({"num_nextn_predict_layers": 1e9}, 0),
        ({"num_nextn_predict_layers": "x"}, 0),
        ({}, 0),
    ],
)
def test_mtp_layer_count(config: dict[str, object], layers: int) -> None:
    assert mtp_layers(config) == layers


def test_a_model_without_mtp_layers_has_none() -> None:
    spec = _spec("meta-llama/Llama-3.1-8B-Instruct")
    assert spec.mtp_layers == 0 and spec.mtp_params == 0 and spec.mtp_table_params == 0
