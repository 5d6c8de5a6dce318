"""ruff-style text: ``path:line:col: CODE message`` followed by the fix, and a summary."""

from __future__ import annotations

from toplint.hardware.units import plural
from toplint.model import Finding
from toplint.report.base import (
    Report,
    counts_by_rule,
    printable,
    rule_index,
    severity_summary,
    shown,
)


def finding_lines(f: Finding, report: Report) -> list[str]:
    f = shown(f, printable)  # one line each, inert on a terminal, whatever the tree holds
    lines = [f"{f.path}:{f.line}:{f.column}: {f.rule} [{f.severity.value}] {f.message}"]
    if not report.show_fixes or f.fix is None:
        return lines
    if not report.fix_details:
        return [*lines, f"  fix: {f.fix.message}"]
    lines.append(f"  fix ({f.fix.applicability}): {f.fix.message}")
    for e in f.fix.edits:
        lines.append(
            f"    {e.path}:{e.start[0]}:{e.start[1]}-{e.end[0]}:{e.end[1]} -> {e.content!r}"
        )
    return lines


def statistics_lines(report: Report) -> list[str]:
    """``count  CODE  name`` per rule, most frequent first (ruff's ``--statistics``)."""
    names = {code: r.name for code, r in rule_index(report).items()}
    names.update({f.rule: f.name for f in report.findings})
    counts = counts_by_rule(report.findings)
    width = max((len(str(n)) for n in counts.values()), default=1)
    ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [f"{n:>{width}}  {code}  {names.get(code, '')}".rstrip() for code, n in ordered]


def coverage_line(report: Report) -> str:
    """``6 files, 4 deployments: 3 checked against hardware, 1 not checked (no cluster chosen).``"""
    head = f"{plural(report.files, 'file')}, {plural(report.deployments, 'deployment')}"
    if not report.deployments:
        return head + "."
    missed = sum(report.unchecked.values())
    line = f"{head}: {report.checked} checked against hardware"
    if report.inferred:
        line += f" ({report.inferred} on hardware inferred from the files' own hints)"
    if report.unpriced:
        line += f" ({report.unpriced} with the latency not priced: GPU figures not known)"
    if missed:
        if len(report.unchecked) == 1:
            why = next(iter(report.unchecked))
        else:
            why = "; ".join(f"{label}: {n}" for label, n in sorted(report.unchecked.items()))
        line += f", {missed} not checked ({why})"
    return line + "."


def verdict_line(report: Report) -> str:
    """ "All checks passed." only when every deployment was checked and nothing was found."""
    n = len(report.findings)
    hidden = []
    if report.suppressed:
        hidden.append(f"{report.suppressed} suppressed")
    if report.baselined:
        hidden.append(f"{report.baselined} in the baseline")
    if report.changes is not None:  # check --base: the findings are what the change introduced
        from toplint.report.changes_text import changes_verdict

        return changes_verdict(report, hidden)
    tail = f" ({', '.join(hidden)})" if hidden else ""
    if n:
        sev = severity_summary(report.findings)
        return f"Found {plural(n, 'finding')} ({sev}) in {plural(report.files, 'file')}{tail}."
    if not report.deployments:
        return f"No findings{tail}, but no deployment was found: nothing was checked."
    missed = sum(report.unchecked.values())
    if missed:
        return (
            f"No findings{tail}, but {plural(missed, 'deployment')} "
            f"{'was' if missed == 1 else 'were'} not checked against hardware."
        )
    return f"All checks passed{tail}."


def summary_line(report: Report) -> str:
    return coverage_line(report) + "\n" + verdict_line(report)


class TextFormatter:
    name = "text"

    def render(self, report: Report) -> str:
        lines: list[str] = []
        if report.statistics:
            lines.extend(statistics_lines(report))
        else:
            for f in report.findings:
                lines.extend(finding_lines(f, report))
        if not report.quiet:
            if report.changes is not None:
                from toplint.report.changes_text import changes_lines

                lines.extend(changes_lines(report.changes))
            lines.append(summary_line(report))
        return "\n".join(lines) + "\n" if lines else ""
