"""KAITO's node estimator (kaito-project/kaito @056b828), with the data it reads.

For the vLLM runtime the Workspace controller sets ``status.targetNodeCount`` from
``pkg/workspace/estimator/nodesestimator/estimator.go`` (``UpdateWorkspaceTargetNodeCount``,
pkg/workspace/controllers/workspace_controller.go), and that count, not ``resource.count``, is
the node count the inference runs on (pkg/workspace/inference/preset_inferences.go
``numNodes := int(workspaceObj.Status.TargetNodeCount)``): ``count`` is only the starting value,
replaced whenever the instance type's GPU memory is known.  The estimate needs the preset's
weight size and KV bytes per token (presets/workspace/models/model_catalog.yaml, through
presets/workspace/generator/generator.go ``loadFromCatalog`` and ``calculateKVCacheTokenSize``),
the instance type's GPU count and memory (pkg/sku/azure_sku_handler.go, aws_sku_handler.go) and
the ConfigMap's ``max-model-len`` (pkg/utils/config_parser.go ``ParseExplicitMaxModelLen``;
2048 without one).  With node auto-provisioning disabled (a cluster feature gate) KAITO reads
the GPUs from existing nodes' labels instead: not known from a file.

Imported only by ``toplint.parse.k8s.kaito`` when a KAITO resource is read.
"""

from __future__ import annotations

import math

# estimator.go constants
_GPU_MEMORY_UTILIZATION = 0.84
_WEIGHT_EXPANSION = 1.02
_BASE_OVERHEAD_GIB = 2.3
_OVERHEAD_WEIGHT_FACTOR = 0.05
_GIB = 1024**3  # consts.GiBToBytes
DEFAULT_MAX_MODEL_LEN = 2048

# model_catalog.yaml @056b828, by lower-cased Hugging Face id: (modelFileSize, numHiddenLayers,
# hiddenSize, numAttentionHeads, numKeyValueHeads, headDim, kvLoraRank, qkRopeHeadDim); 0 = absent
CATALOG: dict[str, tuple[str, int, int, int, int, int, int, int]] = {
    "microsoft/phi-4": ("27.31Gi", 40, 5120, 40, 10, 0, 0, 0),
    "microsoft/phi-4-mini-instruct": ("7.15Gi", 32, 3072, 24, 8, 0, 0, 0),
    "deepseek-ai/deepseek-r1-distill-llama-8b": ("14.96Gi", 32, 4096, 32, 8, 0, 0, 0),
    "deepseek-ai/deepseek-r1-distill-qwen-14b": ("27.51Gi", 48, 5120, 40, 8, 0, 0, 0),
    "microsoft/phi-3-mini-4k-instruct": ("7.12Gi", 32, 3072, 32, 32, 0, 0, 0),
    "microsoft/phi-3-mini-128k-instruct": ("7.12Gi", 32, 3072, 32, 32, 0, 0, 0),
    "microsoft/phi-3-medium-4k-instruct": ("26.00Gi", 40, 5120, 40, 10, 0, 0, 0),
    "microsoft/phi-3-medium-128k-instruct": ("26.00Gi", 40, 5120, 40, 10, 0, 0, 0),
    "microsoft/phi-3.5-mini-instruct": ("7.12Gi", 32, 3072, 32, 32, 0, 0, 0),
    "qwen/qwen2.5-coder-7b-instruct": ("14.19Gi", 28, 3584, 28, 4, 0, 0, 0),
    "qwen/qwen2.5-coder-32b-instruct": ("61.03Gi", 64, 5120, 40, 8, 0, 0, 0),
    "openai/gpt-oss-20b": ("25.63Gi", 24, 2880, 64, 8, 64, 0, 0),
    "openai/gpt-oss-120b": ("121.54Gi", 36, 2880, 64, 8, 64, 0, 0),
    "meta-llama/llama-3.1-8b-instruct": ("14.96Gi", 32, 4096, 32, 8, 0, 0, 0),
    "meta-llama/llama-3.3-70b-instruct": ("131.42Gi", 80, 8192, 64, 8, 0, 0, 0),
    "mistralai/mistral-7b-v0.3": ("13.50Gi", 32, 4096, 32, 8, 0, 0, 0),
    "mistralai/mistral-7b-instruct-v0.3": ("13.50Gi", 32, 4096, 32, 8, 0, 0, 0),
    "mistralai/ministral-3-3b-instruct-2512": ("4.35Gi", 26, 3072, 32, 8, 128, 0, 0),
    "mistralai/ministral-3-8b-instruct-2512": ("9.70Gi", 34, 4096, 32, 8, 0, 0, 0),
    "mistralai/ministral-3-14b-instruct-2512": ("14.65Gi", 40, 5120, 32, 8, 128, 0, 0),
    "google/gemma-3-4b-it": ("8.01Gi", 34, 2560, 8, 4, 256, 0, 0),
    "google/gemma-3-27b-it": ("51.10Gi", 62, 5376, 32, 16, 128, 0, 0),
    "deepseek-ai/deepseek-r1-0528": ("641.30Gi", 61, 7168, 128, 128, 0, 512, 64),
    "deepseek-ai/deepseek-v3-0324": ("641.30Gi", 61, 7168, 128, 128, 0, 512, 64),
    "mistralai/mistral-large-3-675b-instruct-2512": ("634.70Gi", 61, 7168, 128, 128, 192, 512, 64),
    "nvidia/nvidia-nemotron-3-super-120b-a12b-bf16": ("230.25Gi", 88, 4096, 32, 2, 0, 0, 0),
    "nvidia/nemotron-cascade-2-30b-a3b": ("58.82Gi", 52, 2688, 32, 2, 128, 0, 0),
    "nvidia/nvidia-nemotron-3-nano-30b-a3b-bf16": ("58.82Gi", 52, 2688, 32, 2, 128, 0, 0),
    "nvidia/nvidia-nemotron-nano-12b-v2-vl-bf16": ("24.55Gi", 62, 5120, 40, 8, 0, 0, 0),
    "nvidia/nvidia-nemotron-nano-9b-v2": ("16.56Gi", 56, 4480, 40, 8, 128, 0, 0),
    "nvidia/nvidia-nemotron-3-nano-4b-bf16": ("7.40Gi", 42, 3136, 40, 8, 128, 0, 0),
    "qwen/qwen3-8b-awq": ("5.68Gi", 36, 4096, 32, 8, 0, 0, 0),
    "google/gemma-4-31b-it": ("58.25Gi", 60, 5376, 32, 16, 256, 0, 0),
    "google/gemma-4-26b-a4b-it": ("48.07Gi", 30, 2816, 16, 8, 256, 0, 0),
    "google/gemma-4-e4b-it": ("14.89Gi", 42, 2560, 8, 2, 256, 0, 0),
    "google/gemma-4-e2b-it": ("9.54Gi", 35, 1536, 8, 1, 256, 0, 0),
    "mistralai/mistral-small-4-119b-2603": ("112.63Gi", 36, 4096, 32, 32, 0, 256, 64),
    "mistralai/mistral-small-4-119b-2603-nvfp4": ("65.95Gi", 36, 4096, 32, 32, 0, 256, 64),
    "qwen/qwen3.5-2b": ("4.24Gi", 24, 2048, 8, 2, 0, 0, 0),
    "qwen/qwen3.5-4b": ("8.68Gi", 32, 2560, 16, 4, 256, 0, 0),
    "qwen/qwen3.5-9b": ("17.98Gi", 32, 4096, 16, 4, 0, 0, 0),
    "qwen/qwen3.5-122b-a10b-gptq-int4": ("73.47Gi", 48, 3072, 32, 2, 256, 0, 0),
    "qwen/qwen3.5-122b-a10b": ("232.99Gi", 48, 3072, 32, 2, 256, 0, 0),
    "qwen/qwen3.6-35b-a3b-fp8": ("34.90Gi", 40, 2048, 16, 2, 256, 0, 0),
    "qwen/qwen3.6-35b-a3b": ("66.97Gi", 40, 2048, 16, 2, 256, 0, 0),
    "qwen/qwen3.6-27b": ("51.75Gi", 64, 5120, 24, 4, 256, 0, 0),
    "qwen/qwen3.5-397b-a17b-gptq-int4": ("219.56Gi", 60, 4096, 32, 2, 256, 0, 0),
    "moonshotai/kimi-k2.5": ("554.32Gi", 61, 7168, 64, 64, 0, 512, 64),
    "moonshotai/kimi-k2.6": ("554.32Gi", 61, 7168, 64, 64, 0, 512, 64),
    "minimaxai/minimax-m2.7": ("214.34Gi", 62, 3072, 48, 8, 128, 0, 0),
    "mistralai/mistral-medium-3.5-128b": ("124.43Gi", 88, 12288, 96, 8, 0, 0, 0),
    "deepseek-ai/deepseek-v4-flash-0731": ("155.43Gi", 43, 4096, 64, 1, 512, 0, 64),
    "deepseek-ai/deepseek-v4-pro": ("805.34Gi", 61, 7168, 128, 1, 512, 0, 64),
    "google/gemma-4-12b-it": ("22.28Gi", 48, 3840, 16, 8, 256, 0, 0),
    "zai-org/glm-5.2-fp8": ("703.75Gi", 78, 6144, 64, 64, 192, 512, 64),
    "moonshotai/kimi-k2.7-code": ("554.32Gi", 61, 7168, 64, 64, 0, 512, 64),
    "nvidia/nvidia-nemotron-3-ultra-550b-a55b-nvfp4": ("328.13Gi", 108, 8192, 64, 2, 0, 0, 0),
    "deepseek-ai/deepseek-v3.2": ("642.14Gi", 61, 7168, 128, 128, 0, 512, 64),
    "ibm-granite/granite-4.1-8b": ("16.38Gi", 40, 4096, 32, 8, 0, 0, 0),
    "qwen/qwen3.8-27b": ("51.75Gi", 64, 5120, 24, 4, 256, 0, 0),
}

# pkg/sku/{azure,aws}_sku_handler.go @056b828, by lower-cased instance type: (GPUCount, GPUMem)
SKUS: dict[str, tuple[int, str]] = {
    "standard_nv36ads_a10_v5": (1, "24Gi"),
    "standard_nv72ads_a10_v5": (2, "48Gi"),
    "standard_nc24ads_a100_v4": (1, "80Gi"),
    "standard_nc48ads_a100_v4": (2, "160Gi"),
    "standard_nc96ads_a100_v4": (4, "320Gi"),
    "standard_nd96asr_a100_v4": (8, "320Gi"),
    "standard_nd96amsr_a100_v4": (8, "640Gi"),
    "standard_nc40ads_h100_v5": (1, "94Gi"),
    "standard_nc80adis_h100_v5": (2, "188Gi"),
    "standard_nd96isr_h100_v5": (8, "640Gi"),
    "standard_ncc40ads_h100_v5": (1, "94Gi"),
    "standard_nd96isr_h200_v5": (8, "1128Gi"),
    "standard_ng32ads_v620_v1": (1, "32Gi"),
    "standard_ng32adms_v620_v1": (1, "32Gi"),
    "p4d.24xlarge": (8, "320Gi"),
    "p4de.24xlarge": (8, "640Gi"),
    "p5.48xlarge": (8, "640Gi"),
    "p5e.48xlarge": (8, "1128Gi"),
    "p5en.48xlarge": (8, "1128Gi"),
    "g6.xlarge": (1, "24Gi"),
    "g6.2xlarge": (1, "24Gi"),
    "g6.4xlarge": (1, "24Gi"),
    "g6.8xlarge": (1, "24Gi"),
    "g6.16xlarge": (1, "24Gi"),
    "gr6.4xlarge": (1, "24Gi"),
    "gr6.8xlarge": (1, "24Gi"),
    "g6.12xlarge": (4, "96Gi"),
    "g6.24xlarge": (4, "96Gi"),
    "g6.48xlarge": (8, "192Gi"),
    "g5.xlarge": (1, "24Gi"),
    "g5.2xlarge": (1, "24Gi"),
    "g5.4xlarge": (1, "24Gi"),
    "g5.8xlarge": (1, "24Gi"),
    "g5.12xlarge": (4, "96Gi"),
    "g5.16xlarge": (1, "24Gi"),
    "g5.24xlarge": (4, "96Gi"),
    "g5.48xlarge": (8, "192Gi"),
    "g4ad.xlarge": (1, "8Gi"),
    "g4ad.2xlarge": (1, "8Gi"),
    "g4ad.4xlarge": (1, "8Gi"),
    "g4ad.8xlarge": (2, "16Gi"),
    "g4ad.16xlarge": (4, "32Gi"),
    "trn1.2xlarge": (1, "32Gi"),
    "trn1.32xlarge": (16, "512Gi"),
    "trn1n.32xlarge": (16, "512Gi"),
    "inf2.xlarge": (1, "32Gi"),
    "inf2.8xlarge": (1, "32Gi"),
    "inf2.24xlarge": (6, "192Gi"),
    "inf2.48xlarge": (12, "384Gi"),
}

_SUFFIX = {"Ki": 1024, "Mi": 1024**2, "Gi": 1024**3, "Ti": 1024**4, "G": 10**9, "T": 10**12}


def quantity_bytes(text: str) -> int:
    """A Kubernetes quantity ("121.54Gi") as ``resource.Quantity.Value()`` gives it: bytes,
    rounded up."""
    for suffix in sorted(_SUFFIX, key=len, reverse=True):
        if text.endswith(suffix):
            whole, _, frac = text[: -len(suffix)].partition(".")
            scale: int = 10 ** len(frac)
            scaled = (int(whole or "0") * scale + int(frac or "0")) * _SUFFIX[suffix]
            return -(-scaled // scale)
    return int(text)


def bytes_per_token(entry: tuple[str, int, int, int, int, int, int, int]) -> int:
    """``calculateKVCacheTokenSize``: MLA keeps kv_lora_rank + qk_rope_head_dim elements per
    layer, other attention 2 × KV heads × head dim; two bytes each (fp16, KAITO's TODO)."""
    _, layers, hidden, heads, kv_heads, head_dim, lora, rope = entry
    if head_dim == 0 and heads > 0:
        head_dim = hidden // heads
    if kv_heads == 0 and heads > 0:
        kv_heads = heads  # the catalog has no multi_query flag
    if lora > 0:
        elements = lora + rope
    elif heads > 0 and kv_heads > 0 and head_dim > 0:
        elements = 2 * kv_heads * head_dim
    else:
        elements = 0
    return elements * layers * 2


def estimate_nodes(model_id: str, instance_type: str, max_model_len: int) -> int | str:
    """Nodes per replica as the estimator computes them, or why that cannot be known here (or
    why KAITO refuses the Workspace)."""
    entry = CATALOG.get(model_id.lower())
    sku = SKUS.get(instance_type.lower())
    if entry is None:
        return f"the preset {model_id} is not in KAITO's model catalog"
    if sku is None:
        return f"the instance type {instance_type} is not in KAITO's SKU tables"
    gpus, memory = sku
    found = nodes_for(
        quantity_bytes(entry[0]),
        bytes_per_token(entry),
        gpus,
        quantity_bytes(memory),
        max_model_len,
    )
    if found is None:
        return f"KAITO refuses it: {instance_type}'s GPUs cannot hold the runtime's reserve"
    return found


def nodes_for(
    weights: int, per_token: int, gpus: int, memory: int, max_model_len: int
) -> int | None:
    """``EstimateNodeCount``'s arithmetic (None: KAITO's "GPU memory is too small" error)."""
    model_size = float(weights) * _WEIGHT_EXPANSION
    available = float(memory // gpus) * _GPU_MEMORY_UTILIZATION
    reserve = _BASE_OVERHEAD_GIB * _GIB + float(max_model_len * per_token) / gpus
    if available <= reserve:
        return None
    per_gpu_weights = (available - reserve) / (1 + _OVERHEAD_WEIGHT_FACTOR)
    min_gpus = int(model_size / per_gpu_weights) + 1
    return math.ceil(min_gpus / gpus)


def fits_half_a_gpu(model_id: str, instance_type: str) -> bool | None:
    """``modelFitsOnSingleGPU`` (pkg/model/interface.go): weights under half of one GPU of a
    multi-GPU instance, where KAITO runs data parallel instead of tensor parallel; None when
    the preset or instance type is not in KAITO's tables."""
    entry = CATALOG.get(model_id.lower())
    sku = SKUS.get(instance_type.lower())
    if entry is None or sku is None:
        return None
    gpus, memory = sku
    return gpus > 1 and quantity_bytes(entry[0]) * gpus * 2 < quantity_bytes(memory)
