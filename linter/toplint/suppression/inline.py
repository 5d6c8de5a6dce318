"""Suppression comments: ``# toplint: ignore[TL101] reason`` and ``# toplint: ignore-file[...]``.

A comment on its own line covers the next line of code, its backslash continuations and the
block indented under it (a YAML key's nested values, a shell command's continued flags); a
comment at the end of a line covers that line and the block under it.  ``ignore-file``
anywhere covers the whole file.  Without ``[...]`` every rule is covered.  A reason is
required: a suppression without one still works but is reported as TL002, so the reason gets
written down where the next reader needs it.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence

from toplint.infra.patterns import DeferredPattern
from toplint.model import Finding, Severity
from toplint.record import record
from toplint.rulebook.types import Rule

_DIRECTIVE = DeferredPattern(
    r"(?:^|\s)#\s*toplint:\s*(?P<kind>ignore-file|ignore)(?![\w-])"
    r"(?:\[(?P<codes>[^\]]*)\])?(?P<reason>.*)$"
)
_REASON_LEAD = " \t:-—–"

_DOC_TL002 = """\
## What it does
Checks that every `# toplint: ignore[...]` and `# toplint: ignore-file[...]` comment says why.

## Why is this bad?
A suppression hides a topology or capacity problem from every later reader and from CI. Without
a reason nobody can tell whether it was a measured exception (the link really is fast enough
for this workload) or a shortcut, and it is never revisited.

## Example
```bash
# toplint: ignore[TL101]
vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct --tensor-parallel-size 8
```

## Use instead
```bash
# toplint: ignore[TL101] batch-only job; TTFT is not a goal here (measured 2024-05)
vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct --tensor-parallel-size 8
```

## Options
None. Select or ignore it like any rule (`ignore: [TL002]`).

## References
- docs/ci.md, "Suppressions and baselines"
- ruff's `# noqa` conventions, which this follows (codes in brackets, checked for use)
"""

_DOC_TL006 = """\
## What it does
Reports `# toplint: ignore[...]` comments that suppress nothing (only with
`--report-unused-ignores`).

## Why is this bad?
A stale suppression silently hides the next real finding on that line after the layout changes.

## Example
```yaml
# toplint: ignore[TL101] TP stays inside the node now
tensor-parallel-size: 4
```

## Use instead
```yaml
tensor-parallel-size: 4
```
(the comment is gone once the finding it covered is gone)

## Options
None; enabled by `--report-unused-ignores`.

## References
- docs/ci.md, "Suppressions and baselines"
- ruff's RUF100 (unused-noqa), the model for this rule
"""

SUPPRESSION_WITHOUT_REASON = Rule(
    code="TL002",
    name="suppression-without-reason",
    summary="A `# toplint: ignore` comment gives no reason.",
    severity=Severity.WARNING,
    check=None,
    doc=_DOC_TL002,
    origin=__file__,
)
UNUSED_SUPPRESSION = Rule(
    code="TL006",
    name="unused-suppression",
    summary="A `# toplint: ignore` comment suppresses nothing.",
    severity=Severity.WARNING,
    check=None,
    doc=_DOC_TL006,
    origin=__file__,
)
SUPPRESSION_RULES: tuple[Rule, ...] = (SUPPRESSION_WITHOUT_REASON, UNUSED_SUPPRESSION)


@record
class Suppression:
    path: str
    line: int  # of the comment
    column: int  # of its '#'
    codes: tuple[str, ...]  # codes or names; empty = every rule
    reason: str
    file_level: bool
    lines: range = range(0)  # lines covered (not file-level)

    def covers(self, f: Finding) -> bool:
        if not (self.file_level or f.line in self.lines):
            return False
        return not self.codes or f.rule in self.codes or f.name in self.codes


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _is_code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


class _Blocks:
    """What a suppression covers, for every line of one file, in O(n log n) overall.

    The block of line ``s`` runs to the line before the first later line that is not blank,
    not a backslash continuation and indented no deeper than ``s``; blank lines at its end are
    not covered.  Computed once per file with a monotonic stack, not by walking forward from
    each comment (quadratic: 33,000 comment lines took minutes).
    """

    def __init__(self, lines: Sequence[str]) -> None:
        n = len(lines)
        blank = [not line.strip() for line in lines]
        indent = [_indent(line) for line in lines]
        self.next_code: list[int | None] = [None] * (n + 1)
        self.stop = [n] * n
        self.last_nonblank = [-1] * n
        seen = -1
        for i in range(n):
            seen = i if not blank[i] else seen
            self.last_nonblank[i] = seen
        stack: list[int] = []  # breaking lines, nearest last; their indents increase upwards
        depths: list[int] = []
        for i in range(n - 1, -1, -1):
            self.next_code[i] = i if _is_code(lines[i]) else self.next_code[i + 1]
            k = bisect.bisect_right(depths, indent[i])
            self.stop[i] = stack[k - 1] if k else n
            breaks = not blank[i] and not (i and lines[i - 1].rstrip().endswith("\\"))
            if breaks:
                while depths and depths[-1] >= indent[i]:
                    stack.pop()
                    depths.pop()
                stack.append(i)
                depths.append(indent[i])

    def covered(self, start: int) -> range:
        """1-based line numbers of ``start`` (0-based) and what continues or nests under it."""
        end = max(start, self.last_nonblank[self.stop[start] - 1])
        return range(start + 1, end + 2)


def _parse_codes(text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    return tuple(c.strip() for c in text.split(",") if c.strip())


def scan(path: str, text: str) -> list[Suppression]:
    """Every suppression comment of one file."""
    if "toplint:" not in text:
        return []
    lines = text.split("\n")
    found: list[Suppression] = []
    blocks: _Blocks | None = None
    for i, line in enumerate(lines):
        if "toplint:" not in line:
            continue
        m = _DIRECTIVE.search(line)
        if m is None:
            continue
        column = line.index("#", m.start()) + 1
        file_level = m.group("kind") == "ignore-file"
        own_line = not line[: column - 1].strip()
        covered = range(0)
        if not file_level:
            blocks = blocks or _Blocks(lines)
            target = blocks.next_code[i + 1] if own_line else i
            covered = blocks.covered(target) if target is not None else range(0)
        reason = m.group("reason").strip().lstrip(_REASON_LEAD).strip()
        codes = _parse_codes(m.group("codes"))
        found.append(Suppression(path, i + 1, column, codes, reason, file_level, covered))
    return found


@record
class Outcome:
    kept: tuple[Finding, ...]
    suppressed: int
    reports: tuple[Finding, ...]  # TL002 (always) and TL006 (when asked)


def _finding(rule: Rule, s: Suppression, message: str) -> Finding:
    return Finding(
        rule=rule.code,
        name=rule.name,
        severity=rule.severity,
        path=s.path,
        line=s.line,
        column=s.column,
        message=message,
        anchor=f"suppression:{'file' if s.file_level else 'line'}:{','.join(s.codes) or '*'}",
    )


def _label(s: Suppression) -> str:
    kind = "ignore-file" if s.file_level else "ignore"
    return f"{kind}[{', '.join(s.codes)}]" if s.codes else kind


def _unused(s: Suppression, used: set[str]) -> Finding | None:
    if not s.codes:  # a bare `ignore` is used when it hid anything at all
        return None if "*" in used else _finding(UNUSED_SUPPRESSION, s, f"unused `{_label(s)}`")
    idle = [c for c in s.codes if c not in used]
    if not idle:
        return None
    return _finding(
        UNUSED_SUPPRESSION, s, f"unused suppression of {', '.join(idle)} in `{_label(s)}`"
    )


def apply(
    findings: Iterable[Finding],
    suppressions: Mapping[str, Sequence[Suppression]],
    *,
    report_unused: bool = False,
) -> Outcome:
    """Drop suppressed findings; report suppressions without a reason (and unused ones)."""
    used: dict[tuple[str, int], set[str]] = {}
    kept: list[Finding] = []
    hidden = 0
    for f in findings:
        hits = [s for s in suppressions.get(f.path, ()) if s.covers(f)]
        for s in hits:
            mark = used.setdefault((s.path, s.line), set())
            mark.update(c for c in s.codes if c in (f.rule, f.name))
            mark.add("*")
        if hits:
            hidden += 1
        else:
            kept.append(f)
    reports: list[Finding] = []
    for group in suppressions.values():
        for s in group:
            if not s.reason:
                reports.append(
                    _finding(
                        SUPPRESSION_WITHOUT_REASON,
                        s,
                        f"`{_label(s)}` without a reason; say why after the brackets",
                    )
                )
            if report_unused:
                stale = _unused(s, used.get((s.path, s.line), set()))
                if stale is not None:
                    reports.append(stale)
    return Outcome(tuple(kept), hidden, tuple(reports))
