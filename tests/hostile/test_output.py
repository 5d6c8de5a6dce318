"""Issue 18 defects 5 and 6: names from the tree cannot inject lines or escapes into CI logs,
and names that are not UTF-8 survive every format."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from .conftest import run_toplint

FORMATS = ("text", "json", "sarif", "github", "junit", "gitlab")
SCRIPT = b"vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-paralel-size 2\n"
INJECTED = "x\n::error file=a,line=1::injected \x1b[2J\x1b]0;title\x07.sh"


@pytest.fixture
def tree(repo: Path) -> Path:
    (repo / "deploy").mkdir()
    with open(os.path.join(os.fsencode(repo / "deploy"), b"bad\xff\xfe.sh"), "wb") as fh:
        fh.write(SCRIPT)
    (repo / "deploy" / INJECTED).write_bytes(SCRIPT)
    return repo


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_survives_names_that_are_not_utf8(tree: Path, fmt: str) -> None:
    run = run_toplint(["check", "deploy", "--format", fmt], tree)
    assert run.returncode == 1, run.stderr
    assert "internal error" not in run.stderr


@pytest.mark.parametrize("fmt", ["json", "sarif", "gitlab"])
def test_machine_formats_stay_valid_json(tree: Path, fmt: str) -> None:
    run = run_toplint(["check", "deploy", "--format", fmt], tree)
    json.loads(run.stdout)


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_no_line_starts_with_a_workflow_command_from_the_tree(tree: Path, fmt: str) -> None:
    run = run_toplint(["check", "deploy", "--format", fmt], tree)
    lines = run.stdout.splitlines()
    assert not [line for line in lines if line.startswith("::error file=a")]
    assert all(line.startswith(("::", "  ")) for line in lines) if fmt == "github" else True


@pytest.mark.parametrize("fmt", ["text", "github", "junit"])
def test_terminal_escapes_are_neutralised(tree: Path, fmt: str) -> None:
    run = run_toplint(["check", "deploy", "--format", fmt], tree)
    assert "\x1b" not in run.stdout and "\x07" not in run.stdout
    assert "\\x1b[2J" in run.stdout


def test_text_names_the_undecodable_bytes(tree: Path) -> None:
    run = run_toplint(["check", "deploy"], tree)
    assert "bad\\xff\\xfe.sh:1:" in run.stdout
    assert b"\xff" not in run.raw_stdout  # the escape, not the raw byte


def test_error_message_lines_start_with_toplint(repo: Path) -> None:
    (repo / "x.sh").write_text("vllm serve m\n")
    run = run_toplint(["check", "x.sh", "--hardware", "nope\n::error::x.yaml"], repo)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert lines and all(line.startswith("toplint: error: ") for line in lines), run.stderr


def test_closed_stdout_is_a_clear_error(tree: Path) -> None:
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "toplint", "check", "deploy"],
        cwd=tree,
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
        timeout=120,
        preexec_fn=lambda: os.close(1),
    )
    assert proc.returncode == 2, proc.stderr
    assert b"standard output is closed" in proc.stderr


@pytest.mark.parametrize("command", ["check", "inspect", "cost"])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_commands_survive_names_that_are_not_utf8_in_a_utf8_locale(
    tree: Path, command: str, fmt: str
) -> None:
    env = {"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "PYTHONIOENCODING": ""}
    run = run_toplint([command, "deploy", "--format", fmt], tree, env=env)
    assert run.returncode in (0, 1), run.stderr
    assert b"\xff" not in run.raw_stdout
