"""Measured NCCL collective times (data/measured.yaml) and lookup by GPU catalog name.

The tables are nccl-tests runs published by NVIDIA in ai-dynamo/aiconfigurator@095f58a5
(measured-collectives.md, cost-model.md §2).  A lookup returns the measurement on an exact hit
and interpolates linearly in log(size)–log(time) between the two neighbouring sizes (a power
law between points: exact where the curve is latency-flat or bandwidth-linear).  Below the
smallest measured size the smallest measurement is the latency floor; above the largest, or for
a rank count that was not measured, there is no answer and the caller uses the α–β model.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from toplint.catalog_index import words
from toplint.cost.collectives import Fabric, wire_factor
from toplint.cost.predict import latency_us, predict_us
from toplint.cost.uncertainty import fitted_networks, fitted_table_archs, network_key
from toplint.hardware.archs import of_gpu
from toplint.hardware.linkkinds import kind
from toplint.hardware.types import Measurement
from toplint.infra.pkgdata import read_yaml
from toplint.infra.runmemo import RunMemo
from toplint.placement.types import Placement
from toplint.record import field, record

OTHER_SYSTEM = "other-system measurement"
INTERPOLATION = "interpolation"


@record
class Point:
    op: str
    ranks: int
    message_bytes: int
    time_us: float
    busbw_gb_per_s: float


@record
class System:
    key: str  # aiconfigurator system folder, e.g. "h100_sxm"
    name: str  # display name, e.g. "H100 SXM"
    nccl: str
    link: str  # fabric the table was measured on: a ``LinkKind.tables`` ("nvlink" | "pcie")
    requires: tuple[str, ...]
    excludes: tuple[str, ...]
    points: tuple[Point, ...]
    # How the α–β model sees the measured machine (for the accuracy comparison).
    bandwidth_gb_per_s: float = 0.0
    nvls: str = ""
    kinds: Mapping[int, str] = field(default_factory=dict)
    arch: str = ""

    def fabric(self, ranks: int) -> Fabric:
        """The measured machine as an α–β fabric (one node, ``ranks`` GPUs)."""
        from toplint.cost.fabric import node_fabric

        kind = self.kinds.get(ranks, self.link)
        return node_fabric(kind, self.bandwidth_gb_per_s, ranks, self.nvls, self.arch)

    def matches(self, gpu_name: str) -> bool:
        tokens = tokens_of(gpu_name)

        def has(prefix: str) -> bool:
            return any(t.startswith(prefix) for t in tokens)

        return all(has(r) for r in self.requires) and not any(has(e) for e in self.excludes)

    def series(self, op: str, ranks: int) -> tuple[Point, ...]:
        pts = [p for p in self.points if p.op == op and p.ranks == ranks]
        return tuple(sorted(pts, key=lambda p: p.message_bytes))


@record
class Lookup:
    time_us: float
    busbw_gb_per_s: float
    method: str  # "other-system measurement" | "interpolation"
    note: str = ""


@record
class Timed:
    """One collective's time and how it was obtained."""

    time_us: float
    method: str  # toplint.cost.uncertainty.METHODS
    note: str
    link_kind: str
    link_gb_per_s: float  # per-direction bandwidth of the bottleneck hop (before η)
    eta_source: str = ""
    # An α–β time on a GPU architecture the model was fitted on no table of (wider band).
    extrapolated: bool = False


def time_collective(
    placement: Placement, fabric: Fabric, op: str, message_bytes: float, impl: str = "nccl"
) -> Timed:
    """Time one collective: the manifest's measurement (same system) beats a published table
    of the same GPU (another system) beats the α–β model.  ``impl`` names the all-to-all
    library (tables and manifest measurements are NCCL's).

    The answer depends on the cluster (its measurements and GPU) and the arguments alone, and
    a tree's deployments and the layouts rules weigh for them time the same collectives on the
    same cluster again and again: each is timed once per run."""
    key = (fabric, op, message_bytes, impl)
    found = _TIMED.get(placement.cluster, key)
    if found is not None:
        return found
    timed = _time_collective(placement, fabric, op, message_bytes, impl)
    return _TIMED.put(placement.cluster, key, timed)


_TIMED: RunMemo[Timed] = RunMemo(16_384)


def _time_collective(
    placement: Placement, fabric: Fabric, op: str, message_bytes: float, impl: str
) -> Timed:
    kind = fabric.link_kind
    bw = bottleneck_gb_per_s(fabric, op)
    user = _user_measurement(placement.cluster.measurements, fabric, op, message_bytes)
    if user is not None and impl == "nccl":
        alpha = latency_us(op, fabric)
        t = alpha + wire_factor(op, fabric.ranks) * message_bytes / (user.busbw_gb_per_s * 1e3)
        note = f"manifest busbw {user.busbw_gb_per_s:g} GB/s + α {alpha:.1f} µs"
        return Timed(t, "same-system measurement", note, kind, bw)
    if fabric.nodes <= 1 and impl == "nccl":
        hit = lookup(placement.cluster.gpu.name, op, fabric.ranks, message_bytes, kind)
        if hit is not None:
            return Timed(hit.time_us, hit.method, hit.note, kind, bw)
    pred = predict_us(op, message_bytes, fabric, impl=impl)
    note = f"{pred.algorithm}/{pred.protocol}, η·B = {pred.bandwidth_gb_per_s:.3g} GB/s"
    wide = no_fitted_table(placement, fabric)
    if wide:
        note += f"; {wide}"
    return Timed(pred.time_us, "alpha-beta", note, kind, bw, pred.eta_source, bool(wide))


def no_fitted_table(placement: Placement, fabric: Fabric | None = None) -> str:
    """Why an α–β time on this cluster's GPU extrapolates ("" when it does not): the shipped
    constants were fitted on no table of its architecture, or, for a collective that crosses
    nodes (``fabric``), on no cross-node measurement of its network with that architecture
    (toplint.cost.uncertainty)."""
    gpu = placement.cluster.gpu
    arch = of_gpu(gpu.arch, gpu.name).name
    if arch not in fitted_table_archs():
        if not arch:
            return "GPU architecture not known: no table of it in the fit, wider band"
        return f"no {arch} table in the fit: wider band"
    if fabric is None or fabric.nodes <= 1:
        return ""
    if network_key(fabric.net_kind, arch) in fitted_networks():
        return ""
    return f"no {fabric.net_kind} measurement of {arch} nodes in the fit: wider band"


def bottleneck_gb_per_s(fabric: Fabric, op: str) -> float:
    """The per-direction bandwidth that limits ``op`` on ``fabric`` (0 when there is no link)."""
    if fabric.nodes <= 1:
        return fabric.intra_gb_per_s
    if op in ("all_reduce", "all_gather", "reduce_scatter"):
        return fabric.net_node_gb_per_s
    return fabric.net_gpu_gb_per_s


def _user_measurement(
    measurements: Sequence[Measurement], fabric: Fabric, op: str, message_bytes: float
) -> Measurement | None:
    scope = "inter" if fabric.nodes > 1 else "intra"
    fits = [
        m
        for m in measurements
        if m.op == op and m.ranks == fabric.ranks and m.scope == scope and m.busbw_gb_per_s > 0
    ]
    if not fits:
        return None

    def distance(m: Measurement) -> float:
        if m.message_bytes is None or m.message_bytes <= 0:
            return math.inf
        return abs(math.log(m.message_bytes / message_bytes))

    return min(fits, key=distance)


def tokens_of(name: str) -> tuple[str, ...]:
    return tuple(words(name))


@lru_cache(maxsize=1)
def systems() -> tuple[System, ...]:
    """All measured systems from the shipped data file."""

    doc = read_yaml("toplint.cost", "data/measured.yaml")
    return _parse(doc)


def _parse(doc: Mapping[str, Any]) -> tuple[System, ...]:
    tables = {t["key"]: t for t in doc["tables"]}
    out = []
    for s in doc["systems"]:
        table = tables.get(s["key"], {"nccl": "", "points": []})
        points = tuple(_point(row) for row in table["points"])
        out.append(
            System(
                key=s["key"],
                name=s["name"],
                nccl=str(table["nccl"]),
                link=s["link"],
                requires=tuple(str(r) for r in s["requires"]),
                excludes=tuple(str(e) for e in s["excludes"]),
                points=points,
                bandwidth_gb_per_s=float(s.get("bandwidth_gb_per_s", 0.0)),
                nvls=str(s.get("nvls", "")),
                kinds={int(k): str(v) for k, v in (s.get("kinds") or {}).items()},
                arch=str(s.get("arch", "")),
            )
        )
    return tuple(out)


def _point(row: Sequence[Any]) -> Point:
    op, ranks, size, time_us, busbw = row
    return Point(str(op), int(ranks), int(size), float(time_us), float(busbw))


@lru_cache(maxsize=256)  # pure: the measured tables are read once
def system_for(gpu_name: str) -> System | None:
    """The measured system a GPU catalog name belongs to, if any."""
    for system in systems():
        if system.matches(gpu_name):
            return system
    return None


@lru_cache(maxsize=4096)  # pure in its arguments; deployments ask for the same few sizes
def lookup(
    gpu_name: str, op: str, ranks: int, message_bytes: float, link_kind: str
) -> Lookup | None:
    """Measured (or log-interpolated) time of one collective on one node, or None."""
    system = system_for(gpu_name)
    # A table replays only for groups over a link kind that reads it (``LinkKind.tables``).
    tables = kind(link_kind).tables
    if system is None or not tables or tables != system.link:
        return None
    return interpolate(system, op, ranks, message_bytes)


def interpolate(system: System, op: str, ranks: int, message_bytes: float) -> Lookup | None:
    series = system.series(op, ranks)
    if not series or message_bytes <= 0 or message_bytes > series[-1].message_bytes:
        return None
    label = f"{system.name} NCCL {system.nccl} (aiconfigurator nccl-tests table)".strip()
    for p in series:
        if p.message_bytes == message_bytes:
            return Lookup(p.time_us, p.busbw_gb_per_s, OTHER_SYSTEM, label)
    if message_bytes < series[0].message_bytes:
        first = series[0]
        note = f"{label}; below the smallest measured size, latency floor of {first.time_us} µs"
        return Lookup(first.time_us, 0.0, OTHER_SYSTEM, note)
    lo, hi = _neighbours(series, message_bytes)
    f = math.log(message_bytes / lo.message_bytes) / math.log(hi.message_bytes / lo.message_bytes)
    t = math.exp(math.log(lo.time_us) + f * math.log(hi.time_us / lo.time_us))
    busbw = message_bytes * _busbw_factor(op, ranks) / (t * 1e3)
    note = f"{label}; between {lo.message_bytes} and {hi.message_bytes} B"
    return Lookup(t, busbw, INTERPOLATION, note)


def _neighbours(series: Sequence[Point], size: float) -> tuple[Point, Point]:
    for lo, hi in itertools.pairwise(series):
        if lo.message_bytes <= size <= hi.message_bytes:
            return lo, hi
    raise ValueError(f"{size} outside the measured range")  # guarded by interpolate()


def _busbw_factor(op: str, ranks: int) -> float:
    """nccl-tests busbw/algbw factor (doc/PERFORMANCE.md; cost-model.md §1.5)."""
    if op == "all_reduce":
        return 2.0 * (ranks - 1) / ranks
    return (ranks - 1) / ranks
