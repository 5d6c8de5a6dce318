"""The formatter contract, and helpers every machine format shares (paths, fingerprints)."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Protocol

from toplint.model import Finding, Severity
from toplint.record import field, record
from toplint.rulebook.types import Rule


@record
class Report:
    findings: Sequence[Finding]
    rules: Sequence[Rule]  # every rule known to the run (for SARIF rule metadata)
    files: int
    deployments: int
    show_fixes: bool = True  # text: print each finding's fix line
    fix_details: bool = False  # text: also print applicability and edits (--show-fixes)
    quiet: bool = False  # text: findings only, no summary (--quiet)
    statistics: bool = False  # text: counts per rule instead of findings (--statistics)
    suppressed: int = 0  # findings hidden by `# toplint: ignore` comments
    baselined: int = 0  # findings hidden by --baseline
    # Deployments not checked against hardware, by reason; the others were.
    unchecked: Mapping[str, int] = field(default_factory=dict)

    @property
    def checked(self) -> int:
        """Deployments checked against the hardware (placed on a cluster and costed)."""
        return self.deployments - sum(self.unchecked.values())


class Formatter(Protocol):
    name: str

    def render(self, report: Report) -> str:
        """The whole output for one run."""


def display_path(path: str) -> str:
    """``path`` relative to the working directory when inside it, with forward slashes.

    CI systems (SARIF viewers, GitLab, GitHub annotations) resolve paths from the repository
    root, which is where CI runs toplint; ``./deploy/x.sh`` and ``deploy/x.sh`` must agree.
    """
    if path in ("-", "<stdin>"):
        return "<stdin>"
    full = os.path.abspath(path)
    rel = os.path.relpath(full, os.getcwd())
    chosen = full if rel.startswith("..") else rel
    return chosen.replace(os.sep, "/")


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def stable_message(message: str) -> str:
    """The message without numbers.

    Numbers in messages are line references or measurements of the same problem at the same
    place (ms, GB/s): neither should make code scanning see a new alert.
    """
    return _NUMBER.sub("#", message)


def fingerprint_key(f: Finding) -> str:
    """Rule, path and semantic location; independent of the line the finding is on."""
    return "\0".join((f.rule, display_path(f.path), f.anchor, stable_message(f.message)))


def fingerprints(findings: Sequence[Finding]) -> list[str]:
    """One fingerprint per finding, stable when lines are inserted or removed above it.

    Findings with the same key (same rule, file, anchor and message shape) are told apart by
    their order in the file, which moving lines does not change.
    """
    import hashlib  # here, not at the top: only SARIF, GitLab and baselines need fingerprints

    seen: Counter[str] = Counter()
    out: list[str] = []
    for f in findings:
        digest = hashlib.sha256(fingerprint_key(f).encode("utf-8")).hexdigest()[:32]
        seen[digest] += 1
        out.append(f"{digest}:{seen[digest]}")
    return out


def counts_by_rule(findings: Sequence[Finding]) -> dict[str, int]:
    counts = Counter(f.rule for f in findings)
    return {code: counts[code] for code in sorted(counts)}


def counts_by_severity(findings: Sequence[Finding]) -> dict[str, int]:
    counts = Counter(f.severity for f in findings)
    return {str(s): counts[s] for s in (Severity.ERROR, Severity.WARNING, Severity.INFO)}


def rule_index(report: Report) -> dict[str, Rule]:
    return {r.code: r for r in report.rules}
