"""The one-line verdict on one deployment's change: breaks, faster, slower, cheaper.

A time or a rate is called faster or slower only when the model can tell the two apart:
when it differs by more than ``toplint.outcome.judge.CLEARLY`` (25%), the margin at which
``check`` calls one layout on the same GPUs clearly better (docs/severity.md).  Both sides
are priced by the one outcome model, whose bands are mostly the same systematic error on
both (the GPUs' streaming and compute efficiency), so overlapping bands do not mean the two
cannot be told apart (TP 8 x PP 2 -> TP 16 at batch 8: 1741 -> 964 tokens/s, bands
1089-2435 and 710-1265); inside the margin, the verdict says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.model import Finding, Severity
from toplint.outcome.judge import CLEARLY
from toplint.record import replace
from toplint.report.base import number
from toplint.report.changeset import DeploymentChange, Estimate, Side


def verdict(before: Side | None, after: Side | None) -> str:
    if after is None:
        return "removed"
    if before is None:
        return "added" + (f": {after.unchecked}" if after.unchecked else "")
    broken = _breaks(before, after)
    if broken:
        return "breaks: " + broken
    words = []
    if before.outcome is not None and after.outcome is not None:
        words += _speed("ITL", before.outcome.itl_ms, after.outcome.itl_ms)
        words += _speed("TTFT", before.outcome.ttft_ms, after.outcome.ttft_ms)
        words += _rate(before.outcome.tokens_per_s, after.outcome.tokens_per_s)
    words += _gpus(before.gpus, after.gpus)
    if not words:
        if before.outcome is None or after.outcome is None:
            return "not compared: " + (after.unchecked or before.unchecked or "not costed")
        return f"no clear change (within {CLEARLY:.0%}, the model's margin)"
    return ", ".join(_merged(words))


def _merged(words: list[str]) -> list[str]:
    """``faster (ITL …), faster (TTFT …)`` as ``faster (ITL …; TTFT …)``."""
    out: dict[str, list[str]] = {}
    for word in words:
        head, _, detail = word.partition(" (")
        out.setdefault(head, []).append(detail.removesuffix(")"))
    return [f"{head} ({'; '.join(details)})" for head, details in out.items()]


def _breaks(before: Side, after: Side) -> str:
    if after.unchecked and not before.unchecked:
        return after.unchecked
    b, a = before.outcome, after.outcome
    if b is not None and a is not None and b.memory_fits and a.memory_fits is False:
        return "no longer fits in GPU memory at the declared workload"
    return ""


def _apart(b: Estimate, a: Estimate) -> int:
    """+1 when ``a`` is clearly above ``b``, -1 clearly below, 0 inside the model's margin."""
    if a.value > b.value * (1 + CLEARLY):
        return 1
    if a.value < b.value * (1 - CLEARLY):
        return -1
    return 0


def _speed(name: str, b: Estimate, a: Estimate) -> list[str]:
    way = _apart(b, a)
    if way < 0:
        return [f"faster ({name} {number(b.value)} → {number(a.value)} ms)"]
    if way > 0:
        return [f"slower ({name} {number(b.value)} → {number(a.value)} ms)"]
    return []


def _rate(b: Estimate, a: Estimate) -> list[str]:
    way = _apart(b, a)
    if way > 0:
        return [f"more throughput ({b.value:.0f} → {a.value:.0f} tokens/s)"]
    if way < 0:
        return [f"less throughput ({b.value:.0f} → {a.value:.0f} tokens/s)"]
    return []


def _gpus(b: int | None, a: int | None) -> list[str]:
    if b is None or a is None or a == b:
        return []
    return [f"cheaper ({b} → {a} GPUs)" if a < b else f"costlier ({b} → {a} GPUs)"]


def breaking(
    changes: Sequence[DeploymentChange], introduced: Sequence[Finding], root: str
) -> list[DeploymentChange]:
    """``changes`` with "breaks: …" for each deployment the change gives an error finding:
    the finding belongs to the deployment of its file that starts last at or before its line."""
    import os

    def rel(path: str) -> str:
        return os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")

    starts: dict[str, list[tuple[int, int]]] = {}
    for i, c in enumerate(changes):
        if c.after is not None:
            starts.setdefault(c.after.path, []).append((c.after.line, i))
    out = list(changes)
    for f in introduced:
        if f.severity is not Severity.ERROR:
            continue
        candidates = sorted(starts.get(rel(f.path), []))
        owner = [i for line, i in candidates if line <= f.line] or [i for _, i in candidates[:1]]
        if owner and not out[owner[-1]].verdict.startswith("breaks"):
            out[owner[-1]] = replace(out[owner[-1]], verdict=f"breaks: {f.rule} {f.message}")
    return out
