"""Where every parallel group of a deployment lands: GPUs, nodes and the slowest link."""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.hardware.types import Cluster, Link
from toplint.model import Deployment, Dimension
from toplint.record import record


@record
class Gpu:
    node: int  # 0-based node index within the instance
    local: int  # 0-based GPU index within the node


@record
class Group:
    """One communicator: a TP, PP, EP or DP group of ranks."""

    kind: Dimension
    index: int  # which group of this kind (0-based)
    ranks: tuple[int, ...]  # global ranks
    gpus: tuple[Gpu, ...]  # where each rank sits, in rank order
    link: Link  # slowest hop the group crosses
    nodes: tuple[int, ...]  # distinct nodes spanned

    @property
    def size(self) -> int:
        return len(self.ranks)

    @property
    def crosses_nodes(self) -> bool:
        return len(self.nodes) > 1


@record
class Placement:
    """A deployment laid out on one cluster.

    ``groups`` holds every group of every kind; use ``of(kind)``.  ``uncertain`` explains why the
    layout may differ on the real cluster (pods are not nodes, GPU count unknown, ...).
    """

    deployment: Deployment
    cluster: Cluster
    model: ModelSpec | None
    nodes: int  # nodes the instance spans
    gpus_per_node: int  # GPUs of the instance on each node
    groups: tuple[Group, ...]
    uncertain: tuple[str, ...] = ()

    def of(self, kind: Dimension) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind == kind)

    def worst(self, kind: Dimension) -> Group | None:
        """The group of a kind whose slowest link is slowest (ties: the first).

        Asked ~10 times per placement by the cost stage and the rules; the record is frozen, so
        the answer is kept on the instance (outside its fields: equality, hashing and
        ``replace`` see only the fields)."""
        memo: dict[str, Group | None] | None = self.__dict__.get("_worst")
        if memo is None:
            memo = self.__dict__["_worst"] = {}
        if kind not in memo:
            groups = self.of(kind)
            memo[kind] = (
                min(groups, key=lambda g: (g.link.bandwidth_gb_per_s, -g.link.latency_us))
                if groups
                else None
            )
        return memo[kind]
