"""Issue 30 item 6: tree text reaches no output unescaped (``--diff``, ``inspect``, ``cost``,
JUnit's XML), and line numbers count "\\n" only, in every parser of a file."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from .conftest import run_toplint

MODEL = "meta-llama/Llama-3.1-8B-Instruct"
# An escape sequence, a line separator and a workflow command; U+FFFE/U+FFFF are not XML.
NASTY = "\x1b[31m\u2028::error::x\ufffe\uffff\x85"


def _raw(text: str) -> list[str]:
    """Characters no log line may hold raw (tabs and the report's own newlines aside)."""
    return [
        repr(ch)
        for ch in text
        if (ord(ch) < 32 and ch not in "\n\t")
        or 0x7F <= ord(ch) < 0xA0
        or ch in "\u2028\ufffe\uffff"
    ]


def test_diff_escapes_the_files_text(repo: Path) -> None:
    (repo / "a.sh").write_text(f"# {NASTY}\nvllm serve {MODEL} --tensor-paralel-size 2\n")
    run = run_toplint(["check", ".", "--diff", "--unsafe-fixes"], repo)
    assert "+vllm serve" in run.stdout, run.output
    assert _raw(run.stdout) == []
    assert "\\x1b[31m\\u2028::error::x\\ufffe\\uffff\\x85" in run.stdout


@pytest.mark.slow
@pytest.mark.parametrize("command", [["inspect", "."], ["cost", "."], ["inspect", ".", "--stats"]])
def test_inspect_and_cost_escape_the_files_text(repo: Path, command: list[str]) -> None:
    (repo / "b.sh").write_text(
        f'vllm serve "m{NASTY}\\v\\f" --tensor-parallel-size 2 --pipeline-parallel-size 2\n'
    )
    (repo / f"c{NASTY}.sh").write_text(f"vllm serve m{NASTY} --tensor-parallel-size 2\n")
    run = run_toplint(command, repo)
    assert run.returncode == 0, run.output
    assert _raw(run.stdout) == [], run.stdout


def test_junit_stays_valid_xml(repo: Path) -> None:
    (repo / f"a{NASTY}.sh").write_text(f"vllm serve {MODEL} --x{NASTY} 1 --tensor-paralel-size 2\n")
    run = run_toplint(["check", ".", "--format", "junit"], repo)
    assert run.returncode == 1, run.output
    root = ET.fromstring(run.raw_stdout)
    assert any("TL005" in (case.get("name") or "") for case in root.iter("testcase"))


@pytest.mark.slow
@pytest.mark.parametrize("brk", ["\r", "\x85", "\u2028", "\u2029", "\v", "\f"])
def test_line_numbers_count_newlines_only(repo: Path, brk: str) -> None:
    """A YAML file and a script with another break character in a comment: each finding is
    on the line git, GitHub and grep -n give (PyYAML also ends lines at \\r, U+0085,
    U+2028, U+2029)."""
    (repo / "s.sh").write_text(f"# a{brk}b\nvllm serve {MODEL} --tensor-paralel-size 2\n")
    (repo / "compose.yaml").write_text(
        f"# a{brk}b\nservices:\n  x:\n    image: vllm/vllm-openai\n"
        f"    command: --model {MODEL} --tensor-paralel-size 2\n",
        newline="",
    )
    run = run_toplint(["check", ".", "--format", "json"], repo)
    found = {
        (Path(f["path"]).name, f["rule"]): f["line"] for f in json.loads(run.stdout)["findings"]
    }
    assert found[("s.sh", "TL005")] == 2
    compose = {rule: line for (name, rule), line in found.items() if name == "compose.yaml"}
    # The break makes "b" a plain scalar on its own line in YAML's eyes: the file is invalid
    # there, and the error is on the line of "services:", the second.  \v and \f are not
    # YAML characters: the error is at the character, on line 1.
    if brk in "\v\f":
        assert compose == {"TL001": 1}, compose
    else:
        assert compose.get("TL001") == 2, compose


@pytest.mark.parametrize("command", [["cost", "."], ["inspect", "."]])
def test_json_of_cost_and_inspect_escapes_the_files_text(repo: Path, command: list[str]) -> None:
    """``cost --format json`` wrote U+2028, U+2029, C1 controls and bidirectional overrides
    raw (``ensure_ascii=False``); they are JSON escapes now, and the text reads back the same."""
    name = "a\u2029b\u202e.sh"
    model = f"{MODEL}\u2028\x85x"
    (repo / name).write_text(f'vllm serve "{model}" --tensor-parallel-size 2\n')
    run = run_toplint([*command, "--format", "json"], repo)
    assert run.returncode == 0, run.stderr[-400:]
    assert _raw(run.stdout) == [] and "\u2029" not in run.stdout and "\u202e" not in run.stdout
    doc = json.loads(run.stdout)
    texts = json.dumps(doc, ensure_ascii=False)
    assert name in texts and model in texts
