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
from toplint.hardware import archs
from toplint.hardware.linkkinds import (
    NETWORK,
    NONE,
    PCIE,
    kind,
    node_kind,
    nvls_capable,
    of_network,
    pcie_x16,
)
from toplint.hardware.p2plevel import Override
from toplint.hardware.types import Cluster, GpuSpec
from toplint.placement.types import Group, Placement
from toplint.record import replace


def group_fabric(
    placement: Placement, group: Group | None, ranks: int, crosses: bool | None = None
) -> Fabric:
    """The hops a collective over ``ranks`` ranks of ``group`` crosses.

    ``crosses`` overrides the group's own answer (a PP pair).
    """
    cluster = placement.cluster
    name = group.link.kind if group else node_kind(cluster.intra.fabric, cluster.intra.p2p)
    spans = crosses if crosses is not None else bool(group and group.crosses_nodes)
    if spans and kind(name).cls in (NETWORK, NONE):
        nodes = len(group.nodes) if group and crosses is None else 2
        return cluster_fabric(
            cluster, name, ranks, max(min(nodes, ranks), 1), max(placement.gpus_per_node, 1)
        )
    link_bw = group.link.bandwidth_gb_per_s if group else None
    return cluster_fabric(cluster, name, ranks, link_gb_per_s=link_bw)


def nccl_fabric(fabric: Fabric, cluster: Cluster, over: Override | None) -> Fabric:
    """The hops NCCL itself runs ``fabric``'s collective over: the hardware's, unless the
    deployment's environment turns NCCL's P2P transport off between these GPUs (``over``:
    ``toplint.hardware.p2plevel.forced``): then its copies inside a node go through host
    memory, with no NVLink SHARP.  The engines' IPC kernels keep ``fabric``."""
    if over is None or not over.kind:
        return fabric
    bandwidth = _intra_bandwidth(cluster, over.kind, None)
    return replace(fabric, intra_kind=over.kind, intra_gb_per_s=bandwidth, nvls_arch="")


def cluster_fabric(
    cluster: Cluster,
    name: str,
    ranks: int,
    nodes: int = 1,
    sharers: int = 1,
    link_gb_per_s: float | None = None,
) -> Fabric:
    """The hops a collective over ``ranks`` ranks crosses on ``cluster`` when its slowest hop
    is link kind ``name``, over ``nodes`` nodes whose NICs ``sharers`` GPUs share.

    The one place a manifest's cluster becomes a ``Fabric``: the CLI (``group_fabric``) and the
    accuracy benchmark (benchmarks/accuracy.py) both price through it, and
    tests/cost/test_one_path.py checks they agree.
    """
    if nodes > 1 and kind(name).cls in (NETWORK, NONE):
        return _network_fabric(cluster, ranks, nodes, sharers)
    bw = _intra_bandwidth(cluster, name, link_gb_per_s)
    return node_fabric(name, bw, ranks, nvls_arch(cluster), gpu_arch(cluster.gpu))


def node_fabric(name: str, gb_per_s: float, ranks: int, nvls: str, arch: str) -> Fabric:
    """One node's fabric; NVLS only on a kind NCCL runs it over, from the group size NCCL
    selects it at on the architecture (``Arch.nvls_min_ranks``)."""
    if not (nvls and kind(name).nvls):
        return Fabric(name, gb_per_s, ranks, arch=arch)
    least = archs.arch(nvls).nvls_min_ranks
    return Fabric(name, gb_per_s, ranks, nvls_arch=nvls, nvls_min_ranks=least, arch=arch)


def _network_fabric(cluster: Cluster, ranks: int, nodes: int, sharers: int) -> Fabric:
    """A group across nodes.  NVLS inside each node when the node has it: NCCL enables
    NVLSTree (NVLS inside the node, a tree across) on every multi-node communicator whose nodes
    support NVLS, without CollNet; only NVLS itself across nodes needs CollNet/SHARP
    (NVIDIA/nccl@5067397c src/graph/tuning.cc, the algoEnable loop: "Disable NVLS Tree on a
    single node"; "Collnet+NVLS if collnet is not supported")."""
    inner = node_kind(cluster.intra.fabric, cluster.intra.p2p)
    nvls = nvls_arch(cluster) if kind(inner).nvls else ""
    return Fabric(
        intra_kind=inner,
        intra_gb_per_s=_intra_bandwidth(cluster, inner, None),
        ranks=ranks,
        nodes=nodes,
        net_kind=cluster.inter.network,
        net_latency_us=cluster.inter.latency_us,
        nics_per_node=cluster.inter.nics_per_node,
        nic_gb_per_s=cluster.inter.bandwidth_gb_per_s,
        sharers=sharers,
        pcie_gb_per_s=host_link_gb_per_s(cluster),
        nvls_arch=nvls,
        nvls_min_ranks=archs.arch(nvls).nvls_min_ranks if nvls else 5,
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
    if of_network(cluster.inter.network).cls == NONE or cluster.inter.nics_per_node <= 0:
        return None
    if cluster.inter.bandwidth_gb_per_s <= 0:
        return None
    shards = max((d.tp or 1) * (d.pp or 1), 1)
    return _network_fabric(cluster, 2, 2, max(placement.gpus_per_node, 1)), shards


def nvls_arch(cluster: Cluster) -> str:
    """The GPU's architecture when NCCL runs NVLS on the node: an NVSwitch gen3+ fabric
    (``LinkKind.nvls``) and an architecture that has it (``Arch.nvls_min_ranks``; §6 rule 21);
    else ""."""
    intra, gpu = cluster.intra, cluster.gpu
    if not (nvls_capable(intra.fabric) or nvls_capable(gpu.scaleup_fabric)):
        return ""
    arch = archs.of_gpu(gpu.arch, gpu.name)
    return arch.name if arch.nvls_min_ranks else ""


def gpu_arch(gpu: GpuSpec) -> str:
    """The GPU's architecture: the catalog's, else read from its name ("" when unknown)."""
    return archs.of_gpu(gpu.arch, gpu.name).name


def _intra_bandwidth(cluster: Cluster, name: str, link_bw: float | None) -> float:
    """Per-GPU per-direction bandwidth the intra-node η applies to.

    PCIe kinds use the x16 slot rate (η already carries the P2P / cross-socket / host-bounce
    penalty); other kinds use the group's slowest hop, else the node fabric.
    """
    if kind(name).cls == PCIE:
        return host_link_gb_per_s(cluster) or pcie_x16(4)
    if link_bw is not None and link_bw > 0:
        return link_bw
    return cluster.intra.bandwidth_gb_per_s
