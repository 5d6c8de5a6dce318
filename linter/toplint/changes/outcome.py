"""The outcome of one placed deployment as the pull-request view shows it.

The numbers are the one end-to-end outcome model's (``toplint.outcome``, issue 25), which the
pipeline attaches to every placed deployment (``Analysis.outcome``): the same TTFT, ITL and
memory that ``check``'s rules, ``cost`` and ``plan`` read.  This module only turns that record
into the view's units (tokens/s of the whole instance, the communication share of a decode
step, memory headroom in GB per GPU); it computes nothing of its own.
"""

from __future__ import annotations

from toplint.cost.types import Workload
from toplint.outcome.types import Latency
from toplint.outcome.types import Outcome as Model
from toplint.report.changeset import Estimate, Outcome
from toplint.rulebook.analysis import Analysis

SOURCE = "toplint.outcome (the end-to-end outcome model check, cost and plan read)"


def outcome_of(analysis: Analysis, workload: Workload) -> Outcome | None:
    """What ``analysis``'s deployment does at ``workload``; None when it was not costed.

    ``workload`` is the one the outcome was built for (the run's): it is not priced again."""
    model, cost = analysis.outcome, analysis.cost
    if model is None or model.latency is None or cost is None:
        return None
    lat = model.latency
    itl = Estimate(lat.itl_ms, *lat.itl_band)
    ttft = Estimate(lat.ttft_ms, *lat.ttft_band)
    rate = Estimate(lat.tokens_per_s, _per_s(lat, itl.high), _per_s(lat, itl.low))
    step = cost.decode_comm_ms_per_step
    lo_c, hi_c = cost.decode_comm_ms_range
    share = _share(step, lo_c, hi_c, itl.value)
    notes = [f"not priced: {u}" for u in cost.unpriced]
    if not model.starts:
        notes.append("the engine refuses to start: " + "; ".join(model.problems))
    headroom, fits = _memory(model)
    return Outcome(ttft, itl, rate, share, headroom, fits, SOURCE, tuple(notes))


def _per_s(lat: Latency, itl_ms: float) -> float:
    """Tokens/s at another ITL: the same sequences in flight as the model's figure."""
    return lat.tokens_per_s * lat.itl_ms / itl_ms if itl_ms > 0 else 0.0


def _share(step: float, lo_c: float, hi_c: float, itl_ms: float) -> Estimate:
    """The decode collectives' share of one ITL, banded by the collectives' own range over
    the rest of the step (weights, expert kernels) at its central value.  A share is not
    banded by dividing the low ends and the high ends of two bands: that can leave the
    value outside its band (TP 16 over InfiniBand: 0.604 in 0.610-0.635)."""
    rest = max(itl_ms - step, 0.0)
    low, high = min(lo_c, step), max(hi_c, step)
    return Estimate(_ratio(step, itl_ms), _ratio(low, rest + low), _ratio(high, rest + high))


def _ratio(part: float, whole: float) -> float:
    return part / whole if whole > 0 else 0.0


def _memory(model: Model) -> tuple[float | None, bool | None]:
    """Per-GPU memory beyond one full sequence's KV cache (GB, the model's bytes / 1e9)."""
    memory = model.memory
    if memory is None:
        return None, None
    return memory.headroom / 1e9, memory.fits
