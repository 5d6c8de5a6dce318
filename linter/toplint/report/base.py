"""The formatter contract, and helpers every machine format shares (paths, fingerprints)."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from toplint.hardware.units import plural
from toplint.infra.patterns import DeferredPattern, lazy
from toplint.model import Finding, Severity
from toplint.record import field, record, replace
from toplint.rulebook.types import Rule

if TYPE_CHECKING:
    from toplint.report.changeset import ChangeSet


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
    # Of the checked ones: on hardware inferred from the config's own hints (node labels,
    # instance types, accelerators), not from a manifest (``toplint inspect`` says from what).
    inferred: int = 0
    # Of the checked ones: on a GPU the manifest describes without the figures its latency is
    # priced from (memory bandwidth, compute rate): TL011 reports each.
    unpriced: int = 0
    # ``check --base``: what the change does (``findings`` are then what it introduced).
    changes: ChangeSet | None = None

    @property
    def checked(self) -> int:
        """Deployments checked against the hardware (placed on a cluster and costed)."""
        return self.deployments - sum(self.unchecked.values())


class Formatter(Protocol):
    name: str

    def render(self, report: Report) -> str:
        """The whole output for one run."""


def relative_path(path: str) -> str:
    """``path`` relative to the working directory when inside it, with forward slashes, as the
    file system spells it (a name that is not UTF-8 keeps its undecodable bytes as surrogates).

    CI systems (SARIF viewers, GitLab, GitHub annotations) resolve paths from the repository
    root, which is where CI runs toplint; ``./deploy/x.sh`` and ``deploy/x.sh`` must agree.
    """
    if path in ("-", "<stdin>"):
        return "<stdin>"
    full = os.path.abspath(path)
    rel = os.path.relpath(full, os.getcwd())
    chosen = full if rel.startswith("..") else rel
    return chosen.replace(os.sep, "/")


def display_path(path: str) -> str:
    """``relative_path`` as text every format can encode (undecodable bytes as ``\\xNN``)."""
    return encodable(relative_path(path))


# Text from the linted tree is untrusted: a file name or flag may hold bytes that are not UTF-8
# (Python keeps them as lone surrogates, which no encoder accepts), newlines that would start a
# line of their own (GitHub Actions runs a line starting "::error::" as a workflow command),
# terminal escape sequences and bidirectional overrides that change what a reader sees.
_SURROGATES = DeferredPattern(r"[\ud800-\udfff]")
_UNSAFE = DeferredPattern(
    r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's surrogateescape of one undecodable byte
        return f"\\x{code - 0xDC00:02x}"
    return _NAMED.get(ch) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


# What json.dumps(ensure_ascii=False) leaves as it is but no tree text may carry into a CI
# log or a JavaScript consumer: C1 controls, line and paragraph separators (a line break to
# many readers, invalid in JavaScript strings before ES2019), bidirectional controls, lone
# surrogates (no encoder writes them) and non-characters.  json.dumps escapes C0 itself.
_JSON_UNSAFE = DeferredPattern(
    r"[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)


def json_text(value: object, indent: int = 2) -> str:
    """``value`` as JSON that keeps readable text ("×", "µs", names in any script) and writes
    every character ``printable`` escapes as a JSON ``\\uXXXX`` escape: the one escape for
    tree text in JSON built outside the report formats (``cost --format json``)."""
    import json

    text = json.dumps(value, indent=indent, ensure_ascii=False)
    if text.isascii():
        return text
    escaped: str = _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return escaped


def encodable(text: str) -> str:
    """``text`` with undecodable bytes (lone surrogates) written as ``\\xNN``: for formats that
    escape control characters themselves (JSON, SARIF, GitLab)."""
    if text.isascii():  # no surrogates (nearly every text): no pattern to run
        return text
    return _SURROGATES.sub(_escape, text) if _SURROGATES.search(text) else text


def printable(text: str) -> str:
    """``text`` on one line and inert on a terminal: control characters, line separators,
    bidirectional overrides and undecodable bytes become visible escapes (``\\n``, ``\\x1b``)."""
    if text.isprintable():  # every character _UNSAFE matches is unprintable (nearly every text)
        return text
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def printable_text(text: str) -> str:
    """A rendered report (or diff) whose lines hold tree text: each line through
    ``printable``, the report's own line breaks and tabs kept.  The one escape for outputs
    that are built as text rather than from a finding's fields (``inspect``, ``cost``,
    ``--diff``)."""
    if text.replace("\n", "").replace("\t", "").isprintable():
        return text
    return "\n".join(
        "\t".join(printable(part) for part in line.split("\t")) for line in text.split("\n")
    )


def shown(f: Finding, escape: Callable[[str], str] = encodable) -> Finding:
    """``f`` with every text that can come from the linted tree passed through ``escape``."""
    fix = f.fix
    if (escape is encodable or escape is printable) and (fix is None or not fix.edits):
        # Nearly every finding: one test of all its texts.  Neither function changes a
        # printable text (every character they escape is unprintable: control characters,
        # separators, bidirectional controls, surrogates), and encodable no ASCII one either.
        joined = f"{f.path}{f.message}{f.anchor}{'' if fix is None else fix.message}"
        if joined.isprintable() or (escape is encodable and joined.isascii()):
            return f
    if fix is not None:
        edits = tuple(replace(e, path=escape(e.path), content=escape(e.content)) for e in fix.edits)
        if fix.edits != edits or escape(fix.message) != fix.message:
            fix = replace(fix, message=escape(fix.message), edits=edits)
    path, message, anchor = escape(f.path), escape(f.message), escape(f.anchor)
    if fix is f.fix and (path, message, anchor) == (f.path, f.message, f.anchor):
        return f  # nothing to escape (almost always): no copy
    return replace(f, path=path, message=message, anchor=anchor, fix=fix)


_NUMBER = lazy(r"\d+(?:\.\d+)?")


def number(value: float) -> str:
    """A time or rate as people read it: three significant digits, no exponent."""
    return f"{value:.0f}" if abs(value) >= 100 else f"{value:.3g}"


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


def severity_summary(findings: Sequence[Finding]) -> str:
    """``2 errors, 1 warning, 3 info``: the severities that occur, most severe first."""
    return ", ".join(
        plural(c, s) if s != "info" else f"{c} info"
        for s, c in counts_by_severity(findings).items()
        if c
    )


def rule_index(report: Report) -> dict[str, Rule]:
    return {r.code: r for r in report.rules}
