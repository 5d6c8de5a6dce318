"""A rule's documentation page (ruff's headings) and the checks the meta-tests run on it."""

from __future__ import annotations

from collections.abc import Sequence

from toplint.rulebook.types import Rule

HEADINGS = (
    "What it does",
    "Why is this bad?",
    "Example",
    "Use instead",
    "Options",
    "References",
)
FIX_HEADING = "Fix safety"


def headings(doc: str) -> list[str]:
    """The ``## `` headings of a Markdown page, in order."""
    return [line[3:].strip() for line in doc.splitlines() if line.startswith("## ")]


def missing_headings(rule: Rule) -> list[str]:
    """Headings a rule's page lacks (Fix safety is required when the rule offers a fix)."""
    found = set(headings(rule.doc))
    wanted = list(HEADINGS) + ([FIX_HEADING] if rule.fix_safety else [])
    return [h for h in wanted if h not in found]


def page(rule: Rule) -> str:
    """The page ``toplint rule CODE`` prints: title, metadata, then the rule's own sections."""
    lines = [
        f"# {rule.name} ({rule.code})",
        "",
        f"Default severity: **{rule.severity.value}**."
        + (f" Fix: {rule.fix_safety}." if rule.fix_safety else ""),
        "",
        rule.summary,
        "",
    ]
    if rule.check is None:
        lines += ["Raised by an earlier stage (parsing), not by a check.", ""]
    if rule.options:
        defaults = ", ".join(f"`{k}` = `{v}`" for k, v in sorted(rule.options.items()))
        lines += [f"Option defaults: {defaults}.", ""]
    return "\n".join(lines) + "\n" + rule.doc.rstrip() + "\n"


def find_rule(rules: Sequence[Rule], key: str) -> Rule | None:
    """A rule by code (case-insensitive) or name."""
    for rule in rules:
        if key.upper() == rule.code or key == rule.name:
            return rule
    return None
