"""What a link kind is: the ``LinkKind`` record and the closed vocabularies it is written in.

A kind's class (``LinkClass``), the manifest's spellings (``Fabric``, ``Network``), NCCL's
latency row (``NcclHw``) and a PCIe path (``PciePath``) are ``Literal``s, so a misspelled one is
a type error.  The rows themselves, every kind toplint knows, are the table
``toplint.hardware.linktable.KINDS`` (read through ``toplint.hardware.linkkinds``); the
``Fabric`` / ``Network`` spellings are tested equal to it (tests/hardware/test_linkkinds.py).
"""

from __future__ import annotations

from typing import Literal

from toplint.record import record

__all__ = [
    "NETWORK",
    "NONE",
    "PCIE",
    "SCALEUP",
    "Fabric",
    "LinkClass",
    "LinkKind",
    "NcclHw",
    "Network",
    "PciePath",
]

# Classes of link kinds.
LinkClass = Literal["scale-up", "pcie", "network", "none"]
SCALEUP: LinkClass = "scale-up"  # NVLink / NVSwitch / xGMI / bridge: GPU memory to GPU memory
PCIE: LinkClass = "pcie"  # through PCIe switches or the host
NETWORK: LinkClass = "network"  # between nodes, through NICs
NONE: LinkClass = "none"  # no link at all

# The manifest's spellings (``intra_node.fabric``, ``inter_node.network``, the GPU catalog's
# ``scaleup_fabric``): the rows' ``manifest`` tuples, tested equal to these and to the schema.
Fabric = Literal["nvswitch", "nvlink", "nvlink-bridge", "pcie", "xgmi", "none"]
Network = Literal["infiniband", "roce", "ethernet", "efa", "tcpx", "tcpxo", "none"]
# Which row of NCCL's tuner latencies (tuning.cc hwLat NVLINK / PCI / NET) prices a step.
NcclHw = Literal["nvlink", "pci", "net", ""]
# How GPUs on a PCIe kind reach each other: peer to peer, across the sockets' interconnect, or
# bounced through host memory (no P2P).
PciePath = Literal["p2p", "cross-socket", "host-bounce", ""]


@record
class LinkKind:
    """One link kind: what it is, and every property the stages decide by."""

    name: str  # the kind as placement and cost name it ("nvlink", "roce", ...)
    cls: LinkClass
    bandwidth_gb_per_s: float  # default per direction; 0 = the manifest must say
    bandwidth_source: str
    latency_us: float  # default α per collective step (inter-node step for networks)
    latency_source: str
    algorithms: tuple[str, ...]  # NCCL algorithms that run over it (tuning.cc)
    manifest: tuple[str, ...] = ()  # intra_node.fabric / inter_node.network spellings
    topo: tuple[str, ...] = ()  # `nvidia-smi topo -m` cells or RDMA device prefixes
    rdma: bool = False
    tcp: bool = False
    # Plausibility floors: the slowest real link of this kind, per manifest spelling, GB/s per
    # direction (per GPU, or per NIC for networks).  A manifest figure below it is a misreading,
    # most often Gb/s written for GB/s (toplint.hardware.sanity); no entry = no floor known.
    floors: tuple[tuple[str, float], ...] = ()
    floor_source: str = ""
    # The fastest real link of this kind (label, GB/s per direction, per GPU or per NIC): a
    # figure above the fastest of a class is not a link (toplint.hardware.sanity).
    fastest: tuple[str, float] = ("", 0.0)
    # --- placement -------------------------------------------------------------------------
    # GPUs of a node a fabric of this kind joins when only the fabric is known: 0 = every GPU
    # of the node (NVSwitch, a full mesh), 2 = pairs (bridges), 1 = none.
    domain: int = 1
    per_peer: bool = False  # point-to-point mesh: a GPU's bandwidth splits over its peers
    rack_scale: bool = False  # its domain can span nodes (NVL72 racks, GPU feature discovery)
    pcie_path: PciePath = ""
    # --- cost ------------------------------------------------------------------------------
    eta: float = 0.0  # ring η inside a node (fitted default; toplint.cost.params overrides)
    # A network whose NCCL transport plugin, not the NIC, sets the rate: the share of the NICs'
    # line rate every NCCL algorithm over it reaches (ring, tree, point-to-point, all-to-all;
    # fitted default, toplint.cost.params overrides).  0 = RDMA (Params.net_eta / tree_eta) or
    # NCCL's socket transport (Params.tcp_eta).
    transport_eta: float = 0.0
    nccl_hw: NcclHw = ""  # NCCL's hwLat row for a step over it; LL128 only on "nvlink"
    # The NCCL topology path types (``topoPathTypeStr``, NVIDIA/nccl@5067397c src/graph/topo.cc)
    # two GPUs joined by this kind are at, nearest and farthest ("PIX" to "PXB" for a PCIe
    # switch tree), when NCCL runs its P2P transport over it at its default level (PXB:
    # src/graph/paths.cc ``ncclTopoCheckP2p``); what NCCL_P2P_LEVEL is compared with
    # (``toplint.hardware.p2plevel``).  () where NCCL's default already stages every copy through
    # host memory: no P2P access, a path across the sockets (SYS), a network.
    p2p_path: tuple[str, ...] = ()
    # Manifest spellings over which NCCL runs NVLink SHARP (NVLS): an NVSwitch gen3+, on a GPU
    # architecture that has it (toplint.hardware.archs).
    nvls: tuple[str, ...] = ()
    p2p_channels: bool = False  # NCCL's one-node all-to-all is capped by its p2p channels
    tables: str = ""  # the measured tables' ``link`` it replays (cost/data/measured.yaml)
    # --- sanity and detect -----------------------------------------------------------------
    quoted_bidirectional: bool = False  # datasheets quote it both ways added (NVLink)
    family: str = ""  # the link technology, as messages name it ("NVLink": switched, bridged)
    # A link of this kind, on a GPU whose own link is of the same family, runs at least this
    # share of the GPU's own rate (a lower figure is a misreading).
    gpu_floor_share: float = 0.0
    detect_why: str = ""  # `toplint hardware detect`'s note for an RDMA device of this kind

    @property
    def full(self) -> bool:
        """Every GPU of a node reaches every other over it at its full rate (NVSwitch, a
        full NVLink or xGMI mesh): engines run their IPC all-reduce kernels over any group."""
        return self.cls == SCALEUP and self.domain == 0

    @property
    def p2p(self) -> bool:
        """GPUs copy to each other's memory directly (not through host memory)."""
        return self.pcie_path != "host-bounce" and self.cls in (SCALEUP, PCIE)
