"""Whether the servers one file starts together on one host can all start on the GPUs they share.

Each engine sizes its memory by a fraction (``--gpu-memory-utilization``,
``--mem-fraction-static``, ``--cuda-memory-fraction``...), and each fraction means something
else beside another process on the same GPU (``MemoryAccounting.beside``, read from each
engine's source):

- "requests" (vLLM, ATOM): it needs its fraction of the *total* free when it starts - vLLM
  refuses otherwise ("Free memory on device … on startup is less than desired GPU memory
  utilization") - and then holds it;
- "leaves" (SGLang, TGI): it takes what is free but (1 - fraction) of the total, and needs its
  weights to fit in that;
- "free_share" (LMDeploy, TensorRT-LLM): it loads its weights in what is free, and its KV cache
  takes the fraction of what is left;
- "caps" (vLLM from 0.34.0, its extensible KV cache): no start-up check; it loads in what is
  free and its KV cache takes what is then free, up to its fraction of the total.

An engine whose behaviour changed with a release (``MemoryAccounting.beside_since`` and
``beside_later``) is judged by the release an image pins; a release not known, by each, and
where they disagree the verdict holds only for the releases of the current behaviour.

Which servers run at once, on which GPUs, is ``toplint.outcome.cohosted``'s.

Every order the processes may start in is tried.  With the fractions alone (no weights, no CUDA
context) no order may let them all start: they cannot all run, whatever the GPU ("never").  With
the GPU's memory and the checkpoints' weights, some orders may fail ("order": it depends on which
is up first, which nothing in the file fixes; docker compose starts services at once).  Memory
each process holds outside its fraction - its CUDA context - only makes it worse and is not
counted, so a "never" is certain and a miss is possible.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Literal

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import find_engine
from toplint.engines.release import pinned, version
from toplint.hardware.types import Cluster
from toplint.infra.budgets import SHARED_GPU_SERVERS
from toplint.model import Deployment
from toplint.optionkeys import COPIES, COPIES_FROM
from toplint.outcome.cohosted import (
    REPLICA,
    gpus_of,
    joins,
    pairwise,
    profiles,
    together,
    with_replicas,
)
from toplint.outcome.memory import (
    accounting,
    memory_setting,
    weights_per_gpu,
    working_low,
)
from toplint.outcome.towers import vision_weights
from toplint.outcome.types import GIB, Process, SharedGpu
from toplint.record import replace

__all__ = ["Process", "SharedGpu", "shared_gpus"]

_ORDERS = 5  # every start order is tried up to this many processes on one GPU (120 orders)


def shared_gpus(
    items: Sequence[tuple[Deployment, ModelSpec | None, Cluster | None]],
) -> list[SharedGpu | None]:
    """For each deployment of one file, what sharing its GPUs with the file's other servers
    does: "never" or "order" when they cannot all start (on the one reported); "shares" when
    it shares a GPU and nothing stops them (or it cannot be told); None when it shares none."""
    out: list[SharedGpu | None] = [None] * len(items)
    items, origin = with_replicas(items)
    gpus = [gpus_of(dep) for dep, _, _ in items]
    # Only a server that runs beside what follows (detached, a compose service, a copy) can share
    # a GPU: a file of thousands of servers the script waits for is judged in one pass.
    order = sorted(range(len(items)), key=lambda k: (items[k][0].line, items[k][0].column))
    rank = {i: r for r, i in enumerate(order)}
    joiners = [i for i in order if gpus[i] and joins(items[i][0])]
    if not joiners or len(joiners) > SHARED_GPU_SERVERS:
        return out  # none runs beside another; or too many to weigh every start order of
    judged: set[tuple[int, ...]] = set()
    for k in order:
        mine = gpus[k]
        for gpu in mine or ():
            beside = (i for i in joiners if i != k and gpu in (gpus[i] or ()))
            members = {k, *(i for i in beside if together(items, i, k))}
            group = tuple(sorted(members, key=rank.__getitem__))
            if len(group) < 2 or group in judged or not pairwise(items, group):
                continue
            judged.add(group)
            found = _judge(items, group, gpus)
            if found is None:
                _note_sharing(items, group, gpus, origin, out)
                continue
            held = out[origin[group[found.this]]]
            if held is None or held.verdict == "shares":
                active = set().union(*(profiles(items[i][0]) for i in group))
                shown = replace(found, profiles=",".join(sorted(active)))
                out[origin[group[found.this]]] = shown
            _note_sharing(items, group, gpus, origin, out)  # the others it is beside
    return out


def _note_sharing(
    items: Sequence[tuple[Deployment, ModelSpec | None, Cluster | None]],
    group: tuple[int, ...],
    gpus: Sequence[tuple[int, ...] | None],
    origin: Sequence[int],
    out: list[SharedGpu | None],
) -> None:
    """Each member of a group that starts (or cannot be told not to) marked as sharing its GPU
    with the others (verdict "shares"): what a fix to one member's memory setting must leave."""
    processes = [_process(items[i][0], _CURRENT) for i in group]
    procs = tuple(p for p in processes if p is not None)
    if len(procs) != len(group):
        return
    shared = tuple(sorted(set.intersection(*(set(gpus[i] or ()) for i in group))))
    for index, i in enumerate(group):
        if out[origin[i]] is None:
            out[origin[i]] = SharedGpu(shared, procs, index, "shares", None, "")


_CURRENT = ""  # judge an unpinned release by the engine's ``beside`` behaviour
_OLD = "old"  # by the behaviour of its releases before ``beside_since``


def _process(dep: Deployment, assume: str) -> Process | None:
    """``dep`` as a server on the shared GPU.  ``assume``: how to take an engine release the
    deployment does not pin when the behaviour changed with one - ``_CURRENT``, ``_OLD`` or
    a release of ``MemoryAccounting.beside_later``."""
    acc = accounting(dep.engine)
    if not acc.beside:
        return None
    engine = find_engine(dep.engine)
    name = engine.title if engine is not None else dep.engine
    beside, source, release, old, setting_release = acc.beside, acc.beside_source, "", False, ""
    if acc.beside_since or acc.beside_later:
        release_of = pinned(dep)
        if release_of is None:
            release = acc.beside_since or acc.beside_later[0][0]  # judged for each release
        regime = assume
        if release_of is not None:
            since = version(acc.beside_since) if acc.beside_since else None
            regime = _OLD if since is not None and release_of < since else _CURRENT
            for first, _kind, _source in acc.beside_later:
                if release_of >= (version(first) or (0, 0, 0)):
                    regime = first
        if regime == _OLD and acc.beside_since:
            beside, source, old = "leaves", acc.beside_before_source, True
        for first, kind, later_source in acc.beside_later:
            if regime == first:
                beside, source, setting_release = kind, later_source, first
    fraction, setting = memory_setting(dep, setting_release if release else "")
    replica = str(dep.options.get(REPLICA, ""))
    if replica:
        replica = f"{replica} of {dep.options.get(COPIES)}"
    copies_from = str(dep.options.get(COPIES_FROM, "")) if replica else ""
    return Process(
        dep.path,
        dep.line,
        dep.column,
        name,
        setting,
        fraction,
        beside,
        source,
        release,
        old,
        replica,
        copies_from,
    )


def _judge(
    items: Sequence[tuple[Deployment, ModelSpec | None, Cluster | None]],
    group: tuple[int, ...],
    gpus: Sequence[tuple[int, ...] | None],
) -> SharedGpu | None:
    found = _judged(items, group, gpus, assume=_CURRENT)
    if found is None or not any(p.release for p in found.processes):
        return found
    # a release not known: the verdict holds for every release only if the other releases'
    # behaviours give it too; else it holds for the releases of the current behaviour
    engines = {accounting(items[i][0].engine) for i in group}
    others = [_OLD] + [first for acc in engines for first, _k, _s in acc.beside_later]
    if all(
        (v.verdict if v is not None else None) == found.verdict
        for v in (_judged(items, group, gpus, assume=a) for a in others)
    ):
        return found
    k = next(k for k, p in enumerate(found.processes) if p.release)
    this, acc = found.processes[k], accounting(items[group[k]][0].engine)
    span = f"{this.engine} from {acc.beside_since}" if acc.beside_since else this.engine
    if acc.beside_later:
        span += f" and before {acc.beside_later[0][0]}"
    return replace(found, release=span)


def _judged(
    items: Sequence[tuple[Deployment, ModelSpec | None, Cluster | None]],
    group: tuple[int, ...],
    gpus: Sequence[tuple[int, ...] | None],
    *,
    assume: str,
) -> SharedGpu | None:
    processes = [_process(items[i][0], assume) for i in group]
    if any(p is None for p in processes):
        return None  # an engine whose behaviour beside others has not been read
    procs = tuple(p for p in processes if p is not None)
    shared = tuple(sorted(set.intersection(*(set(gpus[i] or ()) for i in group))))
    fractions = [p.fraction for p in procs]
    zero = [0.0] * len(procs)
    certain = _fails(procs, fractions, zero, zero)
    if certain is not None and certain[1]:  # no order starts them all
        return _shared(procs, shared, certain[0], "never", None, _arith(procs, certain[0]))
    capacity = _capacity([items[i][2] for i in group], shared)
    if capacity is None:
        return None
    need = [_needs(items[i][0], items[i][1], capacity) for i in group]
    if any(n is None for n in need):
        return None
    weights = [n[0] for n in need if n is not None]
    working = [n[1] for n in need if n is not None]
    found = _fails(procs, fractions, weights, working)
    if found is None:
        return None
    index, every = found
    why = _arith(procs, index, capacity, weights)
    return _shared(procs, shared, index, "never" if every else "order", capacity, why)


def _shared(
    procs: tuple[Process, ...],
    gpus: tuple[int, ...],
    index: int,
    verdict: Literal["never", "order"],
    capacity: float | None,
    why: str,
) -> SharedGpu:
    return SharedGpu(gpus, procs, index, verdict, capacity, why)


def _capacity(clusters: Sequence[Cluster | None], shared: tuple[int, ...]) -> float | None:
    """The smallest shared GPU's memory in GiB (binary, as the driver reports it), when every
    process was assigned a cluster of the same GPUs (on a node of mixed GPUs, each shared
    index's own: ``Cluster.gpu_on``)."""
    sizes = {
        min(c.gpu_on(g).capacity_gib for g in shared or (-1,)) if c is not None else None
        for c in clusters
    }
    if len(sizes) != 1:
        return None
    size = next(iter(sizes))
    return None if size is None else float(size)


def _needs(
    dep: Deployment, model: ModelSpec | None, capacity_gib: float
) -> tuple[float, float] | None:
    """(weights, start-up working memory) one GPU of ``dep`` holds, as fractions of the GPU."""
    if model is None:
        return None
    total = capacity_gib * GIB
    weights = weights_per_gpu(model, dep) + vision_weights(model, dep)
    return weights / total, working_low(dep) / total


def _fails(
    procs: tuple[Process, ...],
    fractions: Sequence[float],
    weights: Sequence[float],
    working: Sequence[float],
) -> tuple[int, bool] | None:
    """(the process to report, whether no start order starts them all), or None when every
    order does.  The process reported is the one refused when they start in the file's order
    (a script's ``&`` starts them so), else the first in the file refused in another order.
    Beyond ``_ORDERS`` processes only the file's order is tried."""
    n = len(procs)
    written = tuple(range(n))
    orders = itertools.permutations(written) if n <= _ORDERS else iter([written])
    failing: set[int] = set()
    every = True
    in_order: int | None = None
    for order in orders:
        stuck = _start(procs, order, fractions, weights, working)
        if stuck is None:
            every = False
        else:
            failing.add(stuck)
            in_order = stuck if order == written else in_order
    if not failing:
        return None
    return (min(failing) if in_order is None else in_order), every


def _start(
    procs: tuple[Process, ...],
    order: Sequence[int],
    fractions: Sequence[float],
    weights: Sequence[float],
    working: Sequence[float],
) -> int | None:
    """The first process of ``order`` that cannot start once those before it hold their memory
    (fractions of the GPU), or None when all do."""
    free = 1.0
    for p in order:
        f, w = fractions[p], weights[p]
        if procs[p].beside == "requests":
            if free < f:
                return p
            free -= f
        elif procs[p].beside == "leaves":
            kv = free - (1.0 - f) - w
            if kv <= 0:
                return p
            free = min(free, 1.0 - f)
        elif procs[p].beside == "caps":  # loads in what is free; up to its share of it
            if free - w - working[p] <= 0:
                return p
            free -= min(f, free)
        else:  # "free_share": weights in what is free, the KV cache a share of the rest
            rest = free - w - working[p]
            if rest <= 0:
                return p
            free = (free - w) * (1.0 - f)
    return None


def _arith(
    procs: tuple[Process, ...],
    index: int,
    capacity: float | None = None,
    weights: Sequence[float] = (),
) -> str:
    """What each process claims, and why ``procs[index]`` cannot start, in the user's words."""
    parts = []
    for k, p in enumerate(procs):
        share = f"{p.fraction:g} of the GPU"
        if capacity is not None:
            share = f"{p.fraction * capacity:.1f} GiB of {capacity:g} GiB"
        if p.beside == "requests":
            meaning = f"asks for {share} free at start-up"
        elif p.beside == "leaves" and p.counts_others:
            meaning = f"counts the memory the other servers hold inside its {share}"
        elif p.beside == "leaves":
            reserve = f"{1 - p.fraction:g} of the GPU"
            if capacity is not None:
                reserve = f"{(1 - p.fraction) * capacity:.1f} GiB"
            meaning = f"takes all the free memory but {reserve}"
        elif p.beside == "caps" and p.fraction >= 1:
            meaning = "takes all the memory free when it starts"
        elif p.beside == "caps":
            meaning = f"takes what is free when it starts, up to {share}"
        else:
            meaning = f"loads its weights in what is free and takes {p.fraction:g} of the rest"
        if weights and p.beside != "requests":
            meaning += f" and needs its weights ({weights[k] * (capacity or 0):.1f} GiB) in it"
        parts.append(f"{p.label} ({p.setting}) {meaning}")
    requested = sum(p.fraction for p in procs if p.beside == "requests")
    total = f"; the fixed shares add up to {requested:.2f} of the GPU" if requested > 1 else ""
    return "; ".join(parts) + total
