"""MiniCPM-V 2.5 / 2.6's SigLIP tower and perceiver resampler (a ``minicpmv`` config's
``vision_config`` and ``query_num``), counted from its config.json as vLLM's ``MiniCPMV``
builds them (``toplint.hardware.hftower.siglip_resampler_params``) and loaded beside the
language model."""

from __future__ import annotations

from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.hardware.hftower import siglip_resampler_params, tower_params

# a SigLIP-400M vision_config as MiniCPM-V 2.6's config.json gives it [M]
VISION = {
    "hidden_size": 1152,
    "intermediate_size": 4304,
    "num_hidden_layers": 27,
    "num_attention_heads": 16,
    "image_size": 980,
    "patch_size": 14,
}
TEXT = {  # a Qwen2-7B text model's fields at the top level, as MiniCPM-V 2.6 writes them
    "model_type": "minicpmv",
    "version": 2.6,
    "hidden_size": 3584,
    "num_hidden_layers": 28,
    "num_attention_heads": 28,
    "num_key_value_heads": 4,
    "intermediate_size": 18944,
    "vocab_size": 151666,
    "max_position_embeddings": 32768,
    "torch_dtype": "bfloat16",
    "tie_word_embeddings": False,
    "query_num": 64,
    "drop_vision_last_layer": False,
}


def _tower(hidden: int, inner: int, layers: int, positions: int, llm: int, queries: int) -> int:
    embed = 3 * 14 * 14 * hidden + hidden + positions * hidden  # conv (bias), positions
    layer = 2 * 2 * hidden  # layer_norm1, layer_norm2
    layer += 4 * (hidden * hidden + hidden)  # q, k, v, out projections with biases
    layer += hidden * inner + inner + inner * hidden + hidden  # fc1, fc2
    post = 2 * hidden  # post_layernorm
    resampler = queries * llm + hidden * llm  # query, kv_proj (no bias)
    resampler += 3 * llm * llm + 3 * llm + llm * llm + llm  # MultiheadAttention
    resampler += 3 * 2 * llm + llm * llm  # ln_q, ln_kv, ln_post, proj
    return embed + layers * layer + post + resampler


def test_the_tower_counts_siglip_and_the_resampler() -> None:
    config = {**TEXT, "vision_config": VISION}
    expected = _tower(1152, 4304, 27, 70 * 70, 3584, 64)
    assert siglip_resampler_params(config) == tower_params(config) == expected == 486_411_504


def test_a_dropped_last_layer_is_not_counted_nor_one_the_config_does_not_keep() -> None:
    fewer = _tower(1152, 4304, 26, 70 * 70, 3584, 64)
    dropped = {**TEXT, "drop_vision_last_layer": True, "vision_config": VISION}
    assert tower_params(dropped) == fewer
    unsaid = {k: v for k, v in TEXT.items() if k != "drop_vision_last_layer"}
    assert tower_params({**unsaid, "vision_config": VISION}) == fewer  # never over


def test_minicpmv_2_0_and_partial_configs_have_no_tower_counted() -> None:
    old = {**TEXT, "hidden_size": 2304, "vision_config": VISION}
    del old["version"]  # vLLM reads 2.0 from hidden 2304 and query_num 64: timm's tower
    assert tower_params(old) == 0.0
    assert tower_params({**TEXT, "version": "2.0", "vision_config": VISION}) == 0.0
    partial = {k: v for k, v in VISION.items() if k != "image_size"}
    assert tower_params({**TEXT, "vision_config": partial}) == 0.0
    no_queries = {k: v for k, v in TEXT.items() if k != "query_num"}
    assert tower_params({**no_queries, "vision_config": VISION}) == 0.0
    assert tower_params(TEXT) == 0.0  # no vision_config


def test_the_spec_carries_the_tower_beside_the_language_model() -> None:
    spec = spec_from_hf_config({**TEXT, "vision_config": VISION}, model_id="m/MiniCPM-V")
    assert spec.vision_params == 486_411_504
    assert spec.vision_heads == 16
    assert 8.0e9 < spec.params_total + spec.vision_params < 8.2e9  # "8B" in all
