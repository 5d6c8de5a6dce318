"""A Qwen3.5/3.6 checkpoint's vision tower, counted from its config.json ``vision_config`` as
vLLM builds it (``toplint.hardware.hftower``), and loaded beside the language model."""

from __future__ import annotations

from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.hardware.hftower import tower_params
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.towers import vision_weights

# Qwen3.6-27B's vision_config (nvidia/Qwen3.6-27B-NVFP4 config.json, as aiconfigurator copies it)
VISION = {
    "depth": 27,
    "hidden_size": 1152,
    "intermediate_size": 4304,
    "num_heads": 16,
    "out_hidden_size": 5120,
    "patch_size": 16,
    "temporal_patch_size": 2,
    "in_channels": 3,
    "spatial_merge_size": 2,
    "num_position_embeddings": 2304,
    "deepstack_visual_indexes": [],
}


def _tower(hidden: int, inner: int, depth: int, out: int, stacks: int = 0) -> int:
    merged = hidden * 4
    block = 4 * hidden + 4 * hidden * hidden + 4 * hidden + 2 * hidden * inner + inner + hidden
    linears = merged * merged + merged + merged * out + out
    embed = 3 * 2 * 16 * 16 * hidden + hidden + 2304 * hidden
    return embed + depth * block + 2 * hidden + linears + stacks * (2 * merged + linears)


def test_the_tower_counts_patch_and_position_embeddings_blocks_and_mergers() -> None:
    config = {"model_type": "qwen3_5", "vision_config": VISION}
    assert tower_params(config) == _tower(1152, 4304, 27, 5120) == 460_730_096
    deep = {"model_type": "qwen3_5", "vision_config": {**VISION, "deepstack_visual_indexes": [8]}}
    assert tower_params(deep) == _tower(1152, 4304, 27, 5120, stacks=1)


def test_only_the_qwen3_5_checkpoints_and_whole_vision_configs_are_counted() -> None:
    assert tower_params({"model_type": "qwen3_vl", "vision_config": VISION}) == 0.0
    partial = {k: v for k, v in VISION.items() if k != "out_hidden_size"}
    assert tower_params({"model_type": "qwen3_5", "vision_config": partial}) == 0.0


def test_the_catalog_loads_the_tower_in_16_bits_split_over_tensor_parallel_ranks() -> None:
    model = lookup_model("nvidia/Qwen3.6-27B-NVFP4")
    assert model is not None and model.vision_params == 460_730_096
    dep = Deployment(path="s", line=1, column=1, engine="vllm", model=model.id, tp=2)
    assert vision_weights(model, dep) == 460_730_096 * 2 / 2


def test_a_config_reads_its_tower_beside_its_language_model() -> None:
    model = lookup_model("Qwen/Qwen3.6-27B")
    assert model is not None
    text = {"model_type": "qwen3_5_text", "hidden_size": 5120, "num_hidden_layers": 2}
    text.update(num_attention_heads=24, num_key_value_heads=4, head_dim=256, vocab_size=248320)
    text.update(intermediate_size=17408)
    spec = spec_from_hf_config(
        {"model_type": "qwen3_5", "text_config": text, "vision_config": VISION}
    )
    assert spec.vision_params == 460_730_096 and spec.params_total < model.params_total
