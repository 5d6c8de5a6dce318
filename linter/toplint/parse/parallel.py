"""Read and parse many files, or run any per-file task (``map_files``; ``toplint check`` parses,
analyses and checks each file there), in worker processes for large trees.

Workers are forked (they inherit the imported parsers, so a worker starts in milliseconds) and
each gets contiguous chunks of the sorted file list; ``Executor.map`` returns the chunks in input
order, so the output never depends on the worker count.  Where ``fork`` is not available, or a
pool cannot be started or breaks, the work is done in this process instead.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from toplint.discover.files import read_source
from toplint.model import Finding, ParseResult
from toplint.parse.base import Parser, Source
from toplint.parse.run import parse_source
from toplint.plugins import call_hook

if TYPE_CHECKING:  # imported only when workers start: ~25 ms a one-file check does not need
    import multiprocessing.context

# Below this many files one process is faster: starting two forked workers and shipping results
# back costs about 40 ms, parsing a typical config about 0.5 ms (benchmarks/RESULTS.md,
# "crossover").
AUTO_MIN_FILES = 200
# Several chunks per worker so a worker that drew large files does not finish last alone;
# contiguous chunks keep results in input order without sorting.
CHUNKS_PER_WORKER = 4

T = TypeVar("T")


@cache
def builtin_and_plugin_parsers() -> tuple[Parser, ...]:

    # Last registered plugin first: third-party parsers get the first look.
    return tuple(p for group in call_hook("toplint_parsers") for p in group)


def parse_file(path: str) -> ParseResult:
    """Read and parse one file; never raises for bad input (it becomes TL001)."""
    return read_and_parse(path)[0]


def read_and_parse(path: str) -> tuple[ParseResult, Source | None]:
    """The parse result and the source it came from (None when the file could not be read)."""

    source = read_source(path)
    if isinstance(source, Finding):
        return ParseResult(path, (), (source,)), None
    return parse_source(source, builtin_and_plugin_parsers()), source


def worker_count(files: int, jobs: int | None) -> int:
    """Workers for ``files`` files: ``jobs`` when given (< 1 means the CPU count), else the CPU
    count for large trees and 1 for a handful of files; never more than the CPU count (more
    workers than cores only add memory: ``--jobs 1000`` would fork 1000 interpreters)."""
    cpus = os.cpu_count() or 1
    if jobs is None:
        wanted = cpus if files >= AUTO_MIN_FILES else 1
    else:
        wanted = cpus if jobs < 1 else min(jobs, cpus)
    return max(1, min(wanted, files))


def _fork_context() -> multiprocessing.context.BaseContext | None:
    # fork is what makes workers cheap; macOS offers it but it is unsafe there (system
    # frameworks), and Windows has none: those platforms parse serially.
    import multiprocessing

    if sys.platform == "darwin" or "fork" not in multiprocessing.get_all_start_methods():
        return None
    return multiprocessing.get_context("fork")


# The per-file function of the running ``map_files`` call.  Forked workers inherit it, so it may
# be a closure over anything (hardware, rules, settings): nothing but file names is pickled.
_TASK: list[Callable[[str], Any]] = []


def _run_chunk(paths: Sequence[str]) -> list[Any]:
    return [_TASK[0](path) for path in paths]


def chunked(files: Sequence[str], workers: int) -> list[Sequence[str]]:
    """Contiguous slices, in order, about ``CHUNKS_PER_WORKER`` per worker."""
    size = max(1, -(-len(files) // (workers * CHUNKS_PER_WORKER)))
    return [files[i : i + size] for i in range(0, len(files), size)]


def map_files(files: Sequence[str], task: Callable[[str], T], jobs: int | None = None) -> list[T]:
    """``[task(f) for f in files]``, in worker processes for large trees, in input order."""
    workers = worker_count(len(files), jobs)
    context = _fork_context() if workers > 1 else None
    if context is None:
        return [task(path) for path in files]
    for parser in builtin_and_plugin_parsers():  # load plugins once, before forking, so
        real = getattr(parser, "real", None)  # workers inherit them (and the deferred
        if callable(real):  # built-ins, which every large tree needs)
            real()
    import gc
    from concurrent.futures import ProcessPoolExecutor

    _TASK[:] = [task]
    collecting = gc.isenabled()
    try:
        # Results are acyclic data kept to the end of the run: looking for cycles while they are
        # unpickled here (the whole heap at every full pass) finds none.  Workers collect as
        # usual (``initializer``), but not over what they inherit: frozen before the fork, it is
        # never scanned, so the workers' collections do not write to (and copy) shared pages
        # (the gc module's advice for fork without exec).
        gc.disable()
        gc.freeze()
        try:
            with ProcessPoolExecutor(
                max_workers=workers,
                mp_context=context,
                initializer=gc.enable if collecting else None,
            ) as pool:
                chunks = chunked(files, workers)
                return [r for results in pool.map(_run_chunk, chunks) for r in results]
        finally:
            gc.unfreeze()
            if collecting:
                gc.enable()
    except Exception:
        # A pool that cannot start (no /dev/shm, fd limits) or breaks (a worker killed, a result
        # that does not pickle): work here; a genuine bug then surfaces in the normal way.
        return [task(path) for path in files]
    finally:
        _TASK.clear()
