"""Hostile repositories: each input runs toplint in a process of its own under
``resource.setrlimit`` limits (address space and CPU seconds), so a blow-up is a killed process
(a failed test), never a hung or swapping test run.  The process is a fork of an interpreter
that has imported toplint where that runs as ``python -m toplint`` would (forkrun.py), else a
new ``python -m toplint``.  No test asserts on wall-clock time; the subprocess timeout only
guards against a hang that uses no CPU (a blocked open of a FIFO), and is far above any run.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from . import forkrun

# Limits of one toplint run on hostile input: a normal run of these small trees needs ~60 MB
# and well under a CPU second.
MEMORY_BYTES = 768 * 2**20
CPU_SECONDS = 20
HANG_GUARD_SECONDS = 120  # a FIFO read that blocks uses no CPU; RLIMIT_CPU would never fire


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str
    raw_stdout: bytes = b""

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


def _limits(memory: int, cpu: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))


def run_toplint(
    args: Sequence[str],
    cwd: Path,
    *,
    memory: int = MEMORY_BYTES,
    cpu: int = CPU_SECONDS,
    env: Mapping[str, str] | None = None,
    stdin: bytes | None = None,
    launcher: Sequence[str] | None = None,
) -> Run:
    """``python -m toplint ARGS`` (or ``launcher ARGS``) in ``cwd`` under the limits; output
    decoded with escapes."""
    full_env = {**os.environ, "TOPLINT_CACHE_DIR": str(cwd / ".toplint-cache"), **(env or {})}
    full_env.pop("TOPLINT_DEBUG", None)
    if forkrun.usable(cwd, full_env, launcher):
        code, out, err = forkrun.run_forked(
            args, cwd, full_env, stdin, memory, cpu, HANG_GUARD_SECONDS
        )
        return Run(code, _text(out), _text(err), out)
    proc = subprocess.run(
        [*(launcher or (sys.executable, "-m", "toplint")), *args],
        cwd=cwd,
        env=full_env,
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        timeout=HANG_GUARD_SECONDS,
        preexec_fn=lambda: _limits(memory, cpu),
        check=False,
    )
    return Run(proc.returncode, _text(proc.stdout), _text(proc.stderr), proc.stdout)


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "backslashreplace")


def killed(run: Run) -> bool:
    """The limits ended the run (SIGXCPU / SIGKILL, or Python's MemoryError at exit 1/3)."""
    return run.returncode < 0 or "MemoryError" in run.stderr


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """An empty git work tree (``.git`` marks the repository root) inside ``tmp_path``."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    return root


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A file outside the repository whose content must never be read or printed."""
    path = tmp_path / "secret.json"
    path.write_text('{"registry_auth_token": "s3cr3t-gho_abcdef", "password_hash": "x"}\n')
    return path


SECRET_WORDS = ("registry_auth_token", "s3cr3t", "gho_abcdef", "password_hash")


def leaks(text: str) -> list[str]:
    return [w for w in SECRET_WORDS if w in text]
