"""``--format markdown``: a pull-request comment.

The verdict first, then (with ``check --base``) a table of the changed deployments with their
layout and outcome before → after, a placement picture of each (a Mermaid block, which GitHub
and GitLab render), then the findings.  Every text from the tree or the manifest goes through
``md`` (Markdown) or ``toplint.report.mermaid.label`` (inside a picture).
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.hardware.units import plural
from toplint.model import Finding, Severity
from toplint.report.base import Report, counts_by_severity, display_path, number, printable
from toplint.report.changeset import ChangeSet, DeploymentChange, Estimate, Outcome, Side
from toplint.report.mermaid import flowchart, legend

# Characters Markdown (CommonMark, GitHub's tables) reads as syntax, and HTML's own.
# ``.``, ``-``, ``+`` and ``!`` matter only at a line's start (lists) or before ``[`` (images):
# no escaped text starts a line, and ``[`` is escaped.
_MARKDOWN = set("\\`*_{}[]#|~<>&:")
_HTML = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
# Findings listed in full and deployments drawn; the rest are counted (GitHub refuses a
# comment over 65,536 characters; one picture of two 8-GPU nodes is about 2,000).
MAX_FINDINGS = 50
MAX_PICTURES = 8


def md(text: str) -> str:
    """``text`` as literal Markdown on one line: syntax characters escaped, HTML as entities."""
    out = []
    for ch in printable(text):
        if ch == "@":  # "@name" in a comment notifies that user or team: never from the tree
            out.append("@\u2060")
        elif ch in _HTML:
            out.append(_HTML[ch])
        elif ch in _MARKDOWN:
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


def _where(path: str, line: int) -> str:
    return f"{md(display_path(path))}:{line}"


def _severities(findings: Sequence[Finding]) -> str:
    counts = counts_by_severity(findings)
    return ", ".join(f"{n} {s}" for s, n in counts.items() if n)


def _headline(report: Report) -> str:
    changes = report.changes
    broken = (
        []
        if changes is None
        else [c for c in changes.deployments if c.verdict.startswith("breaks")]
    )
    findings = report.findings
    fails = any(f.severity is not Severity.INFO for f in findings)
    # A pass only when every deployment was checked against the hardware (never "passed"
    # about something not understood).
    complete = report.deployments > 0 and report.checked == report.deployments
    mark = "❌" if fails or broken else ("✅" if complete else "⚠️")
    if changes is None:
        said = plural(len(findings), "finding")
        detail = f" ({_severities(findings)})" if findings else ""
        return f"## {mark} toplint: {said}{detail}"
    parts = [f"{plural(len(findings), 'finding')} introduced"]
    if findings:
        parts[0] += f" ({_severities(findings)})"
    parts.append(f"{len(changes.resolved)} resolved")
    parts.append(plural(len(changes.deployments), "deployment") + " changed")
    if broken:
        parts.insert(0, f"{len(broken)} broken")
    return f"## {mark} toplint: " + ", ".join(parts)


def _estimate(e: Estimate) -> str:
    return f"{number(e.value)} ({number(e.low)}–{number(e.high)})"


def _pick(side: Side | None, what: str) -> str:
    if side is None:
        return "—"
    o = side.outcome
    if what == "layout":
        return md(side.layout)
    if what == "gpus":
        nodes = "?" if side.nodes is None else str(side.nodes)
        return f"{'?' if side.gpus is None else side.gpus} on {nodes}"
    if o is None:
        return "not costed"
    return _number(o, what)


def _number(o: Outcome, what: str) -> str:
    if what == "ttft":
        return _estimate(o.ttft_ms)
    if what == "itl":
        return _estimate(o.itl_ms)
    if what == "rate":
        return _estimate(o.tokens_per_s)
    if what == "share":
        s = o.comm_share
        return f"{s.value:.0%} ({s.low:.0%}–{s.high:.0%})"
    if o.memory_headroom_gb is None:
        return "unknown"
    fits = "" if o.memory_fits is not False else ", does not fit"
    return f"{o.memory_headroom_gb:.1f} GB{fits}"


_COLUMNS = (
    ("layout", "layout"),
    ("gpus", "GPUs on nodes"),
    ("ttft", "TTFT ms (band)"),
    ("itl", "ITL ms (band)"),
    ("rate", "tokens/s (band)"),
    ("share", "comm share of ITL"),
    ("memory", "memory headroom per GPU"),
)


def _name(c: DeploymentChange) -> str:
    side = c.after or c.before
    assert side is not None
    name = f" {md(side.name)}" if side.name and side.name != side.engine else ""
    return f"{md(side.path)}:{side.line}{name} ({md(side.engine)})"  # repository-relative


def _table(changes: ChangeSet) -> list[str]:
    head = "| deployment | verdict | " + " | ".join(t for _, t in _COLUMNS) + " |"
    rows = [head, "|" + "---|" * (len(_COLUMNS) + 2)]
    for c in changes.deployments:
        cells = [_arrow(_pick(c.before, k), _pick(c.after, k)) for k, _ in _COLUMNS]
        rows.append(f"| {_name(c)} | {md(c.verdict)} | " + " | ".join(cells) + " |")
    return rows


def _arrow(before: str, after: str) -> str:
    return before if before == after else f"{before} → {after}"


def _picture(c: DeploymentChange) -> list[str]:
    out = [f"### {_name(c)}", ""]
    for title, side in (("before", c.before), ("after", c.after)):
        if side is None:
            continue
        where = f" on {md(side.cluster)}" if side.cluster else ""
        out.append(f"**{title}**: {md(side.layout)}{where}")
        if side.placement is None:
            out += ["", f"not placed: {md(side.unchecked or 'no cluster')}", ""]
            continue
        out += ["", "```mermaid", flowchart(side.placement).rstrip("\n"), "```", ""]
        out += [md(legend(side.placement)), ""]
        if side.outcome is not None and side.outcome.notes:
            out += ["; ".join(md(n) for n in side.outcome.notes), ""]
    if c.why:
        out += ["because of: " + ", ".join(md(p) for p in c.why), ""]
    return out


def _finding(f: Finding) -> str:
    text = f"- **{f.rule}** {md(str(f.severity))} {_where(f.path, f.line)}: {md(f.message)}"
    if f.fix is not None:
        text += f"<br/>fix: {md(f.fix.message)}"
    return text


def _findings(title: str, findings: Sequence[Finding]) -> list[str]:
    if not findings:
        return []
    out = [f"### {title}", ""]
    out += [_finding(f) for f in findings[:MAX_FINDINGS]]
    if len(findings) > MAX_FINDINGS:
        out.append(f"- … and {len(findings) - MAX_FINDINGS} more (see the job's output)")
    return [*out, ""]


class MarkdownFormatter:
    name = "markdown"

    def render(self, report: Report) -> str:
        out = [_headline(report), ""]
        changes = report.changes
        if changes is not None:
            known = (
                f" {plural(changes.known, 'finding')} also at the base: not counted."
                if changes.known
                else ""
            )
            out += [f"Against {md(changes.base)} ({changes.commit[:12]}).{known}", ""]
            if changes.base_error:
                out += [f"The base revision could not be checked: {md(changes.base_error)}", ""]
            if changes.rechecked:
                files = ", ".join(md(p) for p in changes.rechecked)
                out += [f"Re-checked the deployments of the changed {files}.", ""]
            if changes.deployments:
                out += [*_table(changes), ""]
                out += [
                    "Times at the declared workload; the bands are the cost model's 80% bands "
                    "of the collectives. " + md(_source(changes)),
                    "",
                ]
                for c in changes.deployments[:MAX_PICTURES]:
                    out += _picture(c)
                if len(changes.deployments) > MAX_PICTURES:
                    more = len(changes.deployments) - MAX_PICTURES
                    out += [
                        f"Pictures of {plural(more, 'more deployment')} left out "
                        "(a comment holds 65,536 characters).",
                        "",
                    ]
        title = "Findings introduced" if changes is not None else "Findings"
        out += _findings(title, report.findings)
        if changes is not None:
            out += _findings("Findings resolved", changes.resolved)
        out.append(
            f"<sub>{plural(report.files, 'file')}, {plural(report.deployments, 'deployment')}: "
            f"{report.checked} checked against hardware.</sub>"
        )
        return "\n".join(out) + "\n"


def _source(changes: ChangeSet) -> str:
    for c in changes.deployments:
        for side in (c.after, c.before):
            if side is not None and side.outcome is not None:
                return f"Numbers from {side.outcome.source}."
    return ""
