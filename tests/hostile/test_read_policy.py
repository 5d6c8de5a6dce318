"""Issue 18 defect 1: files outside the repository are neither read nor printed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import leaks, run_toplint

FORMATS = ("text", "json", "sarif", "github", "junit", "gitlab")
SERVE = "vllm serve meta-llama/Llama-3.1-8B-Instruct"


def _script(repo: Path, ref: str, flag: str = "--config") -> Path:
    (repo / "deploy").mkdir(exist_ok=True)
    path = repo / "deploy" / "serve.sh"
    path.write_text(f"{SERVE} {flag} {ref}\n")
    return path


@pytest.mark.parametrize("fmt", FORMATS)
def test_absolute_engine_config_is_not_read(repo: Path, secret: Path, fmt: str) -> None:
    _script(repo, str(secret))
    run = run_toplint(["check", "deploy", "--format", fmt], repo)
    assert run.returncode == 1, run.output
    assert leaks(run.output) == []
    assert "TL009" in run.output


def test_parent_engine_config_is_not_read(repo: Path, secret: Path) -> None:
    _script(repo, "../../secret.json")
    run = run_toplint(["check", "deploy"], repo)
    assert leaks(run.output) == []
    assert "TL009" in run.output and "outside the repository" in run.output


def test_symlinked_engine_config_is_not_read(repo: Path, secret: Path) -> None:
    _script(repo, "settings.json")
    os.symlink(secret, repo / "deploy" / "settings.json")
    run = run_toplint(["check", "deploy/serve.sh"], repo)
    assert leaks(run.output) == []
    assert "TL009" in run.output


def test_trtllm_extra_options_outside_are_not_read(repo: Path, secret: Path) -> None:
    (repo / "deploy").mkdir()
    (repo / "deploy" / "serve.sh").write_text(
        f"trtllm-serve meta-llama/Llama-3.1-8B-Instruct --extra_llm_api_options {secret}\n"
    )
    run = run_toplint(["check", "deploy"], repo)
    assert leaks(run.output) == []
    assert "TL009" in run.output


def test_inspect_prints_nothing_from_outside(repo: Path, secret: Path) -> None:
    _script(repo, str(secret))
    run = run_toplint(["inspect", "deploy", "--format", "json"], repo)
    assert leaks(run.output) == []


def test_engine_config_inside_the_repository_is_read(repo: Path) -> None:
    _script(repo, "vllm.yaml")
    (repo / "deploy" / "vllm.yaml").write_text("tensor-paralel-size: 2\n")
    run = run_toplint(["check", "deploy"], repo)
    assert "TL005" in run.output and "TL009" not in run.output


def test_discovered_config_hardware_outside_is_refused(repo: Path, secret: Path) -> None:
    (repo / "toplint.yaml").write_text(f"hardware: {secret}\n")
    _script(repo, "x.yaml")
    run = run_toplint(["check", "deploy"], repo)
    assert run.returncode == 2, run.output
    assert "outside the repository" in run.stderr
    assert leaks(run.output) == []


def test_discovered_config_models_outside_is_refused(repo: Path, tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text('{"registry_auth_token": 1}\n')
    (repo / "toplint.yaml").write_text(
        'models: {"meta-llama/Llama-3.1-8B-Instruct": ../config.json}\n'
    )
    _script(repo, "x.yaml")
    run = run_toplint(["check", "deploy"], repo)
    assert run.returncode == 2, run.output
    assert "outside the repository" in run.stderr
    assert leaks(run.output) == []


def test_symlinked_discovered_config_is_refused(repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("hardware: hw.yaml\n")
    os.symlink(outside, repo / "toplint.yaml")
    _script(repo, "x.yaml")
    run = run_toplint(["check", "deploy"], repo)
    assert run.returncode == 2, run.output
    assert "outside the repository" in run.stderr


def test_config_named_on_the_command_line_may_name_any_file(repo: Path, tmp_path: Path) -> None:
    hw = tmp_path / "hw.yaml"
    hw.write_text(
        "version: 1\nclusters:\n  - name: c\n    nodes: 1\n    gpu: A100-SXM4-80GB\n"
        "    gpus_per_node: 8\n"
    )
    cfg = tmp_path / "ci.yaml"
    cfg.write_text(f"hardware: {hw}\n")
    _script(repo, "x.yaml")
    run = run_toplint(["check", "deploy", "--config", str(cfg)], repo)
    assert run.returncode in (0, 1), run.output
    assert "outside the repository" not in run.stderr


def test_sourced_script_outside_is_not_read(repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "env.sh"
    outside.write_text("registry_auth_token=s3cr3t\nserve() { vllm serve m --tp 2; }\n")
    (repo / "run.sh").write_text(f"source {outside}\nserve\n")
    run = run_toplint(["check", "run.sh"], repo)
    assert leaks(run.output) == []
    assert "run.sh:1:8: TL009" in run.stdout, run.stdout


def _untracked(tmp_path: Path) -> Path:
    """A tree outside any git work tree and without a toplint configuration: the folder named
    on the command line is its repository."""
    tree = tmp_path / "tree"
    (tree / "deploy").mkdir(parents=True)
    (tree / "configs").mkdir()
    (tree / "configs" / "vllm.yaml").write_text("tensor-paralel-size: 2\n")
    return tree


def test_outside_git_a_parent_reference_inside_the_named_folder_is_read(tmp_path: Path) -> None:
    tree = _untracked(tmp_path)
    (tree / "deploy" / "serve.sh").write_text(f"{SERVE} --config ../configs/vllm.yaml\n")
    run = run_toplint(["check", "tree"], tmp_path)
    assert "TL005" in run.output and "TL009" not in run.output


def test_outside_git_a_reference_leaving_the_named_folder_is_not_read(
    tmp_path: Path, secret: Path
) -> None:
    tree = _untracked(tmp_path)
    (tree / "deploy" / "serve.sh").write_text(f"{SERVE} --config ../../secret.json\n")
    run = run_toplint(["check", "tree"], tmp_path)
    assert leaks(run.output) == []
    assert "TL009" in run.output
