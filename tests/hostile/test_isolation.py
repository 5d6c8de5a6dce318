"""Issue 18 defect 5 and issue 15 item 6: a parser or rule that raises costs its file only; it
is reported once on stderr as an internal error naming the file and the culprit, every other
finding is printed, and the exit code is 3."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.model import Finding, Severity
from toplint.rulebook.types import Rule, RuleContext

GOOD = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-paralel-size 2\n"
BAD = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2\n"


def _boom(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    if ctx.deployment.path.endswith("bad.sh"):
        raise OverflowError("integer division result too large for a float")
    return iter(())


CRASHING = Rule("TL999", "boom", "raises on bad.sh", Severity.ERROR, _boom, origin=__file__)


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "good.sh").write_text(GOOD)
    (tmp_path / "bad.sh").write_text(BAD)
    (tmp_path / "bad2.sh").write_text(BAD)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def crashing_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    import toplint.pipeline.lint as lint

    real = lint.all_rules
    monkeypatch.setattr(lint, "all_rules", lambda: [*real(), CRASHING])


@pytest.fixture
def crashing_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    from toplint.parse.text.shellsrc import ShellParser

    real = ShellParser.parse

    def parse(self: ShellParser, source: object) -> object:
        if str(getattr(source, "path", "")).endswith("bad.sh"):
            raise KeyError("boom")
        return real(self, source)  # type: ignore[arg-type]

    monkeypatch.setattr(ShellParser, "parse", parse)


@pytest.mark.usefixtures("crashing_rule")
def test_rule_crash_exits_3_after_the_other_findings(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["check", ".", "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 3
    findings = json.loads(out)["findings"]
    assert "TL005" in [f["rule"] for f in findings if f["path"].endswith("good.sh")]
    assert not [f for f in findings if f["rule"] in ("TL999", "TL000")]
    lines = [line for line in err.splitlines() if "internal error" in line]
    assert len(lines) == 1, err
    assert "bad.sh:1:1" in lines[0] and "rule TL999 (boom)" in lines[0]
    assert "OverflowError" in lines[0]


@pytest.mark.usefixtures("crashing_rule")
def test_rule_crash_is_never_a_finding_even_with_exit_zero(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "bad.sh", "--exit-zero"]) == 3
    out, _ = capsys.readouterr()
    assert "crashed" not in out and "TL999" not in out


@pytest.mark.usefixtures("crashing_rule")
def test_rule_crash_cannot_be_suppressed(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "bad.sh").write_text("# toplint: ignore-file because\n" + BAD)
    assert main(["check", "bad.sh"]) == 3
    assert "internal error" in capsys.readouterr().err


@pytest.mark.usefixtures("crashing_parser")
def test_parser_crash_exits_3_naming_the_parser(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["check", "."])
    out, err = capsys.readouterr()
    assert code == 3
    assert "good.sh:1:" in out and "TL005" in out
    assert "internal error" not in out
    lines = [line for line in err.splitlines() if "internal error" in line]
    assert len(lines) == 1 and "bad.sh" in lines[0] and "shell parser" in lines[0], err


def test_no_internal_error_means_the_usual_exit(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "."]) in (0, 1)
    assert "internal error" not in capsys.readouterr().err


@pytest.mark.usefixtures("crashing_parser")
@pytest.mark.parametrize("command", ["inspect", "cost"])
def test_inspect_and_cost_report_a_crash_as_internal_error(
    tree: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert main([command, ".", "--format", "json"]) == 3
    out, err = capsys.readouterr()
    assert "TL000" not in out
    assert "internal error" in err and "bad.sh" in err
