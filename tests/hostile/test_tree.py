"""Issue 18 defects 5 and 7: a deep tree or an unreadable folder never ends the run or passes
silently."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from toplint.cli import main

from .conftest import run_toplint

SERVE = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-paralel-size 2\n"


@pytest.fixture
def deep(repo: Path) -> Iterator[Path]:
    """1,100 nested folders, removed with ``rm -rf`` afterwards: Python's own ``shutil.rmtree``
    (which pytest uses to clear old temporary folders) recurses and would fail on them."""
    here = repo
    for _ in range(1100):
        here = here / "d"
        here.mkdir()
    (here / "deep.sh").write_text(SERVE)
    yield repo
    subprocess.run(["rm", "-rf", str(repo / "d")], check=True)


def test_a_1100_level_tree_is_walked(deep: Path) -> None:
    repo = deep
    (repo / "top.sh").write_text(SERVE)
    run = run_toplint(["check", ".", "--format", "json"], repo)
    assert run.returncode == 1, run.stderr[-500:]
    paths = {f["path"] for f in json.loads(run.stdout)["findings"] if f["rule"] == "TL005"}
    assert any(p.endswith("deep.sh") for p in paths) and any(p.endswith("top.sh") for p in paths)


@pytest.fixture
def locked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder listing fails as it does for a chmod 000 folder when not root (tests run as
    root in CI, where chmod does not stop root)."""
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "hidden.sh").write_text(SERVE)
    (tmp_path / "ok.sh").write_text(SERVE)
    real = os.scandir
    target = str(tmp_path / "locked")

    def scandir(path: str) -> object:
        if os.path.abspath(path) == target:
            raise PermissionError(13, "Permission denied", path)
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_unreadable_folder_is_a_finding(locked: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", ".", "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    hits = [f for f in findings if f["rule"] == "TL001" and f["path"].endswith("locked")]
    assert len(hits) == 1 and "Permission denied" in hits[0]["message"], findings
    assert any(f["path"].endswith("ok.sh") for f in findings)


def test_unreadable_folder_alone_does_not_pass(
    locked: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (locked / "ok.sh").unlink()
    assert main(["check", "."]) == 1
    assert "All checks passed" not in capsys.readouterr().out
