"""GitHub Actions workflow commands: ``::error file=…,line=…,col=…,title=TL101::message``.

Escaping follows the runner's rules (actions/toolkit, packages/core/src/command.ts): data
escapes ``%``, ``\\r`` and ``\\n``; property values additionally escape ``:`` and ``,``.
"""

from __future__ import annotations

from toplint.model import Finding, Severity
from toplint.report.base import Report, display_path, printable, shown

# GitHub has three annotation levels; toplint's info is its notice.
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(f: Finding) -> str:
    f = shown(f, printable)  # no raw newline or escape sequence from the tree reaches the log
    props = {
        "file": display_path(f.path),
        "line": str(max(f.line, 1)),
        "col": str(max(f.column, 1)),
        "title": f.rule,
    }
    prop_text = ",".join(f"{k}={escape_property(v)}" for k, v in props.items())
    message = f"{f.message} ({f.name})" if f.name else f.message
    if f.fix is not None:
        message += f"\nfix: {f.fix.message}"
    return f"::{LEVELS[f.severity]} {prop_text}::{escape_data(message)}"


class GithubFormatter:
    name = "github"

    def render(self, report: Report) -> str:
        return "".join(command(f) + "\n" for f in report.findings)
