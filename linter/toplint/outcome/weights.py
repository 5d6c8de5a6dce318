"""A model's weights and KV cache per GPU of a deployment, as each engine splits them (read by
``toplint.outcome.memory`` and ``toplint.outcome.drafts``).

Weights are the checkpoint's real bytes (``toplint.hardware.weightbytes``, the accounting a
decode step's weight streaming reads too): a quantized checkpoint keeps its embeddings and LM
head in 16 bits, and a 4-bit one carries a 16-bit scale per group of weights (its own group
size; else 128, AWQ/GPTQ's default ``group_size``).
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import option
from toplint.engines.registry import get_engine
from toplint.hardware.weightbytes import expert_bytes
from toplint.hardware.weightbytes import layer_bytes as layer_bytes
from toplint.hardware.weightbytes import weight_bytes as weight_bytes
from toplint.infra.numbers import finite
from toplint.model import Deployment
from toplint.outcome.types import GIB


def stage_layers(layers: int, pp: int, written: list[int] | None = None) -> list[int]:
    """Hidden layers per pipeline stage as vLLM's ``get_pp_indices`` splits them: as
    ``VLLM_PP_LAYER_PARTITION`` writes them (``written``: ``pp_partition``), else evenly, the
    remainder one each to the stages before the last, the second-to-last first
    (vllm-project/vllm@5a6541db vllm/distributed/utils.py)."""
    if written is not None:
        return list(written)
    parts = [layers // pp] * pp
    for i in range(2, layers % pp + 2):
        parts[-i] += 1
    return parts


def pp_partition(model: ModelSpec, dep: Deployment) -> tuple[list[int] | None, str]:
    """The hidden layers per stage the deployment's environment writes for its engine's
    partitioner (``MemoryAccounting.pp_partition_env``: vLLM's ``VLLM_PP_LAYER_PARTITION``), and
    why the engine refuses it ("" when it does not, or nothing is written).  vLLM's
    ``get_pp_indices`` reads every comma-separated part as an int ("Invalid partition string"),
    needs one per stage ("len(partitions)=3 does not match pp_size=2") and their sum to be the
    model's hidden layers ("sum(partitions)=60 does not match num_hidden_layers=64"), raising a
    ValueError at start-up otherwise (vllm-project/vllm@5a6541db vllm/distributed/utils.py)."""
    key = get_engine(dep.engine).memory.pp_partition_env
    raw = dep.options.get(f"env.{key}") if key else None
    if raw is None or not str(raw).strip():
        return None, ""
    text, pp = str(raw).strip().strip("'\""), max(dep.pp or 1, 1)
    try:
        parts = [int(part) for part in text.split(",")]
    except ValueError:
        return None, f"{key}={text} is not a list of whole numbers of layers"
    if len(parts) != pp:
        return None, f"{key}={text} writes {len(parts)} stages for pipeline-parallel size {pp}"
    if model.num_layers and sum(parts) != model.num_layers:
        return None, (f"{key}={text} places {sum(parts)} layers, the model has {model.num_layers}")
    return parts, ""


def weights_per_gpu(model: ModelSpec, dep: Deployment) -> float:
    """Bytes of weights the fullest GPU holds: dense layers over attention-TP × PP, routed
    experts over max(EP, TP) × PP.  An EP smaller than TP still splits the experts over all TP
    ranks: SGLang TP-shards each expert over the rest (``moe_tp_size = tp_size // moe_ep_size //
    moe_dp_size``, sgl-project/sglang python/sglang/srt/distributed/parallel_state.py
    ``initialize_model_parallel``), and so does TensorRT-LLM (``moe_tp_size * moe_ep_size ==
    tp_size``, NVIDIA/TensorRT-LLM@cf44a1cc tensorrt_llm/mapping.py); vLLM splits them over
    TP × DP with or without EP (``toplint.engines.vllm.experts_over``) and LMDeploy's world is
    EP when EP > 1, never below TP (each engine's ``Engine.experts_over``).  Under PP, an engine
    whose source places the vocabulary tables on the edge stages (``MemoryAccounting.pp_tables``)
    has its first stage hold the input embedding and its last the LM head, each split over TP,
    beside its share of the hidden layers (``stage_layers``: as the engine's partitioner splits
    them, or as the environment writes them); the fullest stage is the one that must fit.  Each
    part at its own width where the checkpoint stores its experts narrower than the rest
    (``ModelSpec.expert_bytes``: NVFP4 experts beside FP8 or 16-bit layers), else both at the
    checkpoint's one width: a DP rank's whole attention weighs what it is stored at, not the
    4-bit experts' average."""
    pp = max(dep.pp or 1, 1)
    experts = model.routed_params
    total = weight_bytes(model)
    experts_over = get_engine(dep.engine).experts_over(dep)
    attention_tp = get_engine(dep.engine).attention_tp(dep)
    dense = model.params_total - experts
    # The experts at their own width where the checkpoint gives them one
    # (``ModelSpec.expert_bytes``), the rest of ``total`` on the other layers; else one width.
    own = experts * model.expert_bytes
    split = 0.0 < own < total and dense > 0
    expert_total = expert_bytes(model)
    even = (total - expert_total) / (attention_tp * pp) + expert_total / (experts_over * pp)
    if pp == 1 or get_engine(dep.engine).memory.pp_tables != "edges" or model.num_layers < pp:
        return even
    table = float(model.vocab_size * model.hidden_size)  # one table: embedding or LM head
    tables = min(2.0 * table, dense / 2)  # the embedding and LM head ``weight_bytes`` counts
    table_bytes = 2.0 if model.weight_bytes < 2.0 else model.weight_bytes  # kept 16-bit
    head_bytes = model.lm_head_bytes or table_bytes  # the LM head's own width where quantized
    layers_total = total - tables / 2 * (table_bytes + head_bytes)  # every hidden layer's bytes
    if split:  # the dense layers' bytes and the experts' apart
        layer = ((layers_total - own) / attention_tp + own / experts_over) / model.num_layers
    else:
        body_share = layers_total / (model.params_total - tables)
        layer = ((dense - tables) / attention_tp + experts / experts_over) / model.num_layers
        layer *= body_share
    edges = {0: table / attention_tp * table_bytes, pp - 1: table / attention_tp * head_bytes}
    parts = stage_layers(model.num_layers, pp, pp_partition(model, dep)[0])
    return max(n * layer + edges.get(i, 0.0) for i, n in enumerate(parts))


def offloaded(model: ModelSpec, dep: Deployment, weights: float) -> float:
    """Bytes of one GPU's ``weights`` its process keeps in CPU memory (``--cpu-offload-gb``, GiB
    per GPU, 0 by default; ``MemoryAccounting.offload_key``): vLLM and SGLang set the cap in each
    worker (``set_cpu_offload_max_bytes(int(cpu_offload_gb * 1024**3))``, vllm gpu_model_runner.py;
    sgl-project/sglang@01cc04e2 python/sglang/srt/model_executor/model_runner.py) and move the
    decoder layers' parameters one by one until it is reached (vllm-project/vllm@d30d0c13
    vllm/model_executor/models/utils.py ``maybe_offload_to_cpu``, applied by ``make_layers``),
    never the vocabulary tables, which stay on the GPU (split over the attention-TP ranks)."""
    key = get_engine(dep.engine).memory.offload_key
    written = option(dep.options, key) if key else None
    # not written, or a value that cannot be read (TL003 says so): nothing is taken as offloaded
    gib = finite(written.strip("'\"")) if written is not None else None
    if not gib or gib <= 0:
        return 0.0
    cap = gib * GIB
    tables = model.vocab_size * model.hidden_size * (model.vocab_tables or 2) * 2.0
    on_gpu = tables / max(get_engine(dep.engine).attention_tp(dep), 1)
    return min(cap, max(weights - on_gpu, 0.0))


def kv_per_token(model: ModelSpec, dep: Deployment) -> float:
    """KV bytes one token takes on one GPU: its layers' share (PP) of ``kv_rank_bytes``."""
    written = pp_partition(model, dep)[0]
    if written and model.num_layers:  # the stage with the most layers holds the most KV
        per_token = float(model.kv_bytes_per_token) * max(written) / model.num_layers
    else:
        per_token = float(model.kv_bytes_per_token) / max(dep.pp or 1, 1)
    return kv_rank_bytes(model, dep, per_token)


def kv_rank_bytes(model: ModelSpec, dep: Deployment, per_token: float | None = None) -> float:
    """KV bytes of ``per_token`` (a token's KV in every layer of the stack, 16-bit, by default)
    as one GPU holds them: its KV heads split over the attention-TP group (TP / the
    DP-attention degree: SGLang's DP attention keeps each rank's sequences with all the heads
    its group holds), never below one head (replicated beyond); MLA's latent is whole on every
    rank; at the KV cache's dtype (``--kv-cache-dtype``)."""
    if per_token is None:
        per_token = float(model.kv_bytes_per_token)
    if not model.mla:
        per_token /= max(min(get_engine(dep.engine).attention_tp(dep), model.num_kv_heads), 1)
    dtype = str(dep.options.get("kv_cache_dtype", "")).lower()
    if dtype.startswith("fp8"):
        per_token /= 2
    elif dtype.startswith("nvfp4"):  # "nvfp4", "nvfp4_4over6": the NVFP4 layout
        # two 4-bit values a byte and one FP8 scale per 16: head_size // 2 + head_size // 16
        # bytes a head, 9/32 of 16 bits (vllm-project/vllm@0024350b vllm/utils/torch_utils.py
        # ``nvfp4_kv_cache_full_dim``; vllm/config/cache.py ``CacheDType``)
        per_token *= 9 / 32
    return per_token


def window_rank_bytes(model: ModelSpec, dep: Deployment) -> float:
    """KV bytes of one token in every window layer (``ModelSpec.window_layers``) as one GPU
    holds them: 2 (K and V) x KV heads x head size x 2 bytes a layer, split over TP and at the
    cache's dtype as ``kv_rank_bytes`` splits the growing layers'; 0 where there are none."""
    if model.mla or model.window_layers <= 0 or model.window_tokens <= 0:
        return 0.0
    per_token = float(model.window_layers * 2 * model.num_kv_heads * model.head_dim * 2)
    return kv_rank_bytes(model, dep, per_token)
