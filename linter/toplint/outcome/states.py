"""A hybrid model's per-sequence recurrent state, as vLLM pages it beside the KV cache.

A Gated DeltaNet layer (Qwen3-Next, Qwen3.5, Qwen3.6) or a Mamba-2 layer (Nemotron-H,
Nemotron 3, Granite 4.0 H) keeps a fixed state per running sequence (``ModelSpec.state_bytes``),
not a KV entry per token; a Nemotron-H stack's MLP and MoE layers keep neither
(``ModelSpec.attention_layers``).  vLLM gives the attention layers and the state's layers one
page size (vllm-project/vllm vllm/model_executor/models/config.py
``HybridAttentionMambaModelConfig``): the attention block grows, in steps of 16 tokens, until
its page holds one layer's state (784 tokens for Qwen3.6-27B), and the state's page is padded
to it.  The layers of each kind are grouped so that a group holds as many as the kind with
fewest (all of the kind with most when that is under 1.25 times as many), and one block of the
pool is one page for each layer of a group (vllm/v1/core/kv_cache_utils.py
``_get_kv_cache_groups_uniform_page_size``, ``get_num_blocks``).  Each decode sequence holds
one block of state, so with full decode CUDA graphs vLLM refuses to start when
``--max-num-seqs`` (or its default) is above the blocks (``StateBlocks``).

The blocks are what the KV cache holds after the weights and the start-up working memory, so
they are known only as well as that memory: between the blocks at the working memory's low end
and those at ``working_high``, the most the profile run of a release that refuses can allocate
(its sampler's rows of logits, ``toplint.outcome.profile``, which the fixed band's high end
caps) with the memory the state layers' kernels take outside PyTorch
(``StateBlocks.kernels_gib``: vLLM's Triton/FLA Gated DeltaNet kernels).  Real start-ups of
Qwen3.5/3.6 stated fewer blocks than the fixed band's high end gives
(benchmarks/data/vllm_state_blocks.yaml, development half: 976 where toplint counted 1,066
on an H100, 345 where it counted 411, 73 where it counted 118 for Qwen3.5-4B)."""

from __future__ import annotations

import math

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import option
from toplint.engines.gpuneeds import StateBlocks
from toplint.engines.registry import get_engine
from toplint.engines.release import Releases, holds
from toplint.model import Deployment
from toplint.outcome import drafts
from toplint.outcome.profile import count, high_end
from toplint.outcome.types import GIB
from toplint.record import replace

BLOCK_ALIGN = 16  # the attention block grows in steps of 16 tokens (the kernels' alignment)


def paged(dep: Deployment, model: ModelSpec) -> StateBlocks | None:
    """The engine's paging of ``model``'s recurrent state in ``dep``, when it is judged: the
    model keeps one, the engine's paging has been read, the release pinned (if any) refuses,
    and nothing written turns the refusal off or leaves it unread (CUDA graphs off, another
    graph mode, a draft: ``toplint.outcome.drafts.configured``)."""
    states = get_engine(dep.engine).memory.states
    if states is None or model.state_layers <= 0 or model.state_bytes <= 0:
        return None
    if model.model_type in states.ssm_in_model_dtype:  # half the state the catalog counts
        return None
    if states.since and not holds(dep, Releases(since=states.since)).judged:
        return None
    eager = option(dep.options, states.eager_key)
    if eager is not None and str(eager).strip().lower() not in ("false", "0", "no"):
        return None
    if any(option(dep.options, key) is not None for key in states.not_judged_keys):
        return None
    if drafts.configured(dep):  # a draft widens the state by its tokens (``num_spec``)
        return None
    dotted = tuple(f"{key}." for key in states.not_judged_keys)
    if any(name.replace("-", "_").startswith(dotted) for name in dep.options):
        return None
    for key in states.not_judged_when_on:
        on = option(dep.options, key)
        if on is not None and str(on).strip().lower() not in ("false", "0", "no"):
            return None
    return states


def block_bytes(dep: Deployment, model: ModelSpec, kv_per_token: float) -> float:
    """Bytes of one block of the pool on one GPU of ``dep``: one page per layer of a group;
    ``kv_per_token`` is the KV bytes one token takes on one GPU (all its attention layers)."""
    pp = max(dep.pp or 1, 1)
    attention = model.attention_layers or max(model.num_layers - model.state_layers, 1)
    per_layer = kv_per_token * pp / attention  # one attention layer's bytes per token
    state = rank_state(model, max(dep.tp or 1, 1))
    if per_layer <= 0:
        return 0.0
    tokens = BLOCK_ALIGN * math.ceil(state / (BLOCK_ALIGN * per_layer))
    reading = get_engine(dep.engine).memory.states
    written = count(option(dep.options, reading.block_key)) if reading and reading.block_key else 0
    tokens = max(tokens, written or 0)
    fewest = min(math.ceil(attention / pp), math.ceil(model.state_layers / pp))
    most = max(math.ceil(attention / pp), math.ceil(model.state_layers / pp))
    group = most if most < 1.25 * fewest else fewest
    return tokens * per_layer * group


def rank_state(model: ModelSpec, tp: int) -> float:
    """One layer's state on one rank: its heads' share, and the Mamba-2 groups vLLM adds so
    that each head shard has its group when TP does not divide them (``tp - n_groups`` more:
    vllm-project/vllm@02d71083 vllm/model_executor/layers/mamba/mamba_utils.py
    ``extra_groups_for_head_shards``, added before ``mamba2_state_shape`` divides by TP)."""
    groups = model.mamba_groups
    extra = tp - groups if groups and groups % tp else 0
    return (model.state_bytes + extra * model.state_group_bytes) / tp


def working_high(
    dep: Deployment,
    model: ModelSpec,
    states: StateBlocks,
    gpu_gib: float,
    context: int,
    working: float,
    beside: float,
    seqs: int,
) -> float:
    """The start-up working memory the fewest blocks assume (bytes): the larger of the band's
    high end (``working``) and the most the profile run of a release from ``states.since``
    can allocate (``toplint.outcome.profile.high_end``, not capped by the fixed band) with
    ``beside`` (NCCL's buffers, dummy images) and the state kernels' memory; the run's rows
    of logits are the ``seqs`` the engine runs (its default picked for this GPU)."""
    if seqs > 0 and option(dep.options, states.seqs_key) is None:
        dep = replace(dep, options={**dep.options, states.seqs_key: str(seqs)})
    bound = high_end(dep, model, gpu_gib, context, since=states.since)
    if bound is None:
        return working
    return max(working, bound + beside + states.kernels_gib * GIB)


def blocks(kv_bytes: float, per_block: float) -> int:
    """Blocks of ``per_block`` bytes a KV cache of ``kv_bytes`` holds."""
    return int(kv_bytes // per_block) if kv_bytes > 0 and per_block > 0 else 0


def sequences(dep: Deployment, states: StateBlocks, gpu_gib: float, gpu: str) -> tuple[int, str]:
    """The running sequences the engine is started with, and the setting as the user reads it
    (``--max-num-seqs 1024 (the default on a GPU from 70 GiB)``)."""
    name = "--" + states.seqs_key.replace("_", "-")
    written = count(option(dep.options, states.seqs_key))
    if written:
        return written, f"{name} {written}"
    small = (
        gpu_gib < states.large_gib
        or not gpu
        or any(n.upper() in gpu.upper() for n in states.small_on)
    )
    if small:
        return states.seqs_default[0], f"{name} {states.seqs_default[0]} (default)"
    default = states.seqs_default[1]
    return default, f"{name} {default} (the default on a GPU from {states.large_gib:g} GiB)"
