"""InternViT's attention where TP does not divide the tower's heads: vLLM builds it unsharded
(``InternSdpaAttention``, plain ``nn.Linear``) on every rank, while the MLP stays split
(vllm-project/vllm@1d1fc660 vllm/model_executor/models/intern_vit.py
``InternVisionEncoderLayer._init_attn``), so the tower's weights per GPU are not all split by
TP (``toplint.outcome.towers.whole_attention``)."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.hardware.hftower import internvit_attention, internvit_params
from toplint.model import Deployment
from toplint.outcome.towers import vision_weights, whole_attention

# A small InternVL config (a test stack): a 4-layer tower of 80 with 5 heads, QK norm, a QKV
# bias, and a 2-layer Qwen2-style language model.
VISION: dict[str, Any] = {
    "hidden_size": 80,
    "intermediate_size": 320,
    "num_hidden_layers": 4,
    "num_attention_heads": 5,
    "patch_size": 14,
    "image_size": 448,
    "qkv_bias": True,
    "qk_normalization": True,
    "norm_type": "rms_norm",
}
CONFIG: dict[str, Any] = {
    "model_type": "internvl_chat",
    "select_layer": -1,
    "downsample_ratio": 0.5,
    "vision_config": VISION,
    "llm_config": {
        "model_type": "qwen2",
        "hidden_size": 128,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "intermediate_size": 256,
        "vocab_size": 1000,
    },
}
# qkv with its bias, q_norm and k_norm, proj with its bias
ATTENTION = 3 * 80 * 80 + 3 * 80 + 2 * 80 + 80 * 80 + 80


def _dep(tp: int, engine: str = "vllm") -> Deployment:
    return Deployment(path="s", line=1, column=1, engine=engine, model="x", tp=tp)


def test_the_tower_attention_is_counted_per_built_layer() -> None:
    assert internvit_attention(CONFIG) == 4 * ATTENTION
    # select_layer -2: vLLM builds one layer fewer
    assert internvit_attention({**CONFIG, "select_layer": -2}) == 3 * ATTENTION
    assert internvit_attention({**CONFIG, "vision_config": {}}) == 0


def test_a_tp_that_does_not_divide_the_heads_leaves_the_attention_whole() -> None:
    spec = spec_from_hf_config(CONFIG, model_id="x", source="t")
    params = internvit_params(CONFIG)
    assert spec.vision_attention_params == 4 * ATTENTION
    assert whole_attention(spec, _dep(2)) == 4 * ATTENTION
    whole = 4 * ATTENTION
    assert vision_weights(spec, _dep(2)) == pytest.approx((whole + (params - whole) / 2) * 2)
    # TP 5 divides the 5 heads: every layer is split
    assert whole_attention(spec, _dep(5)) == 0
    assert vision_weights(spec, _dep(5)) == pytest.approx(params * 2 / 5)


def test_an_engine_whose_tower_split_is_not_read_splits_it_all() -> None:
    spec = spec_from_hf_config(CONFIG, model_id="x", source="t")
    assert whole_attention(spec, _dep(2, "sglang")) == 0
    assert vision_weights(spec, _dep(2, "sglang")) == pytest.approx(internvit_params(CONFIG))
