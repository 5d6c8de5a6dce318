"""Suppression comments: placement, reasons, file level, unused ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.suppression.inline import scan

from .helpers import SERVE, run, write


def test_comment_on_line_before_with_reason_suppresses(tmp_path: Path, capsys) -> None:
    write(tmp_path / "a.sh", "# toplint: ignore[TL990] measured: fine here\n" + SERVE.format(tp=8))
    code, out, _ = run(capsys, "a.sh")
    assert code == 0, out
    assert "TL990" not in out and "TL002" not in out
    assert "1 suppressed" in out


def test_suppression_without_reason_still_suppresses_but_is_tl002(tmp_path: Path, capsys) -> None:
    write(tmp_path / "a.sh", "# toplint: ignore[TL990]\n" + SERVE.format(tp=8))
    code, out, _ = run(capsys, "a.sh")
    assert "a.sh:1:1: TL002" in out
    assert "TL990 tensor" not in out
    assert code == 1  # TL002 is a warning


def test_comment_covers_continued_shell_command(tmp_path: Path, capsys) -> None:
    text = (
        "# toplint: ignore[TL990] staging box\n"
        "vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct \\\n"
        "    --tensor-parallel-size 8\n"
    )
    write(tmp_path / "a.sh", text)
    code, out, _ = run(capsys, "a.sh")
    assert code == 0, out


def test_comment_for_another_rule_does_not_suppress(tmp_path: Path, capsys) -> None:
    write(tmp_path / "a.sh", "# toplint: ignore[TL101] other rule\n" + SERVE.format(tp=8))
    code, out, _ = run(capsys, "a.sh")
    assert code == 1
    assert "a.sh:2:" in out and "TL990" in out


def test_comment_two_lines_above_code_does_not_suppress(tmp_path: Path, capsys) -> None:
    text = "# toplint: ignore[TL990] reason\necho hi\n" + SERVE.format(tp=8)
    write(tmp_path / "a.sh", text)
    code, _, _ = run(capsys, "a.sh")
    assert code == 1


def test_end_of_line_comment_in_yaml_covers_its_line() -> None:
    text = "args:\n  - --tensor-parallel-size\n  - '8'  # toplint: ignore[TL990] lab only\n"
    [s] = scan("d.yaml", text)
    assert set(s.lines) == {3}
    assert s.reason == "lab only"


def test_comment_above_yaml_key_covers_nested_block() -> None:
    text = (
        "spec:\n"
        "  # toplint: ignore[TL990,TL101] one node only\n"
        "  args:\n"
        "    - --tensor-parallel-size\n"
        "    - '8'\n"
        "  image: vllm\n"
    )
    [s] = scan("d.yaml", text)
    assert set(s.lines) == {3, 4, 5}
    assert s.codes == ("TL990", "TL101")


def test_ignore_file_covers_every_line(tmp_path: Path, capsys) -> None:
    text = SERVE.format(tp=8) + "# toplint: ignore-file[TL990] legacy lab\n" + SERVE.format(tp=4)
    write(tmp_path / "a.sh", text)
    code, out, _ = run(capsys, "a.sh")
    assert code == 0, out
    assert "2 suppressed" in out


def test_unused_suppression_reported_on_request(tmp_path: Path, capsys) -> None:
    text = "# toplint: ignore[TL990,TL101] reason\n" + SERVE.format(tp=8)
    write(tmp_path / "a.sh", text)
    _, quiet_out, _ = run(capsys, "a.sh")
    assert "TL006" not in quiet_out
    code, out, _ = run(capsys, "a.sh", "--report-unused-ignores")
    assert "a.sh:1:1: TL006 [warning] unused suppression of TL101" in out
    assert "a.sh:2:" not in out  # TL990 was suppressed: that half of the comment is used
    assert code == 1


@pytest.mark.parametrize(
    "line",
    ["echo '#toplint:ignore[TL990]'", "x=1 # toplint-ish: ignore[TL990]", "# toplint: ignored"],
)
def test_lookalikes_are_not_suppressions(line: str) -> None:
    assert scan("a.sh", line + "\n") == []


def test_suppression_rules_are_registered_and_documented() -> None:
    from toplint.pipeline.lint import all_rules
    from toplint.rulebook.docs import missing_headings

    rules = {r.code: r for r in all_rules()}
    for code in ("TL002", "TL006"):
        assert rules[code].check is None
        assert missing_headings(rules[code]) == []
