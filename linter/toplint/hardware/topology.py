"""Which GPUs of a node share NVLink.

A node whose every GPU reaches every other over NVLink (HGX NVSwitch, a full NVLink mesh) is
one domain.  Others join only some GPUs: two-slot NVLink bridges on PCIe cards (A100 PCIe,
RTX A6000, L40 class boards bridged in pairs) or a partial mesh.  Which pairs are bridged is
the board's, not the order of indices: vllm-project/vllm#7958 reports a 4-GPU server whose
NVLink joins GPU0 with GPU2 and GPU1 with GPU3, and NVIDIA/apex#282 a 4 x 2080 Ti box with
only GPUs 2 and 3 bridged.  The manifest says it as ``intra_node.nvlink_groups``; without it
the domain is taken as consecutive blocks of ``nvlink_domain`` GPUs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from toplint.hardware.types import IntraNode

Groups = tuple[tuple[int, ...], ...]


def parse_groups(raw: Sequence[Sequence[int]], gpus_per_node: int, fabric: str) -> Groups:
    """The manifest's ``nvlink_groups``, checked; ValueError says what to write instead."""
    if fabric not in ("nvlink", "nvlink-bridge"):
        raise ValueError(
            f"nvlink_groups says which GPUs share NVLink, but fabric is {fabric}; write "
            "fabric: nvlink-bridge (bridged pairs) or fabric: nvlink (a partial mesh)"
        )
    groups = []
    for group in raw:
        outside = [i for i in group if i >= gpus_per_node]
        if outside:
            raise ValueError(
                f"GPU {outside[0]} is not on a node of {gpus_per_node} GPUs (local indices "
                f"0-{gpus_per_node - 1}, as nvidia-smi numbers them)"
            )
        groups.append(tuple(sorted(group)))
    return tuple(dict.fromkeys(groups))


def largest(groups: Groups) -> int:
    return max((len(g) for g in groups), default=1)


def share_nvlink(locals_: Iterable[int], intra: IntraNode, gpus_per_node: int) -> bool:
    """True when the GPUs (local indices) all sit in one NVLink group of the node."""
    members = set(locals_)
    if intra.nvlink_groups:
        return any(members <= set(group) for group in intra.nvlink_groups)
    domain = intra.nvlink_domain
    # consecutive blocks (bridged pairs {0,1},{2,3}, ...); a domain at least as large as the
    # node (HGX 8, NVL72) holds the whole node
    return domain > 1 and (domain >= gpus_per_node or len({i // domain for i in members}) == 1)


def nvlinked_sets(intra: IntraNode, gpus_per_node: int, size: int) -> list[tuple[int, ...]]:
    """Sets of ``size`` GPUs of one node that share NVLink, in index order (for advice)."""
    if intra.nvlink_groups:
        return [g[:size] for g in intra.nvlink_groups if len(g) >= size]
    domain = intra.nvlink_domain
    if domain < size:
        return []
    return [tuple(range(start, start + size)) for start in range(0, gpus_per_node, domain)]


def groups_from_links(pairs: Iterable[tuple[int, int]]) -> Groups:
    """``nvlink_groups`` for the NVLinked pairs of a node (``nvidia-smi topo -m`` NV# cells):
    its connected parts when each is fully linked (bridged pairs, quads), else the pairs."""
    links = {tuple(sorted(p)) for p in pairs}
    parts: list[set[int]] = []
    for a, b in sorted(links):
        joined = [part for part in parts if a in part or b in part]
        merged = {a, b}.union(*joined)
        parts = [part for part in parts if part not in joined] + [merged]
    cliques = all((x, y) in links for part in parts for x in part for y in part if x < y)
    chosen = parts if cliques else [set(pair) for pair in links]
    return tuple(sorted(tuple(sorted(part)) for part in chosen))
