"""The high end of the start-up working memory's band: the most the engine's profile run of
this model can allocate at its peak.

The fixed band (1.4 to 3.5 GiB, ``toplint.outcome.memory``) is what a mid-sized model takes;
its high end is more than a small model's profile run can allocate, so the fixed band called
layouts "may not start" that have room to spare.  For an engine whose profile run has been
read (``MemoryAccounting.profile``: vLLM) the high end is the model's own bound, never above
the fixed one, from the tensors the run allocates on one GPU:

- the forward pass over the batch's dummy tokens (``--max-num-batched-tokens``; before
  0.5.3 one whole context of any length, up to 0.8 one of at most 32K): the residual stream
  (three ``tokens × hidden`` tensors) and the largest layer's transient - the attention's
  Q, K, V and output, the MLP's gate-up and activation (``tokens × 3 × intermediate / TP``),
  or the fused MoE's caches (``tokens × top-k × (3 × moe_intermediate / TP + hidden)``,
  in chunks of at most 32,768 tokens: ``VLLM_FUSED_MOE_CHUNK_SIZE``), in 16 bits;
- or, when larger, the sampler over one row of logits per dummy sequence
  (``--max-num-seqs``) beside the forward's hidden states: the 16-bit logits, their 32-bit
  copy and PyTorch's own top-k/top-p path, the largest any release runs (sorted values,
  their int64 indices, the cumulative probabilities, a mask, the re-scattered logits, the
  probabilities and the exponential draw: 29 bytes per logit; a sampling kernel -
  FlashInfer's, a later release's Triton one - takes far less, which is why this is a
  bound);
- memory outside PyTorch's allocator the profile charges (``non_torch_memory``), and where
  a release took the whole process's memory in use as the peak, the CUDA context;
- from the release that charges them (vLLM 0.21), the CUDA graphs' pool: one forward pass at
  the largest captured batch (``min(512, 2 × max_num_seqs)`` tokens).

Not modelled: the V0 engine that 0.8-0.10 still ran on GPUs below compute capability 8.0
(and with ``VLLM_USE_V1=0``) profiles V0's batch, not V1's.

The low end stays the fixed one: what a sampling kernel saves depends on the release and on
what is installed, and the development half of benchmarks/data/vllm_profile_logs.yaml logs
start-ups on both sides of it.

Sources: vllm-project/vllm v0.11.0 vllm/v1/worker/gpu_model_runner.py ``profile_run``,
``_dummy_run`` (``min(max_num_seqs, tokens)`` rows of logits), ``_dummy_sampler_run``
(top-p 0.9, top-k vocabulary - 1); vllm/v1/sample/ops/topk_topp_sampler.py
``apply_top_k_top_p``; v0.6.3 vllm/worker/model_runner.py ``profile_run`` (top-p 0.99);
vllm/engine/arg_utils.py of each release for the batch defaults
(``toplint.engines.vllm``); v0.20.0 vllm/v1/worker/gpu_worker.py
``determine_available_memory`` (``profile_cudagraph_memory``, applied by default "since
v0.21.0").
"""

from __future__ import annotations

import functools

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import option
from toplint.engines.gpuneeds import ProfileBatch, ProfileRun
from toplint.engines.registry import get_engine
from toplint.engines.release import in_force, pinned, version
from toplint.infra.numbers import whole
from toplint.model import Deployment
from toplint.outcome.types import GIB

ACTIVATION_BYTES = 2  # activations and logits in 16 bits
LOGIT_COPY_BYTES = 4  # the sampler's 32-bit copy of the logits
SAMPLER_BYTES = 4 + 8 + 4 + 1 + 4 + 4 + 4  # per logit, PyTorch's top-k/top-p path
MOE_CHUNK = 32768  # VLLM_FUSED_MOE_CHUNK_SIZE: the fused MoE's tokens per pass
GRAPH_TOKENS = 512  # the largest batch a CUDA graph is captured for by default
# Memory outside PyTorch's allocator the profile charges on one GPU: the largest the
# development half's one-GPU start-ups log is 0.26 GiB, and vllm-project/vllm#10517's
# Llama-3.1-8B on an RTX 3090 logs 0.35 GiB (benchmarks/data/vllm_profile_logs.yaml).
NON_TORCH_GIB = 0.4
# Where the profile's peak is the whole process's memory (``ProfileBatch.whole_process``) it
# holds the CUDA context: 287 MB with lazy module loading, PyTorch's default since 1.13
# (pytorch/pytorch#86509; 667 MB without it), and every vLLM release runs on PyTorch 2.
CONTEXT_GIB = 0.267


def high_end(
    dep: Deployment, model: ModelSpec | None, gpu_gib: float, context: int, since: str = ""
) -> float | None:
    """The most the start-up profile run of ``dep`` allocates on one GPU beyond the weights
    (NCCL's buffers and a vision encoder's dummy images apart), in bytes, the engine started
    with ``context`` tokens (0: not known); None when the engine's profile run has not been
    read or the model is not known.  A release the image does not pin may be any: the bound
    is the largest over every release's batch, or, given ``since``, over the batches of that
    release and later ones (an outcome only those releases have: the recurrent-state
    refusal)."""
    engine = get_engine(dep.engine)
    profile = engine.memory.profile
    if profile is None or model is None:
        return None
    eager = option(dep.options, profile.eager_key) if profile.eager_key else None
    return _high_end(
        profile,
        model,
        max(dep.tp or 1, 1),
        max(engine.attention_tp(dep), 1),
        pinned(dep),
        count(option(dep.options, profile.tokens_key)),
        count(option(dep.options, profile.seqs_key)),
        eager is not None and str(eager).strip().lower() not in ("false", "0", "no"),
        gpu_gib >= profile.large_gib,
        context,
        version(since) if since else None,
    )


@functools.lru_cache(maxsize=1024)
def _high_end(
    profile: ProfileRun,
    model: ModelSpec,
    tp: int,
    heads: int,
    release: tuple[int, int, int] | None,
    tokens_written: int,
    seqs_written: int,
    eager: bool,
    large: bool,
    context: int,
    since: tuple[int, int, int] | None = None,
) -> float:
    """``high_end`` of one deployment's inputs (remembered: what-ifs ask it again)."""
    # a GPU from ``large_gib`` may still take the smaller defaults (vLLM keeps them for the
    # A100), so it spans both
    sizes = (0, 1) if large else (0,)
    graphs = bool(profile.graphs_since) and not eager
    high = 0.0
    for batch in _batches(profile, release, since):
        for size in sizes:
            whole = 0 < context <= batch.whole_context_up_to
            tokens = tokens_written or (
                max(context, batch.whole_context_at_least) if whole else batch.tokens[size]
            )
            seqs = min(seqs_written or batch.seqs[size], tokens)
            peak = _peak(model, tp, heads, tokens, seqs)
            peak += CONTEXT_GIB * GIB if batch.whole_process else 0.0
            if graphs and _graphs_charged(profile, release, batch):
                peak += forward_peak(model, tp, heads, min(GRAPH_TOKENS, 2 * seqs))
            high = max(high, peak)
    return high + NON_TORCH_GIB * GIB


def _batches(
    profile: ProfileRun,
    release: tuple[int, int, int] | None,
    since: tuple[int, int, int] | None = None,
) -> list[ProfileBatch]:
    """The batch of the release the image pins, or every release's when none is pinned (from
    the one in force at ``since`` on, when given)."""
    if release is None and since is not None:
        first = in_force(profile.batches, since)[0]
        return list(profile.batches[profile.batches.index(first) :])
    return in_force(profile.batches, release)


def count(value: object) -> int:
    """A positive whole number written as an option's value; 0 when none is."""
    text = str(value).strip().strip("'\"") if value is not None else ""
    return whole(text, low=1) or 0


def _graphs_charged(
    profile: ProfileRun, release: tuple[int, int, int] | None, batch: ProfileBatch
) -> bool:
    """Whether the budget holds the CUDA graphs (graphs on): in a release that charges them,
    or with no release pinned, in the latest batch's range."""
    if release is not None:
        return release >= (version(profile.graphs_since) or (0, 0, 0))
    return batch is profile.batches[-1]


def _peak(model: ModelSpec, tp: int, heads: int, tokens: int, seqs: int) -> float:
    """The larger of the forward pass's peak and the sampler's (the forward's hidden states
    still held)."""
    held = tokens * model.hidden_size * ACTIVATION_BYTES
    logits = seqs * model.vocab_size * (ACTIVATION_BYTES + LOGIT_COPY_BYTES + SAMPLER_BYTES)
    return max(forward_peak(model, tp, heads, tokens), held + logits)


def forward_peak(model: ModelSpec, tp: int, heads: int, tokens: int) -> float:
    """The forward pass's peak over ``tokens`` tokens: the residual stream and the largest
    layer transient, in 16 bits (``heads``: the attention-TP group the heads split over)."""
    residual = 3 * tokens * model.hidden_size
    q = model.num_attention_heads * model.head_dim / heads
    kv = max(model.num_kv_heads / heads, 1) * model.head_dim
    attention = tokens * (2 * q + 2 * kv)
    mlp = tokens * 3 * model.intermediate_size / tp
    moe = 0.0
    if model.num_experts and model.top_k:
        width = model.moe_intermediate_size or model.intermediate_size
        moe = min(tokens, MOE_CHUNK) * model.top_k * (3 * width / tp + model.hidden_size)
    return (residual + max(attention, mlp, moe)) * ACTIVATION_BYTES
