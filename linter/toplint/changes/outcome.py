"""The outcome of one placed deployment: TTFT, ITL, tokens/s, communication share, memory.

Interim: issue 25 builds the one end-to-end outcome model; until it lands, ``outcome_of`` is
the only place ``--base`` takes its numbers from, and it reads them from the existing cost
stage exactly as ``toplint plan`` ranks layouts (``toplint.plan.rank.evaluate``: ITL = the
weight-streaming time of each pipeline stage plus the decode collectives; TTFT = prefill
compute plus the prefill collectives; ``toplint.plan.enumerate.memory_fit`` for memory), so
``check --base`` and ``plan`` agree.  The outcome model replaces this one function.
"""

from __future__ import annotations

from toplint.cost.types import Workload
from toplint.report.changeset import Estimate, Outcome
from toplint.rulebook.analysis import Analysis

SOURCE = "toplint.cost (interim until the end-to-end outcome model, issue 25)"


def outcome_of(analysis: Analysis, workload: Workload) -> Outcome | None:
    """What ``analysis``'s deployment does at ``workload``; None when it was not costed."""
    cost, dep = analysis.cost, analysis.deployment
    if cost is None or dep.tp is None or dep.pp is None or dep.dp is None:
        return None
    weights = (cost.decode_weight_stream_ms or 0.0) * dep.pp
    comm_lo, comm_hi = cost.decode_comm_ms_range
    step = cost.decode_comm_ms_per_step
    itl = Estimate(weights + step, weights + min(comm_lo, step), weights + max(comm_hi, step))
    compute = cost.prefill_compute_ms or 0.0
    pre_lo, pre_hi = cost.prefill_comm_ms_range
    pre = cost.prefill_comm_ms
    ttft = Estimate(compute + pre, compute + min(pre_lo, pre), compute + max(pre_hi, pre))
    tokens = workload.decode_batch * dep.dp * dep.pp  # plan.rank: sequences in flight
    rate = Estimate(_per_s(tokens, itl.value), _per_s(tokens, itl.high), _per_s(tokens, itl.low))
    share = Estimate(
        _ratio(step, itl.value),
        _ratio(itl.low - weights, itl.low),
        _ratio(itl.high - weights, itl.high),
    )
    notes = [f"not priced: {u}" for u in cost.unpriced]
    if cost.decode_weight_stream_ms is None:
        notes.append("no weight-streaming estimate: ITL is communication only")
    headroom, fits = _memory(analysis, workload)
    return Outcome(ttft, itl, rate, share, headroom, fits, SOURCE, tuple(notes))


def _per_s(tokens: int, ms: float) -> float:
    return tokens / (ms / 1e3) if ms > 0 else 0.0


def _ratio(part: float, whole: float) -> float:
    return part / whole if whole > 0 else 0.0


def _memory(analysis: Analysis, workload: Workload) -> tuple[float | None, bool | None]:
    """Per-GPU memory left after weights, overhead and the workload's KV cache (GB)."""
    dep, model, cluster = analysis.deployment, analysis.model, analysis.cluster
    if model is None or cluster is None or dep.tp is None or dep.pp is None or dep.dp is None:
        return None, None
    from toplint.plan.enumerate import Layout, memory_fit

    ep = dep.ep if dep.ep_enabled and dep.ep else 1
    layout = Layout(dep.tp, dep.pp, dep.dp, ep)
    needed = workload.prompt_tokens * max(workload.decode_batch, 1)
    memory = memory_fit(model, layout, cluster.gpu.memory_gb, needed)
    free = memory.usable_gb - memory.weights_gb - memory.overhead_gb
    if memory.kv_tokens <= 0:
        return free, False
    return free * (1 - needed / memory.kv_tokens), memory.fits
