"""One analysis pipeline for check, inspect and cost (issue 13.4)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.pipeline.analyze import run_files
from toplint.pipeline.settings import Settings

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def examples(tmp_path: Path):
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    before = os.getcwd()
    os.chdir(tmp_path / "examples" / "deploy" / "seed")
    yield tmp_path / "examples"
    os.chdir(before)


def test_cost_from_below_the_config_uses_the_assigned_cluster(examples: Path, capsys) -> None:
    assert main(["cost", "serve-tp8.sh", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["deployments"][0]["cluster"] == "a100-eth"


def test_inspect_from_below_the_config_places_the_groups(examples: Path, capsys) -> None:
    assert main(["inspect", "serve-tp8.sh", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["deployments"][0]["cluster"] == "a100-eth"
    assert doc["deployments"][0]["groups"]


@pytest.mark.parametrize("command", ["inspect", "cost"])
def test_a_missing_path_is_a_usage_error_for_every_command(command: str, capsys) -> None:
    assert main([command, "no/such/file.sh"]) == 2
    assert "no/such/file.sh: no such file or directory" in capsys.readouterr().err


def test_run_files_keeps_analyses_only_when_asked(tmp_path: Path) -> None:
    script = tmp_path / "serve.sh"
    script.write_text("vllm serve meta-llama/Llama-3.1-8B-Instruct -tp 2\n")
    kept = run_files([str(script)], Settings(), keep=True)
    lean = run_files([str(script)], Settings())
    assert [a.deployment.tp for a in kept.analyses] == [2]
    assert lean.analyses == []
    assert kept.files[0].coverage == lean.files[0].coverage
    assert lean.files[0].coverage[0] is not None  # no manifest: not checked against hardware
    assert lean.files[0].coverage[0].kind == "no-manifest"
