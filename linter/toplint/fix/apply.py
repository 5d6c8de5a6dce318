"""``toplint check --fix`` / ``--diff``: apply the edits fixes carry, each one proven first.

A fix's edits come from the intents its rule attached (``toplint.fix.resolve``); this module
never reads a fix's message.  For each file, as ruff does, fixes are applied in memory one at
a time and the whole check is run again on the result with the same configuration and
hardware (``toplint.pipeline.lint.text_checker``).  A fix is kept only when the file still
parses into as many deployments, the finding it fixes is gone (or no longer at its severity:
a warning whose outcome the fix resolves may stay as info) and no finding at warning or above
appears that was not there before (except behind a fix of an option the engine rejects,
``REJECTED_BY_THE_ENGINE``: what it reveals is reported); then the file is checked again for
the fixes that remain, up to ``MAX_ROUNDS`` times.  A fix that fails is reported as "not
applied: why".

Only safe fixes apply unless ``unsafe`` is set; "display" fixes never apply.  Files are taken
once by real path; a symlink met while walking a folder is not written through (a symlink
named on the command line is).  Writes go through ``toplint.fix.files.write_back``.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from toplint.fix.textindex import TextIndex
from toplint.fix.types import Checked, Checker
from toplint.hardware.units import plural
from toplint.model import UNKNOWN_ENGINE_FLAG, UNPARSABLE_FILE, Edit, Finding, Severity
from toplint.record import record, replace

__all__ = [
    "FileOutcome",
    "FixOutcome",
    "applicable",
    "apply_edits",
    "attempt",
    "fix_files",
    "verify",
]

# ruff stops after 100 passes; a deployment config has a handful of fixes, each pass here
# re-checks the file once per fix tried.
MAX_ROUNDS = 10


@record
class Rejected:
    finding: Finding
    reason: str


@record
class FileOutcome:
    path: str
    applied: tuple[Finding, ...] = ()
    rejected: tuple[Rejected, ...] = ()
    diff: str = ""
    written: bool = False
    error: str = ""  # why the file was not written (or not read)
    hidden: int = 0  # unsafe fixes left for --unsafe-fixes


@record
class FixOutcome:
    files: tuple[FileOutcome, ...]

    @property
    def changed(self) -> tuple[str, ...]:
        return tuple(f.path for f in self.files if f.diff and not f.error)

    @property
    def applied(self) -> int:
        return sum(len(f.applied) for f in self.files if not f.error)

    @property
    def hidden(self) -> int:
        return sum(f.hidden for f in self.files)

    @property
    def diff(self) -> str:
        return "".join(f.diff for f in self.files)


def applicable(finding: Finding, unsafe: bool) -> bool:
    fix = finding.fix
    if fix is None:
        return False
    return fix.applicability == "safe" or (unsafe and fix.applicability == "unsafe")


def _hidden(finding: Finding, unsafe: bool) -> bool:
    fix = finding.fix
    return not unsafe and fix is not None and fix.applicability == "unsafe" and bool(fix.edits)


def apply_edits(text: str, edits: Iterable[Edit]) -> tuple[str, tuple[Edit, ...]]:
    """``text`` with the non-overlapping ``edits`` applied bottom-up, and the edits taken."""
    idx = TextIndex.of(text)
    # Insertions at one offset keep the order they were given in (a fix's flags read in order).
    unique = list(dict.fromkeys(edits))
    spans = sorted(
        (idx.offset(*e.start), idx.offset(*e.end), order, e.content, e)
        for order, e in enumerate(unique)
    )
    taken: list[tuple[int, int, int, str, Edit]] = []
    for span in spans:
        if taken and span[0] < taken[-1][1]:
            continue  # overlaps the previous edit: left for the next pass
        taken.append(span)
    # One pass: the text between edits and each edit's content, joined once.
    parts: list[str] = []
    at = 0
    for start, end, _, content, _ in taken:
        parts += (text[at:start], content)
        at = end
    parts.append(text[at:])
    return "".join(parts), tuple(s[4] for s in taken)


# Findings of what the engine itself rejects (an option it does not know): their fix is kept
# even when it reveals another finding, which the next check then reports (issue 25).
REJECTED_BY_THE_ENGINE = frozenset({UNKNOWN_ENGINE_FLAG.code})


def _counts(findings: Iterable[Finding], least: Severity) -> Counter[str]:
    return Counter(f.rule for f in findings if f.severity.rank >= least.rank)


def verify(before: Checked, after: Checked, fixed: Finding) -> str | None:
    """Why the fixed text must not be written (None: it may).

    Findings are compared by rule, counted: positions and numbers move when a file changes.
    """
    if (
        _counts(after.findings, Severity.INFO)[UNPARSABLE_FILE.code]
        > _counts(before.findings, Severity.INFO)[UNPARSABLE_FILE.code]
    ):
        return "the file would no longer parse"
    if after.deployments < before.deployments:
        return (
            f"the file would hold {after.deployments} deployments instead of {before.deployments}"
        )
    if (
        _counts(after.findings, fixed.severity)[fixed.rule]
        >= _counts(before.findings, fixed.severity)[fixed.rule]
    ):
        return f"{fixed.rule} would still be reported"
    if fixed.rule in REJECTED_BY_THE_ENGINE:
        return None  # the engine would not start as written: what the fix reveals is reported
    old = _counts(before.findings, Severity.WARNING)
    new = _counts(after.findings, Severity.WARNING)
    for f in after.findings:
        if f.severity.rank >= Severity.WARNING.rank and new[f.rule] > old[f.rule]:
            return f"it would add {f.rule} ({f.severity}): {f.message}"
    return None


def _key(f: Finding) -> tuple[str, str, str]:
    return (f.rule, f.anchor, f.fix.message if f.fix is not None else "")


def fix_text(path: str, text: str, check: Checker, unsafe: bool) -> tuple[str, FileOutcome]:
    """The text with every fix that verifies applied, and what happened to each fix."""
    current = check(path, text)
    applied: list[Finding] = []
    rejected: dict[tuple[str, str, str], Rejected] = {}
    for _ in range(MAX_ROUNDS):
        progressed = False
        for f in current.findings:
            if not applicable(f, unsafe) or f.path != path or _key(f) in rejected:
                continue
            reason, new = attempt(f, text, path, current, check)
            if reason is not None:
                rejected[_key(f)] = Rejected(f, reason)
                continue
            assert new is not None
            text, current = new
            applied.append(f)
            progressed = True
            break  # positions moved: the next pass works from the new findings
        if not progressed:
            break
    else:  # bounded like ruff's passes: what is left is said, not dropped
        for f in current.findings:
            if applicable(f, unsafe) and f.path == path and _key(f) not in rejected:
                why = f"left for the next run (at most {MAX_ROUNDS} fixes per file per run)"
                rejected[_key(f)] = Rejected(f, why)
    hidden = sum(_hidden(f, unsafe) for f in current.findings if f.path == path)
    return text, FileOutcome(path, tuple(applied), tuple(rejected.values()), hidden=hidden)


def attempt(
    f: Finding, text: str, path: str, current: Checked, check: Checker
) -> tuple[str | None, tuple[str, Checked] | None]:
    """(why ``f``'s fix must not be written into ``text``, None), or (None, (the fixed text,
    what checking it finds)).  ``--fix`` writes a fix only when it passes, and ``check``
    shows one only when it passes (``toplint.pipeline.shown``)."""
    assert f.fix is not None
    edits = [e for e in f.fix.edits if e.path == path]
    if not edits:
        return "no edit can carry it out in this file", None
    new, taken = apply_edits(text, edits)
    if len(taken) < len(edits):
        return "its edits overlap one another", None
    if new == text:
        return "its edits change nothing", None
    after = check(path, new)
    reason = verify(current, after, f)
    return (reason, None) if reason is not None else (None, (new, after))


def fix_files(
    paths: Iterable[str],
    check_for: Callable[[str], Checker],
    *,
    unsafe: bool,
    write: bool,
    named: Iterable[str] = (),
) -> FixOutcome:
    """Fix (``write``) or only diff each file once, by real path, in the order given."""
    from toplint.fix.files import WriteError, read_original, restore, write_back

    explicit = {os.path.normpath(p) for p in named}
    seen: dict[str, str] = {}
    outcomes: list[FileOutcome] = []
    for path in paths:
        real = os.path.realpath(path)
        if real in seen:
            continue  # the same file named twice (a.sh ./a.sh, a file and a link to it)
        seen[real] = path
        try:
            original = read_original(path)
        except WriteError as exc:
            outcomes.append(FileOutcome(path, error=str(exc)))
            continue
        new_text, outcome = fix_text(path, original.text, check_for(path), unsafe)
        if new_text == original.text:
            outcomes.append(outcome)
            continue
        data = restore(original, new_text)
        outcome = _with_diff(outcome, path, original.data, data)
        if write:
            outcome = _write(outcome, original, data, explicit, write_back, WriteError)
        outcomes.append(outcome)
    return FixOutcome(tuple(outcomes))


def _with_diff(outcome: FileOutcome, path: str, old: bytes, new: bytes) -> FileOutcome:

    return replace(outcome, diff=unified_diff(path, old.decode("utf-8"), new.decode("utf-8")))


def _write(
    outcome: FileOutcome,
    original: object,
    data: bytes,
    named: set[str],
    write_back: Callable[..., None],
    error: type[Exception],
) -> FileOutcome:

    if _through_link(outcome.path, named):
        why = "reached through a symlink; not written (name the file to fix its target)"
        return replace(outcome, error=why)
    try:
        write_back(original, data)
    except error as exc:
        return replace(outcome, error=str(exc))
    return replace(outcome, written=True)


def _through_link(path: str, named: set[str]) -> bool:
    """True when ``path`` was found in a named folder through a symlink (the file or a folder
    between it and the named folder); a path named itself is written through."""
    here = os.path.normpath(path)
    while here not in named:
        if os.path.islink(here):
            return True
        parent = os.path.dirname(here)
        if parent == here or not parent:
            return False
        here = parent
    return False


def unified_diff(path: str, old: str, new: str) -> str:
    """The diff ``--diff`` prints (``toplint.fix.linediff``: linear, tree text escaped)."""
    from toplint.fix.linediff import unified_diff as diff

    return diff(path, old, new)


def summary(outcome: FixOutcome, unsafe: bool, diff_only: bool) -> list[str]:
    """Lines for stderr: what was fixed, what was not and why, hidden unsafe fixes."""
    lines: list[str] = []
    verb = "would fix" if diff_only else "fixed"
    changed = [f for f in outcome.files if f.applied and (f.written or diff_only)]
    if changed:
        count = sum(len(f.applied) for f in changed)

        lines.append(
            f"toplint: {verb} {plural(count, 'finding')} in {plural(len(changed), 'file')}"
        )
    elif any(f.rejected or f.error for f in outcome.files):
        lines.append("toplint: no file changed")
    for f in outcome.files:
        for finding in f.applied if (f.written or diff_only) else ():
            lines.append(f"  {verb}: {_where(finding)} {finding.rule}")
        for r in f.rejected:
            lines.append(f"  not applied: {_where(r.finding)} {r.finding.rule}: {r.reason}")
        if f.error:
            lines.append(f"  not changed: {f.path}: {f.error}")
    if outcome.hidden and not unsafe:
        n = outcome.hidden
        lines.append(f"toplint: {n} fix{'es' if n != 1 else ''} available with `--unsafe-fixes`")
    if not lines:
        lines.append("toplint: no fixes to apply")
    return lines


def _where(f: Finding) -> str:
    return f"{f.path}:{f.line}:{f.column}:"


def fixable_paths(findings: Sequence[Finding]) -> list[str]:
    """Files with a fix that has edits (safe or unsafe), in first-seen order."""
    out: dict[str, None] = {}
    for f in findings:
        fix = f.fix
        if fix is not None and fix.applicability in ("safe", "unsafe") and f.path != "-":
            out.setdefault(f.path, None)
    return list(out)
