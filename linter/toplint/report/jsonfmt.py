"""Versioned JSON output (described by schemas/output.schema.json)."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from toplint import __version__
from toplint.model import Finding, Fix, Intent
from toplint.report.base import Report, counts_by_rule, counts_by_severity, fingerprints, shown

# Bump when a field changes meaning or disappears; adding fields keeps the version.
JSON_VERSION = 1


def plain(value: Any) -> Any:
    """JSON-safe copy: tuples become lists, non-finite floats null, anything else text."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, Sequence):
        return [plain(v) for v in value]
    return str(value)


def fix_dict(fix: Fix | None) -> dict[str, Any] | None:
    if fix is None:
        return None
    return {
        "message": fix.message,
        "applicability": fix.applicability,
        "edits": [
            {
                "path": e.path,
                "location": {"line": e.start[0], "column": e.start[1]},
                "end_location": {"line": e.end[0], "column": e.end[1]},
                "content": e.content,
            }
            for e in fix.edits
        ],
        "intents": [_intent(i) for i in fix.intents],
    }


def _intent(intent: Intent) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": intent.kind, "name": intent.name, "value": intent.value}
    if intent.at is not None:
        out["location"] = {"line": intent.at.line, "column": intent.at.column}
    return out


def finding_dict(f: Finding, fingerprint: str = "") -> dict[str, Any]:
    f = shown(f)  # a file name that is not UTF-8 still encodes
    return {
        "rule": f.rule,
        "name": f.name,
        "severity": str(f.severity),
        "path": f.path,
        "line": f.line,
        "column": f.column,
        "message": f.message,
        "anchor": f.anchor,
        "fingerprint": fingerprint,
        "fix": fix_dict(f.fix),
        "data": plain(dict(f.data)),
    }


class JsonFormatter:
    name = "json"

    def render(self, report: Report) -> str:
        prints = fingerprints(report.findings)
        doc = {
            "version": JSON_VERSION,
            "tool": {"name": "toplint", "version": __version__},
            "findings": [finding_dict(f, p) for f, p in zip(report.findings, prints, strict=True)],
            "summary": {
                "files": report.files,
                "deployments": report.deployments,
                "findings": len(report.findings),
                "suppressed": report.suppressed,
                "baselined": report.baselined,
                "checked": report.checked,
                "not_checked": dict(sorted(report.unchecked.items())),
                "latency_not_priced": report.unpriced,
                "by_severity": counts_by_severity(report.findings),
                "by_rule": counts_by_rule(report.findings),
            },
        }
        if report.changes is not None:
            from toplint.report.changes_json import changes_dict

            doc["changes"] = changes_dict(report.changes, finding_dict)
        return json.dumps(doc, indent=2, allow_nan=False) + "\n"
