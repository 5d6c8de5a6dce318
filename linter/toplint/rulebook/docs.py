"""A rule's documentation page (ruff's headings) and the checks the meta-tests run on it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from toplint.infra.patterns import lazy
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


_URL = lazy(r"https?://[^\s)>\]]+")
# A relative file path (``../shared/x.md``, ``docs/serving/x.md``, ``vllm/config/x.py``): a file
# a reader of an installed toplint does not have.  URLs are removed before looking.
_LOCAL_PATH = lazy(
    r"\.\./[\w.-][^\s`)]*"  # ../shared/...
    r"|\b[\w.-]+/[\w./-]*\.(?:md|txt|py|rs|cc|h|go|ya?ml|json)\b"  # docs/x.md, vllm/x.py
)


def references(doc: str) -> list[str]:
    """The entries of a page's References list (continuation lines joined)."""
    section = doc.split("## References", 1)[1] if "## References" in doc else ""
    entries: list[str] = []
    for line in section.splitlines():
        if line.startswith("## "):
            break
        if line.startswith("- "):
            entries.append(line[2:].strip())
        elif line.strip() and entries:
            entries[-1] += " " + line.strip()
    return entries


def references_without_url(doc: str) -> list[str]:
    """References that cite no public URL (a reader cannot follow them)."""
    return [r for r in references(doc) if not _URL.search(r)]


_FENCED = lazy(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def local_paths(text: str) -> list[str]:
    """Relative file paths in a page's prose: files beside the checkout or inside other
    projects, which a reader of ``toplint rule`` cannot open (cite a URL instead).  Code
    blocks are examples of the user's own files and are not searched."""
    return _LOCAL_PATH.findall(_URL.sub("", _FENCED.sub("", text)))
