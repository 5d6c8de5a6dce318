"""Manifest values that are probably a misreading: bidirectional NVLink, Gb/s written as GB/s,
memory bandwidth written as a link (cost-model.md §0 errata and §6 rule 22)."""

from __future__ import annotations

from functools import cache

from toplint.hardware import catalog, linkkinds
from toplint.hardware.linkkinds import Fabric, Network
from toplint.hardware.types import GpuSpec

# Bidirectional NVLink figures -> per direction (cost-model.md §0 errata: NVLink3/4/5 are
# 300/450/900 GB/s per direction; RTX 3090 bridge 112 bidir ≈ 56 per direction [M]).
_BIDIR_NVLINK = {600.0: 300.0, 900.0: 450.0, 1800.0: 900.0, 112.0: 56.0}


def link_warnings(value: float, gpu: GpuSpec) -> list[str]:
    """What an intra-node bandwidth probably means when it is not a per-direction link speed."""
    out: list[str] = []
    memory = {g.memory_bandwidth_gb_per_s: g.name for g in _catalog_gpus()}
    if linkkinds.of_fabric(gpu.scaleup_fabric).cls == linkkinds.NONE and value > 0:
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
        linkkinds.of_fabric(gpu.scaleup_fabric).quoted_bidirectional
        and abs(value - 2 * gpu.scaleup_bandwidth_gb_per_s) < 1
    ):
        uni = _BIDIR_NVLINK.get(value, value / 2)
        out.append(
            f"{value:g} GB/s looks like a bidirectional NVLink figure; "
            f"per-direction is {uni:g} GB/s (toplint uses per-direction bandwidth)",
        )
    elif value > (top := linkkinds.fastest(cls_network=False))[1]:
        what = f"the memory bandwidth of {memory[value]}" if value in memory else "not a link"
        out.append(
            f"{value:g} GB/s is faster than any GPU link ({top[0]} is {top[1]:g} "
            f"GB/s per direction); it looks like {what}",
        )
    return out


@cache
def _catalog_gpus() -> tuple[GpuSpec, ...]:
    return tuple(g for n in catalog.gpu_names() if (g := catalog.lookup_gpu(n)) is not None)


def nic_warning(value: float, written: object) -> str | None:
    """A NIC speed no NIC has: probably Gb/s written as GB/s."""
    label, top = linkkinds.fastest(cls_network=True)
    if value > top:
        bits = f'"{value:g} Gb/s" ({value / 8:g} GB/s)'  # the same number, read as bits
        return (
            f"{written} per NIC is faster than any NIC ({label} = "
            f"{top:g} GB/s); did you mean {bits}?"
        )
    return None


def low_link_warning(value: float, fabric: Fabric, gpu: GpuSpec) -> str | None:
    """An intra-node bandwidth far below what the fabric (or the GPU's own NVLink) gives: the
    fabric's floor is its link-kind row's (toplint.hardware.linkkinds.floor), or a share of
    the GPU's own link of the same family (``LinkKind.gpu_floor_share``)."""
    floor, _ = linkkinds.floor(fabric)
    why = f"the slowest {fabric} ({floor:g} GB/s per direction)"
    own = gpu.scaleup_bandwidth_gb_per_s
    row, gpu_row = linkkinds.of_fabric(fabric), linkkinds.of_fabric(gpu.scaleup_fabric)
    share = row.gpu_floor_share
    if share and gpu_row.family == row.family and own * share > floor:
        floor = own * share
        part = "a quarter" if share == 0.25 else f"{share:.0%}"
        why = f"{part} of {gpu.name}'s {row.family} ({own:g} GB/s per direction)"
    if 0 < value < floor:
        return (
            f"{value:g} GB/s per direction is below {why}: it looks like Gb/s written for "
            f'GB/s; did you mean "{value * 8:g} GB/s"?'
        )
    return None


def low_nic_warning(value: float, network: Network, written: object) -> str | None:
    """A NIC line rate below the slowest NIC of its network kind (its link-kind row's floor)."""
    floor, _ = linkkinds.floor(network)
    if 0 < value < floor:
        return (
            f"{written} per NIC is slower than any {network} NIC ({floor * 8:g} Gb/s = "
            f'{floor:g} GB/s); did you mean a rate in Gb/s (e.g. "400 Gb/s")?'
        )
    return None
