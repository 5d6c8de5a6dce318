"""Link kinds in one table: what each hop between two GPUs is, and how the model treats it.

Every link kind toplint knows is one ``LinkKind`` row (``toplint.hardware.linktypes``) of
``KINDS`` (``toplint.hardware.linktable``): its class, the default per-direction bandwidth and
per-step latency with their sources, which collective algorithms NCCL runs over it, how the
manifest (``intra_node.fabric`` / ``inter_node.network``) and ``nvidia-smi topo -m`` spell it,
and every property placement, cost, sanity, detect, plan and the rules decide by: its domain,
η, NCCL latency row, NVLS, IPC kernels, measured tables, floors.  This module finds a row from
what names it (a kind, a manifest spelling, a device name, a PCIe path) and is where callers
import the record, its vocabularies and the table from.  The manifest schema's enums and the
``Fabric`` / ``Network`` Literals are tested equal to the table
(tests/hardware/test_linkkinds.py); no other module tests a kind's name, so adding a fabric is
one row (tests/hardware/test_recipes.py adds one).  An unknown name is an error (``kind()``
raises), never a silent default.
"""

from __future__ import annotations

from functools import lru_cache

from toplint.hardware.linktable import KINDS, PCIE_X16_GB_PER_S
from toplint.hardware.linktypes import (
    NETWORK,
    NONE,
    PCIE,
    SCALEUP,
    Fabric,
    LinkKind,
    Network,
    PciePath,
)

__all__ = [
    "KINDS",
    "NETWORK",
    "NONE",
    "PCIE",
    "SCALEUP",
    "Fabric",
    "LinkKind",
    "Network",
    "fabrics",
    "fastest",
    "floor",
    "kind",
    "network_of_device",
    "networks",
    "node_kind",
    "nvls_capable",
    "of_fabric",
    "of_network",
    "pcie_kind",
    "pcie_x16",
    "scaleup_of",
]


def kind(name: str) -> LinkKind:
    """The row for a link kind; KeyError naming the known kinds for anything else."""
    try:
        return KINDS[name]
    except KeyError:
        raise KeyError(f"unknown link kind {name!r}; known: {', '.join(KINDS)}") from None


def node_kind(fabric: str, p2p: bool) -> str:
    """The link kind of a node's own fabric: its scale-up kind, else PCIe with or without
    P2P (the manifest's ``intra_node.fabric`` and ``intra_node.p2p``)."""
    found = scaleup_of(fabric)
    return found.name if found is not None else pcie_kind(p2p).name


def fabrics() -> tuple[str, ...]:
    """The manifest's ``intra_node.fabric`` spellings: scale-up and PCIe kinds, and "none"."""
    return tuple(f for k in KINDS.values() if k.cls != NETWORK for f in k.manifest)


def networks() -> tuple[str, ...]:
    """The manifest's ``inter_node.network`` spellings: network kinds, and "none"."""
    return tuple(f for k in KINDS.values() if k.cls in (NETWORK, NONE) for f in k.manifest)


def of_fabric(fabric: str) -> LinkKind:
    """The link kind a manifest ``intra_node.fabric`` value names ("nvswitch" -> nvlink)."""
    for k in KINDS.values():
        if k.cls != NETWORK and fabric in k.manifest:
            return k
    raise KeyError(f"unknown fabric {fabric!r}; known: {', '.join(fabrics())}")


def of_network(network: str) -> LinkKind:
    """The link kind a manifest ``inter_node.network`` value names."""
    for k in KINDS.values():
        if k.cls in (NETWORK, NONE) and network in k.manifest:
            return k
    raise KeyError(f"unknown network {network!r}; known: {', '.join(networks())}")


def scaleup_of(fabric: str) -> LinkKind | None:
    """The kind peers on a node's fabric see when it is a scale-up fabric (nvswitch ->
    nvlink); None when GPUs of the node reach each other over PCIe (fabric pcie or none)."""
    found = of_fabric(fabric)
    return found if found.cls == SCALEUP else None


def pcie_kind(p2p: bool, cross_socket: bool = False) -> LinkKind:
    """The PCIe kind between GPUs: through host memory without P2P, across the sockets'
    interconnect, else peer to peer."""
    path: PciePath = "host-bounce" if not p2p else "cross-socket" if cross_socket else "p2p"
    for k in KINDS.values():
        if k.cls == PCIE and k.pcie_path == path:
            return k
    raise KeyError(f"no PCIe link kind for the {path} path")  # pragma: no cover - table test


@lru_cache(maxsize=64)  # asked per collective; a manifest names a few fabrics
def nvls_capable(fabric: str) -> bool:
    """NCCL can run NVLink SHARP on a node whose fabric has this spelling (an NVSwitch gen3+,
    given a GPU architecture that has it)."""
    return any(fabric in k.nvls for k in KINDS.values())


def fastest(cls_network: bool) -> tuple[str, float]:
    """The fastest real link between GPUs (or NIC, for ``cls_network``): (label, GB/s)."""
    rows = [k for k in KINDS.values() if (k.cls == NETWORK) == cls_network and k.fastest[1]]
    return max((k.fastest for k in rows), key=lambda f: f[1])


def floor(spelling: str) -> tuple[float, str]:
    """The plausibility floor (GB/s per direction) of a manifest fabric or network spelling and
    its source; (0.0, "") when no floor is known."""
    for k in KINDS.values():
        for name, gb_per_s in k.floors:
            if name == spelling:
                return gb_per_s, k.floor_source
    return 0.0, ""


def pcie_x16(gen: int) -> float:
    """x16 per-direction GB/s of a PCIe generation; 0 for a generation not in the table."""
    return PCIE_X16_GB_PER_S.get(gen, 0.0)


def network_of_device(device: str) -> LinkKind | None:
    """The network kind an RDMA device name (``mlx5_0``, ``rdmap0s1``) points to, if any."""
    for k in KINDS.values():
        if k.cls == NETWORK and any(device.startswith(p) for p in k.topo):
            return k
    return None
