"""TTFT, ITL and tokens/s at the declared workload, from the cost stage's numbers.

- ITL = weight streaming of one decode step over every pipeline stage in turn + the KV cache
  and recurrent states its sequences read (``toplint.outcome.kvread``: the decode batch at the
  prompt's context) + the MoE layers' small kernels (``toplint.cost.compute.moe_decode_ms``:
  every MoE checkpoint) + the dense layers' (``toplint.cost.compute.dense_decode_ms``: every
  layer that is not an MoE layer) + the step's collectives (cost-model.md §6 rule 13);
- TTFT = prefill compute + the prefill's collectives (rule 14; pipeline stages run one prompt
  one after another, so PP divides neither: that is the pipeline bubble of one prompt);
- tokens/s = the decode batch on every DP replica and on every pipeline micro-batch (vLLM and
  SGLang keep PP stages busy with PP micro-batches), per ITL.

Bands: the collectives carry their own (each method's 80% band, summed); streaming (weights
and KV alike) and compute ±25% (0.8 × HBM bandwidth and MFU 0.4–0.6, cost-model.md §6 rules
13-14); the MoE kernel term ±50% (``toplint.cost.compute.MOE_LAYER_BAND``), the dense one
±50% (``DENSE_LAYER_BAND``).

The ITL is that of a decode step replayed as CUDA graphs, the engines' default.  Where the
deployment turns the graphs off (the engine's ``MemoryAccounting.graphs_off``: vLLM
``--enforce-eager``; SGLang ``--disable-cuda-graph``, "Disable cuda graph." in v0.5.5.post3's
server_args.py and a deprecated switch by v0.5.15.post1, whose ``--disable-decode-cuda-graph``
turns off the decode phase's: ``toplint.engines.sglang_options``) the host
launches every kernel of every layer each step and a small batch waits on it: the ITL says it is
a lower bound rather than price the host (one public figure so far,
benchmarks/data/dense_decode: Qwen3-14B-AWQ on one A100 with vLLM 0.9.1 eager, 20.6 ms measured
against 4.5 ms of streaming, vllm-project/vllm#20469).
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.compute import (
    DENSE_LAYER_BAND,
    MOE_LAYER_BAND,
    compute_ms,
    dense_decode_ms,
    moe_decode_ms,
    stream_ms,
)
from toplint.cost.enginecomm import option
from toplint.cost.types import CostReport, Workload
from toplint.engines.registry import get_engine
from toplint.hardware.types import GpuSpec
from toplint.model import Deployment
from toplint.outcome.kvread import kv_read_ms
from toplint.outcome.kvread import note as kv_note
from toplint.outcome.load import in_flight
from toplint.outcome.types import Latency

STREAM_BAND = 0.25


def latency(
    dep: Deployment, cost: CostReport, workload: Workload, model: ModelSpec, gpu: GpuSpec
) -> Latency | None:
    """The latencies of ``dep`` at ``workload``; None when the cost stage had no yardsticks."""
    weights, compute = cost.decode_weight_stream_ms, cost.prefill_compute_ms
    if weights is None or compute is None:
        return None
    kv = kv_read_ms(dep, gpu, model, workload)
    stream, moe, dense = weights + kv, cost.decode_moe_ms, cost.decode_dense_ms
    itl = stream + moe + dense + cost.decode_comm_ms_per_step
    ttft = compute + cost.prefill_comm_ms
    lo_c, hi_c = cost.decode_comm_ms_range
    itl_band = (
        stream * (1 - STREAM_BAND)
        + moe * (1 - MOE_LAYER_BAND)
        + dense * (1 - DENSE_LAYER_BAND)
        + lo_c,
        stream * (1 + STREAM_BAND)
        + moe * (1 + MOE_LAYER_BAND)
        + dense * (1 + DENSE_LAYER_BAND)
        + hi_c,
    )
    lo_p, hi_p = cost.prefill_comm_ms_range
    ttft_band = (compute * (1 - STREAM_BAND) + lo_p, compute * (1 + STREAM_BAND) + hi_p)
    sequences = in_flight(dep, workload)  # every replica's and micro-batch's batch
    parts = (
        f"ITL = weight streaming {weights:.2f} ms"
        + (f" + KV reads {kv:.2f} ms" if kv else "")
        + (f" + MoE kernels {moe:.2f} ms" if moe else "")
        + (f" + dense-layer kernels {dense:.2f} ms" if dense else "")
        + f" + collectives {cost.decode_comm_ms_per_step:.2f} ms"
        + _graphs_off(dep),
        f"TTFT = prefill compute {compute:.1f} ms + collectives {cost.prefill_comm_ms:.1f} ms "
        f"({workload.prompt_tokens}-token prompt)",
        *((kv_note(dep, model, workload),) if kv else ()),
    )
    return Latency(
        ttft_ms=ttft,
        itl_ms=itl,
        tokens_per_s=sequences / (itl / 1e3) if itl > 0 else 0.0,
        ttft_band=ttft_band,
        itl_band=itl_band,
        parts=parts,
    )


def _graphs_off(dep: Deployment) -> str:
    """What the ITL leaves out where ``dep`` turns the engine's decode CUDA graphs off, else
    ""."""
    for key in get_engine(dep.engine).memory.graphs_off:
        value = option(dep.options, key)
        if value is None or str(value).strip().lower() in ("false", "0", "no"):
            continue
        return (
            f" (a lower bound: --{key.replace('_', '-')} turns the CUDA graphs off, and the "
            "host's launch of every kernel each step is not priced)"
        )
    return ""


def floor(
    dep: Deployment, gpu: GpuSpec, model: ModelSpec, workload: Workload
) -> tuple[float, float] | None:
    """The least (ITL, TTFT) ``dep`` can have, before it is placed: ``latency``'s weight
    streaming, KV reads, expert and dense-layer kernels and prefill compute with the collectives
    left out (they only add).  A layout whose floor is no better than another's latency need not
    be placed and priced to lose to it.  None when the cost stage would have no yardsticks, or
    with expert parallelism (its group is sized by placement)."""
    if dep.ep_enabled or (dep.ep or 1) > 1:
        return None
    tp, pp = max(dep.tp or 1, 1), max(dep.pp or 1, 1)
    notes: list[str] = []
    experts_over = max(tp, get_engine(dep.engine).experts_over(dep))
    stream = stream_ms(gpu, model, workload.decode_batch, tp, pp, experts_over, notes)
    compute = compute_ms(gpu, model, workload.prompt_tokens, tp, notes)
    if stream is None or compute is None:
        return None
    kv = kv_read_ms(dep, gpu, model, workload)
    kernels = moe_decode_ms(gpu, model, notes) + dense_decode_ms(model, notes)
    return stream + kv + kernels, compute
