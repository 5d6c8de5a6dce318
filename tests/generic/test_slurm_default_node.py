"""Slurm without -N: one task with per-node GPUs runs on one node (sbatch(1), srun(1))."""

from __future__ import annotations

from tests.parse.helpers import only


def test_gres_type_and_count_without_nodes_is_one_node() -> None:
    dep = only("run.sh", "#!/bin/bash\n#SBATCH --gres=gpu:A6000:2\nvllm serve m -tp 2\n")
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (1, 2, 2)


def test_srun_one_task_with_gres_is_one_node() -> None:
    dep = only("s.sh", "srun --gres=gpu:2 -n1 vllm serve m --tensor-parallel-size 2\n")
    assert (dep.nodes, dep.gpus) == (1, 2)


def test_several_tasks_leave_the_node_count_open() -> None:
    dep = only("s.sh", "srun --gres=gpu:8 -n 2 vllm serve m -tp 8\n")
    assert dep.nodes is None
