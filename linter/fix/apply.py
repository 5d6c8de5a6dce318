"""``toplint check --fix``: turn the fixes rules attach into edits and apply them.

A rule's ``Fix`` may carry edits already.  When it carries none, the edits come from a
structured intent on the finding, in this order:

- ``finding.data["fix_flags"]``: canonical flag -> new value (None removes the flag);
- ``finding.data["fix_remove"]`` true, or a fix message ``remove `--flag value```: remove the
  flag whose option token sits at the finding's position (TL209's ignored duplicate);
- a fix message that starts with engine flags (``--tensor-parallel-size 4
  --pipeline-parallel-size 2 (…)``): those flags, set where the deployment wrote them.

Only safe fixes apply unless ``unsafe`` is set; "display" fixes never apply.  Edits to one file
apply bottom-up, and an edit that overlaps one already taken is skipped (the next run gets it).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from toplint.fix.edits import (
    TextIndex,
    duplicate_edits,
    flag_edits,
    mapping_value_edits,
    remove_flag,
)
from toplint.model import Deployment, Edit, Finding
from toplint.record import record

__all__ = ["FixOutcome", "apply_edits", "edits_for", "fix_findings", "flag_edits"]

# "nvidia.com/gpu: 4   # …" (TL201): a resource count set where the finding points.
_RESOURCE = re.compile(r"([\w.-]+/[\w.-]+):\s*(\d+)\b")
_FLAG_WORD = re.compile(r"--([A-Za-z0-9][\w.-]*)(?:=(\S+))?$")


@record
class FixOutcome:
    fixed: tuple[Finding, ...]  # findings whose edits were applied (or shown)
    diff: str  # unified diff of every change (empty when nothing changed)
    files: tuple[str, ...]  # files changed


def applicable(finding: Finding, unsafe: bool) -> bool:
    fix = finding.fix
    if fix is None:
        return False
    return fix.applicability == "safe" or (unsafe and fix.applicability == "unsafe")


def edits_for(finding: Finding, deployments: Sequence[Deployment], text: str) -> tuple[Edit, ...]:
    """The edits that carry out ``finding``'s fix in ``text`` (empty when none can be derived)."""
    fix = finding.fix
    if fix is None:
        return ()
    if fix.edits:
        return fix.edits
    dep = _deployment_at(finding, deployments)
    if dep is None:
        return ()
    flags = finding.data.get("fix_flags")
    if isinstance(flags, Mapping):
        return flag_edits(dep, {str(k): _str_or_none(v) for k, v in flags.items()}, text)
    if finding.data.get("fix_remove") or fix.message.startswith("remove `"):
        return _remove_at(finding, dep, text)
    resource = _RESOURCE.match(fix.message)
    if resource is not None:
        lines = text.split("\n")
        if lines[finding.line - 1][finding.column - 1 :].startswith(f"{resource.group(1)}:"):
            key, value = resource.group(1), resource.group(2)
            return tuple(mapping_value_edits(key, finding.line, value, text, finding.path))
    changes = _flags_in_message(fix.message, dep)
    return flag_edits(dep, changes, text) if changes else ()


def _str_or_none(value: object) -> str | None:
    return None if value is None else str(value)


def _deployment_at(finding: Finding, deployments: Sequence[Deployment]) -> Deployment | None:
    """The deployment whose flag or setting sits at the finding's position."""
    where = (finding.line, finding.column)
    for dep in deployments:
        if dep.path != finding.path:
            continue
        for flag in dep.flags:
            spots = [flag.position, flag.value_position]
            if any(p is not None and (p.line, p.column) == where for p in spots):
                return dep
        if any((p.line, p.column) == where for p in dep.sources.values()):
            return dep
        if (dep.line, dep.column) == where:
            return dep
    candidates = [d for d in deployments if d.path == finding.path]
    return candidates[0] if len(candidates) == 1 else None


def _remove_at(finding: Finding, dep: Deployment, text: str) -> tuple[Edit, ...]:
    for flag in dep.flags:
        if (flag.position.line, flag.position.column) == (finding.line, finding.column):
            return tuple(remove_flag(flag, TextIndex(text), dep.path))
    name = finding.data.get("option")
    return duplicate_edits(dep, str(name), text) if name else ()


def _flags_in_message(message: str, dep: Deployment) -> dict[str, str | None]:
    """Leading ``--flag value`` words of a fix message, by canonical name."""
    from toplint.parse.engines import ENGINES

    spec = ENGINES.get(dep.engine)
    longs = spec.long_options() if spec is not None else {}
    words = message.split()
    out: dict[str, str | None] = {}
    i = 0
    while i < len(words):
        m = _FLAG_WORD.match(words[i])
        if m is None:
            break
        raw = m.group(1).replace("_", "-")
        name = longs.get(raw, raw)
        value = m.group(2)
        if value is None and i + 1 < len(words) and not words[i + 1].startswith(("-", "(")):
            value = words[i + 1]
            i += 1
        out[name] = value if value is not None else ""  # "" = a bare boolean flag
        i += 1
    return out


def apply_edits(text: str, edits: Iterable[Edit]) -> tuple[str, tuple[Edit, ...]]:
    """``text`` with the non-overlapping ``edits`` applied bottom-up, and the edits taken."""
    idx = TextIndex(text)
    spans = sorted(
        {(idx.offset(*e.start), idx.offset(*e.end), e.content, e) for e in edits},
        key=lambda s: (s[0], s[1]),
    )
    taken: list[tuple[int, int, str, Edit]] = []
    for span in spans:
        if taken and span[0] < taken[-1][1]:
            continue  # overlaps the previous edit: left for the next run
        taken.append(span)
    out = text
    for start, end, content, _ in reversed(taken):
        out = out[:start] + content + out[end:]
    return out, tuple(s[3] for s in taken)


def fix_findings(findings: Sequence[Finding], unsafe: bool, write: bool) -> FixOutcome:
    """Apply (``write``) or only diff the fixes of ``findings``, file by file."""
    from toplint.parse.parallel import parse_file

    by_path: dict[str, list[Finding]] = {}
    for f in findings:
        if applicable(f, unsafe) and f.path != "-":
            by_path.setdefault(f.path, []).append(f)
    fixed: list[Finding] = []
    diffs: list[str] = []
    changed: list[str] = []
    for path, group in sorted(by_path.items()):
        # bytes, not read_text: keep "\r\n" and every other byte as it was
        text = Path(path).read_bytes().decode("utf-8")
        deployments = parse_file(path).deployments
        per_finding = [(f, edits_for(f, deployments, text)) for f in group]
        new, taken = apply_edits(text, [e for _, edits in per_finding for e in edits])
        if new == text:
            continue
        fixed += [f for f, edits in per_finding if edits and set(edits) <= set(taken)]
        changed.append(path)
        diffs.append(_diff(path, text, new))
        if write:
            Path(path).write_bytes(new.encode("utf-8"))
    return FixOutcome(tuple(fixed), "".join(diffs), tuple(changed))


def _diff(path: str, old: str, new: str) -> str:
    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=f"a/{path}",
        tofile=f"b/{path}",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def fix_from_args(args: object, findings: Sequence[Finding]) -> bool:
    """``check --fix`` / ``--diff`` (``--unsafe-fixes``): True when a file changed (or would)."""
    import sys

    diff_only = bool(getattr(args, "diff", False))
    unsafe = bool(getattr(args, "unsafe_fixes", False))
    outcome = fix_findings(findings, unsafe=unsafe, write=not diff_only)
    if diff_only:
        sys.stdout.write(outcome.diff)
    elif outcome.files:
        print(
            f"toplint: fixed {len(outcome.fixed)} findings in {len(outcome.files)} files",
            file=sys.stderr,
        )
    return bool(outcome.files)
