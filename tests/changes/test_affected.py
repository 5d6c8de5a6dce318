"""A named manifest or configuration re-checks the deployments checked with it (what
pre-commit passes when a commit touches only those)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.changes.repo import CONFIG, MANIFEST, git, serve
from toplint.changes.affected import expand
from toplint.cli import main

TOO_SMALL = MANIFEST.replace("nodes: 2", "nodes: 1")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A git work tree whose manifest sits beside, not below, the configuration's folder."""
    git(tmp_path, "init", "-q")
    (tmp_path / "infra").mkdir()
    (tmp_path / "infra" / "hardware.yaml").write_text(TOO_SMALL)
    (tmp_path / "serving" / "deploy").mkdir(parents=True)
    (tmp_path / "serving" / "toplint.yaml").write_text(
        CONFIG.replace("hardware: hardware.yaml", "hardware: ../infra/hardware.yaml")
    )
    layout = "--tensor-parallel-size 8 --pipeline-parallel-size 2"
    (tmp_path / "serving" / "deploy" / "serve.sh").write_text(serve(layout))
    (tmp_path / "other.yaml").write_text("kind: ConfigMap\n")
    return tmp_path


def test_a_manifest_stands_for_the_folder_of_its_configuration(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tree)  # pre-commit runs in the repository's root, with relative names
    notes: list[str] = []
    paths = expand(["infra/hardware.yaml", "other.yaml"], notes)
    assert paths == ["other.yaml", "serving"]
    assert "is the manifest of" in notes[0]


def test_a_configuration_stands_for_its_folder(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tree)
    paths = expand(["serving/toplint.yaml", "serving/deploy/serve.sh"], [])
    assert paths == ["serving"]  # the named script is inside it


def test_outside_the_working_directory_the_folder_is_absolute(tree: Path) -> None:
    paths = expand([str(tree / "infra" / "hardware.yaml")], [])
    assert paths == [str(tree / "serving")] or paths == [os.path.relpath(tree / "serving")]


def test_other_files_are_left_alone(tree: Path) -> None:
    named = [str(tree / "other.yaml"), str(tree / "serving" / "deploy" / "serve.sh")]
    assert expand(named, []) == named


def test_checking_only_the_manifest_finds_what_it_breaks(tree: Path, capsys: Any) -> None:
    code = main(["check", str(tree / "infra" / "hardware.yaml")])
    out = capsys.readouterr()
    assert code == 1
    assert "TL201" in out.out and "serve.sh" in out.out
    assert "checking the deployments under" in out.err
