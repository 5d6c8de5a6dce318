"""Text output of ``check --base``: each changed deployment on a line, and the verdict."""

from __future__ import annotations

from toplint.hardware.units import plural
from toplint.report.base import Report, number, printable, severity_summary
from toplint.report.changeset import ChangeSet, DeploymentChange, Side


def _side(s: Side | None) -> str:
    if s is None:
        return "none"
    where = f" on {s.nodes} node{'s' if s.nodes != 1 else ''}" if s.nodes else ""
    return f"{s.layout} ({s.gpus if s.gpus is not None else '?'} GPUs{where})"


def _numbers(c: DeploymentChange) -> str:
    b = c.before.outcome if c.before else None
    a = c.after.outcome if c.after else None
    if b is None or a is None:
        return ""
    return (
        f"; TTFT {number(b.ttft_ms.value)} → {number(a.ttft_ms.value)} ms, "
        f"ITL {number(b.itl_ms.value)} → {number(a.itl_ms.value)} ms, "
        f"{b.tokens_per_s.value:.0f} → {a.tokens_per_s.value:.0f} tokens/s"
    )


def changes_lines(changes: ChangeSet) -> list[str]:
    lines = []
    if changes.base_error:
        lines.append(f"The base revision could not be checked: {printable(changes.base_error)}")
    if changes.rechecked:
        files = ", ".join(printable(p) for p in changes.rechecked)
        lines.append(f"Re-checked the deployments of the changed {files}.")
    for c in changes.deployments:
        side = c.after or c.before
        assert side is not None
        where = printable(f"{side.path}:{side.line}")  # repository-relative
        lines.append(
            f"{where}: {_side(c.before)} → {_side(c.after)}{_numbers(c)}: {printable(c.verdict)}"
        )
    if changes.resolved:
        lines.append(f"Resolved: {plural(len(changes.resolved), 'finding')}.")
    return lines


def changes_verdict(report: Report, hidden: list[str]) -> str:
    changes = report.changes
    assert changes is not None
    if changes.known:
        hidden = [*hidden, f"{changes.known} also at the base, not counted"]
    tail = f" ({', '.join(hidden)})" if hidden else ""
    against = f"against {printable(changes.base)}"
    n = len(report.findings)
    if n:
        sev = severity_summary(report.findings)
        return f"The change introduces {plural(n, 'finding')} ({sev}) {against}{tail}."
    return f"The change introduces no finding {against}{tail}."
