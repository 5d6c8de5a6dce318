"""Baselines: accept today's findings, report only new ones.

A finding is keyed by rule, path (relative to the baseline file, so the run's working
directory does not matter) and semantic location (flag name or YAML path, ``Finding.anchor``),
never by line: editing a file above a known finding keeps it known.  Findings without an anchor
fall back to their message without numbers.  Keys are counted, so a second identical finding
in the same place is new.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping

from toplint.errors import UsageError
from toplint.infra.readpolicy import read_text
from toplint.model import Finding
from toplint.record import field, record
from toplint.report.base import stable_message

BASELINE_VERSION = 1
Key = tuple[str, str, str]


@record
class Baseline:
    root: str  # folder the recorded paths are relative to (the baseline file's)
    counts: Mapping[Key, int] = field(default_factory=dict)


def _relative(path: str, root: str) -> str:
    if path in ("-", "<stdin>"):
        return "<stdin>"
    return os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")


def key(f: Finding, root: str) -> Key:
    return (f.rule, _relative(f.path, root), f.anchor or stable_message(f.message))


def _root(path: str) -> str:
    return os.path.dirname(os.path.abspath(path))


def write_baseline(path: str, findings: Iterable[Finding]) -> int:
    """Record ``findings``; returns how many were recorded."""
    root = _root(path)
    counts: Counter[Key] = Counter()
    messages: dict[Key, str] = {}
    for f in findings:
        k = key(f, root)
        counts[k] += 1
        messages.setdefault(k, f.message)
    entries = [
        {"rule": k[0], "path": k[1], "anchor": k[2], "count": n, "message": messages[k]}
        for k, n in sorted(counts.items())
    ]
    doc = {"version": BASELINE_VERSION, "tool": "toplint", "findings": entries}
    import json

    try:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=2)
            fh.write("\n")
    except OSError as exc:
        raise UsageError(f"{path}: cannot write the baseline: {exc.strerror or exc}") from None
    return sum(counts.values())


# A finding cannot repeat more often than a file has characters (4 MiB, toplint.infra.readpolicy).
_MAX_COUNT = 1 << 32


def load_baseline(path: str) -> Baseline:
    import json

    try:
        doc = json.loads(read_text(path))
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the baseline: {exc}") from None
    except json.JSONDecodeError as exc:
        where = f"{path}:{exc.lineno}:{exc.colno}"
        raise UsageError(f"{where}: the baseline is not JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # a number beyond int()'s digit limit, nesting
        raise UsageError(f"{path}: the baseline is not usable JSON: {exc}") from None
    if not isinstance(doc, dict) or doc.get("version") != BASELINE_VERSION:
        raise UsageError(
            f"{path}: not a toplint baseline (version {BASELINE_VERSION}); "
            "write one with --write-baseline"
        )
    counts: Counter[Key] = Counter()
    entries = doc.get("findings", [])
    if not isinstance(entries, list):
        raise UsageError(f"{path}: findings: expected a list of findings")
    for i, entry in enumerate(entries):
        try:
            k = (str(entry["rule"]), str(entry["path"]), str(entry["anchor"]))
            count = entry.get("count", 1)
            if type(count) is not int or not 0 < count <= _MAX_COUNT:
                raise ValueError(count)
            counts[k] += count
        except (KeyError, TypeError, ValueError, AttributeError):
            raise UsageError(
                f"{path}: findings[{i}]: needs rule, path and anchor, "
                f"and a count from 1 to {_MAX_COUNT}"
            ) from None
    return Baseline(_root(path), dict(counts))


def new_findings(findings: Iterable[Finding], baseline: Baseline) -> tuple[list[Finding], int]:
    """Findings the baseline does not account for, and how many it did."""
    budget = Counter(baseline.counts)
    new: list[Finding] = []
    known = 0
    for f in findings:
        k = key(f, baseline.root)
        if budget[k] > 0:
            budget[k] -= 1
            known += 1
        else:
            new.append(f)
    return new, known
