"""A script another script runs inherits what the caller exports and the assignments written
before its name (bash(1), "ENVIRONMENT"): ``CUDA_VISIBLE_DEVICES=2,3 ./serve.sh`` gives the
engine ``serve.sh`` starts two GPUs (alan-turing-institute/t0-1@c6d23e6
scripts/isambard-ai/batch_vllm_gemma2.5.sh runs two TP 2 servers so in a 4-GPU Slurm job)."""

from __future__ import annotations

from pathlib import Path

from toplint.parse.base import Source
from toplint.parse.text.shellsrc import ShellParser

_SERVE = "vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2\n"


def _read(tmp_path: Path, job: str) -> list[tuple[int | None, int | None, str | None]]:
    (tmp_path / "serve.sh").write_text(_SERVE)
    path = tmp_path / "job.sh"
    path.write_text(job)
    result = ShellParser().parse(Source.from_text(str(path), job))
    return [(d.gpus_per_node, d.gpus, d.options.get("gpus_from")) for d in result.deployments]


def test_assignments_before_a_script_are_its_engines_environment(tmp_path: Path) -> None:
    job = (
        "#!/bin/bash\n#SBATCH --nodes 1\n#SBATCH --gpus-per-node 4\n"
        "CUDA_VISIBLE_DEVICES=0,1 ./serve.sh &\nCUDA_VISIBLE_DEVICES=2,3 ./serve.sh &\nwait\n"
    )
    assert _read(tmp_path, job) == [(2, 2, "CUDA_VISIBLE_DEVICES")] * 2


def test_an_exported_variable_reaches_the_script_it_runs(tmp_path: Path) -> None:
    job = "#!/bin/bash\nexport CUDA_VISIBLE_DEVICES=0,1\n./serve.sh\n"
    assert [r[0] for r in _read(tmp_path, job)] == [2]


def test_a_variable_not_exported_does_not(tmp_path: Path) -> None:
    """Without ``export`` the variable is the caller's alone: the engine sees every GPU."""
    job = "#!/bin/bash\nCUDA_VISIBLE_DEVICES=0,1\n./serve.sh\n"
    assert [r[2] for r in _read(tmp_path, job)] == [None]
