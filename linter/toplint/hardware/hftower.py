"""The parameters of a Qwen3.5/3.6 checkpoint's vision tower, from its config.json
``vision_config``: weights vLLM loads beside the language model, which the catalog's parameter
count leaves out.

vLLM builds the tower of ``Qwen3_5ForConditionalGeneration`` and ``Qwen3_5MoeForConditional
Generation`` as Qwen3-VL's ``Qwen3_VisionTransformer`` (vllm/model_executor/models/qwen3_5.py:
``self.visual = Qwen3_VisionTransformer(config.vision_config, ...)``, as public index file
53680597778 quotes it), whose layers are (vllm-project/vllm@4f5768c7
vllm/model_executor/models/qwen3_vl.py):

- ``patch_embed``: a Conv3d of ``in_channels`` x ``temporal_patch_size`` x ``patch_size``² inputs
  to ``hidden_size``, with a bias;
- ``pos_embed``: an embedding of ``num_position_embeddings`` x ``hidden_size``;
- ``depth`` blocks: two LayerNorms of ``hidden_size``, attention with a QKV projection to 3 x
  hidden and an output projection (biases), an MLP of ``intermediate_size`` (two linears with
  biases);
- ``merger``: a LayerNorm of ``hidden_size``, then ``hidden_size`` x ``spatial_merge_size``²
  to itself and to ``out_hidden_size`` (biases); one more such merger per
  ``deepstack_visual_indexes`` entry, its LayerNorm over the merged width.

The tower is kept in 16 bits by the quantized releases read so far (NVIDIA's NVFP4 ones list
``visual.blocks.*`` among the modules not converted).

InternVL's own checkpoints (``model_type`` ``internvl_chat``: InternVL2/2.5/3) carry an InternViT
tower that vLLM builds as ``InternVLChatModel`` does (``internvit_params``); vLLM keeps it out
of an AWQ release's quantization (``_patch_quant_config`` adds ``vision_model`` to
``modules_to_not_convert``), so it too is 16-bit.

GLM-4V (``model_type`` ``chatglm`` with a ``vision_config``: THUDM/glm-4v-9b) carries an EVA2-CLIP
tower and a GLU projector that vLLM's ``GLM4VModel`` builds beside the ChatGLM language model
(``eva2clip_params``); a ``chatglm`` config without a ``vision_config`` (GLM-4-9B) has none.

MiniCPM-V 2.5 and 2.6 (``model_type`` ``minicpmv``) carry a SigLIP tower (``vpm``) and a
perceiver resampler that vLLM's ``MiniCPMV`` builds beside the Llama-3 / Qwen2 language model
(``siglip_resampler_params``); MiniCPM-V 2.0's timm tower is not read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.infra.numbers import whole

__all__ = [
    "KINDS",
    "MARKED",
    "eva2clip_params",
    "internvit_attention",
    "internvit_params",
    "siglip_resampler_params",
    "tower_params",
]

# config.json ``model_type`` of the checkpoints whose tower this reads
INTERNVL = "internvl_chat"
CHATGLM = "chatglm"
MINICPMV = "minicpmv"
KINDS = frozenset({"qwen3_5", "qwen3_5_moe", INTERNVL, CHATGLM, MINICPMV})
# The kinds whose tower vLLM builds inside ``_mark_tower_model``, which ``--language-model-only``
# skips (``toplint.outcome.towers``); InternVL's ``vision_model`` is built whatever the modality
# limits (vllm-project/vllm@b32b213e vllm/model_executor/models/internvl.py ``__init__``).
MARKED = frozenset({"qwen3_5", "qwen3_5_moe"})
_FIELDS = ("depth", "hidden_size", "intermediate_size", "out_hidden_size")


def tower_params(config: Mapping[str, Any]) -> float:
    """The vision tower's parameters of a checkpoint of ``KINDS``; 0 for any other config or
    a ``vision_config`` without its widths."""
    vision = config.get("vision_config")
    if str(config.get("model_type") or "") not in KINDS or not isinstance(vision, Mapping):
        return 0.0
    if config.get("model_type") == INTERNVL:
        return internvit_params(config)
    if config.get("model_type") == CHATGLM:
        return eva2clip_params(config)
    if config.get("model_type") == MINICPMV:
        return siglip_resampler_params(config)
    depth, hidden, inner, out = (whole(vision.get(k), 1, 1 << 20) or 0 for k in _FIELDS)
    if not (depth and hidden and inner and out):
        return 0.0

    def dim(key: str, default: int) -> int:
        return whole(vision.get(key, default), 1, 1 << 20) or default

    patch, frames, channels = dim("patch_size", 16), dim("temporal_patch_size", 2), 3
    channels = dim("in_channels", channels)
    merged = hidden * dim("spatial_merge_size", 2) ** 2
    embed = channels * frames * patch * patch * hidden + hidden
    positions = dim("num_position_embeddings", 2304) * hidden
    block = _block(hidden, inner)
    linears = merged * merged + merged + merged * out + out
    deepstack = vision.get("deepstack_visual_indexes") or []
    stacks = len(deepstack) if isinstance(deepstack, list) else 0
    mergers = 2 * hidden + linears + stacks * (2 * merged + linears)
    return float(embed + positions + depth * block + mergers)


def _block(hidden: int, inner: int) -> int:
    """One pre-norm vision-transformer layer as the towers here build it: two LayerNorms (a
    weight and a bias each), the query, key, value and output projections of the tower's width
    (biases; a fused ``qkv`` holds the same), and an MLP of width ``inner`` (``fc1`` / ``fc2``,
    biases).  InternViT's layer differs (its norms, scales and optional q/k norms)."""
    return 4 * hidden + (4 * hidden * hidden + 4 * hidden) + (2 * hidden * inner + inner + hidden)


_VIT = ("hidden_size", "intermediate_size", "num_hidden_layers", "patch_size", "image_size")


def internvit_params(config: Mapping[str, Any]) -> float:
    """The InternViT tower and ``mlp1`` projector of an ``internvl_chat`` config as vLLM builds
    them; 0 when a width vLLM reads is missing.

    vllm-project/vllm@b32b213e vllm/model_executor/models/internvl.py ``InternVLChatModel``:
    ``_init_vision_model`` builds ``num_hidden_layers + select_layer + 1`` encoder layers for a
    negative ``select_layer`` (``select_layer + 1`` otherwise), and ``_init_mlp1`` a LayerNorm
    and Linear over hidden x ``int(1 / downsample_ratio)``² inputs to the language model's
    width, then a Linear of that width (biases).  vllm-project/vllm@1d1fc660
    vllm/model_executor/models/intern_vit.py: the embeddings are a class token, a 3-channel
    ``patch_size``² Conv2d with a bias and ``(image_size / patch_size)² + 1`` positions; a layer
    is ``qkv`` (bias when ``qkv_bias``), the ``q_norm`` / ``k_norm`` RMSNorms when
    ``qk_normalization``, ``proj`` and the MLP's ``fc1`` / ``fc2`` (biases), two norms
    (``norm_type`` ``rms_norm``: a weight; ``layer_norm``: a weight and a bias) and the
    ``ls1`` / ``ls2`` scales."""
    vision, text = config.get("vision_config"), config.get("llm_config")
    if not isinstance(vision, Mapping) or not isinstance(text, Mapping):
        return 0.0
    widths = [whole(vision.get(k), 1, 1 << 20) for k in _VIT]
    llm = whole(text.get("hidden_size"), 1, 1 << 20)
    ratio = config.get("downsample_ratio")
    select = config.get("select_layer", -1)
    if None in widths or llm is None or not isinstance(select, int) or isinstance(select, bool):
        return 0.0
    if not isinstance(ratio, (int, float)) or isinstance(ratio, bool) or not 0 < ratio <= 1:
        return 0.0
    hidden, inner, depth, patch, image = (w or 0 for w in widths)
    layers = _encoder_layers(select, depth)
    if not 0 < layers <= depth:
        return 0.0
    embed = hidden + 3 * patch * patch * hidden + hidden + ((image // patch) ** 2 + 1) * hidden
    norm = hidden if vision.get("norm_type", "rms_norm") == "rms_norm" else 2 * hidden
    layer = _attention(vision, hidden) + 2 * hidden * inner + inner + hidden
    layer += 2 * norm + 2 * hidden
    merged = hidden * int(1 / ratio) ** 2
    mlp1 = 2 * merged + merged * llm + llm + llm * llm + llm
    return float(embed + layers * layer + mlp1)


def _attention(vision: Mapping[str, Any], hidden: int) -> int:
    """One InternViT layer's attention: ``qkv`` (bias when ``qkv_bias``), the ``q_norm`` /
    ``k_norm`` RMSNorms when ``qk_normalization``, and ``proj`` with its bias."""
    qkv = 3 * hidden * hidden + (3 * hidden if vision.get("qkv_bias") else 0)
    return qkv + (2 * hidden if vision.get("qk_normalization") else 0) + hidden * hidden + hidden


def internvit_attention(config: Mapping[str, Any]) -> float:
    """The attention parameters of an ``internvl_chat`` tower's layers (those ``internvit_params``
    counts): what vLLM builds whole on every rank when TP does not divide the tower's heads.
    vllm-project/vllm@1d1fc660 vllm/model_executor/models/intern_vit.py
    ``InternVisionEncoderLayer._init_attn`` ("fallback to sdpa attention if tp unavailable"):
    ``InternParallelAttention`` splits ``qkv`` / ``proj`` over TP (``QKVParallelLinear``,
    ``RowParallelLinear``) only when TP divides the heads; otherwise ``InternSdpaAttention``
    holds them as plain ``nn.Linear`` layers, while the MLP stays split.  0 when the tower is
    not read."""
    if not internvit_params(config):
        return 0.0
    vision = config["vision_config"]
    hidden, depth = (whole(vision.get(k), 1, 1 << 20) or 0 for k in ("hidden_size", _VIT[2]))
    layers = _encoder_layers(config.get("select_layer", -1), depth)
    return float(layers * _attention(vision, hidden))


def _encoder_layers(select: int, depth: int) -> int:
    """The encoder layers vLLM builds for ``select_layer`` (``_init_vision_model``): up to the
    one whose output the projector reads, counted from the end when negative."""
    return depth + select + 1 if select < 0 else select + 1


_EVA = ("hidden_size", "intermediate_size", "num_hidden_layers", "patch_size")


def eva2clip_params(config: Mapping[str, Any]) -> float:
    """GLM-4V's EVA2-CLIP tower and GLU projector (a ``chatglm`` config's ``vision_config``) as
    vLLM builds them; 0 when a width vLLM reads is missing.

    vllm-project/vllm@a965c65a vllm/model_executor/models/glm4v.py ``EVA2CLIPModel``: the patch
    embedding is an ``in_channels`` x ``patch_size``² Conv2d to the tower's width (a bias), a
    class embedding and ``num_positions`` position embeddings (``(image_size / patch_size)² + 1``
    when the config gives no ``num_positions``); each of ``num_hidden_layers`` layers has two
    LayerNorms, ``query_key_value`` (3 x width, biases) and ``dense`` (a bias), and an MLP of
    ``intermediate_size`` (``fc1`` / ``fc2``, biases); then a 2 x 2 Conv2d from the tower's width
    to the language model's (a bias), the ``EVA2CLIPGLU`` projector over the language model's
    width (``linear_proj``, a LayerNorm, ``merged_proj`` to 2 x ``ffn_hidden_size`` and
    ``dense_4h_to_h``, no biases) and the ``boi`` / ``eoi`` embeddings.  ``linear_proj`` and the
    Conv2d are replicated over tensor-parallel ranks, the rest split; the count does not tell
    them apart (a few percent of the tower)."""
    vision = config.get("vision_config")
    if not isinstance(vision, Mapping):
        return 0.0
    widths = [whole(vision.get(k), 1, 1 << 20) for k in _EVA]
    widths.append(whole(config.get("hidden_size"), 1, 1 << 20))
    widths.append(whole(config.get("ffn_hidden_size", config.get("intermediate_size")), 1, 1 << 22))
    widths.append(whole(vision.get("in_channels", 3), 1, 64))
    positions = whole(vision.get("num_positions"), 1, 1 << 24)
    image = whole(vision.get("image_size"), 1, 1 << 16)
    if None in widths or (positions is None and image is None):
        return 0.0
    hidden, inner, depth, patch, llm, ffn, channels = (w or 0 for w in widths)
    positions = positions or ((image or 0) // patch) ** 2 + 1
    embed = channels * patch * patch * hidden + hidden + hidden + positions * hidden
    layer = _block(hidden, inner)
    conv = hidden * llm * 4 + llm
    glu = llm * llm + 2 * llm + 2 * llm * ffn + ffn * llm
    return float(embed + depth * layer + conv + glu + 2 * llm)


_SIGLIP = ("hidden_size", "intermediate_size", "num_hidden_layers", "patch_size", "image_size")


def siglip_resampler_params(config: Mapping[str, Any]) -> float:
    """MiniCPM-V 2.5 / 2.6's SigLIP tower and ``Resampler2_5`` (a ``minicpmv`` config's
    ``vision_config`` and ``query_num``) as vLLM builds them; 0 when a width vLLM reads is
    missing, and for MiniCPM-V 2.0 (timm's tower, not read).

    vllm-project/vllm@004202bc vllm/model_executor/models/minicpmv.py: ``MiniCPMV`` dispatches
    on the config's ``version`` (none: 2.0 when ``hidden_size`` is 2304 and ``query_num`` 64,
    else 2.5); 2.5 builds ``Idefics2VisionTransformer(config.vision_config)``, 2.6 na_vit's
    ``SiglipVisionTransformer`` (the same layers), without the last encoder layer when
    ``drop_vision_last_layer``; both build ``Resampler2_5(num_queries=query_num,
    embed_dim=hidden_size, num_heads=hidden_size // 128, kv_dim=vision hidden)``: the
    ``query`` parameter, ``kv_proj`` (no bias; none when the widths agree), an
    ``nn.MultiheadAttention`` (in-projection 3 x width and out-projection, biases), three
    LayerNorms and ``proj`` (width²).  vllm-project/vllm@23f3a636
    vllm/model_executor/models/na_vit.py: the embeddings are a 3-channel ``patch_size``²
    Conv2d (a bias) and ``(image_size / patch_size)²`` positions; a layer has two LayerNorms,
    ``q_proj`` / ``k_proj`` / ``v_proj`` / ``out_proj`` and the MLP's ``fc1`` / ``fc2``
    (biases); then ``post_layernorm``.  vLLM reads ``drop_vision_last_layer`` from the config;
    one that does not say counts the fewer layers (the count is then short by one layer,
    never over).  The resampler's 2-D position cache is a buffer, not counted."""
    vision = config.get("vision_config")
    if not isinstance(vision, Mapping):
        return 0.0
    widths = [whole(vision.get(k), 1, 1 << 20) for k in _SIGLIP]
    llm = whole(config.get("hidden_size"), 1, 1 << 20)
    queries = whole(config.get("query_num"), 1, 1 << 16)
    if None in widths or llm is None or queries is None or _minicpmv_2_0(config, llm, queries):
        return 0.0
    hidden, inner, depth, patch, image = (w or 0 for w in widths)
    layers = depth - (0 if config.get("drop_vision_last_layer") is False else 1)
    embed = 3 * patch * patch * hidden + hidden + (image // patch) ** 2 * hidden
    layer = _block(hidden, inner)
    kv_proj = hidden * llm if hidden != llm else 0
    resampler = queries * llm + kv_proj + 4 * llm * llm + 4 * llm + 6 * llm + llm * llm
    return float(embed + layers * layer + 2 * hidden + resampler)


def _minicpmv_2_0(config: Mapping[str, Any], llm: int, queries: int) -> bool:
    """Whether vLLM reads ``config`` as MiniCPM-V 2.0 (``get_version_by_config``)."""
    version = config.get("version")
    if version is None:
        return llm == 2304 and queries == 64
    return str(version).split(".")[:2] == ["2", "0"]
