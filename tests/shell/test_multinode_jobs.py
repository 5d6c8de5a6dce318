"""Multi-node jobs and option-parsing loops (issue 24, set 12's development half).

The shapes are Julien-pour/multi_node_inference's ``multi_node_vllm.sh`` and ``multi_node.sh``
(commit aa2cea0, tests/data/open_world12): the tensor-parallel size is computed from the counts
Slurm sets in the batch script, ``$(( SLURM_NNODES * SLURM_GPUS_ON_NODE ))`` (sbatch(1), "OUTPUT
ENVIRONMENT VARIABLES"), and the engine is started on the head node in a one-node ``srun`` step,
vLLM over the Ray cluster the job starts, SGLang with its own ``--nnodes``; and
cosmaadrian/apo-feature-discovery's ``launch_vllm.slurm`` (commit c3a496b), whose
``--tensor-parallel-size "${NUM_GPUS}"`` keeps its default unless ``--gpus`` is passed.
"""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

RAY_JOB = """\
#!/bin/bash
#SBATCH --nodes=4
#SBATCH --gres=gpu:4
tp=$(( SLURM_NNODES * SLURM_GPUS_ON_NODE ))
nodes=$(scontrol show hostnames "$SLURM_JOB_NODELIST")
nodes_array=($nodes)
head_node=${nodes_array[0]}
srun --nodes=1 --ntasks=1 -w "$head_node" bash -c \\
"ray start --head --port=5000 && vllm serve org/model --tensor-parallel-size $tp" &
for ((i = 1; i < SLURM_JOB_NUM_NODES; i++)); do
  srun --nodes=1 --ntasks=1 -w "${nodes_array[$i]}" bash -c "ray start --block --address=h:5000" &
done
"""


def test_slurm_sets_the_gpus_on_a_node_from_the_gres_request() -> None:
    dep = only("job.sh", RAY_JOB)
    assert (dep.engine, dep.tp) == ("vllm", 16)


def test_an_engine_on_the_head_of_a_ray_cluster_spans_the_jobs_nodes() -> None:
    dep = only("job.sh", RAY_JOB)
    assert (dep.gpus, dep.nodes) == (16, 4)


# mehdidc/pi-slurm-vllm@77fcc1ce slurm/jupiter/GLM-5.2-FP8.sbatch, shortened: the Ray nodes
# start inside `bash -lc '...'` scripts that splice in values the batch script does not set
# (`'"$SLURM_CPUS_PER_TASK"'`: Slurm sets it only with --cpus-per-task), vLLM's image run by
# `apptainer exec`; TP 4 x PP 4 then fills the job's 4 nodes of 4.
SPLICED_RAY_JOB = """\
#!/bin/bash
#SBATCH --nodes=4
#SBATCH --gpus-per-node=4
RUN="apptainer exec --nv /x/vllm.sif"
srun --nodes=1 --ntasks=1 -w "$head_node" bash -lc '
    '"$RUN"' ray start --head --port='"$port"' --num-cpus '"$SLURM_CPUS_PER_TASK"' --block
  ' &
for ((i = 1; i <= 3; i++)); do
  srun --nodes=1 --ntasks=1 -w "$node_i" bash -lc '
    '"$RUN"' ray start --address "'"$MASTER_ADDR:$MASTER_PORT"'" \\
      --num-cpus '"$SLURM_CPUS_PER_TASK"' --num-gpus '"$SLURM_GPUS_PER_NODE"' --block
  ' &
done
srun --overlap --nodes=1 -w "$head_node" $RUN vllm serve zai-org/GLM-5.2-FP8 \\
  --distributed-executor-backend ray --tensor-parallel-size 4 --pipeline-parallel-size 4
"""


def test_a_ray_cluster_started_in_scripts_that_splice_unknown_values_is_read() -> None:
    dep = only("job.sbatch", SPLICED_RAY_JOB)  # the Ray nodes are no vLLM deployments
    assert (dep.engine, dep.tp, dep.pp, dep.gpus, dep.nodes) == ("vllm", 4, 4, 16, 4)


def test_a_one_node_step_of_an_engine_over_several_nodes_is_one_node_of_it() -> None:
    text = """\
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --gres=gpu:4
tp=$(( SLURM_NNODES * SLURM_GPUS_ON_NODE ))
srun --nodes=1 --ntasks=1 -w "$head" bash -c \\
"python3 -m sglang.launch_server --model-path org/m --tp $tp --nnodes 2 --node-rank 0" &
"""
    dep = only("job.sh", text)
    assert (dep.engine, dep.tp, dep.gpus, dep.nodes) == ("sglang", 8, 8, 2)


def test_a_one_node_step_without_a_multi_node_engine_stays_one_node() -> None:
    text = """\
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --gres=gpu:4
srun --nodes=1 --ntasks=1 vllm serve org/m --tensor-parallel-size 4
"""
    dep = only("job.sh", text)
    assert (dep.gpus, dep.nodes) == (4, 1)


OPTION_LOOP = """\
#!/bin/bash
NUM_GPUS="1"
MODEL_PATH="org/default"
while [[ $# -gt 0 ]]; do
  case $1 in
    --model) MODEL_PATH="$2"; shift 2 ;;
    -g|--gpus) NUM_GPUS="$2"; shift 2 ;;
    *) echo "Unknown: $1"; exit 1 ;;
  esac
done
vllm serve "${MODEL_PATH}" --tensor-parallel-size "${NUM_GPUS}"
"""


def test_a_script_given_no_arguments_never_enters_its_option_loop() -> None:
    dep = only("serve.sh", OPTION_LOOP)
    assert (dep.tp, dep.model) == (1, "org/default")


def test_a_called_script_runs_the_arms_its_arguments_select(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "serve.sh").write_text(OPTION_LOOP, encoding="utf-8")
    caller = tmp_path / "run.sh"
    text = "#!/bin/bash\nbash serve.sh --gpus 4 --model org/other\n"
    caller.write_text(text, encoding="utf-8")
    dep = only(str(caller), text)
    assert (dep.tp, dep.model) == (4, "org/other")


def test_an_argument_no_arm_handles_leaves_the_loop_as_read_before(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "serve.sh").write_text(OPTION_LOOP, encoding="utf-8")
    caller = tmp_path / "run.sh"
    text = "#!/bin/bash\nbash serve.sh --unknown 4\n"
    caller.write_text(text, encoding="utf-8")
    result = parse_text(str(caller), text)
    assert [d.tp for d in result.deployments] != [1]  # the *) arm exits: not followed


# tonyzhao-jt/LLMPQ-vLLM@c62d127 exp/32b/het_2.sh: a script of notes, each part run on its
# machine: Ray's head on three GPUs, a worker on one, then vLLM over all four.
RAY_NOTES = """\
export CUDA_VISIBLE_DEVICES=0,1,2
ray start --head --port 5678
export CUDA_VISIBLE_DEVICES=0
ray start --address=10.0.0.1:5678
vllm serve Qwen/Qwen2.5-32B-Instruct --tensor-parallel-size 1 --pipeline-parallel-size 4
"""


def test_vllm_beyond_its_visible_gpus_runs_on_the_ray_cluster_the_script_starts() -> None:
    """vLLM's default executor is Ray once TP x PP exceeds the GPUs its process sees; the GPUs
    of the ray start commands (each one's CUDA_VISIBLE_DEVICES, or --num-gpus) hold it, not
    the serving command's own CUDA_VISIBLE_DEVICES=0."""
    dep = only("notes.sh", RAY_NOTES)
    assert (dep.nodes, dep.gpus, dep.gpus_per_node) == (2, 4, None)
    assert "gpus_from" not in dep.options
    assert any("Ray cluster" in n for n in dep.notes)
    sized = RAY_NOTES.replace(
        "ray start --address=10.0.0.1:5678", "ray start --address=h --num-gpus 3"
    )
    assert only("notes.sh", sized).gpus == 6


def test_a_layout_the_visible_gpus_hold_or_an_executor_not_ray_stays_on_them() -> None:
    fits = RAY_NOTES.replace("--pipeline-parallel-size 4", "--pipeline-parallel-size 1")
    assert only("notes.sh", fits).gpus_per_node == 1
    mp = RAY_NOTES.replace(
        "--tensor-parallel-size 1", "--tensor-parallel-size 1 --distributed-executor-backend mp"
    )
    assert only("notes.sh", mp).options["gpus_from"] == "CUDA_VISIBLE_DEVICES"
    head_only = "\n".join(x for x in RAY_NOTES.splitlines() if "--address" not in x) + "\n"
    assert only("notes.sh", head_only).options["gpus_from"] == "CUDA_VISIBLE_DEVICES"
