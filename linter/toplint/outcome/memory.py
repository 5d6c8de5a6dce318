"""Memory per GPU as each engine accounts it (in the binary GiB the driver reports).

Weights are the checkpoint's real bytes: a quantized checkpoint keeps its embeddings and LM
head in 16 bits, and a 4-bit one carries a 16-bit scale per group of 128 weights (AWQ/GPTQ
``group_size`` 128).  Start-up working memory is aiconfigurator's (cost-model.md §6 rule 7):
3.5 GiB for the profile run's activations, CUDA graphs and the sampler, plus NCCL's buffers
(0.342 GiB at 2 ranks, 0.392 GiB from 4).  What each engine's memory setting means, from its
own source (each engine module's ``Engine.memory``, ``toplint.engines.types.MemoryAccounting``):

- vLLM ``--gpu-memory-utilization`` (0.9): a fraction of *total* memory for weights, working
  memory and KV cache (vllm-project/vllm vllm/config/cache.py; engine-vocabulary.md §1); at
  start-up the KV cache must hold one ``--max-model-len`` sequence (default: the model's
  context) or the engine refuses ("To serve at least one request with the models's max seq
  len ... larger than the available KV cache memory": vllm/v1/core/kv_cache_utils.py
  ``check_enough_kv_cache_memory`` @bbf906a8).
- SGLang ``--mem-fraction-static``: weights and the KV pool share that fraction of total, the
  rest is left for activations and CUDA graphs: ``rest_memory = available_gpu_memory -
  total_gpu_memory * (1 - mem_fraction_static)`` (sgl-project/sglang
  python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py @v0.5.8 L111-144); no KV
  left is "Not enough memory".  Its default is chosen per GPU (≈0.9, engine-vocabulary.md §2);
  a long context is capped to the pool, not refused.
- TGI ``--cuda-memory-fraction`` (1.0): ``free = free_now - (1 - fraction) * total``
  (huggingface/text-generation-inference server/text_generation_server/utils/import_utils.py
  ``get_cuda_free_memory`` @c09f5bc9); the KV cache takes the free memory after warm-up.
- TensorRT-LLM ``free_gpu_memory_fraction`` (0.9) and LMDeploy ``--cache-max-entry-count``
  (0.8): the KV cache's share of the memory *free after the weights* (engine-vocabulary.md
  §3; InternLM/lmdeploy docs), so the weights may use all of it.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import option
from toplint.engines.registry import get_engine
from toplint.engines.types import MemoryAccounting
from toplint.infra.numbers import finite
from toplint.model import Deployment
from toplint.outcome.types import GIB, Memory

WORKING_GIB = 3.5  # activations of the profile run, CUDA graphs, sampler (§6 rule 7)
QUANT_GROUP = 128  # weights per 16-bit scale in a 4-bit checkpoint (AWQ/GPTQ group_size)


def accounting(engine: str) -> MemoryAccounting:
    """The engine's own memory accounting (``Engine.memory``)."""
    return get_engine(engine).memory


def _number(value: str | None) -> float | None:
    if value is None:
        return None
    text = str(value).strip().strip("'\"").lower()
    scale = 1024.0 if text.endswith("k") else 1.0
    number = finite(text.rstrip("k"))  # never nan, inf, 1e400 or "１２"
    return None if number is None else number * scale


def weight_bytes(model: ModelSpec) -> float:
    """The checkpoint's bytes: quantized layers at ``weight_bytes`` (plus 4-bit group scales),
    embeddings and LM head kept at 16 bits."""
    if model.weight_bytes >= 2.0:
        return model.params_total * model.weight_bytes
    embed = min(2.0 * model.vocab_size * model.hidden_size, model.params_total / 2)
    per_weight = model.weight_bytes + (2.0 / QUANT_GROUP if model.weight_bytes < 1 else 0.0)
    return (model.params_total - embed) * per_weight + embed * 2.0


def expert_params(model: ModelSpec) -> float:
    if not model.is_moe or not model.moe_intermediate_size:
        return 0.0
    layers = model.num_moe_layers or model.num_layers
    experts = 3.0 * model.hidden_size * model.moe_intermediate_size * model.num_experts * layers
    return min(experts, model.params_total)


def weights_per_gpu(model: ModelSpec, dep: Deployment) -> float:
    """Bytes of weights one GPU holds: dense layers over attention-TP × PP, routed experts
    over EP × PP (or TP × PP without EP)."""
    tp, pp = max(dep.tp or 1, 1), max(dep.pp or 1, 1)
    experts = expert_params(model)
    share = weight_bytes(model) / model.params_total if model.params_total else 0.0
    ep = dep.ep if (dep.ep or 1) > 1 else None
    attention_tp = max(tp // max(get_engine(dep.engine).attention_dp(dep), 1), 1)
    dense = model.params_total - experts
    return (dense / (attention_tp * pp) + experts / ((ep or tp) * pp)) * share


def kv_per_token(model: ModelSpec, dep: Deployment) -> float:
    per_token = float(model.kv_bytes_per_token) / max(dep.pp or 1, 1)
    if not model.mla:
        per_token /= max(min(dep.tp or 1, model.num_kv_heads), 1)
    if str(dep.options.get("kv_cache_dtype", "")).lower().startswith("fp8"):
        per_token /= 2
    return per_token


def working_bytes(dep: Deployment) -> float:
    ranks = (dep.tp or 1) * (dep.pp or 1)
    nccl = 0.0 if ranks < 2 else 0.342 if ranks == 2 else 0.392
    return (WORKING_GIB + nccl) * GIB


def memory(dep: Deployment, model: ModelSpec, gpu_memory_gib: float) -> Memory:
    """Per-GPU memory of ``dep`` on GPUs of ``gpu_memory_gib`` as its engine accounts it."""
    acc = accounting(dep.engine)
    written = next((k for k in acc.keys if option(dep.options, k) is not None), None)
    fraction = _number(option(dep.options, *acc.keys)) if written else None
    fraction = fraction if fraction is not None and 0 < fraction <= 1 else acc.default
    setting = f"--{(written or acc.keys[0]).replace('_', '-')} {fraction:g}"
    if written is None:
        setting += " (default)"
    capacity = gpu_memory_gib * GIB
    weights, working = weights_per_gpu(model, dep), working_bytes(dep)
    per_token = kv_per_token(model, dep)
    if not acc.of_total:  # the KV cache takes a fraction of what the weights leave free
        budget = capacity
        kv = (capacity - weights - working) * fraction
    elif acc.weights_inside:  # SGLang: weights + KV pool inside the fraction
        budget = capacity * fraction
        kv = min(budget - weights, capacity - weights - working)
    else:
        budget = capacity * fraction
        kv = budget - weights - working
    tokens = int(kv // per_token) if kv > 0 and per_token > 0 else 0
    context, source = _context(dep, model, acc)
    return Memory(
        engine=dep.engine,
        setting=setting,
        capacity=capacity,
        budget=budget,
        weights=weights,
        working=working,
        kv_per_token=per_token,
        kv_tokens=tokens,
        context=context,
        context_from=source,
        working_in_budget=not acc.weights_inside,
    )


def _context(dep: Deployment, model: ModelSpec, acc: MemoryAccounting) -> tuple[int | None, str]:
    """Tokens one sequence must fit at start-up, for an engine that refuses otherwise."""
    if not acc.refuses_long_context:
        return None, ""
    written = _number(option(dep.options, *acc.context_keys))
    if written is not None and written > 0:
        return int(written), "--" + acc.context_keys[0].replace("_", "-")
    if model.max_context > 0:
        return model.max_context, "the model's default context"
    return None, ""
