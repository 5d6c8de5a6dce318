"""ruff-style text: ``path:line:col: CODE message`` followed by the fix, and a summary."""

from __future__ import annotations

from toplint.report.base import Report


class TextFormatter:
    name = "text"

    def render(self, report: Report) -> str:
        lines: list[str] = []
        for f in report.findings:
            lines.append(f"{f.path}:{f.line}:{f.column}: {f.rule} [{f.severity}] {f.message}")
            if report.show_fixes and f.fix is not None:
                lines.append(f"  fix: {f.fix.message}")
        n = len(report.findings)
        if n:
            lines.append(f"Found {n} finding{'s' if n != 1 else ''} in {report.files} file(s).")
        else:
            lines.append(
                f"All checks passed ({report.files} file(s), {report.deployments} deployment(s))."
            )
        return "\n".join(lines) + "\n"
