"""From a placed group to the hops its collectives cross (``toplint.cost.collectives.Fabric``).

A group whose slowest hop is a network runs hierarchically: the node's fabric inside, the NICs
between nodes.  Each GPU's share of the NICs is ``nics_per_node × rate / GPUs of the instance
on the node`` (they all talk at once: the other TP groups, PP sends, EP all-to-all), capped by
the GPU's own PCIe link (one GPU cannot drive four 400 Gb/s NICs through a Gen5 x16 slot:
nccl-tests#232 measures 50 GB/s busbw for 1 H100 per node with 4 NICs).  The per-step latency
is the manifest's ``inter_node.latency`` (default from the link-kinds table).
"""

from __future__ import annotations

from toplint.cost.collectives import Fabric
from toplint.hardware.linkkinds import NETWORK_KINDS, PCIE_KINDS, of_fabric, pcie_x16
from toplint.hardware.types import Cluster, GpuSpec, IntraNode
from toplint.placement.types import Group, Placement

_HOPPER = ("h100", "h200", "h20", "h800", "gh200")
_BLACKWELL = ("b200", "b300", "gb200", "gb300")
# Smallest group for which NCCL selects NVLS: 5 GPUs on 8×H200, 6 on 8×B200 (p6-b200,
# NCCL 2.27.7), measured with NCCL_DEBUG=INFO (stas00/ml-engineering@744d01e1
# network/README.md "SHARP").
NVLS_MIN_RANKS = {"hopper": 5, "blackwell": 6}


def group_fabric(
    placement: Placement, group: Group | None, ranks: int, crosses: bool | None = None
) -> Fabric:
    """The hops a collective over ``ranks`` ranks of ``group`` crosses.

    ``crosses`` overrides the group's own answer (a PP pair).
    """
    cluster = placement.cluster
    kind = group.link.kind if group else intra_kind(cluster.intra)
    spans = crosses if crosses is not None else bool(group and group.crosses_nodes)
    if spans and kind in NETWORK_KINDS:
        nodes = len(group.nodes) if group and crosses is None else 2
        return _network_fabric(placement, ranks, max(min(nodes, ranks), 1))
    bw = _intra_bandwidth(cluster, kind, group.link.bandwidth_gb_per_s if group else None)
    return node_fabric(kind, bw, ranks, nvls_arch(cluster), gpu_arch(cluster.gpu))


def node_fabric(kind: str, gb_per_s: float, ranks: int, nvls: str, arch: str) -> Fabric:
    """One node's fabric; NVLS only on NVLink, from the group size NCCL selects it at."""
    nvls = nvls if kind == "nvlink" else ""
    return Fabric(
        kind, gb_per_s, ranks, nvls_arch=nvls, nvls_min_ranks=NVLS_MIN_RANKS.get(nvls, 5), arch=arch
    )


def _network_fabric(placement: Placement, ranks: int, nodes: int) -> Fabric:
    cluster = placement.cluster
    inner = intra_kind(cluster.intra)
    return Fabric(
        intra_kind=inner,
        intra_gb_per_s=_intra_bandwidth(cluster, inner, None),
        ranks=ranks,
        nodes=nodes,
        net_kind=cluster.inter.network,
        net_latency_us=cluster.inter.latency_us,
        nics_per_node=cluster.inter.nics_per_node,
        nic_gb_per_s=cluster.inter.bandwidth_gb_per_s,
        sharers=max(placement.gpus_per_node, 1),
        pcie_gb_per_s=host_link_gb_per_s(cluster),
        arch=gpu_arch(cluster.gpu),
    )


def host_link_gb_per_s(cluster: Cluster) -> float:
    """The GPU's PCIe x16 rate: the most one GPU moves to or from its NICs."""
    intra = cluster.intra
    return intra.pcie_bandwidth_gb_per_s or pcie_x16(intra.pcie_gen or cluster.gpu.pcie_gen)


def kv_fabric(placement: Placement) -> tuple[Fabric, int] | None:
    """Disaggregated KV transfer: every GPU of the instance sends its shard over its NIC
    share (cost-model.md §1.11); returns the point-to-point fabric and the number of shards."""
    cluster, d = placement.cluster, placement.deployment
    if cluster.inter.network == "none" or cluster.inter.nics_per_node <= 0:
        return None
    if cluster.inter.bandwidth_gb_per_s <= 0:
        return None
    shards = max((d.tp or 1) * (d.pp or 1), 1)
    return _network_fabric(placement, 2, 2), shards


def intra_kind(intra: IntraNode) -> str:
    """The link kind of a node's own fabric."""
    if intra.fabric in ("pcie", "none"):
        return "pcie" if intra.p2p else "pcie-no-p2p"
    return of_fabric(intra.fabric).name


def nvls_arch(cluster: Cluster) -> str:
    """ "hopper"/"blackwell" when the node has an NVSwitch gen3+ (NVLS capable, §6 rule 21)."""
    if "nvswitch" not in (cluster.intra.fabric, cluster.gpu.scaleup_fabric):
        return ""
    arch = gpu_arch(cluster.gpu)
    return arch if arch in ("hopper", "blackwell") else ""


def gpu_arch(gpu: GpuSpec) -> str:
    """The GPU's architecture: the catalog's, else read from its name."""
    if gpu.arch:
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
        return host_link_gb_per_s(cluster) or pcie_x16(4)
    if link_bw is not None and link_bw > 0:
        return link_bw
    return cluster.intra.bandwidth_gb_per_s
