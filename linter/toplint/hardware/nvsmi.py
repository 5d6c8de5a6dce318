"""What ``nvidia-smi`` prints, read: the ``topo -m`` matrix and the GPU names.

Matrix legend (nvidia-smi): NV# = # bonded NVLinks; PIX = at most one PCIe bridge; PXB = several
PCIe bridges, no host bridge; PHB = through a PCIe host bridge (the CPU); NODE = between host
bridges inside one NUMA node; SYS = across the SMP interconnect between NUMA nodes
(QPI/UPI/xGMI).  NIC rows are named by the legend under the matrix (``NIC0: mlx5_0``).
"""

from __future__ import annotations

import re

from toplint.infra.patterns import lazy
from toplint.record import field, record

__all__ = ["MAX_TOPOLOGY_GPUS", "NV_CELL", "Topology", "parse_gpu_names", "parse_topology"]

NV_CELL = lazy(r"NV([0-9]{1,4})$")  # ASCII digits int() reads; NV18 is the most there is
_NIC_LEGEND = lazy(r"^\s*(NIC\d+)\s*:\s*(\S+)\s*$")
# `nvidia-smi topo -m` shows one node: 8-16 GPUs in shipped systems (NVL72 nodes show 4).
MAX_TOPOLOGY_GPUS = 256


@record(frozen=False)
class Topology:
    gpus: list[str]
    nics: list[str]  # device names (legend resolved: "mlx5_0")
    cells: dict[tuple[str, str], str] = field(default_factory=dict)
    numa: dict[str, str] = field(default_factory=dict)  # GPU -> NUMA affinity

    def cell(self, a: str, b: str) -> str:
        return self.cells.get((a, b)) or self.cells.get((b, a)) or ""


def parse_topology(text: str) -> Topology:
    """Read the ``nvidia-smi topo -m`` matrix; ValueError when there is none."""
    lines = text.splitlines()
    head = next((i for i, ln in enumerate(lines) if "GPU0" in ln.split()), None)
    if head is None:
        raise ValueError("no GPU matrix found (expected the output of `nvidia-smi topo -m`)")
    tokens = lines[head].split()
    devices = tokens[: tokens.index("CPU")] if "CPU" in tokens else tokens
    has_numa = "NUMA Affinity" in lines[head]
    legend = {m[1]: m[2] for ln in lines if (m := _NIC_LEGEND.match(ln))}
    names = [legend.get(d, d) for d in devices]
    topo = Topology(
        [n for n in names if re.fullmatch(r"GPU[0-9]{1,6}", n)],
        [n for n in names if not re.fullmatch(r"GPU[0-9]{1,6}", n)],
    )
    if len(topo.gpus) > MAX_TOPOLOGY_GPUS:
        raise ValueError(
            f"{len(topo.gpus)} GPUs in one matrix; `nvidia-smi topo -m` shows one node "
            f"(at most {MAX_TOPOLOGY_GPUS} GPUs are read)"
        )
    for line in lines[head + 1 :]:
        row = line.split()
        if not row or row[0] not in devices:
            continue
        me = legend.get(row[0], row[0])
        for other, value in zip(names, row[1 : 1 + len(devices)], strict=False):
            topo.cells[(me, other)] = value
        rest = row[1 + len(devices) :]
        if me in topo.gpus and has_numa and len(rest) >= 2:
            topo.numa[me] = rest[1]
    return topo


def parse_gpu_names(text: str) -> list[str]:
    """GPU names from ``nvidia-smi --query-gpu=name --format=csv,noheader`` or ``nvidia-smi -L``."""
    names = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.lower() == "name":  # csv with header
            continue
        listed = re.match(r"GPU \d+:\s*(.+?)\s*(?:\(UUID:.*\))?$", line)
        names.append(listed[1] if listed else line)
    return names
