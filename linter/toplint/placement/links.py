"""The slowest link a set of GPUs crosses on a cluster.

Bandwidths are per GPU per direction (GB/s), latencies are per collective step (µs), as
``toplint.hardware.types`` defines them.  Constants cite ../shared/reference/cost-model.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from toplint.hardware.linkkinds import (
    NONE,
    PCIE,
    kind,
    of_fabric,
    of_network,
    pcie_kind,
    pcie_x16,
    scaleup_of,
)
from toplint.hardware.topology import share_nvlink
from toplint.hardware.types import Cluster, Link
from toplint.infra.runmemo import RunMemo
from toplint.placement.types import Gpu


def group_link(gpus: Sequence[Gpu], cluster: Cluster, gpus_per_node_in_use: int) -> Link:
    """The slowest hop among ``gpus``: every node's local part, and the network between nodes.

    ``gpus_per_node_in_use`` is how many GPUs of this instance sit on each node; they share
    the node's NICs when they all talk at once (PP sends, EP all-to-all, hierarchical rings).
    """
    key = (gpus_per_node_in_use, tuple((g.node, g.local) for g in gpus))
    found = _LINKS.get(cluster, key)
    if found is not None:
        return found
    link = _group_link(gpus, cluster, gpus_per_node_in_use)
    # bounded by the GPUs the keys hold, whatever the group sizes
    return _LINKS.put(cluster, key, link, weight=len(gpus) + 1)


# A tree's deployments (and the layouts rules weigh for them) place the same groups on the same
# cluster again and again: each group's link is found once per run.
_LINKS: RunMemo[Link] = RunMemo(200_000)


def _group_link(gpus: Sequence[Gpu], cluster: Cluster, gpus_per_node_in_use: int) -> Link:
    by_node: dict[int, list[int]] = {}
    for gpu in gpus:
        by_node.setdefault(gpu.node, []).append(gpu.local)
    links = [intra_link(locals_, cluster) for locals_ in by_node.values() if len(locals_) > 1]
    if len(by_node) > 1:
        links.append(cross_node_link(gpus, cluster, gpus_per_node_in_use))
    if not links:  # a single GPU: no hop at all; report the node's own fabric
        return intra_link([gpus[0].local] if gpus else [0], cluster)
    return min(links, key=lambda link: (link.bandwidth_gb_per_s, -link.latency_us))


def _alpha(name: str, cluster: Cluster) -> float:
    """α per step: the manifest's intra_node.latency on the node's own fabric, else the
    link-kinds table's default."""
    scaleup = scaleup_of(cluster.intra.fabric)
    native = scaleup.name if scaleup is not None else pcie_kind(p2p=True).name
    if cluster.intra.latency_us is not None and name == native:
        return cluster.intra.latency_us
    return kind(name).latency_us


def _scaleup_link(size: int, cluster: Cluster) -> Link:
    intra = cluster.intra
    row = scaleup_of(intra.fabric)
    if row is None:  # pragma: no cover - callers ask scaleup_of first
        raise ValueError(f"fabric {intra.fabric!r} is not a scale-up fabric")
    bandwidth = intra.bandwidth_gb_per_s
    if row.per_peer:
        # A point-to-point mesh (AMD Infinity Fabric): each GPU has a link of
        # bandwidth/(domain-1) to every peer (MI300X: 448/7 = 64 GB/s, cost-model.md §4.1),
        # so a group of k GPUs reaches only (k-1) of them: 64 x (k-1) GB/s per GPU.
        peers = max(min(intra.nvlink_domain, cluster.gpus_per_node) - 1, 1)
        bandwidth = bandwidth / peers * min(size - 1, peers)
    return Link(row.name, bandwidth, _alpha(row.name, cluster), rdma=False, scope="intra")


def _socket(local: int, cluster: Cluster) -> int:
    # GPUs split evenly across the sockets in index order (the usual 2-socket HGX/PCIe board).
    numa = max(cluster.intra.numa_nodes, 1)
    return min(local * numa // max(cluster.gpus_per_node, 1), numa - 1)


def _pcie_link(locals_: Iterable[int], cluster: Cluster) -> Link:
    intra = cluster.intra
    bandwidth = intra.pcie_bandwidth_gb_per_s
    if not bandwidth and of_fabric(intra.fabric).cls == PCIE:
        bandwidth = intra.bandwidth_gb_per_s
    if not bandwidth:
        bandwidth = pcie_x16(intra.pcie_gen) or pcie_x16(4)
    cross = len({_socket(local, cluster) for local in locals_}) > 1
    name = pcie_kind(intra.p2p, cross).name
    cap = kind(name).bandwidth_gb_per_s  # host bounce / cross-socket caps (link-kinds table)
    if cap:
        bandwidth = min(bandwidth, cap)
    return Link(name, bandwidth, _alpha(name, cluster), rdma=False, scope="intra")


def intra_link(locals_: Sequence[int], cluster: Cluster) -> Link:
    """The link among GPUs of one node, given their local indices: NVLink when one NVLink
    group of the node holds them all (``toplint.hardware.topology.share_nvlink``), else PCIe."""
    intra = cluster.intra
    if scaleup_of(intra.fabric) is not None and share_nvlink(locals_, intra, cluster.gpus_per_node):
        return _scaleup_link(len(locals_), cluster)
    return _pcie_link(locals_, cluster)


def cross_node_link(gpus: Sequence[Gpu], cluster: Cluster, gpus_per_node_in_use: int) -> Link:
    """The hop between nodes: the rack's NVLink domain (NVL72), else the network."""
    intra, inter = cluster.intra, cluster.inter
    per_node = max(cluster.gpus_per_node, 1)
    if scaleup_of(intra.fabric) is not None and intra.nvlink_domain > per_node:
        # Multi-node NVLink (GB200 NVL72: 72 GPUs, 4 per tray): instance nodes are taken as
        # consecutive trays of the rack, so GPU n*per_node+local sits in domain id // domain.
        domains = {(g.node * per_node + g.local) // intra.nvlink_domain for g in gpus}
        if len(domains) == 1:
            return _scaleup_link(len(gpus), cluster)
    network = of_network(inter.network)
    if network.cls == NONE:
        return Link(network.name, 0.0, inter.latency_us, rdma=False, scope="inter")
    # Every GPU of the node talks at once (PP sends, EP all-to-all, the inter-node phase of a
    # hierarchical all-reduce), so each gets its share of the node's NICs.  This is the
    # "per-accelerator inter-node rate" of cost-model.md §1.5 (ml-engineering: busbw·(k−1)/(n−1)).
    in_use = max(gpus_per_node_in_use, 1)
    share = inter.bandwidth_gb_per_s * min(inter.nics_per_node, in_use) / in_use
    return Link(inter.network, share, inter.latency_us, rdma=inter.rdma, scope="inter")
