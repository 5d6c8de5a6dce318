"""The link-kinds table: every link kind toplint knows, one ``LinkKind`` row each.

A row carries its class, the default per-direction bandwidth and per-step latency with their
sources, which collective algorithms NCCL runs over it, how the manifest
(``intra_node.fabric`` / ``inter_node.network``) and ``nvidia-smi topo -m`` spell it, and every
property placement, cost, sanity, detect, plan and the rules decide by (the fields are
described on ``toplint.hardware.linktypes.LinkKind``).  Callers read the rows through
``toplint.hardware.linkkinds`` (``kind()``, ``of_fabric()`` …), never by testing a name.

Bandwidths are GB/s (10^9 B/s) per direction: per GPU for scale-up and PCIe kinds, per NIC for
networks.  Latencies are µs per collective step (cost-model.md §1.13).  ``floors`` are the
slowest real links of a kind, below which a manifest figure is a misreading.
"""

from __future__ import annotations

from toplint.hardware.linktypes import NETWORK, NONE, PCIE, SCALEUP, LinkKind

__all__ = ["KINDS", "PCIE_X16_GB_PER_S"]

# PCIe x16 per direction by generation, GB/s (the one place; cost-model.md "Constants to ship"
# Gen4 31.5 and Gen5 63).  Gen3 8 GT/s and Gen4/5 16/32 GT/s x16 with 128b/130b encoding:
# 15.75 / 31.5 / 63.0.  Gen6 is 64 GT/s PAM4 with 256-byte FLITs of which 242 bytes carry
# TLP+DLLP (PCI-SIG PCIe 6.0 FLIT mode): 128 x 242/256 = 121 GB/s.  No GPU attaches at Gen6 as
# of 2026-07 (stas00/ml-engineering@744d01e1 network/README.md note 3).
PCIE_X16_GB_PER_S = {3: 15.75, 4: 31.5, 5: 63.0, 6: 121.0}


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
            p2p_path=("NVL",),
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
            p2p_path=("NVL",),
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
            p2p_path=("NVL",),
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
            p2p_path=("PIX", "PXB"),
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
            27.7,
            "EFA v2-v4, fitted (development sources and the spent draws) on EFA all-reduce and "
            "all-to-all sweeps (benchmarks/accuracy.py: 2x p5 8 B takes 65-75 µs, "
            "aws-samples/awsome-distributed-training@88c2e71b, aws-k8s-tester#585; 2x p6-b200 "
            "51-57 µs, dstack#3961; 4x p6-b200 256 KiB-8 MiB 350-460 µs, torch); one value for "
            "p5 to p6: a separate p5en/p6 step lost in cross-validation (docs/accuracy.md, "
            "eleventh pass).  EFA's first generation (p4d, p4de: 161-184 µs at 8 B) is the "
            "p4d/p4de presets' own latency (instances.yaml); the aws-ofi-nccl tuner's 20 + 3 µs "
            "is a tuner constant",
            _RING_TREE,
            manifest=("efa",),
            topo=("efa", "rdmap"),
            rdma=True,
            floors=(("efa", 12.5),),
            floor_source="EFA's first generation is 100 Gb/s (https://aws.amazon.com/hpc/efa/)",
            nccl_hw="net",
            detect_why="AWS Elastic Fabric Adapter",
        ),
        # Google's two GPUDirect transports are two kinds (GCP "Networking and GPU machines",
        # https://cloud.google.com/compute/docs/gpus/gpu-network-bandwidth: A3 High and A3 Edge
        # run GPUDirect-TCPX, A3 Mega GPUDirect-TCPXO), each priced by its own plugin's rate and
        # step: google/nccl-plugin-gpudirecttcpx (TCP in the host kernel, payload straight to
        # GPU memory) and google/nccl-plugin-gpudirect-tcpxo (the transport offloaded to the
        # NIC).  Neither plugin reports a latency to NCCL (``props->latency = 0``), so both are
        # fitted.  ``tcpx`` keeps its old spelling and means GPUDirect-TCPX (docs/accuracy.md,
        # eleventh pass).
        LinkKind(
            "tcpx",
            NETWORK,
            25.0,
            "GCP GPUDirect-TCPX 200 Gb/s per NIC, 4 per A3 High node (cost-model.md §4.2)",
            694.0,
            "fitted (development sources) on GCP A3 High 2-node all_reduce and all_gather from "
            "1 MiB (GoogleCloudPlatform/ai-infra-cluster-provisioning@d5cdbd19, 1.6-1.9 ms "
            "flat at 1-16 MiB; dstack a3high); no measurement below 1 MiB",
            _RING_TREE,
            manifest=("tcpx",),
            tcp=True,
            nccl_hw="net",
            transport_eta=0.517,
        ),
        LinkKind(
            "tcpxo",
            NETWORK,
            25.0,
            "GCP GPUDirect-TCPXO 200 Gb/s per NIC, 8 per A3 Mega node (cost-model.md §4.2)",
            54.8,
            "fitted (development sources) on the 2-node AR sweep, floor ~123 µs (A3 Mega TCPXO, "
            "lessizzmore/create-a3mega-ztan-fork@02dd8f45 ztan-NCCL-test-result)",
            _RING_TREE,
            manifest=("tcpxo",),
            tcp=True,
            nccl_hw="net",
            transport_eta=0.907,
        ),
        LinkKind(
            "ethernet",
            NETWORK,
            12.5,
            "100GbE (cost-model.md §4.2)",
            54.8,
            "as GPUDirect-TCPXO (fitted together; no sockets run in the fit); TCP sockets 2-node "
            "AR 118-130 µs (nccl#1184)",
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
