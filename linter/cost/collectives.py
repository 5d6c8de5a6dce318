"""α–β time of one NCCL collective: ring (LL / LL128 / Simple protocols) and NVLS.

NCCL's tuner prices every (algorithm, protocol) pair as ``latency + bytes / bandwidth`` and runs
the cheapest (NVIDIA/nccl@5067397c src/graph/tuning.cc, cost-model.md §1.4); this module does the
same with NCCL's own latency constants and per-link bandwidth efficiencies η calibrated on the
measured tables (measured-collectives.md).  Times are µs, bandwidths GB/s (10^9 B/s) per
direction, sizes bytes.  ``message_bytes`` is the nccl-tests "size" (the whole array; for
all-to-all what one rank sends in total), so the wire factor is 2(p−1)/p for all-reduce and
(p−1)/p for all-gather / reduce-scatter / all-to-all (nccl-tests doc/PERFORMANCE.md, §1.5).
"""

from __future__ import annotations

from toplint.hardware.types import Cluster, GpuSpec, IntraNode
from toplint.placement.types import Group, Placement
from toplint.record import record

# --- NCCL latency constants, µs (tuning.cc @5067397c, cost-model.md §1.4) ----------------------
# Ring baseLat per protocol {LL, LL128, Simple}.
BASE_LATENCY_US = {"ll": 6.6, "ll128": 14.0, "simple": 8.4}
# Ring hwLat per ring step {LL, LL128, Simple}: NVLink and PCI rows of tuning.cc.
NVLINK_STEP_US = {"ll": 0.6, "ll128": 1.9, "simple": 3.4}
PCIE_STEP_US = {"ll": 1.0, "ll128": 2.5, "simple": 5.7}
# NVLS: baseLat 0, hwLat NVLS Simple 25 (why NCCL keeps Ring/LL below ~1 MiB on 8×H200).
NVLS_LATENCY_US = 25.0
# PCIe without P2P bounces every step through host memory: 12–18 µs per GPU-to-GPU copy on
# 8×RTX 4090 with P2P disabled (nccl-tests#117); cost-model.md §1.13 suggests 15 per step.
HOST_BOUNCE_STEP_US = 15.0
# Per inter-node ring step, µs (cost-model.md §1.13): IB/RoCE with GPUDirect RDMA 5 (LL;
# tuning.cc NET Ring Simple 14); AWS EFA 23 (aws-ofi-nccl tuner TUNER_NET_LATENCY 20 +
# NET_COMP_OVERHEAD 3); TCP sockets 60 per step: a 2-node ring all-reduce has 2 inter-node steps,
# which reproduces the ~125 µs floor (2×8 H100 A3 Mega TCPXO ≈123 µs; nccl#1184 118–130 µs).
NET_STEP_US = {
    "infiniband": {"ll": 5.0, "ll128": 8.5, "simple": 14.0},
    "roce": {"ll": 5.0, "ll128": 8.5, "simple": 14.0},
    "efa": {"ll": 23.0, "ll128": 23.0, "simple": 23.0},
    "ethernet": {"ll": 60.0, "ll128": 60.0, "simple": 60.0},
    "tcpx": {"ll": 60.0, "ll128": 60.0, "simple": 60.0},
}

# --- Protocol bandwidth factors ----------------------------------------------------------------
# LL moves 4 B of data per 8 B line (half the bandwidth, tuning.cc "busBw·0.5", capped at
# llMaxBw 141 GB/s on Hopper); LL128 moves 120 B per 128 B line; Simple moves all bytes.
PROTOCOL_BW = {"ll": 0.5, "ll128": 120.0 / 128.0, "simple": 1.0}
LL_MAX_BUSBW = 141.0

# --- Busbw efficiency η for large messages, by link kind ---------------------------------------
# η = achieved busbw / per-direction link bandwidth.  Each carries its source.
ETA: dict[str, tuple[float, str]] = {
    "nvlink": (
        0.7,
        "NVLink ring η 0.7 (calibrated: 64–256 MiB NCCL busbw/link of the H100/H200/A100/B200 "
        "tables is 0.55–0.76, measured-collectives.md; rule 14's 0.78–0.82 needs ≥1 GiB)",
    ),
    "nvlink-bridge": (
        0.7,
        "NVLink bridge η 0.7 (nccl-tests#178: 2-GPU bridged all-reduce 208 of 300 GB/s)",
    ),
    "xgmi": (
        0.7,
        "xGMI η 0.7 (ml-engineering: MI300X 8-GPU all-reduce busbw 312.9 of 448 GB/s)",
    ),
    "pcie": (
        0.62,
        "PCIe P2P η 0.62 of the x16 rate (calibrated: 2×L40S 20.0 of 31.5, 2×RTX PRO 6000 "
        "37.8 of 63 GB/s, measured-collectives.md; rule 14's 0.75–0.8 is optimistic)",
    ),
    "pcie-sys": (
        0.4,
        "cross-socket PCIe η 0.4 of the x16 rate (calibrated: 4/8×RTX PRO 6000 plateau 25/24 "
        "of 63 GB/s, measured-collectives.md)",
    ),
    "net-all-reduce": (
        0.73,
        "multi-node hierarchical all-reduce η 0.73 × NIC bandwidth (cost-model.md "
        "'Constants to ship'; p6-b200 4-node 37 of 50 GB/s per GPU)",
    ),
    "net-rdma": (
        0.92,
        "RDMA point-to-point/all-to-all η 0.92 (nccl-tests#290: 46–48 GB/s per NDR-400 NIC)",
    ),
    "net-tcp": (
        0.7,
        "TCP sockets η 0.7 (assumed; NCCL NET/Socket is 'not efficient', vLLM docs)",
    ),
}
# NVLS busbw efficiency vs per-direction NVLink bandwidth ('Constants to ship': 1.05–1.07 on
# H100/H200, 0.93 on B200 = 838/900).
NVLS_ETA = {"hopper": 1.07, "blackwell": 0.93}
# Host-memory bounce (no P2P): all p GPUs share the host path, so busbw falls roughly as 1/p.
# 0.65/p of the x16 rate is calibrated on 4×L40S (5.1 of 31.5 GB/s); the cap 0.2 is the
# 6–8 GB/s host-bounce copy rate of nccl-tests#117 (RTX 4090, P2P disabled).
NO_P2P_SHARED = 0.65
NO_P2P_CAP = 0.2

NETWORK_KINDS = frozenset(NET_STEP_US)
PCIE_KINDS = frozenset({"pcie", "pcie-sys", "pcie-no-p2p"})
TCP_KINDS = frozenset({"ethernet", "tcpx"})
FACTOR_ALL_REDUCE = "all_reduce"


@record
class Fabric:
    """The hops one collective crosses.

    ``ranks`` is the group size; ``intra_*`` is the fabric inside a node (per GPU, per
    direction); ``net_*`` is the inter-node network when the group spans ``nodes`` > 1.
    ``net_node_gb_per_s`` is the NIC aggregate of one node, ``net_gpu_gb_per_s`` one GPU's share.
    """

    intra_kind: str
    intra_gb_per_s: float
    ranks: int
    nodes: int = 1
    net_kind: str = "none"
    net_node_gb_per_s: float = 0.0
    net_gpu_gb_per_s: float = 0.0
    nvls_arch: str = ""  # "hopper" | "blackwell" when the NVSwitch supports NVLS, else ""

    @property
    def usable(self) -> bool:
        """Enough is known about every hop to time a collective."""
        return self.intra_gb_per_s > 0 and (self.nodes <= 1 or self.net_node_gb_per_s > 0)

    @property
    def link_kind(self) -> str:
        return self.net_kind if self.nodes > 1 else self.intra_kind


@record
class Prediction:
    time_us: float
    algorithm: str  # "ring" | "nvls" | "pairwise"
    protocol: str  # "ll" | "ll128" | "simple"
    eta: float
    eta_source: str
    bandwidth_gb_per_s: float  # effective bus bandwidth used (η·B)


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


def intra_eta(kind: str, ranks: int) -> tuple[float, str]:
    """η of an intra-node link kind for a group of ``ranks``."""
    if kind == "pcie-no-p2p":
        eta = min(NO_P2P_CAP, NO_P2P_SHARED / max(ranks, 1))
        return eta, (
            f"PCIe without P2P η {eta:.3g} = min(0.2, 0.65/p) of the x16 rate (host bounce "
            "shared by p GPUs; calibrated on 4×L40S 5.1 GB/s; nccl-tests#117)"
        )
    return ETA.get(kind, ETA["pcie"])


def _step_us(kind: str, protocol: str) -> float:
    if kind == "pcie-no-p2p":
        return HOST_BOUNCE_STEP_US
    if kind in PCIE_KINDS:
        return PCIE_STEP_US[protocol]
    return NVLINK_STEP_US[protocol]


def _protocols(fabric: Fabric) -> tuple[str, ...]:
    # NCCL enables LL128 by default only where every hop is NVLink (tuning.cc).
    if fabric.intra_kind in PCIE_KINDS or fabric.nodes > 1:
        return ("ll", "simple")
    return ("ll", "ll128", "simple")


def _ring_latency_us(fabric: Fabric, steps: int, inter_steps: int, protocol: str) -> float:
    intra = (steps - inter_steps) * _step_us(fabric.intra_kind, protocol)
    inter = inter_steps * NET_STEP_US.get(fabric.net_kind, NET_STEP_US["roce"])[protocol]
    return BASE_LATENCY_US[protocol] + intra + inter


def _bus_bandwidth(fabric: Fabric, op: str) -> tuple[float, float, str]:
    """Effective bus bandwidth (GB/s) of the slowest hop, with η and its source.

    Multi-node all-reduce (hierarchical ring): every ring channel crosses each node boundary
    once per direction, so the inter-node hop is limited by the node's NIC aggregate, not by
    one GPU's share (ml-engineering's per-accelerator inter-node rate busbw·(k−1)/(n−1),
    cost-model.md §1.5).  All-to-all and point-to-point traffic instead shares the NICs
    among the node's GPUs.
    """
    eta, source = intra_eta(fabric.intra_kind, fabric.ranks)
    bw = eta * fabric.intra_gb_per_s
    if fabric.nodes <= 1:
        return bw, eta, source
    if op == FACTOR_ALL_REDUCE or op in ("all_gather", "reduce_scatter"):
        net_eta, net_source = ETA["net-all-reduce"]
        net_bw = net_eta * fabric.net_node_gb_per_s
    else:
        key = "net-tcp" if fabric.net_kind in TCP_KINDS else "net-rdma"
        net_eta, net_source = ETA[key]
        net_bw = net_eta * fabric.net_gpu_gb_per_s
    if net_bw < bw:
        return net_bw, net_eta, net_source
    return bw, eta, source


def predict_us(op: str, message_bytes: float, fabric: Fabric) -> Prediction:
    """α–β time of one collective (the cheapest algorithm/protocol NCCL would pick)."""
    ranks = fabric.ranks
    if ranks <= 1 or message_bytes <= 0:
        return Prediction(0.0, "none", "none", 1.0, "", 0.0)
    bus_bw, eta, source = _bus_bandwidth(fabric, op)
    wire = wire_factor(op, ranks) * message_bytes
    steps, inter_steps = _steps(op, fabric)
    best: Prediction | None = None
    for protocol in _protocols(fabric):
        bw = bus_bw * PROTOCOL_BW[protocol]
        if protocol == "ll":
            bw = min(bw, LL_MAX_BUSBW)
        t = _ring_latency_us(fabric, steps, inter_steps, protocol) + wire / (bw * 1e3)
        algorithm = "pairwise" if op == "all_to_all" else "ring"
        if best is None or t < best.time_us:
            best = Prediction(t, algorithm, protocol, eta, source, bw)
    assert best is not None
    nvls = _nvls(op, wire, fabric)
    if nvls is not None and nvls.time_us < best.time_us:
        best = nvls
    return best


def _steps(op: str, fabric: Fabric) -> tuple[int, int]:
    """Ring steps and how many of them cross nodes (tuning.cc: nsteps_AR = 2(n−1),
    nInter_AR = 2(nNodes−1); AG/RS/all-to-all half of that)."""
    p, k = fabric.ranks, fabric.nodes
    if op == FACTOR_ALL_REDUCE:
        return 2 * (p - 1), 2 * (k - 1)
    if op in ("send_recv", "gather"):
        return 1, (1 if k > 1 else 0)
    return p - 1, k - 1


def _nvls(op: str, wire: float, fabric: Fabric) -> Prediction | None:
    """NVLink SHARP all-reduce: NVSwitch gen3+ and more than 4 GPUs (§6 rule 21)."""
    if op != FACTOR_ALL_REDUCE or not fabric.nvls_arch or fabric.nodes > 1:
        return None
    if fabric.ranks <= 4 or fabric.intra_kind != "nvlink":
        return None
    eta = NVLS_ETA.get(fabric.nvls_arch, NVLS_ETA["blackwell"])
    source = f"NVLS η {eta} ({fabric.nvls_arch}; cost-model.md 'Constants to ship')"
    bw = eta * fabric.intra_gb_per_s
    return Prediction(NVLS_LATENCY_US + wire / (bw * 1e3), "nvls", "simple", eta, source, bw)


def latency_us(op: str, fabric: Fabric) -> float:
    """α of one collective: NCCL's LL ring latency (the small-message floor)."""
    if fabric.ranks <= 1:
        return 0.0
    steps, inter_steps = _steps(op, fabric)
    return _ring_latency_us(fabric, steps, inter_steps, "ll")


# --- From a placed group to the hops it crosses -----------------------------------------------
# PCIe x16 per-direction rates by generation ('Constants to ship': Gen4 31.5, Gen5 63).
PCIE_X16_GB_PER_S = {3: 15.75, 4: 31.5, 5: 63.0, 6: 121.0}
_HOPPER = ("h100", "h200", "h20", "h800", "gh200")
_BLACKWELL = ("b200", "b300", "gb200", "gb300")


def group_fabric(
    placement: Placement, group: Group | None, ranks: int, crosses: bool | None = None
) -> Fabric:
    """The hops a collective over ``ranks`` ranks of ``group`` crosses.

    A group whose slowest hop is a network runs hierarchically: the node's fabric inside, the
    NICs between nodes (node aggregate and per-GPU share read from ``cluster.inter`` and
    ``placement.gpus_per_node``).  ``crosses`` overrides the group's own answer (a PP pair).
    """
    cluster = placement.cluster
    kind = group.link.kind if group else intra_kind(cluster.intra)
    spans = crosses if crosses is not None else bool(group and group.crosses_nodes)
    if spans and kind in NETWORK_KINDS:
        nodes = len(group.nodes) if group and crosses is None else 2
        inner = intra_kind(cluster.intra)
        node_bw = cluster.inter.nics_per_node * cluster.inter.bandwidth_gb_per_s
        return Fabric(
            intra_kind=inner,
            intra_gb_per_s=_intra_bandwidth(cluster, inner, None),
            ranks=ranks,
            nodes=max(min(nodes, ranks), 1),
            net_kind=cluster.inter.network,
            net_node_gb_per_s=node_bw,
            net_gpu_gb_per_s=node_bw / max(placement.gpus_per_node, 1),
        )
    bw = _intra_bandwidth(cluster, kind, group.link.bandwidth_gb_per_s if group else None)
    return Fabric(kind, bw, ranks, nvls_arch=nvls_arch(cluster) if kind == "nvlink" else "")


def kv_fabric(placement: Placement) -> tuple[Fabric, int] | None:
    """Disaggregated KV transfer: every GPU of the instance sends its shard over its NIC
    share (cost-model.md §1.11); returns the pairwise fabric and the number of shards."""
    cluster, d = placement.cluster, placement.deployment
    node_bw = cluster.inter.nics_per_node * cluster.inter.bandwidth_gb_per_s
    if cluster.inter.network == "none" or node_bw <= 0:
        return None
    shards = max((d.tp or 1) * (d.pp or 1), 1)
    inner = intra_kind(cluster.intra)
    fabric = Fabric(
        intra_kind=inner,
        intra_gb_per_s=_intra_bandwidth(cluster, inner, None),
        ranks=2,
        nodes=2,
        net_kind=cluster.inter.network,
        net_node_gb_per_s=node_bw,
        net_gpu_gb_per_s=node_bw / max(placement.gpus_per_node, 1),
    )
    return fabric, shards


def intra_kind(intra: IntraNode) -> str:
    """The link kind of a node's own fabric."""
    if intra.fabric in ("nvswitch", "nvlink"):
        return "nvlink"
    if intra.fabric in ("nvlink-bridge", "xgmi"):
        return intra.fabric
    return "pcie" if intra.p2p else "pcie-no-p2p"


def nvls_arch(cluster: Cluster) -> str:
    """ "hopper"/"blackwell" when the node has an NVSwitch gen3+ (NVLS capable, §6 rule 21)."""
    if "nvswitch" not in (cluster.intra.fabric, cluster.gpu.scaleup_fabric):
        return ""
    return _arch(cluster.gpu)


def _arch(gpu: GpuSpec) -> str:
    if gpu.arch in ("hopper", "blackwell"):
        return gpu.arch
    name = gpu.name.lower()
    if any(tag in name for tag in _BLACKWELL):
        return "blackwell"
    if any(tag in name for tag in _HOPPER):
        return "hopper"
    return ""


def _intra_bandwidth(cluster: Cluster, kind: str, link_bw: float | None) -> float:
    """Per-GPU per-direction bandwidth the intra-node η applies to.

    PCIe kinds use the x16 slot rate (η already carries the P2P / cross-socket / host-bounce
    penalty); other kinds use the group's slowest hop, else the node fabric.
    """
    if kind in PCIE_KINDS:
        intra = cluster.intra
        if intra.pcie_bandwidth_gb_per_s > 0:
            return intra.pcie_bandwidth_gb_per_s
        gen = intra.pcie_gen or cluster.gpu.pcie_gen
        return PCIE_X16_GB_PER_S.get(gen, PCIE_X16_GB_PER_S[4])
    if link_bw is not None and link_bw > 0:
        return link_bw
    return cluster.intra.bandwidth_gb_per_s
