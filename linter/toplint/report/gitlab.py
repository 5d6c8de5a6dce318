"""GitLab Code Quality report (``artifacts:reports:codequality``): a JSON array of issues.

Fields follow GitLab's Code Climate subset: description, check_name, fingerprint, severity,
location.path and location.lines.begin.  The fingerprint is the SARIF one, so an issue keeps
its identity across merge requests when lines move.
"""

from __future__ import annotations

import json
from typing import Any

from toplint.model import Finding, Severity
from toplint.report.base import Report, display_path, fingerprints, shown

# GitLab's severities are info, minor, major, critical, blocker.
SEVERITIES = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def category(code: str) -> str:
    """Code Climate category by the catalog's code ranges (TL1xx topology/cost, TL2xx
    capacity and correctness, TL0xx files and suppressions)."""
    if code.startswith("TL1"):
        return "Performance"
    if code.startswith("TL2"):
        return "Bug Risk"
    return "Clarity"


def issue(f: Finding, fingerprint: str) -> dict[str, Any]:
    f = shown(f)  # a file name that is not UTF-8 still encodes
    description = f"{f.rule} {f.message}"
    if f.fix is not None:
        description += f" (fix: {f.fix.message})"
    return {
        "type": "issue",
        "check_name": f.rule,
        "description": description,
        "categories": [category(f.rule)],
        "severity": SEVERITIES[f.severity],
        "fingerprint": fingerprint,
        "location": {"path": display_path(f.path), "lines": {"begin": max(f.line, 1)}},
    }


class GitlabFormatter:
    name = "gitlab"

    def render(self, report: Report) -> str:
        prints = fingerprints(report.findings)
        issues = [issue(f, p) for f, p in zip(report.findings, prints, strict=True)]
        return json.dumps(issues, indent=2) + "\n"
