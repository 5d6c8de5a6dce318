"""Which servers of one file run at once, and on which host GPUs (``toplint.outcome.colocation``
weighs what they do to each other there).

Servers run together when the file starts them together: a compose file's services and a
supervisord configuration's programs (``SourceKind.together``), the copies of one server
(``COPIES``: compose replicas, supervisord ``numprocs``), and a script's command it does not wait
for (``RUNS_DETACHED``) beside the commands after it, until one that stops processes
(``DETACHED_UNTIL``).  A command in a loop's body (``RUNS_IN_LOOP``) or an undecided arm
(``RUNS_UNDECIDED``) runs beside none here, and compose services whose profiles share none are
alternatives.  A server's GPUs are the devices it is given, or with none given the first ones
(a process sees every GPU, rank r uses the r-th; docker's ``--gpus N`` and compose ``count: N``
give devices 0 to N-1: moby/moby daemon/nvidia_linux.go ``countToDevices``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from toplint.catalog_types import ModelSpec
from toplint.hardware.types import Cluster
from toplint.infra.numbers import digits
from toplint.model import Deployment
from toplint.optionkeys import (
    COMPOSE_HOST_PORTS,
    COMPOSE_PROFILES,
    COPIES,
    DETACHED_UNTIL,
    RUNS_DETACHED,
    RUNS_IN_LOOP,
    RUNS_UNDECIDED,
)
from toplint.record import replace
from toplint.sourcekinds import declared

__all__ = [
    "REPLICA",
    "Item",
    "alternatives",
    "gpus_of",
    "joins",
    "pairwise",
    "profiles",
    "together",
    "with_replicas",
]

Item = tuple[Deployment, ModelSpec | None, Cluster | None]
REPLICA = "compose.replica"  # which of a server's copies a deployment is (``with_replicas``)
_COPIES_WEIGHED = 5  # copies of one server written out (more start the same way)


def joins(dep: Deployment) -> bool:
    """Whether ``dep`` may run beside servers the file starts after it (or with it)."""
    kind = declared(dep.source_kind)
    together = kind is not None and kind.together
    return together or bool(dep.options.get(RUNS_DETACHED)) or COPIES in dep.options


def with_replicas(
    items: Sequence[tuple[Deployment, ModelSpec | None, Cluster | None]],
) -> tuple[list[tuple[Deployment, ModelSpec | None, Cluster | None]], list[int]]:
    """The items with a compose service of N replicas written N times, each copy marked as
    which replica it is, and for each the index of the deployment it is one of."""
    out: list[tuple[Deployment, ModelSpec | None, Cluster | None]] = []
    origin: list[int] = []
    for k, (dep, model, cluster) in enumerate(items):
        n = digits(str(dep.options.get(COPIES, "")), 1 << 20) or 1
        n = min(n, _COPIES_WEIGHED)  # more start the same way: the first few say it
        for c in range(n):
            copy = dep if n == 1 else replace(dep, options={**dep.options, REPLICA: f"{c + 1}"})
            out.append((copy, model, cluster))
            origin.append(k)
    return out, origin


def gpus_of(dep: Deployment) -> tuple[int, ...] | None:
    """The host GPU indices one process on a host uses; None when not known or not on one host."""
    kind = declared(dep.source_kind)
    world = dep.world_size
    if kind is None or not kind.on_a_host or not world or dep.nodes not in (None, 1):
        return None
    if dep.options.get(RUNS_IN_LOOP):
        return None  # once per iteration, each with its own devices
    ids = str(dep.options.get("gpu_ids", ""))
    if ids:
        numbers = [digits(part, 1 << 20) for part in ids.split(",")]
        found = [n for n in numbers if n is not None]
        return tuple(found[:world]) if len(found) == len(numbers) else None
    if dep.options.get("gpus_from") is not None or any(
        u.field == "gpus_per_node" for u in dep.unresolved
    ):
        return None  # narrowed by a variable whose devices are not known
    if kind.runs_in != "host" and dep.gpus_per_node is None and "gpus_visible" not in dep.options:
        return None  # a container given no GPU
    return tuple(range(world))


def together(
    items: Sequence[tuple[Deployment, ModelSpec | None, Cluster | None]], i: int, k: int
) -> bool:
    """Whether the file runs deployments ``i`` and ``k`` at the same time."""
    a, b = items[i][0], items[k][0]
    if (a.line, a.column) == (b.line, b.column):  # one command's roles, or a service's replicas
        return a.options.get(REPLICA, "") != b.options.get(REPLICA, "")
    kind_a, kind_b = declared(a.source_kind), declared(b.source_kind)
    if kind_a is not None and kind_a == kind_b and kind_a.together:
        return not alternatives(a, b)
    if a.options.get(RUNS_UNDECIDED) or b.options.get(RUNS_UNDECIDED):
        return False  # an arm not decided here: maybe the other's alternative
    first, then = (a, b) if (a.line, a.column) < (b.line, b.column) else (b, a)
    if not first.options.get(RUNS_DETACHED):
        return False  # the script waits for the first
    until = digits(str(first.options.get(DETACHED_UNTIL, "")), 1 << 30)
    return until is None or then.line < until  # not after a command that stops processes


def profiles(dep: Deployment) -> set[str]:
    named = str(dep.options.get(COMPOSE_PROFILES, ""))
    return set(named.split(",")) if named else set()


def alternatives(a: Deployment, b: Deployment) -> bool:
    """Compose services whose profiles share none - each starts only with its own ``--profile``
    (a service without profiles always starts) - or that publish one host port: the second to
    start is refused it ("port is already allocated"), so a file whose servers all publish
    port 8000 starts them one at a time."""
    pa, pb = profiles(a), profiles(b)
    return bool(pa and pb and not pa & pb) or _same_port(a, b)


def _same_port(a: Deployment, b: Deployment) -> bool:
    def bound(dep: Deployment) -> list[tuple[str, str]]:
        listed = str(dep.options.get(COMPOSE_HOST_PORTS, ""))
        return [(p.rsplit(":", 1)[0], p.rsplit(":", 1)[1]) for p in listed.split(",") if ":" in p]

    return any(
        port == other and (ip == there or "*" in (ip, there))
        for ip, port in bound(a)
        for there, other in bound(b)
    )


def pairwise(
    items: Sequence[tuple[Deployment, ModelSpec | None, Cluster | None]], group: tuple[int, ...]
) -> bool:
    return all(together(items, i, k) for i, k in itertools.combinations(group, 2))
