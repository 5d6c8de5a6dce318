"""The markdown comment's escaping and layout (fast: no git, no renderer)."""

from __future__ import annotations

from toplint.model import Finding, Severity
from toplint.report.base import Report
from toplint.report.markdown import MarkdownFormatter, md
from toplint.report.mermaid import label


def test_md_leaves_no_markdown_or_html_from_the_tree() -> None:
    text = md("a|b *c* _d_ [e](f) <img src=x> `g` @team #1 \\ \n")
    assert "<" not in text and "|" not in text.replace("\\|", "")
    assert "@team" not in text  # no mention notifies anyone
    assert "\n" not in text and "\\n" in text
    assert "\\[e\\](f)" in text  # no link


def test_label_cannot_close_a_mermaid_label_or_the_fence() -> None:
    text = label('x"] --> y["```\n')
    assert '"' not in text and "]" not in text and "`" not in text and "\n" not in text


def _report(findings: list[Finding]) -> Report:
    return Report(findings=findings, rules=(), files=1, deployments=1)


def test_without_base_the_comment_is_the_findings() -> None:
    f = Finding("TL101", "x", Severity.WARNING, "deploy/a|b.sh", 2, 1, "TP <16> spans nodes")
    out = MarkdownFormatter().render(_report([f]))
    assert out.startswith("## ❌ toplint: 1 finding (1 warning)\n")
    assert "deploy/a\\|b.sh:2" in out and "TP &lt;16&gt; spans nodes" in out
    assert MarkdownFormatter().render(_report([])).startswith("## ✅ toplint: 0 findings")
    nothing = Report(findings=[], rules=(), files=1, deployments=0)
    assert MarkdownFormatter().render(nothing).startswith("## ⚠️ toplint: 0 findings")


def test_a_long_change_keeps_the_comment_within_githubs_limit() -> None:
    from toplint.report.changeset import ChangeSet, DeploymentChange, Side
    from toplint.report.markdown import MAX_PICTURES

    def side(i: int) -> Side:
        return Side(f"deploy/{i}.sh", 2, "", "vllm", "TP=8 PP=1 DP=1", 8, 1, "", unchecked="x")

    changes = [DeploymentChange(side(i), side(i), "removed") for i in range(MAX_PICTURES + 3)]
    report = Report(
        findings=[],
        rules=(),
        files=1,
        deployments=1,
        changes=ChangeSet("main", "0" * 40, (), (), tuple(changes)),
    )
    out = MarkdownFormatter().render(report)
    assert out.count("\n### ") == MAX_PICTURES
    assert "Pictures of 3 more deployments left out" in out
