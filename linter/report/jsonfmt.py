"""Versioned JSON output (described by schemas/output.schema.json)."""

from __future__ import annotations

import json
from typing import Any

from toplint import __version__
from toplint.model import Finding
from toplint.report.base import Report

JSON_VERSION = 1


def finding_dict(f: Finding) -> dict[str, Any]:
    fix = None
    if f.fix is not None:
        fix = {
            "message": f.fix.message,
            "applicability": f.fix.applicability,
            "edits": [
                {
                    "path": e.path,
                    "location": {"line": e.start[0], "column": e.start[1]},
                    "end_location": {"line": e.end[0], "column": e.end[1]},
                    "content": e.content,
                }
                for e in f.fix.edits
            ],
        }
    return {
        "rule": f.rule,
        "name": f.name,
        "severity": str(f.severity),
        "path": f.path,
        "line": f.line,
        "column": f.column,
        "message": f.message,
        "fix": fix,
        "data": dict(f.data),
    }


class JsonFormatter:
    name = "json"

    def render(self, report: Report) -> str:
        doc = {
            "version": JSON_VERSION,
            "tool": {"name": "toplint", "version": __version__},
            "findings": [finding_dict(f) for f in report.findings],
            "summary": {
                "files": report.files,
                "deployments": report.deployments,
                "findings": len(report.findings),
            },
        }
        return json.dumps(doc, indent=2, sort_keys=False) + "\n"
