"""NCCL's peer-to-peer level as a deployment's environment sets it, and what it does to the copies
between GPUs of one node.

NCCL reads two variables once per process (NVIDIA/nccl@5067397c src/graph/paths.cc
``ncclGetLevel``): ``NCCL_P2P_DISABLE``, when C's ``strtol(value, NULL, 0)`` reads it as 1, sets
the P2P level to LOC; otherwise ``NCCL_P2P_LEVEL`` sets it, spelled exactly as one of the path
types (LOC, NVL, NVB, C2C, PIX, PXB, P2C, PXN, PHB, SYS: ``topoPathTypeStr`` in
src/graph/topo.cc) or as a number of the old scale (0 LOC, 1 PIX, 2 PXB, 3 PHB, 4 and up SYS);
anything else leaves NCCL's default (PXB).  Two GPUs use the P2P transport only when the path
between them is no farther than the level (``ncclTopoCheckP2p``: ``path->type <= p2pLevel``);
otherwise NCCL "divert[s] all traffic through the CPU" (``ncclTopoComputePaths``): the SHM
transport, GPU to pinned host memory to GPU, which toplint prices as the ``pcie-no-p2p`` link
kind (the host-memory bounce).  With ``NCCL_SHM_DISABLE=1`` as well (src/transport/shm.cc) the
copies go through the network transport instead, which is no faster: the bounce is the lower
bound toplint prints, and says so.

Which path types a link kind's GPUs are at is the link-kinds table's (``LinkKind.p2p_path``).
The engines' own all-reduce kernels (vLLM's, SGLang's, TensorRT-LLM's) and DeepEP map peer
memory with CUDA IPC after their own P2P test (vLLM
vllm/distributed/device_communicators/all_reduce_utils.py ``gpu_p2p_access_check``), which no
NCCL variable changes: they keep the hardware's link (``toplint.cost.estimate``; TL112 reports
the override).
"""

from __future__ import annotations

from collections.abc import Mapping

from toplint.hardware.linkkinds import kind, pcie_kind
from toplint.record import record

# NCCL's path types, nearest first (src/include/graph.h PATH_LOC ... PATH_SYS).
PATH_TYPES = ("LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN", "PHB", "SYS")
# The old numeric scale (paths.cc ``levelsOldToNew``; 5 and above are SYS).
_OLD_LEVELS = ("LOC", "PIX", "PXB", "PHB", "SYS", "SYS")
DISABLE = "NCCL_P2P_DISABLE"
LEVEL = "NCCL_P2P_LEVEL"
SHM_DISABLE = "NCCL_SHM_DISABLE"
_SOURCE = "NVIDIA/nccl@5067397c src/graph/paths.cc ncclGetLevel / ncclTopoCheckP2p"


@record
class Override:
    """What a deployment's environment makes NCCL do inside a node."""

    variable: str  # NCCL_P2P_DISABLE or NCCL_P2P_LEVEL: the one NCCL obeyed
    value: str  # as written
    level: str  # the P2P level it sets (a PATH_TYPES name)
    kind: str  # the link kind NCCL's copies now cross ("" when P2P stays on every pair)
    # Why the pairs that keep P2P are not known (a level between the nearest and farthest
    # path of the hardware's kind: PIX on a PCIe switch tree), "" when they are.
    partly: str = ""
    through_network: bool = False  # NCCL_SHM_DISABLE=1 too: the network transport, not SHM

    @property
    def field(self) -> str:
        """The deployment option that holds the variable (``env.NCCL_P2P_DISABLE``)."""
        return f"env.{self.variable}"

    @property
    def written(self) -> str:
        return f"{self.variable}={self.value}"


def strtol(text: str) -> int:
    """C's ``strtol(text, NULL, 0)``: leading blanks, a sign, 0x for hex, 0 for octal, digits up
    to the first that is not one; 0 when there are none."""
    s = text.lstrip(" \t\n\r\f\v")
    sign = -1 if s[:1] == "-" else 1
    s = s[1:] if s[:1] in "+-" else s
    base = 10
    if s[:2].lower() == "0x" and len(s) > 2 and s[2] in "0123456789abcdefABCDEF":
        base, s = 16, s[2:]
    elif s[:1] == "0":
        base = 8
    digits = "0123456789abcdef"[:base]
    n = 0
    for ch in s.lower():
        if ch not in digits:
            break
        n = n * base + digits.index(ch)
    return sign * n


def _env(options: Mapping[str, str], name: str) -> str | None:
    value = options.get(f"env.{name}")
    return value if isinstance(value, str) else None


def p2p_level(options: Mapping[str, str]) -> tuple[str, str, str] | None:
    """The P2P level the deployment's environment sets, as NCCL reads it: (level, variable,
    value), or None when NCCL keeps its default."""
    disable = _env(options, DISABLE)
    if disable is not None and strtol(disable) == 1:
        return "LOC", DISABLE, disable
    written = _env(options, LEVEL)
    if written is None:
        return None
    if written in PATH_TYPES:
        return written, LEVEL, written
    if written[:1].isdigit():
        old = min(strtol(written), len(_OLD_LEVELS) - 1)
        return _OLD_LEVELS[max(old, 0)], LEVEL, written
    return None


def forced(link_kind: str, options: Mapping[str, str]) -> Override | None:
    """What the environment in ``options`` makes NCCL do between GPUs of one node joined by
    ``link_kind``; None when NCCL runs as on the hardware (no variable, a kind NCCL stages
    through host memory anyway, or a level every pair of the kind is within)."""
    nearest_farthest = kind(link_kind).p2p_path
    found = p2p_level(options) if nearest_farthest else None
    if found is None:
        return None
    level, variable, value = found
    at = PATH_TYPES.index(level)
    if PATH_TYPES.index(nearest_farthest[-1]) <= at:
        return None  # every pair of the kind keeps P2P
    if PATH_TYPES.index(nearest_farthest[0]) <= at:
        return Override(
            variable,
            value,
            level,
            "",
            partly=(
                f"GPUs under one PCIe switch ({nearest_farthest[0]}) keep P2P at level "
                f"{level}, GPUs across switches ({nearest_farthest[-1]}) lose it; the manifest "
                "does not say which pairs are which, so the hardware's link is priced"
            ),
        )
    shm = _env(options, SHM_DISABLE)
    return Override(
        variable,
        value,
        level,
        pcie_kind(p2p=False).name,
        through_network=shm is not None and strtol(shm) == 1,
    )


def explain(over: Override) -> str:
    """What the override does, with its source, for the cost report's notes."""
    if not over.kind:
        return f"{over.written}: {over.partly} ({_SOURCE})"
    how = (
        "through the network transport (NCCL_SHM_DISABLE=1 too), priced as the host-memory "
        "bounce, a lower bound"
        if over.through_network
        else "through pinned host memory (the SHM transport)"
    )
    return (
        f"{over.written} sets NCCL's P2P level to {over.level}: NCCL copies between these GPUs "
        f"{how}, not over their own link ({_SOURCE}); the engine's own all-reduce kernel, "
        "where it runs, keeps the link"
    )
