"""The NVLink graph of one node's matrix: which GPUs are NVLinked, and how many links each has.

Both searches are bounded (docs/threat-model.md "topology-search"): a matrix is input, and a
graph search on it must end whatever it holds.
"""

from __future__ import annotations

from itertools import combinations

from toplint.hardware.nvsmi import NV_CELL, Topology

__all__ = ["MAX_CLIQUE_STEPS", "link_sum", "nv_counts", "nvlink_domain", "nvlink_ring"]

# Steps of each search, the largest clique's and the ring's (docs/threat-model.md
# "topology-search"): real NV# graphs (all-to-all NVSwitch, pairs, quads, hybrid cube-mesh) take
# a few dozen.
MAX_CLIQUE_STEPS = 200_000


def nvlink_domain(topo: Topology) -> int:
    """Largest set of GPUs that are pairwise NVLinked (a clique of the NV# graph).

    Bron-Kerbosch with pivoting, within a step budget: the brute force it replaces tried
    every subset, and hung on 36 GPUs holding a 15-GPU clique.
    """
    gpus = topo.gpus
    adjacent: dict[str, set[str]] = {g: set() for g in gpus}
    for a, b in combinations(gpus, 2):
        if NV_CELL.match(topo.cell(a, b)):
            adjacent[a].add(b)
            adjacent[b].add(a)
    if all(len(n) == len(gpus) - 1 for n in adjacent.values()):
        return len(gpus)
    steps = [0]
    best = [1]

    def extend(size: int, candidates: set[str], excluded: set[str]) -> None:
        steps[0] += 1
        if steps[0] > MAX_CLIQUE_STEPS:
            raise ValueError(
                "the NVLink graph is too irregular to find its largest fully linked group "
                f"(topology-search budget, {MAX_CLIQUE_STEPS:,} steps); write nvlink_domain "
                "in the manifest by hand"
            )
        if not candidates and not excluded:
            best[0] = max(best[0], size)
            return
        if size + len(candidates) <= best[0]:
            return  # cannot beat the best found
        pivot = max(candidates | excluded, key=lambda g: len(adjacent[g] & candidates))
        for g in sorted(candidates - adjacent[pivot]):
            extend(size + 1, candidates & adjacent[g], excluded & adjacent[g])
            candidates = candidates - {g}
            excluded = excluded | {g}

    extend(0, set(gpus), set())
    return best[0]


def nvlink_ring(topo: Topology) -> list[str] | None:
    """A cycle through every GPU over NVLinked pairs, if there is one.

    NCCL builds its rings over NVLink wherever such a cycle exists (the DGX-1 hybrid cube mesh:
    each V100 has NVLinks to 4 of the 7 others, yet rings through all 8 exist), so a ring
    collective over the whole node never takes the PCIe/SYS pairs (NCCL src/graph/search.cc
    searches rings over the NVLink graph first)."""
    gpus = topo.gpus
    if len(gpus) < 3:
        return None
    linked = {g: {h for h in gpus if h != g and NV_CELL.match(topo.cell(g, h))} for g in gpus}
    path = [gpus[0]]
    steps = [0]

    def extend() -> bool:
        # A Hamiltonian cycle: backtracking is exponential on a graph without one, so the
        # search has the clique search's step budget (a 24-GPU graph missing one link ran on).
        steps[0] += 1
        if steps[0] > MAX_CLIQUE_STEPS:
            raise ValueError(
                "the NVLink graph is too irregular to tell whether NCCL can ring over it "
                f"(topology-search budget, {MAX_CLIQUE_STEPS:,} steps); write nvlink_domain "
                "in the manifest by hand"
            )
        if len(path) == len(gpus):
            return gpus[0] in linked[path[-1]]
        for nxt in sorted(linked[path[-1]] - set(path)):
            path.append(nxt)
            if extend():
                return True
            path.pop()
        return False

    return path if extend() else None


def link_sum(topo: Topology) -> int:
    """NVLinks of the least-connected GPU (NCCL spreads its ring channels over all of them)."""
    return min(
        sum(int(m[1]) for h in topo.gpus if h != g and (m := NV_CELL.match(topo.cell(g, h))))
        for g in topo.gpus
    )


def nv_counts(topo: Topology) -> list[int]:
    """The NV# of every NVLinked GPU pair."""
    return [
        int(m[1]) for a, b in combinations(topo.gpus, 2) if (m := NV_CELL.match(topo.cell(a, b)))
    ]
