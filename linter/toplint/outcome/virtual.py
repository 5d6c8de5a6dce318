"""How many KV caches one GPU's KV memory is split into, one per pipeline stage, where the
engine runs pipeline parallelism as virtual engines (``MemoryAccounting.virtual_engines``:
vLLM's V0 engine, ``toplint.engines.vllm.virtual``): one sequence of the context must then fit
one of them at start-up, not the whole KV cache.
"""

from __future__ import annotations

from toplint.cost.enginecomm import option
from toplint.engines.registry import get_engine
from toplint.engines.release import Releases, holds
from toplint.model import Deployment


def caches(dep: Deployment) -> tuple[int, str]:
    """The KV caches one GPU of ``dep`` keeps (1: one), and - for a deployment that pins no
    release, judged as the earliest releases (``release.holds``) - the releases that keep one,
    said ("vLLM 0.9.1 and later"; "" when the release is known, or when it keeps one)."""
    engine = get_engine(dep.engine)
    virtual, stages = engine.memory.virtual_engines, max(dep.pp or 1, 1)
    if virtual is None or stages < 2:
        return 1, ""
    if str(dep.options.get(f"env.{virtual.env}", "")).strip().strip("'\"") == "1":
        return 1, ""  # the other engine asked for
    found = holds(dep, Releases(until=virtual.until))
    if not found.judged:
        return 1, ""
    if found.unknown:
        return stages, found.others()
    written = option(dep.options, virtual.key) is not None
    if written and holds(dep, Releases(since=virtual.key_since)).certain:
        return 1, ""  # the executor written may run the other engine: not judged
    return stages, ""


def said(dep: Deployment, kv_tokens: int, count: int) -> str:
    """The split said for the user (" in 2 caches of 58,487 tokens, one per pipeline stage
    (vLLM's V0 engine's virtual engines)"); "" for one cache."""
    if count < 2:
        return ""
    engine = get_engine(dep.engine)
    what = engine.memory.virtual_engines.what if engine.memory.virtual_engines else ""
    return (
        f" in {count} caches of {kv_tokens // count:,} tokens, one per pipeline stage "
        f"({engine.title}'s {what})"
    )
