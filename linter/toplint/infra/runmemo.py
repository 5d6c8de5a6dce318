"""Answers remembered for one run, keyed by an object's identity and hashable values.

A tree's deployments, and the layouts rules weigh for them, ask the same questions of the same
cluster again and again (a group's link, a collective's time, a layout's outcome).  The answer
depends on the cluster object and some hashable values; the cluster is a record that may not be
cheap to hash, so it is keyed by identity and held by the table, so that its id cannot be
reused by another object while the entry lives.  The table is bounded by a weight (entries, or
what each key holds) and starts over when full.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class RunMemo(Generic[V]):
    """A bounded table of answers keyed by (an owner object's identity, a hashable key)."""

    __slots__ = ("_held", "_most", "_table")

    def __init__(self, most: int) -> None:
        self._table: dict[tuple[int, Hashable], tuple[object, V]] = {}
        self._most = most
        self._held = 0
        _TABLES.append(self)

    def clear(self) -> None:
        self._table.clear()
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


_TABLES: list[RunMemo[Any]] = []  # every table (module-level: they live as long as the process)


def forget_all() -> None:
    """Empty every table.  Answers stay right across runs in one process (they are keyed by
    the objects and values they depend on); a test that counts what a run computes starts
    from nothing."""
    for table in _TABLES:
        table.clear()


_ABSENT = object()


class RecordedOptions(Mapping[str, str]):
    """A deployment's options that note what is read of them, so that an answer computed from
    them can be reused for other options that agree on everything it read (dependency
    tracking).  A key asked for (``[]``, ``get``, ``in``) is noted with the value it had; a
    lookup through ``toplint.cost.enginecomm.option`` (names in any spelling) is noted by
    ``noted_option``; anything that walks the options (iteration, length, ``items``, equality)
    marks ``everything`` read, and then only identical options may share the answer."""

    __slots__ = ("everything", "inner", "reads")

    def __init__(self, inner: Mapping[str, str]) -> None:
        self.inner = inner
        self.reads: list[tuple[str, Any, object]] = []
        self.everything = False

    def __getitem__(self, key: str) -> str:
        self.reads.append(("key", key, self.inner.get(key, _ABSENT)))
        return self.inner[key]

    # ``get`` and ``in`` note the same read as ``[]`` (``Mapping``'s own call ``[]`` and catch
    # the ``KeyError`` of an absent key: a raised exception per option a what-if finds unset,
    # ~1% of a tree run's instructions, callgrind).
    def get(self, key: str, default: Any = None) -> Any:
        value = self.inner.get(key, _ABSENT)
        self.reads.append(("key", key, value))
        return default if value is _ABSENT else value

    def __contains__(self, key: object) -> bool:
        value = self.inner.get(key, _ABSENT)  # type: ignore[call-overload]
        self.reads.append(("key", key, value))
        return value is not _ABSENT

    def __iter__(self) -> Iterator[str]:
        self.everything = True
        return iter(self.inner)

    def __len__(self) -> int:
        self.everything = True
        return len(self.inner)

    def noted_option(self, names: tuple[str, ...], value: object) -> None:
        self.reads.append(("option", names, value))


def agree(reads: list[tuple[str, Any, object]], options: Mapping[str, str], option: Any) -> bool:
    """Whether ``options`` give every read in ``reads`` the value it had (``option`` is
    ``toplint.cost.enginecomm.option``, passed in: infra sits below the cost stage)."""
    for kind, what, value in reads:
        by_name = kind == "key"
        now = options.get(what, _ABSENT) if by_name else option(options, *what)
        if now != value:
            return False
    return True
