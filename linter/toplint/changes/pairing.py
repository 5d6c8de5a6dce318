"""Pairing each deployment with its counterpart at the base revision, and the verdict.

A deployment's identity is its file (the base's path mapped through git's renames), its
engine and its name (Kubernetes resource, compose service, role), counted in file order when
several share them.  Only deployments of changed files, and of files whose manifest or
configuration changed, are compared; one that is identical on both sides is left out.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from toplint.changes.git import FileChange
from toplint.changes.outcome import outcome_of
from toplint.changes.snapshot import Snapshot
from toplint.changes.verdict import verdict
from toplint.cost.types import Workload
from toplint.report.changeset import DeploymentChange, Side
from toplint.rulebook.analysis import Analysis

if TYPE_CHECKING:
    from toplint.pipeline.analyze import Group
    from toplint.pipeline.settings import Settings


def _real(path: str | None) -> str:
    return os.path.realpath(path) if path else ""


def _governing(settings: Settings) -> list[str]:
    """The configuration and manifest files a group of deployments is checked with."""
    return [p for p in (_real(settings.config.path), _real(settings.hardware_path)) if p]


def rechecked_files(
    changed: Sequence[FileChange], batches: Sequence[Group], root: str
) -> list[str]:
    """Changed files (repository-relative) that are a configuration or manifest of ``batches``."""
    governing = {p for batch in batches for p in _governing(batch.settings)}
    out = []
    for c in changed:
        for rel in (c.new, c.old):
            if rel and _real(os.path.join(root, rel)) in governing and rel not in out:
                out.append(rel)
    return out


def deployment_changes(
    before_args: argparse.Namespace,
    batches: Sequence[Group],
    before_paths: Sequence[str],
    snap: Snapshot,
    root: str,
    changed: Sequence[FileChange],
    forward: dict[str, str],
    rechecked: Sequence[str],
) -> list[DeploymentChange]:
    from toplint.pipeline.analyze import groups_by_config

    real_root = os.path.realpath(root)
    new_paths = {c.new for c in changed if c.new}
    old_paths = {c.old for c in changed if c.old}
    touched = {_real(os.path.join(root, r)) for r in rechecked}

    def head_rel(path: str) -> str:
        return os.path.relpath(os.path.realpath(path), real_root).replace(os.sep, "/")

    after = _analysed(batches, lambda f: head_rel(f) in new_paths, touched, lambda f: head_rel(f))
    base_groups = groups_by_config(before_args, before_paths) if before_paths else []
    base_touched = {_real(snap.path(r)) for r in rechecked}

    def base_rel(path: str) -> str:
        rel = snap.relative(path) or path
        return forward.get(rel, rel)

    before = _analysed(
        base_groups, lambda f: (snap.relative(f) or "") in old_paths, base_touched, base_rel
    )
    why = _reasons(changed, rechecked)
    return _pair(before, after, why)


# (work-tree-relative file, analysis, the settings' workload) of one side.
_Analysed = list[tuple[str, Analysis, Workload]]


def _analysed(
    groups: Sequence[Group],
    changed: Callable[[str], bool],
    touched: set[str],
    rel_of: Callable[[str], str],
) -> _Analysed:
    from toplint.discover.files import discover
    from toplint.pipeline.analyze import run_files

    out: _Analysed = []
    for group in groups:
        settings = group.settings
        files = discover(group.paths, settings.exclude)
        every = any(p in touched for p in _governing(settings))
        chosen = [f for f in files if every or changed(f)]
        if not chosen:
            continue
        run = run_files(chosen, settings, keep=True)
        for a in run.analyses:
            out.append((rel_of(a.deployment.path), a, settings.workload))
    return out


def _reasons(changed: Sequence[FileChange], rechecked: Sequence[str]) -> dict[str, list[str]]:
    return {c.new or c.old: [c.new or c.old] for c in changed} | {"": list(rechecked)}


def _identity(rel: str, a: Analysis) -> tuple[str, str, str]:
    return (rel, a.deployment.engine, a.deployment.name)


def _keyed(side: _Analysed) -> dict[tuple[str, str, str, int], tuple[Analysis, Workload]]:
    seen: dict[tuple[str, str, str], int] = {}
    out = {}
    for rel, a, workload in side:
        ident = _identity(rel, a)
        seen[ident] = seen.get(ident, 0) + 1
        out[(*ident, seen[ident])] = (a, workload)
    return out


def _pair(before: _Analysed, after: _Analysed, why: dict[str, list[str]]) -> list[DeploymentChange]:
    old, new = _keyed(before), _keyed(after)
    out = []
    for k in sorted(set(old) | set(new), key=lambda k: (k[0], k[3], k[1], k[2])):
        b = _side(k[0], *old[k]) if k in old else None
        a = _side(k[0], *new[k]) if k in new else None
        if b is not None and a is not None and _same(b, a):
            continue
        reasons = tuple(why.get(k[0], []) or why.get("", []))
        out.append(DeploymentChange(b, a, verdict(b, a), reasons))
    return out


def _same(b: Side, a: Side) -> bool:
    return (b.layout, b.gpus, b.nodes, b.cluster, b.outcome, b.unchecked) == (
        a.layout,
        a.gpus,
        a.nodes,
        a.cluster,
        a.outcome,
        a.unchecked,
    )


def layout_of(a: Analysis) -> str:
    """The layout as ``plan`` writes it (``toplint.plan.enumerate.Layout.describe``)."""
    d = a.deployment
    if d.tp is None or d.pp is None or d.dp is None:
        return f"TP={_n(d.tp)} PP={_n(d.pp)} DP={_n(d.dp)}"
    from toplint.plan.enumerate import Layout

    ep = d.ep if (d.ep_enabled or (d.ep or 1) > 1) and d.ep else 1
    return Layout(d.tp, d.pp, d.dp, ep).describe()


def _n(value: int | None) -> str:
    return "?" if value is None else str(value)


def _side(rel: str, a: Analysis, workload: Workload) -> Side:
    d, p = a.deployment, a.placement
    cluster = f"{a.cluster.name} ({a.cluster.gpu.name})" if a.cluster is not None else ""
    nodes = p.nodes if p is not None else d.nodes
    outcome = outcome_of(a, workload)
    reason = a.unchecked.reason if a.unchecked is not None else ""
    return Side(
        rel,
        d.line,
        d.name,
        d.engine,
        layout_of(a),
        d.world_size,
        nodes,
        cluster,
        p,
        outcome,
        reason,
    )
