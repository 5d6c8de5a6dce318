"""The forked run (forkrun.py) answers as a new ``python -m toplint`` does, and falls back to one
where it could not."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from . import forkrun
from .conftest import CPU_SECONDS, HANG_GUARD_SECONDS, MEMORY_BYTES

# tensor parallelism across the 100 Gb/s Ethernet between two 4-GPU nodes: findings (exit 1)
SERVE = "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8\n"
HARDWARE = """\
version: 1
clusters:
  - name: a100-eth
    nodes: 2
    gpu: A100-SXM4-80GB
    gpus_per_node: 4
    intra_node: {fabric: nvlink, bandwidth: 300 GB/s}
    inter_node: {network: ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false}
"""


def _zygote_or_skip() -> None:
    if os.environ.get("TOPLINT_TEST_FORK") == "0":
        pytest.skip("TOPLINT_TEST_FORK=0: every run is a new process")
    assert forkrun._zygote() is not None, "the zygote did not start"


def _both(args: list[str], cwd: Path, stdin: bytes | None = None) -> tuple[object, object]:
    import subprocess

    _zygote_or_skip()
    env = {**os.environ, "TOPLINT_CACHE_DIR": str(cwd.parent / "cache-forked")}
    env.pop("TOPLINT_DEBUG", None)
    assert forkrun.usable(cwd, env, None)
    forked = forkrun.run_forked(
        args, cwd, env, stdin, MEMORY_BYTES, CPU_SECONDS, HANG_GUARD_SECONDS
    )
    proc = subprocess.run(
        [sys.executable, "-m", "toplint", *args],
        cwd=cwd,
        env={**env, "TOPLINT_CACHE_DIR": str(cwd.parent / "cache-new")},
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        timeout=HANG_GUARD_SECONDS,
        check=False,
    )
    return forked, (proc.returncode, proc.stdout, proc.stderr)


@pytest.mark.parametrize(
    "args",
    [
        ["check", ".", "--hardware", "hw.yaml"],  # findings
        ["check", ".", "--hardware", "hw.yaml", "--format", "json"],
        ["check", "serve.sh", "--hardware", "missing.yaml"],  # exit 2
        ["check", "--no-such-option"],  # argparse's usage error
        ["--version"],
    ],
)
def test_a_forked_run_answers_as_a_new_process(repo: Path, args: list[str]) -> None:
    (repo / "serve.sh").write_text(SERVE)
    (repo / "hw.yaml").write_text(HARDWARE)
    forked, real = _both(args, repo)
    assert forked == real
    assert real[1] + real[2]  # type: ignore[index]


def test_a_forked_run_reads_standard_input(repo: Path) -> None:
    (repo / "hw.yaml").write_text(HARDWARE)
    forked, real = _both(["check", "-", "--hardware", "hw.yaml"], repo, SERVE.encode())
    assert forked == real


def test_a_forked_run_writes_the_cache_entries_a_new_process_writes(repo: Path) -> None:
    (repo / "serve.sh").write_text(SERVE)
    _both(["check", "serve.sh"], repo)
    forked, real = (
        sorted(p.name for p in (repo.parent / name).rglob("*.marshal"))
        for name in ("cache-forked", "cache-new")
    )
    assert forked and forked == real


def test_what_a_fork_would_not_reproduce_runs_as_a_new_process(repo: Path) -> None:
    _zygote_or_skip()
    env = dict(os.environ)
    assert forkrun.usable(repo, env, None)
    assert not forkrun.usable(repo, env, [sys.executable, "-m", "toplint"])
    assert not forkrun.usable(repo, {**env, "PYTHONHASHSEED": "1"}, None)
    assert not forkrun.usable(repo, {**env, "LC_ALL": "C"}, None)
    (repo / "pkg").mkdir()
    assert forkrun.usable(repo, env, None)  # a folder without __init__.py shadows nothing
    (repo / "pkg" / "__init__.py").write_text("")
    assert not forkrun.usable(repo, env, None)
    (repo / "pkg" / "__init__.py").unlink()
    (repo / "yaml.py").write_text("")
    assert not forkrun.usable(repo, env, None)
