"""GLM-4V's EVA2-CLIP tower (a ``chatglm`` config with a ``vision_config``), counted from its
config.json as vLLM's ``GLM4VModel`` builds it (``toplint.hardware.hftower.eva2clip_params``)
and loaded beside the ChatGLM language model."""

from __future__ import annotations

from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.hardware.hftower import eva2clip_params, tower_params

# THUDM/glm-4v-9b's vision_config as the published config.json gives it [M]
VISION = {
    "hidden_size": 1792,
    "num_hidden_layers": 63,
    "num_heads": 16,
    "intermediate_size": 15360,
    "image_size": 1120,
    "patch_size": 14,
    "in_channels": 3,
    "num_positions": 6401,
}
TEXT = {
    "model_type": "chatglm",
    "hidden_size": 4096,
    "num_hidden_layers": 40,
    "num_attention_heads": 32,
    "num_key_value_heads": 2,
    "intermediate_size": 13696,
    "vocab_size": 151552,
    "max_position_embeddings": 8192,
    "torch_dtype": "bfloat16",
}


def _tower(hidden: int, inner: int, depth: int, positions: int, llm: int, ffn: int) -> int:
    embed = 3 * 14 * 14 * hidden + hidden + hidden + positions * hidden  # conv, cls, positions
    layer = 4 * hidden + 3 * hidden * hidden + 3 * hidden + hidden * hidden + hidden
    layer += 2 * hidden * inner + inner + hidden
    conv = hidden * llm * 4 + llm  # the 2 x 2 Conv2d to the language model's width
    glu = llm * llm + 2 * llm + 2 * llm * ffn + ffn * llm  # linear_proj, norm1, merged, 4h_to_h
    return embed + depth * layer + conv + glu + 2 * llm  # boi, eoi


def test_the_tower_counts_the_patch_embedding_layers_conv_and_glu_projector() -> None:
    config = {**TEXT, "vision_config": VISION}
    expected = _tower(1792, 15360, 63, 6401, 4096, 13696)
    assert eva2clip_params(config) == tower_params(config) == expected == 4_506_369_536


def test_positions_follow_the_image_size_when_the_config_gives_none() -> None:
    vision = {k: v for k, v in VISION.items() if k != "num_positions"}
    assert tower_params({**TEXT, "vision_config": vision}) == 4_506_369_536  # (1120/14)² + 1


def test_the_chatglm_spelling_of_the_ffn_width_is_read() -> None:
    text = {k: v for k, v in TEXT.items() if k != "intermediate_size"}
    config = {**text, "ffn_hidden_size": 13696, "vision_config": VISION}
    assert tower_params(config) == 4_506_369_536


def test_a_text_only_or_partial_config_has_no_tower() -> None:
    assert tower_params(TEXT) == 0.0  # GLM-4-9B: no vision_config
    partial = {k: v for k, v in VISION.items() if k != "intermediate_size"}
    assert tower_params({**TEXT, "vision_config": partial}) == 0.0
    no_size = {k: v for k, v in VISION.items() if k not in ("num_positions", "image_size")}
    assert tower_params({**TEXT, "vision_config": no_size}) == 0.0


def test_the_spec_carries_the_tower_beside_the_language_model() -> None:
    spec = spec_from_hf_config({**TEXT, "vision_config": VISION}, model_id="THUDM/glm-4v-9b")
    assert spec.vision_params == 4_506_369_536
    assert spec.vision_heads == 16
    assert spec_from_hf_config(TEXT, model_id="THUDM/glm-4-9b").vision_params == 0.0
