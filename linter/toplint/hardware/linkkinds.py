"""Link kinds in one table: what each hop between two GPUs is, and what it costs by default.

Every link kind toplint knows is one ``LinkKind`` row of ``KINDS``: its class, the default
per-direction bandwidth and per-step latency with their sources, which collective algorithms
NCCL runs over it, how the manifest (``intra_node.fabric`` / ``inter_node.network``) and
``nvidia-smi topo -m`` spell it.  The manifest schema's enums are tested equal to this table
(tests/hardware/test_linkkinds.py); placement, cost and rules read kinds from here, so adding a
fabric is one row.  An unknown name is an error (``kind()`` raises), never a silent default.

Bandwidths are GB/s (10^9 B/s) per direction: per GPU for scale-up and PCIe kinds, per NIC for
networks.  Latencies are µs per collective step (cost-model.md §1.13).  ``floors`` are the
slowest real links of a kind, below which a manifest figure is a misreading.
"""

from __future__ import annotations

from toplint.record import record

# Classes of link kinds.
SCALEUP = "scale-up"  # NVLink / NVSwitch / xGMI / bridge: GPU memory to GPU memory
PCIE = "pcie"  # through PCIe switches or the host
NETWORK = "network"  # between nodes, through NICs
NONE = "none"  # no link at all

# PCIe x16 per direction by generation, GB/s (the one place; cost-model.md "Constants to ship"
# Gen4 31.5 and Gen5 63).  Gen3 8 GT/s and Gen4/5 16/32 GT/s x16 with 128b/130b encoding:
# 15.75 / 31.5 / 63.0.  Gen6 is 64 GT/s PAM4 with 256-byte FLITs of which 242 bytes carry
# TLP+DLLP (PCI-SIG PCIe 6.0 FLIT mode): 128 x 242/256 = 121 GB/s.  No GPU attaches at Gen6 as
# of 2026-07 (stas00/ml-engineering@744d01e1 network/README.md note 3).
PCIE_X16_GB_PER_S = {3: 15.75, 4: 31.5, 5: 63.0, 6: 121.0}


@record
class LinkKind:
    name: str  # the kind as placement and cost name it ("nvlink", "roce", ...)
    cls: str  # SCALEUP | PCIE | NETWORK | NONE
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
        ),
        LinkKind(
            "pcie-no-p2p",
            PCIE,
            7.0,
            "host-memory bounce 6-8 GB/s (nccl-tests#117, 8x RTX 4090 with P2P disabled)",
            15.0,
            "12-18 µs per GPU-to-GPU copy through host memory (nccl-tests#117)",
            _RING_TREE,
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
        ),
        LinkKind(
            "efa",
            NETWORK,
            50.0,
            "EFA v2-v4 50 GB/s per GPU (cost-model.md §4.2)",
            37.1,
            "EFA v2-v4, fitted on EFA all-reduce and all-to-all sweeps (benchmarks/accuracy.py: "
            "2x p5 8 B takes 65-75 µs, aws-samples/awsome-distributed-training@88c2e71b; 4x "
            "p6-b200 256 KiB-8 MiB 350-460 µs); EFA's first generation (p4d, p4de: 161-184 µs "
            "at 8 B) is the p4d/p4de presets' own latency (instances.yaml); the aws-ofi-nccl "
            "tuner's 20 + 3 µs is a tuner constant",
            _RING_TREE,
            manifest=("efa",),
            topo=("efa", "rdmap"),
            rdma=True,
            floors=(("efa", 12.5),),
            floor_source="EFA's first generation is 100 Gb/s (https://aws.amazon.com/hpc/efa/)",
        ),
        LinkKind(
            "tcpx",
            NETWORK,
            25.0,
            "GCP GPUDirect-TCPX(O) 200 Gb/s per NIC (cost-model.md §4.2)",
            55.3,
            "fitted on the 2-node AR sweep, floor ~123 µs (A3 Mega TCPXO, "
            "lessizzmore/create-a3mega-ztan-fork@02dd8f45 ztan-NCCL-test-result)",
            _RING_TREE,
            manifest=("tcpx",),
            tcp=True,
        ),
        LinkKind(
            "ethernet",
            NETWORK,
            12.5,
            "100GbE (cost-model.md §4.2)",
            55.3,
            "as TCPX(O) (fitted together); TCP sockets 2-node AR 118-130 µs (nccl#1184)",
            _RING_TREE,
            manifest=("ethernet",),
            tcp=True,
            floors=(("ethernet", 0.125),),
            floor_source="1 GbE",
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

NETWORK_KINDS = tuple(k.name for k in KINDS.values() if k.cls in (NETWORK, NONE))
RDMA_NETWORKS = tuple(k.name for k in KINDS.values() if k.rdma)
TCP_NETWORKS = tuple(k.name for k in KINDS.values() if k.tcp)
PCIE_KINDS = tuple(k.name for k in KINDS.values() if k.cls == PCIE)
SCALEUP_KINDS = tuple(k.name for k in KINDS.values() if k.cls == SCALEUP)
# Manifest spellings: intra_node.fabric (scale-up and PCIe kinds, plus "none") and
# inter_node.network (network kinds, plus "none").
FABRICS = tuple(f for k in KINDS.values() if k.cls != NETWORK for f in k.manifest)
NETWORKS = tuple(f for k in KINDS.values() if k.cls in (NETWORK, NONE) for f in k.manifest)


def kind(name: str) -> LinkKind:
    """The row for a link kind; KeyError naming the known kinds for anything else."""
    try:
        return KINDS[name]
    except KeyError:
        raise KeyError(f"unknown link kind {name!r}; known: {', '.join(KINDS)}") from None


def of_fabric(fabric: str) -> LinkKind:
    """The link kind a manifest ``intra_node.fabric`` value names ("nvswitch" -> nvlink)."""
    for k in KINDS.values():
        if k.cls != NETWORK and fabric in k.manifest:
            return k
    raise KeyError(f"unknown fabric {fabric!r}; known: {', '.join(FABRICS)}")


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
