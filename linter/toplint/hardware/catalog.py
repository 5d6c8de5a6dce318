"""GPU, network and instance-type catalogs (data in ``toplint/hardware/data/*.yaml``).

Every entry carries a ``source`` citing ../shared/reference/cost-model.md §4 and the source that
section cites.  Lookups are by name or alias, ignoring case, separators and vendor words, so the
names nvidia-smi prints, the Kubernetes GPU-feature-discovery labels and GKE accelerator labels
all resolve to the same entry.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from toplint.catalog_index import find, index, instance_entries, read_catalog
from toplint.hardware import linkkinds
from toplint.hardware.linkkinds import Network, pcie_x16
from toplint.hardware.types import GpuSpec, InterNode, IntraNode
from toplint.hardware.units import parse_bandwidth, parse_latency
from toplint.record import record, replace


@record
class NetworkSpec:
    """Defaults for a network kind at a line rate (cost-model.md §4.2 and §1.13)."""

    kind: Network
    name: str
    bandwidth_gb_per_s: float  # per NIC per direction
    latency_us: float  # per inter-node collective step
    rdma: bool
    source: str = ""


@record
class InstanceSpec:
    """One node of a cloud instance type or system, resolved against the GPU catalog."""

    name: str
    gpu: GpuSpec
    gpus_per_node: int
    intra: IntraNode
    inter: InterNode
    source: str = ""


@cache
def _gpu_entries() -> tuple[dict[str, Any], dict[str, Any]]:
    return index(read_catalog("gpus.yaml")["gpus"])


def _gpu_spec(entry: dict[str, Any]) -> GpuSpec:
    return GpuSpec(
        name=entry["name"],
        memory_gb=float(entry["memory_gb"]),
        memory_bandwidth_gb_per_s=float(entry["memory_bandwidth_gb_per_s"]),
        scaleup_fabric=entry["scaleup_fabric"],
        scaleup_bandwidth_gb_per_s=float(entry["scaleup_bandwidth_gb_per_s"]),
        nvlink_domain=int(entry["nvlink_domain"]),
        pcie_gen=int(entry["pcie_gen"]),
        p2p_default=bool(entry["p2p_default"]),
        arch=entry.get("arch", ""),
        bf16_tflops=float(entry.get("bf16_tflops", 0)),
        fp16_tflops=float(entry.get("fp16_tflops", 0)),
        source=entry.get("source", ""),
        memory_reported_gib=float(entry.get("memory_reported_gib", 0)),
        free_at_start_gib=_band(entry.get("memory_free_at_start_gib")),
    )


def _band(value: Any) -> tuple[float, float] | tuple[()]:
    """A catalog ``[low, high]`` in GiB; () when not given."""
    if not value:
        return ()
    low, high = (float(v) for v in value)
    return (low, high)


def lookup_gpu(name: str) -> GpuSpec | None:
    """The catalog GPU for a name, alias, nvidia-smi name or k8s/GKE label; None if unknown."""
    entry = find(_gpu_entries(), name)
    return _gpu_spec(entry) if entry else None


def gpu_names() -> list[str]:
    """Catalog names, in catalog order (for "did you mean" messages)."""
    return list(dict.fromkeys(e["name"] for e in _gpu_entries()[1].values()))


def bridge_bandwidth(gpu: GpuSpec) -> float | None:
    """Per-direction bandwidth of the 2-GPU NVLink bridge this card takes, if any."""
    entry = find(_gpu_entries(), gpu.name)
    value = entry.get("bridge_bandwidth_gb_per_s") if entry else None
    return float(value) if value is not None else None


def pcie_bandwidth(gen: int) -> float:
    """x16 per-direction GB/s for a PCIe generation (0 when the GPU is not on PCIe)."""

    return pcie_x16(gen)


def default_intra(gpu: GpuSpec, gpus_per_node: int) -> IntraNode:
    """Intra-node defaults from the GPU alone: its scale-up fabric, capped at the node's GPUs.

    A rack-scale domain (GB200 NVL72) spans nodes only when the instance or the user says so.
    """
    domain = max(1, min(gpu.nvlink_domain, gpus_per_node))
    return IntraNode(
        fabric=gpu.scaleup_fabric,
        bandwidth_gb_per_s=gpu.scaleup_bandwidth_gb_per_s,
        p2p=gpu.p2p_default,
        nvlink_domain=domain,
        pcie_gen=gpu.pcie_gen,
        pcie_bandwidth_gb_per_s=pcie_bandwidth(gpu.pcie_gen),
    )


@cache
def _networks() -> tuple[NetworkSpec, ...]:
    return tuple(
        NetworkSpec(
            kind=n["kind"],
            name=n["name"],
            bandwidth_gb_per_s=parse_bandwidth(n["bandwidth"], kind="network"),
            latency_us=linkkinds.kind(n["kind"]).latency_us,
            rdma=bool(n["rdma"]),
            source=n.get("source", ""),
        )
        for n in read_catalog("networks.yaml")["networks"]
    )


def lookup_network(kind: str, bandwidth_gb_per_s: float | None = None) -> NetworkSpec | None:
    """Defaults (latency per inter-node step, RDMA) for a network kind, nearest line rate first.

    The latency depends on the kind, not the speed (cost-model.md §1.13); the nearest entry is
    picked so that its ``name`` ("IB NDR") describes the link.  None for an unknown kind.
    """
    same_kind = [n for n in _networks() if n.kind == kind]
    if not same_kind:
        return None
    if bandwidth_gb_per_s is None:
        return same_kind[0]
    return min(same_kind, key=lambda n: abs(n.bandwidth_gb_per_s - bandwidth_gb_per_s))


def instance_names() -> list[str]:
    return list(dict.fromkeys(e["name"] for e in instance_entries()[1].values()))


def lookup_instance(name: str) -> InstanceSpec | None:
    """A cloud instance type or system by name or alias ("p5.48xlarge", "ND H100 v5")."""
    entry = find(instance_entries(), name)
    if entry is None:
        return None
    gpu = lookup_gpu(entry["gpu"])
    if gpu is None:  # pragma: no cover - guarded by the catalog test
        raise LookupError(f"instance {entry['name']}: GPU {entry['gpu']} missing from gpus.yaml")
    gpus = int(entry["gpus_per_node"])
    intra = default_intra(gpu, gpus)
    intra_over = entry.get("intra_node", {})
    intra = replace(
        intra,
        **{k: intra_over[k] for k in ("numa_nodes", "nvlink_domain", "p2p") if k in intra_over},
    )
    return InstanceSpec(
        entry["name"],
        gpu,
        gpus,
        intra,
        _instance_inter(entry["inter_node"]),
        entry.get("source", ""),
    )


def _instance_inter(raw: dict[str, Any]) -> InterNode:
    kind = raw["network"]
    bandwidth = parse_bandwidth(raw["bandwidth"], kind="network")
    net = lookup_network(kind, bandwidth)
    return InterNode(
        network=kind,
        bandwidth_gb_per_s=bandwidth,
        nics_per_node=int(raw.get("nics_per_node", 1)),
        rdma=bool(raw.get("rdma", linkkinds.of_network(kind).rdma)),
        latency_us=(
            parse_latency(raw["latency"]) if "latency" in raw else net.latency_us if net else 0.0
        ),
    )
