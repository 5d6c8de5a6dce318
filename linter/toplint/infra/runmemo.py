"""Answers remembered for one run, keyed by an object's identity and hashable values.

A tree's deployments, and the layouts rules weigh for them, ask the same questions of the same
cluster again and again (a group's link, a collective's time, a layout's outcome).  The answer
depends on the cluster object and some hashable values; the cluster is a record that may not be
cheap to hash, so it is keyed by identity and held by the table, so that its id cannot be
reused by another object while the entry lives.  The table is bounded by a weight (entries, or
what each key holds) and starts over when full.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class RunMemo(Generic[V]):
    """A bounded table of answers keyed by (an owner object's identity, a hashable key)."""

    __slots__ = ("_held", "_most", "_table")

    def __init__(self, most: int) -> None:
        self._table: dict[tuple[int, Hashable], tuple[object, V]] = {}
        self._most = most
        self._held = 0

    def get(self, owner: object, key: Hashable) -> V | None:
        found = self._table.get((id(owner), key))
        if found is not None and found[0] is owner:
            return found[1]
        return None

    def put(self, owner: object, key: Hashable, value: V, weight: int = 1) -> V:
        """Remember ``value``; ``weight`` is what the entry counts against the bound (1 an
        entry, or the size of what its key holds)."""
        self._held += weight
        if self._held > self._most:
            self._table.clear()
            self._held = weight
        self._table[(id(owner), key)] = (owner, value)
        return value
