"""A manifest cluster's links (``toplint.hardware.manifest``): inside a node (``intra_node``:
the fabric, its per-direction bandwidth, the NVLink domain and groups, P2P, NUMA nodes, PCIe
generation) and between nodes (``inter_node``: the network kind, NIC line rate, NICs per node,
RDMA, latency), each over the catalog GPU's and the ``instance:`` type's defaults, with the
plausibility warnings of ``toplint.hardware.sanity``."""

from __future__ import annotations

from typing import Any

from toplint.hardware import catalog, linkkinds, sanity, topology
from toplint.hardware.manifest_schema import Path
from toplint.hardware.manifestdoc import ManifestDoc
from toplint.hardware.types import GpuSpec, InterNode, IntraNode
from toplint.record import replace

_NO_NETWORK = InterNode(
    network="none", bandwidth_gb_per_s=0.0, nics_per_node=0, rdma=False, latency_us=0.0
)


def fabric_domain(fabric: str, gpus: int) -> int:
    """GPUs that reach each other at fabric speed when only the fabric is known
    (``LinkKind.domain``: 0 = the whole node)."""
    domain = linkkinds.of_fabric(fabric).domain
    return gpus if domain == 0 else min(domain, gpus)


def _base_intra(gpu: GpuSpec, gpus: int, instance: catalog.InstanceSpec | None) -> IntraNode:
    base = catalog.default_intra(gpu, gpus)
    if instance is None:
        return base
    if instance.gpu.name != gpu.name:
        return replace(base, numa_nodes=instance.intra.numa_nodes)
    domain = instance.intra.nvlink_domain
    if domain <= instance.gpus_per_node:  # not rack-scale: the domain ends at the node
        domain = min(domain, gpus)
    return replace(instance.intra, nvlink_domain=domain)


def intra_node(
    ctx: ManifestDoc,
    at: Path,
    raw: dict[str, Any],
    gpu: GpuSpec,
    gpus: int,
    instance: catalog.InstanceSpec | None,
) -> IntraNode:
    base = _base_intra(gpu, gpus, instance)
    fabric = raw.get("fabric", base.fabric)
    changed = fabric != base.fabric
    pcie_gen = int(raw.get("pcie_gen", base.pcie_gen))
    if "bandwidth" in raw:
        bandwidth = ctx.bandwidth((*at, "bandwidth"), raw["bandwidth"], "link")
        _warn_all(ctx, (*at, "bandwidth"), bandwidth, gpu)
        low = sanity.low_link_warning(bandwidth, fabric, gpu)
        if low:
            ctx.warn((*at, "bandwidth"), low)
    elif changed:
        bandwidth = _fabric_bandwidth(ctx, at, fabric, gpu, pcie_gen)
    else:
        bandwidth = base.bandwidth_gb_per_s
    default_domain = fabric_domain(fabric, gpus) if changed else base.nvlink_domain
    domain = raw.get("nvlink_domain", default_domain)
    if linkkinds.scaleup_of(fabric) is None and int(domain) > 1:
        ctx.warn(
            (*at, "nvlink_domain"),
            f"{domain} with fabric {fabric}: GPUs without NVLink "
            "reach each other over PCIe; did you mean fabric nvlink?",
        )
    latency = ctx.latency((*at, "latency"), raw["latency"]) if "latency" in raw else None
    groups: topology.Groups = ()
    if "nvlink_groups" in raw:
        try:
            groups = topology.parse_groups(raw["nvlink_groups"], gpus, fabric)
        except ValueError as exc:
            raise ctx.error((*at, "nvlink_groups"), str(exc)) from None
        domain = topology.largest(groups)
    return IntraNode(
        fabric=fabric,
        bandwidth_gb_per_s=bandwidth,
        p2p=bool(raw.get("p2p", base.p2p)),
        nvlink_domain=int(domain),
        nvlink_groups=groups,
        numa_nodes=int(raw.get("numa_nodes", base.numa_nodes)),
        pcie_gen=pcie_gen,
        pcie_bandwidth_gb_per_s=_pcie_rate(raw, fabric, bandwidth, pcie_gen),
        latency_us=latency,
    )


def _pcie_rate(raw: dict[str, Any], fabric: str, bandwidth: float, pcie_gen: int) -> float:
    """The GPU's PCIe x16 rate per direction: over a PCIe fabric the ``bandwidth`` the manifest
    writes is that link's (``fabric: pcie, bandwidth: 16 GB/s`` of a Gen3 card), else the
    rate of ``pcie_gen`` (the catalog's, or the GPU's default).  The manifest's figure had
    been dropped for the generation's: a described Turing card's stated 16 GB/s was priced
    at Gen4's 31.5."""
    if "bandwidth" in raw and linkkinds.of_fabric(fabric).cls == linkkinds.PCIE and bandwidth:
        return bandwidth
    return catalog.pcie_bandwidth(pcie_gen)


def _fabric_bandwidth(
    ctx: ManifestDoc, at: Path, fabric: str, gpu: GpuSpec, pcie_gen: int
) -> float:
    """Per-direction bandwidth for a fabric the user chose instead of the GPU's default."""
    row = linkkinds.of_fabric(fabric)
    if row.cls == linkkinds.NONE:
        return 0.0
    if row.cls == linkkinds.PCIE:
        return catalog.pcie_bandwidth(pcie_gen)
    if row.domain == 2 and catalog.bridge_bandwidth(gpu) is not None:  # a bridged pair
        return catalog.bridge_bandwidth(gpu) or 0.0
    if row.domain == 0 and linkkinds.of_fabric(gpu.scaleup_fabric) is row:
        return gpu.scaleup_bandwidth_gb_per_s
    raise ctx.error(
        (*at, "fabric"),
        f"the catalog has no {fabric} bandwidth for {gpu.name} (its fabric is "
        f'{gpu.scaleup_fabric}); add intra_node.bandwidth, e.g. "300 GB/s" per direction',
    )


def _warn_all(ctx: ManifestDoc, at: Path, value: float, gpu: GpuSpec) -> None:
    for message in sanity.link_warnings(value, gpu):
        ctx.warn(at, message)


def _warn_nic(ctx: ManifestDoc, at: Path, value: float, written: Any) -> None:
    message = sanity.nic_warning(value, written)
    if message:
        ctx.warn(at, message)


def inter_node(
    ctx: ManifestDoc, at: Path, raw: dict[str, Any], instance: catalog.InstanceSpec | None
) -> InterNode:
    nodes = raw["nodes"]
    given = raw.get("inter_node") or None  # an empty mapping says nothing
    base = instance.inter if instance else None
    here: Path = (*at, "inter_node")
    if given is None and base is None:
        if nodes > 1:
            raise ctx.error(
                (*at, "nodes"),
                f"{nodes} nodes need inter_node (network and "
                'bandwidth, e.g. {network: infiniband, bandwidth: "400 Gb/s"})',
            )
        return _NO_NETWORK
    given = given or {}
    network = given.get("network", base.network if base else None)
    if network is None:
        raise ctx.error(
            here,
            'missing "network" (infiniband, roce, ethernet, efa, tcpx, tcpxo or none)',
            key=True,
        )
    if linkkinds.of_network(network).cls == linkkinds.NONE:
        if nodes > 1:
            raise ctx.error((*here, "network"), f'"none" but the cluster has {nodes} nodes')
        return _NO_NETWORK
    same = base is not None and base.network == network
    if "bandwidth" in given:
        bandwidth = ctx.bandwidth((*here, "bandwidth"), given["bandwidth"], "network")
        _warn_nic(ctx, (*here, "bandwidth"), bandwidth, given["bandwidth"])
        low = sanity.low_nic_warning(bandwidth, network, given["bandwidth"])
        if low:
            ctx.warn((*here, "bandwidth"), low)
    elif base is not None and same:
        bandwidth = base.bandwidth_gb_per_s
    else:
        raise ctx.error(here, 'missing "bandwidth": line rate per NIC, e.g. "400 Gb/s"', key=True)
    row = linkkinds.of_network(network)
    rdma = bool(given.get("rdma", base.rdma if base and same else row.rdma))
    if rdma and row.tcp:
        ctx.warn(
            (*here, "rdma"),
            f"rdma: true on {network}: if the NICs do RDMA over Ethernet, write network: roce",
        )
    net = catalog.lookup_network(network, bandwidth)
    latency = (
        ctx.latency((*here, "latency"), given["latency"])
        if "latency" in given
        else net.latency_us
        if net
        else 0.0
    )
    nics = int(given.get("nics_per_node", base.nics_per_node if base else 1))
    return InterNode(
        network=network,
        bandwidth_gb_per_s=bandwidth,
        nics_per_node=nics,
        rdma=rdma,
        latency_us=latency,
    )
