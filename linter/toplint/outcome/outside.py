"""What SGLang keeps outside ``--mem-fraction-static`` (``MemoryAccounting.outside``).

SGLang's fraction holds the weights and the KV pool; the pool takes all of it the weights
leave, and what the server allocates after the pool - prefill activations, the decode CUDA
graphs, DeepEP's buffers, the symmetric-memory pool ``--enable-symm-mem`` preallocates - must
fit the rest of the GPU, (1 - fraction) of its total, or the server runs out of memory before
it serves ("CUDA out of memory" at graph capture or at the pool's preallocation).  How much
that is, at the high end: the engine's own estimate, the headroom it picks its default with
(``OutsideReserve``, read from its source) where the server preallocates a buffer of its
own there (``preallocates``: the symmetric-memory pool, DeepEP's buffers), else the fixed
band's high end; the low end is the fixed band's (``toplint.outcome.memory.working_low``) with
the symmetric-memory pool, which it always allocates.  The engine's estimate is the headroom it
keeps when it picks the fraction itself, not what a server needs: on its own it is above the
room a written 0.8-0.9 leaves on an 80 GB GPU (at least 10 GiB there), where such servers run
(tests/recipes4 sg-llama4-maverick-tp16-dpattn2-2x8xh100: 0.8 on H100, 15.9 GiB left against
its 17.8 GiB), so it bounds the band only beside a preallocation, the failures the threads show
(NVIDIA/srt-slurm#172: the 4 GiB symmetric pool found 2.21 GiB free at 0.95 on GB200).  A
``--max-total-tokens`` that caps the pool leaves the rest of the fraction free too.
"""

from __future__ import annotations

from toplint.cost.enginecomm import flag, option
from toplint.engines.gpuneeds import OutsideReserve
from toplint.infra.numbers import finite
from toplint.model import Deployment
from toplint.outcome.types import GIB

MIB = float(1 << 20)


def _number(value: str | None) -> float | None:
    return None if value is None else finite(str(value).strip().strip("'\""))


def symmetric_pool(dep: Deployment, reserve: OutsideReserve) -> float:
    """Bytes of the symmetric-memory pool the server preallocates (0 when it does not)."""
    if not flag(dep.options, reserve.symm_key):
        return 0.0
    written = _number(dep.options.get(f"env.{reserve.symm_env}", dep.options.get(reserve.symm_env)))
    size = reserve.symm_default_gib if written is None else written
    return max(size, 0.0) * GIB


def preallocates(dep: Deployment, reserve: OutsideReserve) -> bool:
    """Whether the server preallocates a buffer of its own after the pool: the symmetric-memory
    pool (``--enable-symm-mem``) or DeepEP's buffers (``--moe-a2a-backend deepep``, earlier
    ``--enable-deepep-moe``)."""
    deepep = str(option(dep.options, "moe_a2a_backend") or "").strip("'\"").lower() == "deepep"
    return deepep or flag(dep.options, "enable_deepep_moe") or flag(dep.options, reserve.symm_key)


def headroom(dep: Deployment, reserve: OutsideReserve, capacity: float) -> float:
    """Bytes the engine itself keeps outside its fraction on a GPU of ``capacity`` bytes, by the
    estimate it picks its default with; the symmetric-memory pool not included."""
    gib = capacity / GIB
    row = next((r for r in reserve.prefill_defaults if gib < r[0]), reserve.prefill_defaults[-1])
    tp, pp = dep.tp or 1, dep.pp or 1
    chunk = _number(option(dep.options, "chunked_prefill_size"))
    chunk = row[1] if chunk is None else chunk
    batch = _number(option(dep.options, "cuda_graph_max_bs"))
    batch = (row[2] if tp < reserve.graph_tp_split else row[3]) if batch is None else batch
    graphs = not flag(dep.options, "disable_cuda_graph")
    mode = str(option(dep.options, "disaggregation_mode") or "").strip("'\"").lower()
    if mode == "decode":  # a decode server's activations: its running requests' tokens
        running = _number(option(dep.options, "max_running_requests")) or batch or 1
        drafts = _number(option(dep.options, "speculative_num_draft_tokens")) or 1
        tokens = max(running * drafts, reserve.min_tokens)
    else:
        prefill = chunk if chunk > 0 else _number(option(dep.options, "max_prefill_tokens"))
        tokens = max(prefill or row[1], reserve.min_tokens)
    mib = reserve.base_mib + tokens * reserve.per_token_mib + tp * pp * reserve.per_rank_mib
    if graphs and mode != "prefill":
        mib += batch * reserve.per_graph_batch_mib
        if flag(dep.options, "enable_dp_attention"):
            dp = _number(option(dep.options, "dp_size", "data_parallel_size")) or dep.dp or 1
            mib += batch * dp * reserve.dp_attention_mib
            if batch > reserve.dp_attention_large_batch:
                mib += batch * dp * reserve.dp_attention_large_mib
    if gib > reserve.floor_above_gib:
        mib = max(mib, reserve.floor_mib)
    deepep = str(option(dep.options, "moe_a2a_backend") or "").strip("'\"").lower() == "deepep"
    if graphs and mode != "prefill" and (deepep or flag(dep.options, "enable_deepep_moe")):
        mib += reserve.deepep_mib
    return mib * MIB


def room(
    dep: Deployment, capacity: float, fraction: float, weights: float, per_token: float
) -> float:
    """Bytes left outside the weights and the KV pool: (1 - fraction) of the total, and the
    part of the fraction a ``--max-total-tokens`` keeps the pool from."""
    pool = capacity * fraction - weights
    cap = _number(option(dep.options, "max_total_tokens"))
    if cap is not None and cap > 0 and per_token > 0:
        pool = min(pool, cap * per_token)
    return capacity - weights - max(pool, 0.0)
