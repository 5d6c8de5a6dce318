"""Slurm without -N: one task with per-node GPUs runs on one node (sbatch(1), srun(1)); a job
hands its allocation and environment to the repository script it runs (issue 24, point 5)."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import only
from tests.shell.test_shell_indirection import parse_file


def test_gres_type_and_count_without_nodes_is_one_node() -> None:
    dep = only("run.sh", "#!/bin/bash\n#SBATCH --gres=gpu:A6000:2\nvllm serve m -tp 2\n")
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (1, 2, 2)


def test_srun_one_task_with_gres_is_one_node() -> None:
    dep = only("s.sh", "srun --gres=gpu:2 -n1 vllm serve m --tensor-parallel-size 2\n")
    assert (dep.nodes, dep.gpus) == (1, 2)


def test_several_tasks_leave_the_node_count_open() -> None:
    dep = only("s.sh", "srun --gres=gpu:8 -n 2 vllm serve m -tp 8\n")
    assert dep.nodes is None


def test_a_batch_job_hands_its_allocation_and_env_to_the_script_it_runs(tmp_path: Path) -> None:

    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "worker.sh").write_text("vllm serve org/m -tp ${TP:-1} -pp 2\n")
    job = tmp_path / "job.sbatch"
    job.write_text(
        "#SBATCH --nodes=2\n#SBATCH --gpus-per-node=8\nexport TP=8\nsrun bash sub/worker.sh\n"
    )
    (dep,) = parse_file(job)
    assert (dep.tp, dep.pp, dep.nodes, dep.gpus) == (8, 2, 2, 16)
    assert dep.sources["tp"].path.endswith("worker.sh")  # findings sit on the engine command
    assert "run through `srun bash sub/worker.sh` at line 4" in dep.provenance["engine"]


def test_a_cd_inside_the_repository_is_followed(tmp_path: Path) -> None:

    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "w.sh").write_text("sglang serve --model-path org/m --tp 2\n")
    run = tmp_path / "run.sh"
    run.write_text("cd sub\nnohup bash w.sh > out.log &\n")
    (dep,) = parse_file(run)
    assert (dep.engine, dep.tp) == ("sglang", 2)


def test_a_script_outside_the_repository_is_not_read(tmp_path: Path) -> None:

    run = tmp_path / "run.sh"
    run.write_text("bash /opt/elsewhere/serve.sh\n")
    assert parse_file(run) == ()


def _dockerfile(path: Path) -> tuple:  # type: ignore[type-arg]
    from toplint.parse.base import Source
    from toplint.parse.text.dockerfile import DockerfileParser

    return DockerfileParser().parse(Source.from_text(str(path), path.read_text())).deployments


def test_a_dockerfile_cmd_running_a_script_beside_it_is_read_through_it(tmp_path: Path) -> None:
    (tmp_path / "serve.sh").write_text("#!/bin/sh\nvllm serve org/m -tp ${TP:-1} --port 80\n")
    (tmp_path / "Dockerfile").write_text(
        'FROM nvidia/cuda:12.4.1-runtime-ubuntu22.04\nENV TP=4\nCOPY . .\nCMD ["sh", "serve.sh"]\n'
    )
    (dep,) = _dockerfile(tmp_path / "Dockerfile")
    assert (dep.engine, dep.model, dep.tp, dep.line) == ("vllm", "org/m", 4, 4)
    assert dep.sources["tp"].path.endswith("serve.sh")  # findings sit on the engine command
    assert "run through `sh serve.sh` (Dockerfile:4)" in dep.provenance["engine"]


def test_a_dockerfile_script_outside_or_missing_and_a_build_image_give_nothing(
    tmp_path: Path,
) -> None:
    docker = tmp_path / "Dockerfile"
    docker.write_text('FROM ubuntu\nCMD ["bash", "/opt/run.sh"]\n')
    assert _dockerfile(docker) == ()
    docker.write_text("FROM ubuntu\nCMD ./missing.sh --port 80\n")
    assert _dockerfile(docker) == ()
    # FROM an engine image with no CMD/ENTRYPOINT builds an image; what runs is given elsewhere.
    docker.write_text("FROM vllm/vllm-openai:v0.8.5\nRUN pip install runai-model-streamer\n")
    assert _dockerfile(docker) == ()


def test_a_script_copied_into_the_image_is_found_through_copy_and_workdir(tmp_path: Path) -> None:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "serve.sh").write_text("sglang serve --model-path org/m --tp 2\n")
    docker = tmp_path / "Dockerfile"
    docker.write_text('FROM ubuntu\nCOPY scripts/serve.sh /opt/\nCMD ["/opt/serve.sh"]\n')
    (dep,) = _dockerfile(docker)
    assert (dep.engine, dep.tp) == ("sglang", 2)
    docker.write_text("FROM ubuntu\nWORKDIR /app\nCOPY scripts .\nCMD bash serve.sh\n")
    assert [d.tp for d in _dockerfile(docker)] == [2]
    docker.write_text('FROM ubuntu\nCOPY --from=build /x/serve.sh /opt/\nCMD ["/opt/serve.sh"]\n')
    assert _dockerfile(docker) == ()  # copied from another stage: not the repository's file
