"""The README shows what the code does (issue 15.8)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _block_after(marker: str) -> str:
    tail = README.split(marker, 1)[1]
    match = re.search(r"```(?:yaml|bash)?\n(.*?)```", tail, re.S)
    assert match is not None, f"no code block after {marker!r}"
    return match.group(1)


def test_the_config_snippet_is_examples_toplint_yaml() -> None:
    shown = _block_after("`examples/toplint.yaml`:")
    assert shown == (ROOT / "examples" / "toplint.yaml").read_text(encoding="utf-8")


def test_set_up_makes_a_virtual_environment_first() -> None:
    setup = _block_after("## Set-up")
    assert setup.index("python3 -m venv") < setup.index("pip install .")


def test_set_up_installs_what_ci_installs_and_lints_the_examples() -> None:
    setup = _block_after("## Set-up")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install '.[test]'" in setup and "[test]" in ci
    assert "toplint check examples/" in setup and "toplint check examples/" in ci


def test_every_output_format_is_documented() -> None:
    from toplint.report.select import formatters

    for name in formatters():
        assert f"| `{name}` |" in README, name


def test_cluster_choice_and_measurements_are_documented() -> None:
    for text in ("--cluster NAME", "assign:", "selector:", "measurements:", "hardware: none"):
        assert text in README, text


def test_the_example_output_is_what_toplint_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first block of the README is `toplint check examples/` as it prints today (its long
    lines wrapped with a two-space indent)."""
    from toplint.cli import main

    monkeypatch.chdir(ROOT)
    assert main(["check", "examples/"]) == 1
    printed = capsys.readouterr().out
    shown = re.search(r"```\n(examples/.*?)```", README, re.S)
    assert shown is not None
    unwrapped = re.sub(r"\n  (?!fix:)", " ", shown.group(1))
    assert unwrapped == printed
