"""Where vLLM's multimodal towers were read (``MemoryAccounting.profile_images_source`` and
``language_only_source``): the sources the vLLM record cites for its vision encoders."""

from __future__ import annotations

PROFILE_IMAGES = (
    "vllm-project/vllm@01b9fe69 vllm/worker/enc_dec_model_runner.py profile_run (one maximum-size "
    "dummy image per sequence group, max_num_seqs groups, one forward pass); encoder-decoder "
    "models run on the V0 engine, whose EngineArgs max_num_seqs default is 256"
)
# --language-model-only: every modality's limit 0, and a tower built inside _mark_tower_model for
# modalities all at 0 is not built (toplint.outcome.towers.language_only quotes them)
LANGUAGE_ONLY = (
    "vllm-project/vllm vllm/config/multimodal.py MultiModalConfig.language_model_only; "
    "vllm/model_executor/models/interfaces.py SupportsMultiModal._mark_tower_model; "
    "vllm-project/vllm@36c110bd vllm/model_executor/models/qwen3_5.py"
)
