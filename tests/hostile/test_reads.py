"""Issue 18 defect 3: every file toplint reads has a size cap and must be a regular file, so
/dev/zero, a FIFO or a sparse giant ends in a message, never an out-of-memory or a hang."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import killed, run_toplint

SCRIPT = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2\n"


def _tree(repo: Path) -> None:
    (repo / "serve.sh").write_text(SCRIPT)


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("option", ["--hardware", "--baseline", "--config"])
def test_dev_zero_named_on_the_command_line_is_refused(repo: Path, option: str) -> None:
    _tree(repo)
    run = run_toplint(["check", "serve.sh", option, "/dev/zero"], repo)
    assert not killed(run), run.stderr
    assert run.returncode == 2, run.output
    assert "not a regular file" in run.stderr


@pytest.mark.parametrize("option", ["--hardware", "--baseline", "--config"])
def test_fifo_named_on_the_command_line_does_not_hang(repo: Path, fifo: Path, option: str) -> None:
    _tree(repo)
    run = run_toplint(["check", "serve.sh", option, str(fifo)], repo)
    assert run.returncode == 2, run.output
    assert "a FIFO" in run.stderr


def test_topo_dev_zero_is_refused(repo: Path) -> None:
    run = run_toplint(["hardware", "detect", "--topo", "/dev/zero"], repo)
    assert not killed(run), run.stderr
    assert run.returncode == 2 and "not a regular file" in run.stderr


@pytest.mark.parametrize("key", ["hardware", "models"])
def test_config_path_at_a_fifo_in_the_tree_does_not_hang(repo: Path, key: str) -> None:
    _tree(repo)
    os.mkfifo(repo / "pipe.json")
    value = "pipe.json" if key == "hardware" else '{"meta-llama/Llama-3.1-8B-Instruct": pipe.json}'
    (repo / "toplint.yaml").write_text(f"{key}: {value}\n")
    run = run_toplint(["check", "serve.sh"], repo)
    assert run.returncode == 2, run.output
    assert "a FIFO" in run.stderr


def test_sparse_giant_pyproject_is_not_read_whole(repo: Path) -> None:
    _tree(repo)
    with open(repo / "pyproject.toml", "wb") as fh:
        fh.truncate(6 * 2**30)  # 6 GB of holes: no disk used
    run = run_toplint(["check", "serve.sh"], repo)
    assert not killed(run), run.stderr
    assert run.returncode == 2 and "read limit" in run.stderr


def test_engine_config_fifo_does_not_hang(repo: Path) -> None:
    (repo / "serve.sh").write_text(
        "vllm serve meta-llama/Llama-3.1-8B-Instruct --config pipe.yaml\n"
    )
    os.mkfifo(repo / "pipe.yaml")
    run = run_toplint(["check", "serve.sh"], repo)
    assert run.returncode in (0, 1), run.output


def _cache_entries(repo: Path) -> list[Path]:
    return sorted((repo / ".toplint-cache").rglob("*.marshal"))


def test_cache_entry_of_the_wrong_shape_is_rebuilt(repo: Path) -> None:
    import marshal

    _tree(repo)
    first = run_toplint(["check", "serve.sh"], repo)
    entries = _cache_entries(repo)
    assert entries, "the first run writes cache entries"
    for entry in entries:
        entry.write_bytes(marshal.dumps(5))
    second = run_toplint(["check", "serve.sh"], repo)
    assert (second.returncode, second.stdout) == (first.returncode, first.stdout), second.stderr
    third = run_toplint(["check", "serve.sh"], repo)
    assert (third.returncode, third.stdout) == (first.returncode, first.stdout), third.stderr


def test_fifo_cache_entry_does_not_hang(repo: Path) -> None:
    _tree(repo)
    first = run_toplint(["check", "serve.sh"], repo)
    for entry in _cache_entries(repo):
        entry.unlink()
        os.mkfifo(entry)
    second = run_toplint(["check", "serve.sh"], repo)
    assert (second.returncode, second.stdout) == (first.returncode, first.stdout), second.stderr
