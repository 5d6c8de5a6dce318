"""Manifest values that are probably a misreading: bidirectional NVLink, Gb/s written as GB/s,
memory bandwidth written as a link (cost-model.md §0 errata and §6 rule 22)."""

from __future__ import annotations

from functools import cache

from toplint.hardware import catalog, linkkinds
from toplint.hardware.types import GpuSpec

# Bidirectional NVLink figures -> per direction (cost-model.md §0 errata: NVLink3/4/5 are
# 300/450/900 GB/s per direction; RTX 3090 bridge 112 bidir ≈ 56 per direction [M]).
_BIDIR_NVLINK = {600.0: 300.0, 900.0: 450.0, 1800.0: 900.0, 112.0: 56.0}
_NVLINK_FABRICS = ("nvswitch", "nvlink", "nvlink-bridge")
_FASTEST_LINK = 900.0  # NVLink5 per direction (cost-model.md §4.1 B200/GB200)
_FASTEST_NIC = 100.0  # IB XDR 800 Gb/s (cost-model.md §4.2)


def link_warnings(value: float, gpu: GpuSpec) -> list[str]:
    """What an intra-node bandwidth probably means when it is not a per-direction link speed."""
    out: list[str] = []
    memory = {g.memory_bandwidth_gb_per_s: g.name for g in _catalog_gpus()}
    if gpu.scaleup_fabric == "none" and value > 0:
        out.append(
            f"{value:g} GB/s: {gpu.name} has no GPU-to-GPU link (one device, unified "
            f"memory of {gpu.memory_bandwidth_gb_per_s:g} GB/s); multi-device setups "
            "go over the network, so leave intra_node.bandwidth out",
        )
    elif gpu.memory_bandwidth_gb_per_s and abs(value - gpu.memory_bandwidth_gb_per_s) < 1:
        out.append(
            f"{value:g} GB/s is the memory bandwidth of {gpu.name}, not a link between "
            f"GPUs; give the per-direction {gpu.scaleup_fabric} bandwidth "
            f"({gpu.scaleup_bandwidth_gb_per_s:g} GB/s)",
        )
    elif value in _BIDIR_NVLINK or (
        gpu.scaleup_fabric in _NVLINK_FABRICS
        and abs(value - 2 * gpu.scaleup_bandwidth_gb_per_s) < 1
    ):
        uni = _BIDIR_NVLINK.get(value, value / 2)
        out.append(
            f"{value:g} GB/s looks like a bidirectional NVLink figure; "
            f"per-direction is {uni:g} GB/s (toplint uses per-direction bandwidth)",
        )
    elif value > _FASTEST_LINK:
        what = f"the memory bandwidth of {memory[value]}" if value in memory else "not a link"
        out.append(
            f"{value:g} GB/s is faster than any GPU link (NVLink5 is {_FASTEST_LINK:g} "
            f"GB/s per direction); it looks like {what}",
        )
    return out


@cache
def _catalog_gpus() -> tuple[GpuSpec, ...]:
    return tuple(g for n in catalog.gpu_names() if (g := catalog.lookup_gpu(n)) is not None)


def nic_warning(value: float, written: object) -> str | None:
    """A NIC speed no NIC has: probably Gb/s written as GB/s."""
    if value > _FASTEST_NIC:
        bits = f'"{value:g} Gb/s" ({value / 8:g} GB/s)'  # the same number, read as bits
        return (
            f"{written} per NIC is faster than any NIC (800 Gb/s XDR = "
            f"{_FASTEST_NIC:g} GB/s); did you mean {bits}?"
        )
    return None


def low_link_warning(value: float, fabric: str, gpu: GpuSpec) -> str | None:
    """An intra-node bandwidth far below what the fabric (or the GPU's own NVLink) gives: the
    fabric's floor is its link-kind row's (toplint.hardware.linkkinds.floor)."""
    floor, _ = linkkinds.floor(fabric)
    why = f"the slowest {fabric} ({floor:g} GB/s per direction)"
    own = gpu.scaleup_bandwidth_gb_per_s
    if (
        fabric in ("nvswitch", "nvlink")
        and gpu.scaleup_fabric in _NVLINK_FABRICS
        and own / 4 > floor
    ):
        floor, why = own / 4, f"a quarter of {gpu.name}'s NVLink ({own:g} GB/s per direction)"
    if 0 < value < floor:
        return (
            f"{value:g} GB/s per direction is below {why}: it looks like Gb/s written for "
            f'GB/s; did you mean "{value * 8:g} GB/s"?'
        )
    return None


def low_nic_warning(value: float, network: str, written: object) -> str | None:
    """A NIC line rate below the slowest NIC of its network kind (its link-kind row's floor)."""
    floor, _ = linkkinds.floor(network)
    if 0 < value < floor:
        return (
            f"{written} per NIC is slower than any {network} NIC ({floor * 8:g} Gb/s = "
            f'{floor:g} GB/s); did you mean a rate in Gb/s (e.g. "400 Gb/s")?'
        )
    return None
