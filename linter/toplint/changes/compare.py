"""``toplint check --base REV``: the work tree against a base revision.

Both sides run through the same pipeline: the work tree as ``check`` always reads it, the base
revision from a snapshot of git's objects (``toplint.changes.snapshot``) with the
configuration and manifest it had then.  Findings are matched as a baseline matches them
(rule, path, anchor: ``toplint.suppression.baseline``), the base's paths mapped through git's
renames; what the work tree has and the base had not, or had at a lower severity, is
*introduced* (it alone decides the exit code), the reverse *resolved*.  Deployments are paired
by file and identity (``toplint.changes.pairing``).
"""

from __future__ import annotations

import argparse
import copy
import os
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from toplint.changes import git
from toplint.changes.pairing import deployment_changes, rechecked_files
from toplint.changes.snapshot import Snapshot, take
from toplint.changes.verdict import breaking
from toplint.errors import ToplintError, UsageError
from toplint.model import Finding, Severity
from toplint.record import replace
from toplint.report.changeset import ChangeSet, DeploymentChange
from toplint.suppression.baseline import Baseline, key, new_findings

if TYPE_CHECKING:
    from toplint.pipeline.analyze import Group


def preflight(args: argparse.Namespace) -> tuple[str, str]:
    """(repository root, base commit), or the usage error, before anything is linted."""
    named = [p for p in args.paths if p != "-"]
    if not named or len(named) != len(args.paths):
        raise UsageError("--base compares files in a git work tree, not stdin")
    root = git.repository_of(named[0])
    return root, git.resolve(root, args.base)


def compare(
    args: argparse.Namespace, batches: Sequence[Group], findings: Sequence[Finding]
) -> ChangeSet:
    """What the work tree (``batches``, whose findings are ``findings``) changes against
    ``args.base``."""
    root, commit = preflight(args)
    named = list(args.paths)
    changed = git.changed_files(root, commit)
    back = {c.new: c.old for c in changed if c.status in "RC" and c.old and c.new}
    forward = {old: new for new, old in back.items()}
    prefixes = [_relative(p, root) for p in named]
    wanted = set(prefixes) | {back[n] for n in back if _under(n, prefixes)}
    wanted |= _named_files(args, root)
    snap = take(root, commit, sorted(wanted))
    base_error = ""
    try:
        before_paths = _base_paths(snap, prefixes, back)
        before_args = _base_args(args, snap, root, before_paths)
        try:
            before = _lint_base(before_args, before_paths) if before_paths else []
        except ToplintError as exc:  # a broken configuration or manifest at the base
            base_error = _in_work_tree(str(exc), snap, root)
            before, before_paths = [], []
        before = [_to_work_tree(f, snap, root, forward) for f in before]
        introduced, resolved = _difference(findings, before, root)
        rechecked = rechecked_files(changed, batches, root)
        pairs = deployment_changes(
            before_args, batches, before_paths, snap, root, changed, forward, rechecked
        )
        pairs = breaking(pairs, introduced, root)
        resolved = _still_unknown(resolved, pairs, root)
    finally:
        snap.remove()
        from toplint.infra.readpolicy import name_targets

        name_targets(args.paths)  # the work tree's targets again, for anything read after

    return ChangeSet(
        args.base,
        commit,
        tuple(introduced),
        tuple(resolved),
        tuple(pairs),
        tuple((c.status, c.old, c.new) for c in changed),
        tuple(rechecked),
        len(findings) - len(introduced),
        base_error,
    )


def _relative(path: str, root: str) -> str:
    rel = os.path.relpath(os.path.realpath(path), os.path.realpath(root)).replace(os.sep, "/")
    if rel == ".":
        return ""
    if rel == ".." or rel.startswith("../"):
        raise UsageError(f"{path}: outside the git work tree {root}")
    return rel


def _named_files(args: argparse.Namespace, root: str) -> set[str]:
    """``--config`` and ``--hardware`` files inside the repository (read at the base too)."""
    out = set()
    for name in ("config", "hardware"):
        value = getattr(args, name, None)
        if value:
            rel = os.path.relpath(os.path.realpath(value), os.path.realpath(root))
            if not rel.startswith(".."):
                out.add(rel.replace(os.sep, "/"))
    return out


def _in_work_tree(message: str, snap: Snapshot, root: str) -> str:
    """An error about the snapshot's files, naming the repository's paths instead."""
    return message.replace(os.path.join(snap.folder, ""), "").replace(snap.folder, root)


def _under(rel: str, prefixes: Sequence[str]) -> bool:
    return any(p == "" or rel == p or rel.startswith(p + "/") for p in prefixes)


def _base_paths(snap: Snapshot, prefixes: Sequence[str], back: dict[str, str]) -> list[str]:
    """The base revision's counterparts of the named paths (what existed then)."""
    out = []
    for rel in prefixes:
        old = back.get(rel, rel)
        target = snap.path(old) if old else snap.folder
        if os.path.lexists(target):
            out.append(target)
    extra = {
        old for new, old in back.items() if _under(new, prefixes) and not _under(old, prefixes)
    }
    out.extend(snap.path(old) for old in sorted(extra) if os.path.lexists(snap.path(old)))
    return out


def _base_args(
    args: argparse.Namespace, snap: Snapshot, root: str, paths: Sequence[str]
) -> argparse.Namespace:
    """``args`` for the base side: a ``--config``/``--hardware`` inside the repository read as
    it was at the base revision (when it existed then)."""
    out = copy.copy(args)
    out.paths = list(paths)
    for name in ("config", "hardware"):
        value = getattr(args, name, None)
        if not value:
            continue
        rel = os.path.relpath(os.path.realpath(value), os.path.realpath(root))
        if not rel.startswith("..") and os.path.isfile(snap.path(rel.replace(os.sep, "/"))):
            setattr(out, name, snap.path(rel.replace(os.sep, "/")))
    return out


def _lint_base(args: argparse.Namespace, paths: Sequence[str]) -> list[Finding]:
    from toplint.pipeline.analyze import groups_by_config
    from toplint.pipeline.lint import lint, rule_settings_from
    from toplint.pipeline.order import sort_findings

    found: list[Finding] = []
    for batch in groups_by_config(args, paths):
        result = lint(batch.paths, batch.settings, rule_settings_from(batch.settings.config, args))
        found.extend(result.findings)
    return sort_findings(found)


def _to_work_tree(f: Finding, snap: Snapshot, root: str, forward: dict[str, str]) -> Finding:
    """A base finding at the path its file has in the work tree (renames followed), its
    folded consequences too; its fix is dropped (it edits the base's text)."""

    def moved(path: str) -> str:
        rel = snap.relative(path)
        if rel is None:
            return path
        full = os.path.join(root, *forward.get(rel, rel).split("/"))
        shown = os.path.relpath(full)
        return full if shown.startswith("..") else shown

    related = tuple(replace(r, path=moved(r.path)) for r in f.related)
    return replace(f, path=moved(f.path), fix=None, related=related)


def _still_unknown(
    resolved: Sequence[Finding], pairs: Sequence[DeploymentChange], root: str
) -> list[Finding]:
    """A finding of a deployment the change leaves unchecked (its layout no longer fits, its
    cluster is gone) is not resolved: nobody knows."""
    unchecked = {c.after.path for c in pairs if c.after is not None and c.after.unchecked}
    return [f for f in resolved if _path_key(f.path, root) not in unchecked]


def _difference(
    after: Sequence[Finding], before: Sequence[Finding], root: str
) -> tuple[list[Finding], list[Finding]]:
    """(introduced, resolved): each side against the other as a baseline.  A finding the other
    side folded into its cause (``Finding.related``: TL105 inside TL101) is there too, not
    introduced or resolved: matched by rule and file, as a consequence has no anchor."""

    def baseline(findings: Sequence[Finding]) -> Baseline:
        return Baseline(root, dict(Counter(key(f, root) for f in findings)))

    introduced, _ = new_findings(after, baseline(before))
    resolved, _ = new_findings(before, baseline(after))
    new = _unfolded(introduced, before, root)
    new_ids = {id(f) for f in new} | {id(f) for f in _escalated(after, before, introduced, root)}
    return [f for f in after if id(f) in new_ids], _unfolded(resolved, after, root)


def _escalated(
    after: Sequence[Finding], before: Sequence[Finding], introduced: Sequence[Finding], root: str
) -> list[Finding]:
    """Known findings whose severity the change raised: severity is the deployment's outcome
    (docs/severity.md), so TP across nodes that was info over InfiniBand and is a warning over
    the cheaper Ethernet the change brings is what the change introduced."""
    worst: dict[tuple[str, str, str], int] = {}
    for f in before:
        k = key(f, root)
        worst[k] = max(worst.get(k, -1), f.severity.rank)
    fresh = {id(f) for f in introduced}
    return [
        f
        for f in after
        if id(f) not in fresh and f.severity.rank > worst.get(key(f, root), f.severity.rank)
    ]


def _unfolded(findings: list[Finding], other: Sequence[Finding], root: str) -> list[Finding]:
    """``findings`` less those ``other`` holds as a folded consequence."""
    folded = Counter((r.rule, _path_key(r.path, root)) for f in other for r in f.related)
    out = []
    for f in findings:
        k = (f.rule, _path_key(f.path, root))
        if folded[k] > 0:
            folded[k] -= 1
        else:
            out.append(f)
    return out


def _path_key(path: str, root: str) -> str:
    return key(Finding("", "", Severity.INFO, path, 1, 1, ""), root)[1]
