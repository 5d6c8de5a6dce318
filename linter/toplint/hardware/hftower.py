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
``visual.blocks.*`` among the modules not converted)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.infra.numbers import whole

__all__ = ["KINDS", "tower_params"]

# config.json ``model_type`` of the checkpoints whose tower this reads
KINDS = frozenset({"qwen3_5", "qwen3_5_moe"})
_FIELDS = ("depth", "hidden_size", "intermediate_size", "out_hidden_size")


def tower_params(config: Mapping[str, Any]) -> float:
    """The vision tower's parameters of a checkpoint of ``KINDS``; 0 for any other config or
    a ``vision_config`` without its widths."""
    vision = config.get("vision_config")
    if str(config.get("model_type") or "") not in KINDS or not isinstance(vision, Mapping):
        return 0.0
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
    block = 4 * hidden + (4 * hidden * hidden + 4 * hidden) + (2 * hidden * inner + inner + hidden)
    linears = merged * merged + merged + merged * out + out
    deepstack = vision.get("deepstack_visual_indexes") or []
    stacks = len(deepstack) if isinstance(deepstack, list) else 0
    mergers = 2 * hidden + linears + stacks * (2 * merged + linears)
    return float(embed + positions + depth * block + mergers)
