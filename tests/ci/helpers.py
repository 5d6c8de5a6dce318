"""Helpers shared by the CI-integration tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.cli import main

MODEL = "meta-llama/Meta-Llama-3.1-70B-Instruct"  # in the catalog: no TL004 noise
SERVE = "vllm serve " + MODEL + " --tensor-parallel-size {tp}\n"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def run(
    capsys: pytest.CaptureFixture[str], *argv: str, select: bool = True
) -> tuple[int, str, str]:
    """``toplint check`` in-process; by default only the test rule and suppression rules."""
    prefix = ["check", "--select", "TL990,TL002,TL006"] if select else ["check"]
    code = main([*prefix, *argv])
    out, err = capsys.readouterr()
    return code, out, err
