"""An InternVL checkpoint's InternViT tower and ``mlp1`` projector, counted from its config.json
as vLLM builds them (``toplint.hardware.hftower.internvit_params``): vllm-project/vllm@b32b213e
vllm/model_executor/models/internvl.py, vllm-project/vllm@1d1fc660
vllm/model_executor/models/intern_vit.py."""

from __future__ import annotations

from typing import Any

from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.hardware.hftower import internvit_params
from toplint.model import Deployment
from toplint.outcome.towers import language_only, vision_weights
from toplint.record import replace

# A small InternVL config: a 4-layer tower of 64 (RMSNorm, QK norm, no QKV bias), 448-pixel
# tiles of 14-pixel patches, a 2-layer Qwen2-style language model of 128.
VISION: dict[str, Any] = {
    "hidden_size": 64,
    "intermediate_size": 256,
    "num_hidden_layers": 4,
    "num_attention_heads": 4,
    "patch_size": 14,
    "image_size": 448,
    "qkv_bias": False,
    "qk_normalization": True,
    "norm_type": "rms_norm",
}
LLM: dict[str, Any] = {
    "model_type": "qwen2",
    "hidden_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "intermediate_size": 256,
    "vocab_size": 1000,
}
CONFIG: dict[str, Any] = {
    "model_type": "internvl_chat",
    "select_layer": -1,
    "downsample_ratio": 0.5,
    "vision_config": VISION,
    "llm_config": LLM,
}


def _expected(layers: int, *, qkv_bias: bool = False, layer_norm: bool = False) -> int:
    v, i, h = 64, 256, 128
    embed = v + 3 * 14 * 14 * v + v + (32 * 32 + 1) * v
    norm = 2 * v if layer_norm else v
    layer = 3 * v * v + (3 * v if qkv_bias else 0) + 2 * v + v * v + v + 2 * v * i + i + v
    layer += 2 * norm + 2 * v
    merged = 4 * v
    return embed + layers * layer + 2 * merged + merged * h + h + h * h + h


def test_the_tower_counts_embeddings_layers_and_the_projector() -> None:
    assert internvit_params(CONFIG) == _expected(4)
    biased = {**CONFIG, "vision_config": {**VISION, "qkv_bias": True, "norm_type": "layer_norm"}}
    assert internvit_params(biased) == _expected(4, qkv_bias=True, layer_norm=True)


def test_vllm_builds_only_the_layers_up_to_the_selected_one() -> None:
    assert internvit_params({**CONFIG, "select_layer": -2}) == _expected(3)
    assert internvit_params({**CONFIG, "select_layer": 1}) == _expected(2)


def test_a_config_without_a_width_vllm_reads_counts_no_tower() -> None:
    assert internvit_params({**CONFIG, "downsample_ratio": None}) == 0.0
    bare = {k: v for k, v in VISION.items() if k != "image_size"}
    assert internvit_params({**CONFIG, "vision_config": bare}) == 0.0


def test_the_spec_carries_the_tower_and_language_only_keeps_it() -> None:
    spec = spec_from_hf_config(CONFIG, model_id="x", source="t")
    assert spec.vision_params == _expected(4)
    assert spec.hidden_size == 128  # the language model's, from llm_config
    dep = Deployment(path="s", line=1, column=1, engine="vllm", model="x", tp=1)
    dep = replace(dep, options={"language_model_only": "true"})
    # vLLM's InternVLChatModel builds vision_model outside any tower marker
    assert language_only(dep)
    assert vision_weights(spec, dep) == _expected(4) * 2.0
