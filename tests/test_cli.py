"""The CLI contract: version, usage errors, exit codes, no tracebacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from toplint import __version__
from toplint.cli import main


def test_version(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_unknown_option_is_usage_error(capsys) -> None:
    assert main(["check", "--no-such-option"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("toplint: error:")
    assert "Traceback" not in err


def test_missing_manifest_is_usage_error(tmp_path: Path, capsys) -> None:
    script = tmp_path / "a.sh"
    script.write_text("vllm serve m --tensor-parallel-size 2\n")
    code = main(["check", str(script), "--hardware", str(tmp_path / "nope.yaml")])
    assert code == 2
    assert "nope.yaml" in capsys.readouterr().err


def test_unknown_format_is_usage_error(tmp_path: Path, capsys) -> None:
    script = tmp_path / "a.sh"
    script.write_text("echo hi\n")
    assert main(["check", str(script), "--format", "nope"]) == 2


def test_clean_file_exits_0(tmp_path: Path, capsys) -> None:
    script = tmp_path / "a.sh"
    script.write_text("#!/bin/sh\necho nothing to deploy\n")
    assert main(["check", str(script)]) == 0


def test_python_dash_m_runs_the_cli(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "toplint", "--version"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0
    assert __version__ in proc.stdout


def test_internal_error_is_exit_3_without_traceback(monkeypatch, tmp_path: Path, capsys) -> None:
    import toplint.commands.check

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("kaput")

    monkeypatch.delenv("TOPLINT_DEBUG", raising=False)
    monkeypatch.setattr(toplint.commands.check, "lint", boom)  # what `check` calls
    script = tmp_path / "a.sh"
    script.write_text("echo\n")
    assert main(["check", str(script)]) == 3
    err = capsys.readouterr().err
    assert "internal error" in err and "Traceback" not in err
