"""A multimodal model's towers in the outcome's memory: the vision encoder one GPU holds, and
whether the engine is told to build none (vLLM's ``--language-model-only``)."""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import flag
from toplint.engines.registry import get_engine
from toplint.hardware.vision import encoder_of
from toplint.model import Deployment


def language_only(dep: Deployment) -> bool:
    """Whether ``dep`` turns the engine's multimodal towers off (``MemoryAccounting.
    language_only_key``: vLLM's ``--language-model-only``): a tower the engine builds inside
    its tower marker (the ones ``ModelSpec.vision_params`` counts, Qwen3.5/3.6) is not loaded.
    Llama 3.2 Vision's encoder-decoder path (``toplint.hardware.vision``) has not been read
    for it and keeps its encoder.

    vLLM: ``MultiModalConfig.language_model_only`` "disables all multimodal inputs by setting
    all modality limits to 0" (vllm/config/multimodal.py); a tower built inside
    ``SupportsMultiModal._mark_tower_model`` is "automatically skipped when
    `--limit-mm-per-prompt` is set to zero for all of their modalities" (models/interfaces.py,
    as public index file 54351779329 quotes it); Qwen3.5/3.6 build ``self.visual`` inside
    ``_mark_tower_model(vllm_config, {"image", "video"})`` (vllm-project/vllm@36c110bd
    vllm/model_executor/models/qwen3_5.py)."""
    key = get_engine(dep.engine).memory.language_only_key
    return bool(key) and flag(dep.options, key)


def vision_weights(model: ModelSpec, dep: Deployment) -> float:
    """Bytes of the vision encoder one GPU holds (16-bit, split over TP like its layers): a
    family's known encoder, or the tower its config.json describes (``ModelSpec.vision_params``);
    none of the latter when the engine is told to build no tower (``language_only``) and builds
    this kind's tower inside its tower marker (``toplint.hardware.hftower.MARKED``).  The
    tower's attention a TP that does not divide its heads leaves whole on every rank
    (``whole_attention``) is not split."""
    encoder = encoder_of(model)
    if encoder is None and language_only(dep):
        # (here only: the config readers of the towers load where a config has one)
        import toplint.hardware.hftower as hftower

        if model.model_type in hftower.MARKED:
            return 0.0
    params = encoder.params if encoder is not None else model.vision_params
    tp = max(dep.tp or 1, 1)
    whole = whole_attention(model, dep) if encoder is None else 0.0
    return (whole + (params - whole) / tp) * 2.0


def whole_attention(model: ModelSpec, dep: Deployment) -> float:
    """The tower's attention parameters every rank holds whole: those of a tower whose heads
    the TP size does not divide, where the engine then builds its attention unsharded
    (``MemoryAccounting.tower_attention_whole``: vLLM's InternViT, whose 6B tower has 25
    heads); 0 where TP divides them, or the engine's behaviour has not been read."""
    tp = max(dep.tp or 1, 1)
    kinds = get_engine(dep.engine).memory.tower_attention_whole
    if model.vision_kind not in kinds or not model.vision_heads or model.vision_heads % tp == 0:
        return 0.0
    return model.vision_attention_params
