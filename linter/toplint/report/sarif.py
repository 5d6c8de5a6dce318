"""SARIF 2.1.0 (OASIS), as GitHub code scanning and other dashboards read it.

One run; ``results`` is always present (an empty list means "clean", which closes alerts);
every rule carries short and full descriptions, its documentation page as ``help`` and its
default level; regions are 1-based; ``partialFingerprints`` survive lines moving.  A result's
``properties`` (SARIF 2.1.0 §3.8 property bag) hold the finding's ``data`` and, under
``estimates``, each predicted time it used with its error band and method as numbers
(``{value, low, high, method, unit}``, toplint.facts.registry.estimates).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any
from urllib.parse import quote

from toplint import __version__
from toplint.facts.registry import estimates
from toplint.model import Edit, Finding, Fix, Related, Severity
from toplint.report.base import Report, encodable, fingerprints, relative_path, shown
from toplint.report.jsonfmt import plain
from toplint.rulebook.types import Rule

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
# SARIF 2.1.0 §3.27.10: the three levels a result can have besides "none".
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
FINGERPRINT_NAME = "toplint/v1"
SRCROOT = "%SRCROOT%"


def uri_for(path: str) -> str:
    """A relative URI reference for ``path`` (percent-encoded, forward slashes)."""
    rel = relative_path(path)
    if os.path.isabs(rel):
        return rel.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return quote(rel.encode("utf-8", "surrogateescape"), safe="/:")  # the file's own bytes


def _first_paragraph(doc: str, heading: str = "## What it does") -> str:
    if heading not in doc:
        return ""
    body = doc.split(heading, 1)[1].strip()
    return re.split(r"\n\s*\n|\n#", body, maxsplit=1)[0].replace("\n", " ").strip()


def rule_descriptor(rule: Rule) -> dict[str, Any]:
    full = _first_paragraph(rule.doc) or rule.summary
    page = rule.doc.strip() or f"{rule.code} ({rule.name}): {rule.summary}"
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary or rule.name},
        "fullDescription": {"text": full or rule.name},
        "help": {"text": page, "markdown": page},
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "properties": {"tags": ["toplint"], "fix-safety": rule.fix_safety or "none"},
    }


def _descriptors(report: Report) -> tuple[list[dict[str, Any]], dict[str, int]]:
    rules = {r.code: r for r in report.rules}
    for f in report.findings:  # a finding from a rule the run does not list still needs one
        if f.rule not in rules:
            rules[f.rule] = Rule(f.rule, f.name or f.rule, f.name or f.rule, f.severity, None)
    ordered = [rules[c] for c in sorted(rules)]
    return [rule_descriptor(r) for r in ordered], {r.code: i for i, r in enumerate(ordered)}


def result(f: Finding, index: int, fingerprint: str) -> dict[str, Any]:
    location: dict[str, Any] = {
        "physicalLocation": {
            "artifactLocation": {"uri": uri_for(f.path), "uriBaseId": SRCROOT},
            "region": {"startLine": max(f.line, 1), "startColumn": max(f.column, 1)},
        }
    }
    f = shown(f)  # the texts below: a file name that is not UTF-8 still encodes
    if f.anchor:
        location["logicalLocations"] = [{"fullyQualifiedName": f.anchor, "kind": "member"}]
    text = f.message if f.fix is None else f"{f.message}\nFix: {f.fix.message}"
    out: dict[str, Any] = {
        "ruleId": f.rule,
        "ruleIndex": index,
        "level": LEVELS[f.severity],
        "message": {"text": text},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT_NAME: fingerprint},
    }
    if f.related:  # consequences folded into this root cause (toplint.rulebook.fold)
        out["relatedLocations"] = [_related(r, i) for i, r in enumerate(f.related, start=1)]
    props: dict[str, Any] = {"name": f.name}
    if f.fix is not None:
        props["fix"] = {"message": f.fix.message, "applicability": f.fix.applicability}
        if f.fix.edits:
            out["fixes"] = [sarif_fix(f.fix)]
    if f.data:
        props["data"] = plain(dict(f.data))
        bands = _estimates(f.data)
        if bands:  # each predicted time with its error band and method, as numbers
            props["estimates"] = bands
    out["properties"] = props
    return out


def _estimates(data: Any) -> dict[str, Any]:

    found: dict[str, Any] = plain(estimates(dict(data)))
    return found


def _related(r: Related, index: int) -> dict[str, Any]:
    return {
        "id": index,
        "physicalLocation": {
            "artifactLocation": {"uri": uri_for(r.path), "uriBaseId": SRCROOT},
            "region": {"startLine": max(r.line, 1), "startColumn": max(r.column, 1)},
        },
        "message": {"text": encodable(f"{r.rule} [{r.severity}] {r.message}")},
    }


def sarif_fix(fix: Fix) -> dict[str, Any]:
    """SARIF 2.1.0 §3.55 ``fix``: one ``artifactChange`` per file, one ``replacement`` per
    edit (regions in the run's ``columnKind``, end column exclusive)."""
    by_path: dict[str, list[Edit]] = {}
    for e in fix.edits:
        by_path.setdefault(e.path, []).append(e)
    changes = [
        {
            "artifactLocation": {"uri": uri_for(path), "uriBaseId": SRCROOT},
            "replacements": [
                {
                    "deletedRegion": {
                        "startLine": e.start[0],
                        "startColumn": e.start[1],
                        "endLine": e.end[0],
                        "endColumn": e.end[1],
                    },
                    "insertedContent": {"text": e.content},
                }
                for e in edits
            ],
        }
        for path, edits in by_path.items()
    ]
    return {
        "description": {"text": f"{fix.message} ({fix.applicability})"},
        "artifactChanges": changes,
    }


def _srcroot() -> str:
    root = os.getcwd().replace(os.sep, "/")
    return "file://" + quote(root if root.startswith("/") else "/" + root) + "/"


def sarif_log(report: Report) -> dict[str, Any]:
    descriptors, index = _descriptors(report)
    prints = fingerprints(report.findings)
    results = [result(f, index[f.rule], p) for f, p in zip(report.findings, prints, strict=True)]
    driver = {
        "name": "toplint",
        "version": __version__,
        "semanticVersion": __version__,
        "rules": descriptors,
    }
    run = {
        "tool": {"driver": driver},
        "originalUriBaseIds": {SRCROOT: {"uri": _srcroot()}},
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


class SarifFormatter:
    name = "sarif"

    def render(self, report: Report) -> str:
        return json.dumps(sarif_log(report), indent=2, allow_nan=False) + "\n"
