"""The memory fraction an engine picks itself when none is written (``MemoryAccounting.picked``).

SGLang picks ``--mem-fraction-static`` from the GPU's memory (MiB, as its
``get_device_memory_capacity`` reads it), the TP and PP sizes and its own estimate of what it
allocates outside the fraction, in a way that changed twice (the phases and their sources are
the engine's record: ``toplint.engines.sglang_memory``).  The release the deployment pins picks
the phase; a release not known takes the current phase, as an unpinned install gets it.
"""

from __future__ import annotations

from toplint.cost.enginecomm import flag, option
from toplint.engines.gpuneeds import MemoryAccounting, PickedFraction
from toplint.engines.versions import in_force
from toplint.model import Deployment
from toplint.outcome import outside as outside_of

MIB = float(1 << 20)


def picked(
    dep: Deployment,
    acc: MemoryAccounting,
    capacity: float,
    release: tuple[int, int, int] | None,
) -> tuple[float, str] | None:
    """The fraction the engine picks on a GPU of ``capacity`` bytes and the release its phase
    starts at ("" for the earliest phase); None when the engine picks none this way."""
    if not acc.picked or capacity <= 0:
        return None
    phase = in_force(acc.picked, release)[-1]
    mib = capacity / MIB
    if phase.how == "ranks":
        value = _by_ranks(dep, phase, mib)
    else:
        value = (mib - _reserve(dep, acc, phase, capacity)) / mib
    if phase.digits:
        value = round(value, phase.digits)
    return value, phase.since


def _by_ranks(dep: Deployment, phase: PickedFraction, mib: float) -> float:
    ranks = (dep.tp or 1) * (dep.pp or 1)
    value = phase.otherwise
    if mib <= phase.up_to_mib:
        value = next((f for least, f, _ in phase.table if ranks >= least), phase.otherwise)
    if phase.largest_mib and mib > phase.largest_mib:
        return phase.largest
    if phase.large_mib and mib > phase.large_mib:
        grown = value + phase.large_add_mib * (1 - value) / mib
        value = min(grown, (mib - phase.keep_mib) / mib)
    return value


def _reserve(
    dep: Deployment, acc: MemoryAccounting, phase: PickedFraction, capacity: float
) -> float:
    """MiB the engine keeps outside the fraction it picks."""
    if phase.how == "headroom":
        assert acc.outside is not None  # a "headroom" phase is of an engine that describes it
        return outside_of.headroom(dep, acc.outside, capacity) / MIB
    mib = capacity / MIB
    ranks = (dep.tp or 1) * (dep.pp or 1)
    row = next((r for r in phase.table if mib < r[0]), phase.table[-1])
    reserve = row[1] + row[2] * ranks
    if option(dep.options, "speculative_algorithm") is not None:
        reserve += phase.draft_mib
    if flag(dep.options, "enable_dp_attention"):
        reserve += phase.dp_attention_mib
    return reserve
