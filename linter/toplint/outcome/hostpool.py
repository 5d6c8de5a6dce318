"""Whether an engine's start-up check of free memory passes on a GPU whose memory the host
shares.

On a unified-memory GPU (a GB10: one LPDDR5x pool for the CPU and the GPU) the OS, its page
cache and every other process hold part of the memory the driver reports as the GPU's, so
less than the total is free when the engine starts, and how much less moves with what the host
holds (``GpuSpec.free_at_start_gib``, the catalog's measured band).  An engine whose memory
setting is a share of the *total* that must be free at start-up (``MemoryAccounting.beside``
"requests": vLLM from 0.9.1 to 0.33.x, "Free memory on device … on startup is less than desired
GPU memory utilization", ``request_memory``, vllm-project/vllm@0027b027 vllm/v1/worker/utils.py)
refuses when its share of the total is more than is free.  vLLM's earlier releases took the
share as a limit on the whole GPU's use, the host's included, and from 0.34.0 it is a cap on
what is free (``beside_later``): neither checks, so a release not pinned is judged by the
releases that do, and the verdict holds for those releases only.

vllm-project/recipes#632: Nemotron-3-Super NVFP4 on one DGX Spark "needs
--gpu-memory-utilization 0.85 because GB10's unified memory can't satisfy the default 0.92".
"""

from __future__ import annotations

from typing import Literal

from toplint.engines.gpuneeds import MemoryAccounting
from toplint.engines.registry import get_engine
from toplint.engines.release import pinned, version
from toplint.hardware.types import GpuSpec
from toplint.model import Deployment
from toplint.outcome.memory import accounting, memory_setting
from toplint.record import record, replace

__all__ = ["HostPool", "start_share"]


@record
class HostPool:
    """A share asked for at start-up that the host may leave no room for."""

    engine: str  # the engine's title
    setting: str  # the memory setting as the user reads it
    fraction: float
    asked_gib: float  # fraction x the total the driver reports
    low_gib: float  # the band of memory measured free at start-up on this GPU
    high_gib: float
    # "refuses": more than has ever been measured free; "may": inside the band
    verdict: Literal["refuses", "may"]
    releases: str  # the releases that check, said for the user; "" when the image pins one
    unchecked_from: str = ""  # the first release that checks nothing at start-up ("" if none)


def start_share(dep: Deployment, gpu: GpuSpec) -> HostPool | None:
    """What ``dep``'s start-up check of free memory does on ``gpu`` when the host shares the
    GPU's memory: None when it passes at the low end of the band, the GPU has no band, or the
    engine (at the release pinned) checks nothing at start-up."""
    band = gpu.free_at_start_gib
    acc = accounting(dep.engine)
    if not band or acc.beside != "requests":
        return None
    at = pinned(dep)
    checking = _checking(acc)
    if at is not None:
        first, last = checking[0], _first_later(acc)
        if (first and at < (version(first) or (0, 0, 0))) or (last and at >= last):
            return None
        return _judged(dep, gpu, band, "", "")
    found = [_judged(dep, gpu, band, r, _span(acc, r)) for r in checking]
    judged = [f for f in found if f is not None]
    if not judged:
        return None
    worst = max(judged, key=lambda f: f.asked_gib)
    if len(judged) == len(checking) and all(f.fraction == worst.fraction for f in judged):
        return replace(worst, releases=_span(acc, checking[0], whole=True))  # a written share
    return worst


def _judged(
    dep: Deployment, gpu: GpuSpec, band: tuple[float, float], release: str, span: str
) -> HostPool | None:
    fraction, setting = memory_setting(dep, release)
    asked = fraction * gpu.capacity_gib
    low, high = band
    if asked <= low:
        return None
    verdict: Literal["refuses", "may"] = "refuses" if asked > high else "may"
    title = get_engine(dep.engine).title
    stop = _first_later(accounting(dep.engine))
    later = ".".join(str(n) for n in stop) if stop else ""
    return HostPool(title, setting, fraction, asked, low, high, verdict, span, later)


def _checking(acc: MemoryAccounting) -> list[str]:
    """The releases from which the check and the default setting stay the same until the next
    (the first that checks, then each later default before the check stops); [""] when every
    release checks with one default."""
    first = acc.beside_since
    start = (version(first) or (0, 0, 0)) if first else (0, 0, 0)
    stop = _first_later(acc)
    later = [
        since
        for since, _value, _what in acc.defaults_since
        if (v := version(since)) is not None and v > start and (stop is None or v < stop)
    ]
    return [first, *later]


def _first_later(acc: MemoryAccounting) -> tuple[int, int, int] | None:
    """The first release that no longer checks at start-up (``beside_later``)."""
    for since, kind, _source in acc.beside_later:
        if kind != "requests":
            return version(since)
    return None


def _span(acc: MemoryAccounting, release: str, whole: bool = False) -> str:
    """The releases judged as ``release``'s, said for the user ("from 0.20.0 before 0.34.0");
    ``whole``: every release that checks, from ``release`` on; "" when every release checks."""
    checking, stop = _checking(acc), _first_later(acc)
    later = [] if whole else checking[checking.index(release) + 1 :]
    end = later[0] if later else (".".join(str(n) for n in stop) if stop else "")
    parts = (f"from {release}" if release else "", f"before {end}" if end else "")
    return " ".join(p for p in parts if p)
