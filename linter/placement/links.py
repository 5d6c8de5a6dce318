"""The slowest link a set of GPUs crosses on a cluster.

Bandwidths are per GPU per direction (GB/s), latencies are per collective step (µs), as
``toplint.hardware.types`` defines them.  Constants cite ../shared/reference/cost-model.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from toplint.hardware.types import Cluster, Link
from toplint.placement.types import Gpu

# Scale-up fabrics and the link kind their peers see (hardware/types.py LINK_KINDS).
_SCALEUP_KIND = {
    "nvswitch": "nvlink",
    "nvlink": "nvlink",
    "nvlink-bridge": "nvlink-bridge",
    "xgmi": "xgmi",
}
# α per ring step, µs (cost-model.md §1.13, NCCL tuning.cc LL numbers and nccl-tests#117).
# xGMI has no figure there; it is taken as NVLink's (a point-to-point GPU fabric).
_ALPHA_US = {
    "nvlink": 0.6,
    "nvlink-bridge": 0.6,
    "xgmi": 0.6,
    "pcie": 1.0,
    "pcie-sys": 1.0,
    "pcie-no-p2p": 15.0,  # host-memory bounce: 12-18 µs per GPU-GPU copy (nccl-tests#117)
}
# PCIe x16 per direction by generation (cost-model.md §6 "Constants to ship": Gen4 31.5,
# Gen5 63; Gen3 and Gen6 by the same doubling per generation).
_PCIE_X16_GB_PER_S = {3: 15.75, 4: 31.5, 5: 63.0, 6: 126.0}
# Without P2P, NCCL copies through host memory: ≈6-8 GB/s (cost-model.md §6 rule 10,
# nccl-tests#117, 8×RTX 4090); the middle of that range.
_NO_P2P_GB_PER_S = 7.0
# A PCIe path through the CPU socket interconnect (nvidia-smi SYS): NCCL rates it 10 GB/s
# against 24 GB/s on PHB (cost-model.md §6 rule 11, nccl-tests#307 topology dump).
_SYS_GB_PER_S = 10.0


def group_link(gpus: Sequence[Gpu], cluster: Cluster, gpus_per_node_in_use: int) -> Link:
    """The slowest hop among ``gpus``: every node's local part, and the network between nodes.

    ``gpus_per_node_in_use`` is how many GPUs of this instance sit on each node; they share
    the node's NICs when they all talk at once (PP sends, EP all-to-all, hierarchical rings).
    """
    by_node: dict[int, list[int]] = {}
    for gpu in gpus:
        by_node.setdefault(gpu.node, []).append(gpu.local)
    links = [intra_link(locals_, cluster) for locals_ in by_node.values() if len(locals_) > 1]
    if len(by_node) > 1:
        links.append(cross_node_link(gpus, cluster, gpus_per_node_in_use))
    if not links:  # a single GPU: no hop at all; report the node's own fabric
        return intra_link([gpus[0].local] if gpus else [0], cluster)
    return min(links, key=lambda link: (link.bandwidth_gb_per_s, -link.latency_us))


def _alpha(kind: str, cluster: Cluster) -> float:
    native = _SCALEUP_KIND.get(cluster.intra.fabric, "pcie")
    if cluster.intra.latency_us is not None and kind == native:
        return cluster.intra.latency_us
    return _ALPHA_US.get(kind, _ALPHA_US["pcie"])


def _scaleup_link(size: int, cluster: Cluster) -> Link:
    intra = cluster.intra
    kind = _SCALEUP_KIND[intra.fabric]
    bandwidth = intra.bandwidth_gb_per_s
    if intra.fabric == "xgmi":
        # AMD Infinity Fabric is a point-to-point mesh: each GPU has a link of
        # bandwidth/(domain-1) to every peer (MI300X: 448/7 = 64 GB/s, cost-model.md §4.1),
        # so a group of k GPUs reaches only (k-1) of them: 64 x (k-1) GB/s per GPU.
        peers = max(min(intra.nvlink_domain, cluster.gpus_per_node) - 1, 1)
        bandwidth = bandwidth / peers * min(size - 1, peers)
    return Link(kind, bandwidth, _alpha(kind, cluster), rdma=False, scope="intra")


def _socket(local: int, cluster: Cluster) -> int:
    # GPUs split evenly across the sockets in index order (the usual 2-socket HGX/PCIe board).
    numa = max(cluster.intra.numa_nodes, 1)
    return min(local * numa // max(cluster.gpus_per_node, 1), numa - 1)


def _pcie_link(locals_: Iterable[int], cluster: Cluster) -> Link:
    intra = cluster.intra
    bandwidth = intra.pcie_bandwidth_gb_per_s
    if not bandwidth and intra.fabric == "pcie":
        bandwidth = intra.bandwidth_gb_per_s
    if not bandwidth:
        bandwidth = _PCIE_X16_GB_PER_S.get(intra.pcie_gen, _PCIE_X16_GB_PER_S[4])
    if not intra.p2p:
        kind, bandwidth = "pcie-no-p2p", min(bandwidth, _NO_P2P_GB_PER_S)
    elif len({_socket(local, cluster) for local in locals_}) > 1:
        kind, bandwidth = "pcie-sys", min(bandwidth, _SYS_GB_PER_S)
    else:
        kind = "pcie"
    return Link(kind, bandwidth, _alpha(kind, cluster), rdma=False, scope="intra")


def intra_link(locals_: Sequence[int], cluster: Cluster) -> Link:
    """The link among GPUs of one node, given their local indices."""
    intra = cluster.intra
    domain = intra.nvlink_domain
    # NVLink domains are consecutive local indices (bridged pairs {0,1},{2,3}, ...); a domain
    # at least as large as the node (HGX 8, NVL72) holds the whole node.
    one_domain = domain >= cluster.gpus_per_node or len({i // domain for i in locals_}) == 1
    if intra.fabric in _SCALEUP_KIND and domain > 1 and one_domain:
        return _scaleup_link(len(locals_), cluster)
    return _pcie_link(locals_, cluster)


def cross_node_link(gpus: Sequence[Gpu], cluster: Cluster, gpus_per_node_in_use: int) -> Link:
    """The hop between nodes: the rack's NVLink domain (NVL72), else the network."""
    intra, inter = cluster.intra, cluster.inter
    per_node = max(cluster.gpus_per_node, 1)
    if intra.fabric in _SCALEUP_KIND and intra.nvlink_domain > per_node:
        # Multi-node NVLink (GB200 NVL72: 72 GPUs, 4 per tray): instance nodes are taken as
        # consecutive trays of the rack, so GPU n*per_node+local sits in domain id // domain.
        domains = {(g.node * per_node + g.local) // intra.nvlink_domain for g in gpus}
        if len(domains) == 1:
            return _scaleup_link(len(gpus), cluster)
    if inter.network == "none":
        return Link("none", 0.0, inter.latency_us, rdma=False, scope="inter")
    # Every GPU of the node talks at once (PP sends, EP all-to-all, the inter-node phase of a
    # hierarchical all-reduce), so each gets its share of the node's NICs.  This is the
    # "per-accelerator inter-node rate" of cost-model.md §1.5 (ml-engineering: busbw·(k−1)/(n−1)).
    in_use = max(gpus_per_node_in_use, 1)
    share = inter.bandwidth_gb_per_s * min(inter.nics_per_node, in_use) / in_use
    return Link(inter.network, share, inter.latency_us, rdma=inter.rdma, scope="inter")
