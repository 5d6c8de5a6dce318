"""Draft a hardware manifest from ``nvidia-smi topo -m`` (and optionally the GPU names).

What the matrix shows is written as values with a comment saying why; what it cannot show
(node count, network speed, InfiniBand vs RoCE on ConnectX) is left as a commented placeholder,
never guessed.  The matrix is read by ``toplint.hardware.nvsmi`` (its legend is there), its
NVLink graph searched by ``toplint.hardware.nvgraph``, and the draft written by
``toplint.hardware.detect_yaml``.
"""

from __future__ import annotations

from itertools import combinations

from toplint.hardware import archs, linkkinds
from toplint.hardware.catalog import bridge_bandwidth, lookup_gpu, pcie_bandwidth
from toplint.hardware.detect_yaml import Draft, to_yaml
from toplint.hardware.linkkinds import Fabric
from toplint.hardware.mixed import weakest
from toplint.hardware.nvgraph import link_sum, nv_counts, nvlink_domain, nvlink_ring
from toplint.hardware.nvsmi import NV_CELL, Topology, parse_topology
from toplint.hardware.topology import groups_from_links
from toplint.hardware.types import GpuSpec

__all__ = ["draft_manifest", "nic_kind"]

_PATHS = ("PIX", "PXB", "PHB", "NODE", "SYS")  # PCIe paths in the matrix, nearest first
_MAX_LINKS_PER_GPU = 18  # NVLink4/5 GPUs have 18 links (cost-model.md §4.1 H100, B200)


def _worst_pcie(topo: Topology) -> str | None:
    paths = [topo.cell(a, b) for a, b in combinations(topo.gpus, 2)]
    ranked = [p for p in paths if p in _PATHS]
    return max(ranked, key=_PATHS.index) if ranked else None


# What a draft says for a device no row's prefix matches: TCP sockets, NCCL's own fallback,
# with a note to check.
_UNKNOWN_NIC = "ethernet"


def _lane_rate(gpu: GpuSpec | None) -> float:
    """Per-direction GB/s of one NVLink lane of the GPU (``Arch.nvlink_lane_gb_per_s``)."""
    return archs.of_gpu(gpu.arch, gpu.name).nvlink_lane_gb_per_s if gpu is not None else 0.0


def nic_kind(name: str) -> tuple[str, str]:
    """(network, why) guessed from an RDMA device name (prefixes and notes: the link-kinds
    table's ``topo`` and ``detect_why``)."""
    found = linkkinds.network_of_device(name)
    if found is None:
        return _UNKNOWN_NIC, f"unknown device kind {name!r}: check what it is"
    return found.name, found.detect_why or f"{found.name} device"


def draft_manifest(topo_text: str, gpu_names: list[str] | None = None, fmt: str = "yaml") -> str:
    """A manifest draft (YAML with comments, or JSON with ``notes``) from a topology matrix."""
    topo = parse_topology(topo_text)
    draft = Draft()
    gpu = _gpu_entries(draft, topo, gpu_names)
    _intra_entries(draft, topo, gpu)
    _inter_entries(draft, topo)
    if fmt == "json":
        from toplint.hardware.nodes_draft import draft_json

        return draft_json([(draft.cluster, draft.intra, draft.inter)])
    return to_yaml(draft)


def _gpu_entries(draft: Draft, topo: Topology, names: list[str] | None) -> GpuSpec | None:
    n = len(topo.gpus)
    distinct = list(dict.fromkeys(names or []))
    spec = lookup_gpu(distinct[0]) if distinct else None
    label = spec.name.lower() if spec else "gpu"
    draft.cluster.append(("name", f"{label}-x{n}", "rename: a unique name for this pool"))
    draft.cluster.append(("nodes", None, "unknown: how many identical nodes this pool has"))
    if not distinct:
        draft.cluster.append(
            (
                "gpu",
                None,
                "unknown: pass --gpu-names (nvidia-smi "
                "--query-gpu=name --format=csv,noheader) or write the catalog name",
            )
        )
    elif spec is None:
        draft.cluster.append(
            (
                "gpu",
                distinct[0],
                "not in toplint's GPU catalog: give intra_node.fabric and intra_node.bandwidth",
            )
        )
    else:
        draft.cluster.append(("gpu", spec.name, f'nvidia-smi: "{distinct[0]}"'))
    if len(distinct) > 1:
        return _mixed_entry(draft, n, names or [])
    draft.cluster.append(("gpus_per_node", n, f"{n} GPUs in the matrix"))
    return spec


def _mixed_entry(draft: Draft, n: int, names: list[str]) -> GpuSpec | None:
    """A node of mixed GPUs: one entry per GPU in nvidia-smi's order (``toplint.hardware.mixed``),
    when the names are one per GPU of the matrix."""
    specs = [lookup_gpu(name) for name in names]
    if len(names) != n:
        why = f"mixed GPUs ({', '.join(dict.fromkeys(names))}), but {len(names)} names for {n} GPUs"
        draft.cluster[-1] = (*draft.cluster[-1][:2], why + ": write one entry per GPU, in order")
        draft.cluster.append(("gpus_per_node", n, f"{n} GPUs in the matrix"))
        return None
    entries = [s.name if s is not None else name for s, name in zip(specs, names, strict=True)]
    unknown = [name for s, name in zip(specs, names, strict=True) if s is None]
    why = "mixed GPUs, one per GPU in nvidia-smi's order: judged by the weakest a deployment uses"
    if unknown:
        why += "; describe " + ", ".join(dict.fromkeys(unknown)) + " (not in the catalog)"
    draft.cluster[-1] = ("gpu", entries, why)
    draft.cluster.append(("gpus_per_node", n, f"{n} GPUs in the matrix"))
    known = [s for s in specs if s is not None]
    return weakest(known) if len(known) == n else None


def _intra_entries(draft: Draft, topo: Topology, gpu: GpuSpec | None) -> None:
    n, counts = len(topo.gpus), nv_counts(topo)
    domain = nvlink_domain(topo)
    fabric, why = _fabric(n, counts, gpu)
    ring = nvlink_ring(topo) if domain < n and fabric == "nvlink" else None
    draft.intra.append(("fabric", fabric, why))
    if ring is not None:
        _ring_entries(draft, topo, gpu, ring)
        return
    _bandwidth_entry(draft, fabric, gpu, counts)
    draft.intra.append(("nvlink_domain", domain, _domain_why(topo, domain)))
    if counts and domain < n:  # only some GPUs share NVLink: say which (topology.py)
        index = {g: int(g.removeprefix("GPU")) for g in topo.gpus if g[3:].isdigit()}
        pairs = [
            (index[a], index[b])
            for a, b in combinations(index, 2)
            if NV_CELL.match(topo.cell(a, b))
        ]
        draft.intra.append(
            ("nvlink_groups", [list(g) for g in groups_from_links(pairs)], "NV# cells")
        )
    draft.intra.append(("p2p", *_p2p(topo, counts)))
    numa = sorted({v for v in topo.numa.values() if v not in ("N/A", "")})
    crosses = "SYS" in (topo.cell(a, b) for a, b in combinations(topo.gpus, 2))
    if numa or crosses:
        count = max(len(numa), 2 if crosses else 1)
        why = f"GPU NUMA affinity {', '.join(numa)}" if numa else "no NUMA column"
        if crosses and len(numa) < 2:
            why += "; but GPU pairs are SYS (cross-NUMA), so at least 2"
        draft.intra.append(("numa_nodes", count, why))


def _ring_entries(draft: Draft, topo: Topology, gpu: GpuSpec | None, ring: list[str]) -> None:
    """A partial NVLink mesh NCCL rings over (DGX-1): the node is one ring domain."""
    links = link_sum(topo)
    rate = _lane_rate(gpu)
    if rate:
        value = f"{links * rate:g} GB/s"
        draft.intra.append(
            ("bandwidth", value, f"{links} NVLinks x {rate:g} GB/s per direction [M]")
        )
    else:
        draft.intra.append(("bandwidth", None, f"unknown: {links} NVLinks x the per-link rate"))
    cycle = "->".join(g.removeprefix("GPU") for g in [*ring, ring[0]])
    draft.intra.append(
        (
            "nvlink_domain",
            len(topo.gpus),
            f"NCCL rings over NVLink through every GPU (GPU {cycle}); the largest all-NVLinked "
            f"group is {nvlink_domain(topo)}",
        )
    )
    draft.intra.append(("p2p", True, "ring neighbours are NVLinked: no host bounce"))
    numa = sorted({v for v in topo.numa.values() if v not in ("N/A", "")})
    if len(numa) > 1:
        draft.intra.append(("numa_nodes", len(numa), f"GPU NUMA affinity {', '.join(numa)}"))


def _fabric(n: int, counts: list[int], gpu: GpuSpec | None) -> tuple[Fabric, str]:
    """Scale-up fabric from the NV# cells, with the reason."""
    if not counts:
        if n > 1:
            return "pcie", "no NVLink between GPUs"
        return (gpu.scaleup_fabric if gpu else "none"), "one GPU"
    full = len(counts) == n * (n - 1) // 2
    lo, hi = min(counts), max(counts)
    if full and n > 2 and hi * (n - 1) > _MAX_LINKS_PER_GPU:
        return "nvswitch", f"every pair NV{lo}: more links than one GPU has, so through NVSwitch"
    own = linkkinds.of_fabric(gpu.scaleup_fabric) if gpu is not None else None
    if gpu is not None and own is not None and own.full and full:
        return gpu.scaleup_fabric, f"every pair NV{lo}; {gpu.name} is {gpu.scaleup_fabric}-based"
    if own is not None and (own.cls == linkkinds.PCIE or own.domain == 2):
        return "nvlink-bridge", f"NVLinked pairs (NV{lo}) on PCIe cards: NVLink bridges"
    mesh = "full" if full else "partial"
    return "nvlink", f"{mesh} NVLink mesh (NV{lo}{'' if lo == hi else f'-NV{hi}'})"


def _bandwidth_entry(draft: Draft, fabric: Fabric, gpu: GpuSpec | None, counts: list[int]) -> None:
    if gpu is not None and fabric == gpu.scaleup_fabric:
        return  # the catalog default applies
    if fabric == "pcie" and gpu is not None:
        value = pcie_bandwidth(gpu.pcie_gen)
        draft.intra.append(("bandwidth", f"{value:g} GB/s", f"PCIe Gen{gpu.pcie_gen} x16"))
    elif fabric == "nvlink-bridge" and gpu is not None and bridge_bandwidth(gpu):
        value = bridge_bandwidth(gpu) or 0.0
        draft.intra.append(("bandwidth", f"{value:g} GB/s", f"{gpu.name} NVLink bridge, catalog"))
    elif fabric in ("nvlink", "nvlink-bridge") and _lane_rate(gpu):
        rate = _lane_rate(gpu)
        draft.intra.append(
            (
                "bandwidth",
                f"{min(counts) * rate:g} GB/s",
                f"NV{min(counts)} x {rate:g} GB/s per link per direction [M]",
            )
        )
    elif fabric != "nvswitch" or gpu is None:
        draft.intra.append(
            (
                "bandwidth",
                None,
                'unknown: per GPU per direction, e.g. "31.5 GB/s" (PCIe Gen4 x16) or NV# x 25 GB/s',
            )
        )


def _domain_why(topo: Topology, domain: int) -> str:
    missing = [
        f"{a}-{b} {topo.cell(a, b)}"
        for a, b in combinations(topo.gpus, 2)
        if not NV_CELL.match(topo.cell(a, b))
    ]
    if not missing or domain == 1:
        return "every GPU pair NVLinked" if not missing else "no NVLink"
    shown = ", ".join(missing[:6]) + (" ..." if len(missing) > 6 else "")
    return f"largest all-NVLinked group; not NVLinked: {shown}"


def _p2p(topo: Topology, counts: list[int]) -> tuple[bool, str]:
    worst = _worst_pcie(topo)
    if worst is None:
        return True, "GPUs talk over NVLink" if counts else "single GPU"
    if worst in ("PIX", "PXB"):
        return True, f"worst GPU pair {worst}: behind PCIe switches, P2P works"
    if worst == "PHB":
        return True, "worst GPU pair PHB: P2P through the CPU host bridge (slower) [M]"
    # NCCL does not use P2P across host bridges / sockets by default (NCCL_P2P_LEVEL) [M].
    crossing = "the CPU interconnect between NUMA nodes" if worst == "SYS" else "host bridges"
    return False, f"worst GPU pair {worst}: crosses {crossing}; NCCL falls back to host memory [M]"


def _inter_entries(draft: Draft, topo: Topology) -> None:
    if not topo.nics:
        draft.inter.append(
            (
                "network",
                None,
                "no NICs in the matrix (it lists RDMA NICs): "
                "multi-node traffic would use TCP sockets, network: ethernet",
            )
        )
        draft.inter.append(("bandwidth", None, 'unknown: line rate per NIC, e.g. "100 Gb/s"'))
        return
    kinds = {nic_kind(n) for n in topo.nics}
    network, why = sorted(kinds)[0]
    draft.inter.append(("network", network, why if len(kinds) == 1 else "mixed NIC kinds"))
    draft.inter.append(
        (
            "bandwidth",
            None,
            'unknown: line rate per NIC, e.g. "200 Gb/s" (ibstat Rate / ethtool Speed)',
        )
    )
    near = [
        nic
        for nic in topo.nics
        if any(topo.cell(nic, g) in ("PIX", "PXB", "PHB") for g in topo.gpus)
    ]
    far = [nic for nic in topo.nics if nic not in near]
    if near:
        why = (
            f"{', '.join(near)} {'shares' if len(near) == 1 else 'share'} a PCIe switch or "
            "host bridge with a GPU"
        )
        if far:
            why += f"; {', '.join(far)} are not near any GPU (storage/management?)"
        draft.inter.append(("nics_per_node", len(near), why))
    else:
        draft.inter.append(
            (
                "nics_per_node",
                len(topo.nics),
                "no NIC is near a GPU (GPUDirect RDMA crosses the host bridge)",
            )
        )
    rdma = linkkinds.kind(network).rdma
    draft.inter.append(("rdma", rdma, "RDMA device" if rdma else "unknown device"))
