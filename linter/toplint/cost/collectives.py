"""α–β time of one collective as NCCL (or an all-to-all library) runs it.

NCCL's tuner prices every (algorithm, protocol) pair as ``latency + bytes / bandwidth`` and runs
the cheapest (NVIDIA/nccl@5067397c src/graph/tuning.cc, cost-model.md §1.4); this module does the
same inside one node (ring LL/LL128/Simple, NVLS) and hands groups that span nodes to
``toplint.cost.network`` (hierarchical ring, tree, concurrent all-to-all); ``toplint.cost.predict``
chooses between the two.  Times are µs,
bandwidths GB/s (10^9 B/s) per direction, sizes bytes.  ``message_bytes`` is the nccl-tests
"size" (the whole array; for all-to-all what one rank sends in total), so the wire factor is
2(p−1)/p for all-reduce and (p−1)/p for all-gather / reduce-scatter / all-to-all (nccl-tests
doc/PERFORMANCE.md, §1.5).  The efficiencies η and the latencies that are not NCCL's own
constants are fitted by ``benchmarks/accuracy.py`` (leave-one-source-out) and live in
``toplint.cost.params``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache

from toplint.cost.params import PARAMS, Params
from toplint.hardware import archs
from toplint.hardware.linkkinds import LinkKind
from toplint.hardware.linkkinds import kind as link_kind
from toplint.record import record

# --- NCCL latency constants, µs (tuning.cc @5067397c, cost-model.md §1.4) ----------------------
# Ring baseLat per protocol {LL, LL128, Simple}; Tree baseLat.
BASE_LATENCY_US = {"ll": 6.6, "ll128": 14.0, "simple": 8.4}
TREE_BASE_LATENCY_US = {"ll": 6.8, "ll128": 14.0, "simple": 8.4}
# Ring hwLat per ring step {LL, LL128, Simple}: NVLink and PCI rows of tuning.cc.
NVLINK_STEP_US = {"ll": 0.6, "ll128": 1.9, "simple": 3.4}
PCIE_STEP_US = {"ll": 1.0, "ll128": 2.5, "simple": 5.7}
# NVLS: baseLat 0, hwLat NVLS Simple 25 (why NCCL keeps Ring/LL below ~1 MiB on 8×H200).
NVLS_LATENCY_US = 25.0

# --- Protocol bandwidth factors ----------------------------------------------------------------
# LL moves 4 B of data per 8 B line (half the bandwidth, tuning.cc "busBw·0.5", capped at
# llMaxBw 141 GB/s on Hopper); LL128 moves 120 B per 128 B line; Simple moves all bytes.
PROTOCOL_BW = {"ll": 0.5, "ll128": 120.0 / 128.0, "simple": 1.0}
LL_MAX_BUSBW = 141.0
FACTOR_ALL_REDUCE = "all_reduce"
RING_OPS = ("all_reduce", "all_gather", "reduce_scatter")


@record
class Fabric:
    """The hops one collective crosses.

    ``ranks`` is the group size; ``intra_*`` is the fabric inside a node (per GPU, per
    direction).  When the group spans ``nodes`` > 1 the network is described by its kind, the
    per-step latency the manifest gives (``net_latency_us``), the NICs of a node
    (``nics_per_node`` × ``nic_gb_per_s``), the GPUs that share them (``sharers``: every GPU of
    the instance on the node talks at once) and each GPU's host link (``pcie_gb_per_s``), which
    caps how many NICs one GPU can drive.
    """

    intra_kind: str
    intra_gb_per_s: float
    ranks: int
    nodes: int = 1
    net_kind: str = "none"
    net_latency_us: float = 0.0
    nics_per_node: int = 0
    nic_gb_per_s: float = 0.0
    sharers: int = 1
    pcie_gb_per_s: float = 0.0  # 0 = no cap known
    nvls_arch: str = ""  # "hopper" | "blackwell" when the NVSwitch supports NVLS, else ""
    nvls_min_ranks: int = 5  # NCCL selects NVLS above 4 GPUs on H200, above 5 on B200
    arch: str = ""  # GPU architecture ("hopper", "blackwell", ...): scales per-step latency

    @property
    def per_node(self) -> int:
        """Ranks of this group on each node."""
        return max(self.ranks // max(self.nodes, 1), 1)

    @property
    def net_gpu_gb_per_s(self) -> float:
        """One GPU's share of its node's NICs, capped by its own PCIe link."""
        if self.nodes <= 1 or self.nics_per_node <= 0:
            return 0.0
        share = self.nics_per_node * self.nic_gb_per_s / max(self.sharers, 1)
        return min(share, self.pcie_gb_per_s) if self.pcie_gb_per_s > 0 else share

    @property
    def net_node_gb_per_s(self) -> float:
        """What this group's ranks on one node can push through the NICs together."""
        return self.per_node * self.net_gpu_gb_per_s

    @property
    def usable(self) -> bool:
        """Enough is known about every hop to time a collective."""
        return self.intra_gb_per_s > 0 and (self.nodes <= 1 or self.net_gpu_gb_per_s > 0)

    @property
    def link_kind(self) -> str:
        return self.net_kind if self.nodes > 1 else self.intra_kind


@record
class Prediction:
    time_us: float
    algorithm: str  # "ring" | "tree" | "nvls" | "pairwise" | "concurrent"
    protocol: str  # "ll" | "ll128" | "simple"
    eta: float
    eta_source: str
    bandwidth_gb_per_s: float  # effective bus bandwidth used (η·B)


NO_TIME = Prediction(0.0, "none", "none", 1.0, "", 0.0)


def wire_factor(op: str, ranks: int) -> float:
    """Bytes one GPU sends per byte of nccl-tests size (ring; §1.5)."""
    if ranks <= 1:
        return 0.0
    if op == FACTOR_ALL_REDUCE:
        return 2.0 * (ranks - 1) / ranks
    if op == "send_recv":
        return 1.0
    # all-gather / reduce-scatter / all-to-all, and gather (the root receives (p−1)/p).
    return (ranks - 1) / ranks


def ramped(nbytes: float, ramp: float) -> float:
    """Bytes as the link sees them: the message plus the ramp (NCCL runs fewer channels and
    chunks for mid-size messages; fitted, see Params.ramp_bytes)."""
    return nbytes + ramp


def intra_eta(kind: str, ranks: int, params: Params = PARAMS) -> tuple[float, str]:
    """η of an intra-node link kind for a group of ``ranks``."""
    row = link_kind(kind)
    eta = _eta(row, ranks, params)
    return eta, _eta_source(row, eta, params)


def _eta(row: LinkKind, ranks: int, params: Params) -> float:
    if not row.p2p:
        return min(params.no_p2p_cap, params.no_p2p_shared / max(ranks, 1))
    return params.eta_of(row)


def _eta_source(row: LinkKind, eta: float, params: Params) -> str:
    if not row.p2p:
        return _no_p2p_source(eta, params.no_p2p_cap, params.no_p2p_shared)
    return _p2p_source(row.name, eta)


# The sources are pure functions of their numbers; a plan prices the same few kinds and η
# thousands of times (a cache of the formatted text, bounded).
@lru_cache(maxsize=256)
def _no_p2p_source(eta: float, cap: float, shared: float) -> str:
    return (
        f"PCIe without P2P η {eta:.3g} = min({cap:g}, {shared:g}/p) of the x16 rate (host "
        "bounce shared by p GPUs; fitted, benchmarks/accuracy.py)"
    )


@lru_cache(maxsize=256)
def _p2p_source(name: str, eta: float) -> str:
    return f"{name} η {eta:g} (fitted on the nccl-tests tables, benchmarks/accuracy.py)"


def step_us(kind: str, protocol: str, params: Params = PARAMS, arch: str = "") -> float:
    """Per-step latency of an intra-node hop (tuning.cc hwLat, scaled per architecture)."""
    table, scale = _step_row(link_kind(kind), params, arch)
    return table[protocol] * scale


def intra_steps(fabric: Fabric, params: Params) -> tuple[Mapping[str, float], float]:
    """``step_us`` of the fabric's intra-node hop as (µs per protocol, scale): asked once by
    a caller that prices every protocol (``table[protocol] * scale`` is ``step_us``)."""
    return _step_row(link_kind(fabric.intra_kind), params, fabric.arch)


def _step_row(row: LinkKind, params: Params, arch: str) -> tuple[Mapping[str, float], float]:
    """The per-protocol step latencies of a link kind's NCCL row and their scale."""
    # Without P2P the step bounces through host memory (SHM transport), but NCCL's tuner prices
    # every intra-node path that is not NVLink with the PCI row (tuning.cc: ``intraHw[a] =
    # graphs[a]->typeIntra == LINK_NVL ? NCCL_HW_NVLINK : NCCL_HW_PCI``).
    hw = row.nccl_hw
    if hw == "pci":
        return PCIE_STEP_US, params.pcie_step_scale
    if hw != "nvlink":
        raise KeyError(f"link kind {row.name!r} has no intra-node step (LinkKind.nccl_hw)")
    return NVLINK_STEP_US, params.step_scale_of(archs.arch(arch))


def _protocols(row: LinkKind, nodes: int) -> tuple[str, ...]:
    # NCCL enables LL128 by default only where every hop is NVLink (tuning.cc).
    if row.nccl_hw != "nvlink" or nodes > 1:
        return ("ll", "simple")
    return ("ll", "ll128", "simple")


def predict_intra(
    op: str, message_bytes: float, fabric: Fabric, params: Params, algorithm: str = ""
) -> Prediction:
    """Ring over the node's fabric, or NVLS, whichever NCCL would run (or ``algorithm``)."""
    row = link_kind(fabric.intra_kind)
    eta = _eta(row, fabric.ranks, params)
    bus_bw = eta * fabric.intra_gb_per_s
    wire = wire_factor(op, fabric.ranks) * message_bytes
    steps = _steps(op, fabric.ranks)
    table, scale = _step_row(row, params, fabric.arch)
    best_t, best_protocol, best_bw = math.inf, "", 0.0
    for protocol in _protocols(row, fabric.nodes):
        bw = bus_bw * PROTOCOL_BW[protocol]
        if protocol == "ll":
            bw = min(bw, LL_MAX_BUSBW)
        lat = BASE_LATENCY_US[protocol] + params.launch_us
        lat += steps * (table[protocol] * scale)
        t = lat + ramped(wire, params.ramp_bytes) / (bw * 1e3)
        if not best_protocol or t < best_t:
            best_t, best_protocol, best_bw = t, protocol, bw
    if algorithm != "ring":
        nvls = _nvls(op, wire, fabric, params)
        if nvls is not None and (nvls.time_us < best_t or algorithm == "nvls"):
            return nvls
    source = _eta_source(row, eta, params)
    return Prediction(best_t, "ring", best_protocol, eta, source, best_bw)


def _steps(op: str, ranks: int) -> int:
    """Ring steps (tuning.cc: nsteps_AR = 2(n−1); AG/RS n−1; one for point-to-point)."""
    if op == FACTOR_ALL_REDUCE:
        return 2 * (ranks - 1)
    if op in ("send_recv", "gather"):
        return 1
    return ranks - 1


def _nvls(op: str, wire: float, fabric: Fabric, params: Params) -> Prediction | None:
    """NVLink SHARP all-reduce: NVSwitch gen3+ and enough GPUs that NCCL selects it
    (above 4 on 8×H200, above 5 on 8×B200 p6-b200: stas00/ml-engineering@744d01e1
    network/README.md "SHARP" sweeps)."""
    if op != FACTOR_ALL_REDUCE or not fabric.nvls_arch or fabric.nodes > 1:
        return None
    if fabric.ranks < fabric.nvls_min_ranks or not link_kind(fabric.intra_kind).nvls:
        return None
    eta = params.nvls_eta_of(archs.arch(fabric.nvls_arch))
    source = f"NVLS η {eta:g} ({fabric.nvls_arch}; fitted, benchmarks/accuracy.py)"
    bw = eta * fabric.intra_gb_per_s
    t = NVLS_LATENCY_US + params.launch_us + ramped(wire, params.ramp_bytes) / (bw * 1e3)
    return Prediction(t, "nvls", "simple", eta, source, bw)
