"""Link kinds in one table: what each hop between two GPUs is, and how the model treats it.

Every link kind toplint knows is one ``LinkKind`` row of ``KINDS``: its class, the default
per-direction bandwidth and per-step latency with their sources, which collective algorithms
NCCL runs over it, how the manifest (``intra_node.fabric`` / ``inter_node.network``) and
``nvidia-smi topo -m`` spell it, and every property placement, cost, sanity, detect, plan and
the rules decide by: its domain, η, NCCL latency row, NVLS, IPC kernels, measured tables,
floors.  The manifest schema's enums and the ``Fabric`` / ``Network`` Literals are tested equal
to this table (tests/hardware/test_linkkinds.py); no other module tests a kind's name, so
adding a fabric is one row (tests/hardware/test_recipes.py adds one).  An unknown name is an
error (``kind()`` raises), never a silent default.

Bandwidths are GB/s (10^9 B/s) per direction: per GPU for scale-up and PCIe kinds, per NIC for
networks.  Latencies are µs per collective step (cost-model.md §1.13).  ``floors`` are the
slowest real links of a kind, below which a manifest figure is a misreading.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from toplint.record import record

# Classes of link kinds.
LinkClass = Literal["scale-up", "pcie", "network", "none"]
SCALEUP: LinkClass = "scale-up"  # NVLink / NVSwitch / xGMI / bridge: GPU memory to GPU memory
PCIE: LinkClass = "pcie"  # through PCIe switches or the host
NETWORK: LinkClass = "network"  # between nodes, through NICs
NONE: LinkClass = "none"  # no link at all

# The manifest's spellings (``intra_node.fabric``, ``inter_node.network``, the GPU catalog's
# ``scaleup_fabric``): the rows' ``manifest`` tuples, tested equal to these and to the schema.
Fabric = Literal["nvswitch", "nvlink", "nvlink-bridge", "pcie", "xgmi", "none"]
Network = Literal["infiniband", "roce", "ethernet", "efa", "tcpx", "none"]
# Which row of NCCL's tuner latencies (tuning.cc hwLat NVLINK / PCI / NET) prices a step.
NcclHw = Literal["nvlink", "pci", "net", ""]
# How GPUs on a PCIe kind reach each other: peer to peer, across the sockets' interconnect, or
# bounced through host memory (no P2P).
PciePath = Literal["p2p", "cross-socket", "host-bounce", ""]

# PCIe x16 per direction by generation, GB/s (the one place; cost-model.md "Constants to ship"
# Gen4 31.5 and Gen5 63).  Gen3 8 GT/s and Gen4/5 16/32 GT/s x16 with 128b/130b encoding:
# 15.75 / 31.5 / 63.0.  Gen6 is 64 GT/s PAM4 with 256-byte FLITs of which 242 bytes carry
# TLP+DLLP (PCI-SIG PCIe 6.0 FLIT mode): 128 x 242/256 = 121 GB/s.  No GPU attaches at Gen6 as
# of 2026-07 (stas00/ml-engineering@744d01e1 network/README.md note 3).
PCIE_X16_GB_PER_S = {3: 15.75, 4: 31.5, 5: 63.0, 6: 121.0}


@record
class LinkKind:
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
    nccl_hw: NcclHw = ""  # NCCL's hwLat row for a step over it; LL128 only on "nvlink"
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


_NCCL_TUNING = "NVIDIA/nccl@5067397c src/graph/tuning.cc (cost-model.md §1.4)"
_RING_TREE = ("ring", "tree", "pairwise")

KINDS: dict[str, LinkKind] = {
    k.name: k
    for k in (
        LinkKind(
            "nvlink",
            SCALEUP,
            0.0,
            "per GPU generation: NVLink3 300, NVLink4 450, NVLink5 900 (cost-model.md §4.1)",
            0.6,
            f"LL ring step on NVLink, {_NCCL_TUNING}",
            ("ring", "tree", "nvls", "nvlstree", "pairwise"),
            manifest=("nvswitch", "nvlink"),
            topo=("NV#",),
            floors=(("nvswitch", 150.0),),
            floor_source="NVSwitch gen 1 (DGX-2, V100): 6 NVLink2 links x 25 = 150 per direction "
            "(NVIDIA DGX-2 datasheet, 300 GB/s bidirectional per GPU, https://www.nvidia.com/"
            "content/dam/en-zz/Solutions/Data-Center/dgx-2/"
            "dgx-2-print-datasheet-738070-nvidia-a4-web-uk.pdf)",
            fastest=("NVLink5", 900.0),  # B200/GB200 per direction (cost-model.md §4.1)
            domain=0,
            rack_scale=True,
            # Fitted on the development sources' nccl-tests tables (python
            # benchmarks/accuracy.py --fit; issue 28: the held-out publications never).
            eta=0.753,
            nccl_hw="nvlink",
            nvls=("nvswitch",),
            p2p_channels=True,
            tables="nvlink",
            quoted_bidirectional=True,
            family="NVLink",
            gpu_floor_share=0.25,
        ),
        LinkKind(
            "xgmi",
            SCALEUP,
            0.0,
            "MI300X/MI325X: 64 per peer, 448 per GPU to all peers (cost-model.md §4.1)",
            0.6,
            "no published figure; taken as NVLink's (a point-to-point GPU fabric)",
            _RING_TREE,
            manifest=("xgmi",),
            domain=0,
            per_peer=True,
            # No data in the accuracy set: ml-engineering's MI300X 8-GPU all-reduce busbw
            # 312.9 of 448 GB/s.
            eta=0.70,
            nccl_hw="nvlink",
        ),
        LinkKind(
            "nvlink-bridge",
            SCALEUP,
            0.0,
            "per card (catalog bridge_bandwidth_gb_per_s); H100 PCIe pair measured ~116 busbw",
            0.6,
            f"as NVLink, {_NCCL_TUNING}",
            _RING_TREE,
            manifest=("nvlink-bridge",),
            topo=("NV#",),
            domain=2,
            # No data in the accuracy set: nccl-tests#178, 2-GPU bridged all-reduce 208 of 300.
            eta=0.69,
            nccl_hw="nvlink",
            quoted_bidirectional=True,
            family="NVLink",
        ),
        LinkKind(
            "pcie",
            PCIE,
            0.0,
            "x16 rate of the PCIe generation (PCIE_X16_GB_PER_S)",
            1.0,
            f"LL ring step on PCI, {_NCCL_TUNING}",
            _RING_TREE,
            manifest=("pcie",),
            topo=("PIX", "PXB", "PHB", "NODE"),
            pcie_path="p2p",
            eta=0.598,  # fitted on the development sources (benchmarks/accuracy.py --fit)
            nccl_hw="pci",
            tables="pcie",
        ),
        LinkKind(
            "pcie-sys",
            PCIE,
            10.0,
            "NCCL rates a SYS (cross-socket) path 10 GB/s vs 24 on PHB (nccl-tests#307)",
            1.0,
            f"LL ring step on PCI, {_NCCL_TUNING}",
            _RING_TREE,
            topo=("SYS",),
            pcie_path="cross-socket",
            eta=0.386,  # fitted on the development sources (benchmarks/accuracy.py --fit)
            nccl_hw="pci",
            tables="pcie",
        ),
        LinkKind(
            "pcie-no-p2p",
            PCIE,
            7.0,
            "host-memory bounce 6-8 GB/s (nccl-tests#117, 8x RTX 4090 with P2P disabled)",
            15.0,
            "12-18 µs per GPU-to-GPU copy through host memory (nccl-tests#117)",
            _RING_TREE,
            # η: Params.no_p2p_shared / no_p2p_cap (the host path shared by every GPU).
            pcie_path="host-bounce",
            nccl_hw="pci",
            tables="pcie",
        ),
        LinkKind(
            "infiniband",
            NETWORK,
            50.0,
            "IB NDR 400 Gb/s per NIC (cost-model.md §4.2)",
            5.0,
            "NCCL's tuner: NET hwLat of tree LL, the algorithm NCCL runs small messages with "
            "across nodes (NVIDIA/nccl@5067397c src/graph/tuning.cc; ring LL 2.7); not fitted. "
            "Checked by benchmarks/accuracy.py: 2x8 and 4x8 H100 NDR all-reduce floors 24.7 and "
            "34.5 µs (nccl-tests#309) against 24.5 and 34.5 predicted",
            (*_RING_TREE, "collnet"),
            manifest=("infiniband",),
            topo=("mlx5",),
            rdma=True,
            floors=(("infiniband", 1.25),),
            floor_source="InfiniBand SDR 4x 10 Gb/s (InfiniBand Trade Association roadmap, "
            "https://www.infinibandta.org/infiniband-roadmap/)",
            fastest=("800 Gb/s XDR", 100.0),  # IB XDR (cost-model.md §4.2)
            nccl_hw="net",
            detect_why="ConnectX (mlx5): InfiniBand or RoCE; `ibv_devinfo` link_layer "
            "says which (Ethernet -> write roce)",
        ),
        LinkKind(
            "roce",
            NETWORK,
            50.0,
            "RoCEv2 400 Gb/s per NIC (cost-model.md §4.2)",
            5.0,
            "as InfiniBand: NCCL's NET tree-LL hwLat (GPUDirect RDMA; tuning.cc); DGX Spark 2x1 "
            "GB10 200G RoCE AR 8 KiB 30-35 µs (NVIDIA/dgx-spark-playbooks PR#103)",
            _RING_TREE,
            manifest=("roce",),
            topo=("rocep", "roce", "bnxt_re", "irdma", "qedr"),
            rdma=True,
            floors=(("roce", 1.25),),
            floor_source="RoCE needs at least 10 GbE in practice",
            nccl_hw="net",
            detect_why="RDMA over Converged Ethernet device",
        ),
        LinkKind(
            "efa",
            NETWORK,
            50.0,
            "EFA v2-v4 50 GB/s per GPU (cost-model.md §4.2)",
            38.9,
            "EFA v2-v4, fitted (development sources) on EFA all-reduce and all-to-all sweeps "
            "(benchmarks/accuracy.py: 2x p5 8 B takes 65-75 µs, "
            "aws-samples/awsome-distributed-training@88c2e71b; 4x p6-b200 256 KiB-8 MiB 350-460 "
            "µs); EFA's first generation (p4d, p4de: 161-184 µs at 8 B) is the p4d/p4de "
            "presets' own latency (instances.yaml); the aws-ofi-nccl "
            "tuner's 20 + 3 µs is a tuner constant",
            _RING_TREE,
            manifest=("efa",),
            topo=("efa", "rdmap"),
            rdma=True,
            floors=(("efa", 12.5),),
            floor_source="EFA's first generation is 100 Gb/s (https://aws.amazon.com/hpc/efa/)",
            nccl_hw="net",
            detect_why="AWS Elastic Fabric Adapter",
        ),
        LinkKind(
            "tcpx",
            NETWORK,
            25.0,
            "GCP GPUDirect-TCPX(O) 200 Gb/s per NIC (cost-model.md §4.2)",
            57.3,
            "fitted (development sources) on the 2-node AR sweep, floor ~123 µs (A3 Mega TCPXO, "
            "lessizzmore/create-a3mega-ztan-fork@02dd8f45 ztan-NCCL-test-result)",
            _RING_TREE,
            manifest=("tcpx",),
            tcp=True,
            nccl_hw="net",
        ),
        LinkKind(
            "ethernet",
            NETWORK,
            12.5,
            "100GbE (cost-model.md §4.2)",
            57.3,
            "as TCPX(O) (fitted together); TCP sockets 2-node AR 118-130 µs (nccl#1184)",
            _RING_TREE,
            manifest=("ethernet",),
            tcp=True,
            floors=(("ethernet", 0.125),),
            floor_source="1 GbE",
            nccl_hw="net",
        ),
        LinkKind(
            "none",
            NONE,
            0.0,
            "no link: a group over it cannot run",
            0.0,
            "no link",
            (),
            manifest=("none",),
        ),
    )
}


def kind(name: str) -> LinkKind:
    """The row for a link kind; KeyError naming the known kinds for anything else."""
    try:
        return KINDS[name]
    except KeyError:
        raise KeyError(f"unknown link kind {name!r}; known: {', '.join(KINDS)}") from None


def fabrics() -> tuple[str, ...]:
    """The manifest's ``intra_node.fabric`` spellings: scale-up and PCIe kinds, and "none"."""
    return tuple(f for k in KINDS.values() if k.cls != NETWORK for f in k.manifest)


def networks() -> tuple[str, ...]:
    """The manifest's ``inter_node.network`` spellings: network kinds, and "none"."""
    return tuple(f for k in KINDS.values() if k.cls in (NETWORK, NONE) for f in k.manifest)


def of_fabric(fabric: str) -> LinkKind:
    """The link kind a manifest ``intra_node.fabric`` value names ("nvswitch" -> nvlink)."""
    for k in KINDS.values():
        if k.cls != NETWORK and fabric in k.manifest:
            return k
    raise KeyError(f"unknown fabric {fabric!r}; known: {', '.join(fabrics())}")


def of_network(network: str) -> LinkKind:
    """The link kind a manifest ``inter_node.network`` value names."""
    for k in KINDS.values():
        if k.cls in (NETWORK, NONE) and network in k.manifest:
            return k
    raise KeyError(f"unknown network {network!r}; known: {', '.join(networks())}")


def scaleup_of(fabric: str) -> LinkKind | None:
    """The kind peers on a node's fabric see when it is a scale-up fabric (nvswitch ->
    nvlink); None when GPUs of the node reach each other over PCIe (fabric pcie or none)."""
    found = of_fabric(fabric)
    return found if found.cls == SCALEUP else None


def pcie_kind(p2p: bool, cross_socket: bool = False) -> LinkKind:
    """The PCIe kind between GPUs: through host memory without P2P, across the sockets'
    interconnect, else peer to peer."""
    path: PciePath = "host-bounce" if not p2p else "cross-socket" if cross_socket else "p2p"
    for k in KINDS.values():
        if k.cls == PCIE and k.pcie_path == path:
            return k
    raise KeyError(f"no PCIe link kind for the {path} path")  # pragma: no cover - table test


@lru_cache(maxsize=64)  # asked per collective; a manifest names a few fabrics
def nvls_capable(fabric: str) -> bool:
    """NCCL can run NVLink SHARP on a node whose fabric has this spelling (an NVSwitch gen3+,
    given a GPU architecture that has it)."""
    return any(fabric in k.nvls for k in KINDS.values())


def fastest(cls_network: bool) -> tuple[str, float]:
    """The fastest real link between GPUs (or NIC, for ``cls_network``): (label, GB/s)."""
    rows = [k for k in KINDS.values() if (k.cls == NETWORK) == cls_network and k.fastest[1]]
    return max((k.fastest for k in rows), key=lambda f: f[1])


def floor(spelling: str) -> tuple[float, str]:
    """The plausibility floor (GB/s per direction) of a manifest fabric or network spelling and
    its source; (0.0, "") when no floor is known."""
    for k in KINDS.values():
        for name, gb_per_s in k.floors:
            if name == spelling:
                return gb_per_s, k.floor_source
    return 0.0, ""


def pcie_x16(gen: int) -> float:
    """x16 per-direction GB/s of a PCIe generation; 0 for a generation not in the table."""
    return PCIE_X16_GB_PER_S.get(gen, 0.0)


def network_of_device(device: str) -> LinkKind | None:
    """The network kind an RDMA device name (``mlx5_0``, ``rdmap0s1``) points to, if any."""
    for k in KINDS.values():
        if k.cls == NETWORK and any(device.startswith(p) for p in k.topo):
            return k
    return None
