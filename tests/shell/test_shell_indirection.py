"""Shell indirection: package-manager runners, arrays, functions, sourced files, launchers,
batch-script allocations and head/worker branches (issue 14, items 4 and 6)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.parse.helpers import only, parse_text
from toplint.parse.base import Source
from toplint.parse.text.shellrun import lex
from toplint.parse.text.shellsrc import ShellParser


def values(text: str) -> list[list[str | None]]:
    return [[w.value for w in c.words] for c in lex(text)]


def parse_file(path: Path) -> tuple:  # type: ignore[type-arg]
    source = Source.from_text(str(path), path.read_text())
    return ShellParser().parse(source).deployments


def test_uv_run_starts_the_engine() -> None:
    dep = only("run.sh", "uv run vllm serve org/m --tensor-parallel-size 4\n")
    assert dep.tp == 4


def test_uv_pip_install_is_not_a_deployment() -> None:
    assert parse_text("run.sh", "uv pip install vllm serve\n").deployments == ()


def test_poetry_and_conda_run_are_runners() -> None:
    text = "poetry run vllm serve a -tp 2\nconda run -n env vllm serve b -tp 4\n"
    assert [d.tp for d in parse_text("run.sh", text).deployments] == [2, 4]


def test_array_expands_to_one_word_per_element() -> None:
    cmds = values('ARGS=(--tensor-parallel-size "4" --enforce-eager)\nvllm serve m "${ARGS[@]}"')
    assert cmds[-1][3:] == ["--tensor-parallel-size", "4", "--enforce-eager"]


def test_array_element_keeps_the_position_where_it_is_written() -> None:
    dep = only("run.sh", 'ARGS=(\n  --tensor-parallel-size 4\n)\nvllm serve m "${ARGS[@]}"\n')
    flag = dep.flag("tensor-parallel-size")
    assert flag is not None and (flag.position.line, flag.position.column) == (2, 3)


def test_array_append_and_index() -> None:
    cmds = values("A=(x)\nA+=(y z)\necho ${A[2]} ${#A[@]}")
    assert cmds[-1] == ["echo", "z", "3"]


def test_unknown_array_index_stays_unresolved() -> None:
    word = lex("A=(1 2)\necho ${A[$i]}")[-1].words[-1]
    assert word.value is None


def test_function_call_supplies_positional_arguments() -> None:
    text = 'serve() {\n  vllm serve "$1" --tensor-parallel-size "$2"\n}\nserve org/m 2\n'
    dep = only("run.sh", text)
    assert (dep.model, dep.tp) == ("org/m", 2)


def test_value_from_a_call_points_at_the_call_argument() -> None:
    text = 'serve() {\n  vllm serve "$1" --tensor-parallel-size "$2"\n}\nserve org/m 2\n'
    flag = only("run.sh", text).flag("tensor-parallel-size")
    assert flag is not None and flag.value_position is not None
    assert (flag.value_position.line, flag.value_position.column) == (4, 13)


def test_each_call_is_one_deployment_at_the_call() -> None:
    text = 'serve() { vllm serve "$1" -tp "$2"; }\nserve a 2\nserve b 4\n'
    deps = parse_text("run.sh", text).deployments
    assert [(d.model, d.tp, d.line) for d in deps] == [("a", 2, 2), ("b", 4, 3)]


def test_function_never_called_is_read_in_place_unresolved() -> None:
    dep = only("run.sh", 'function serve {\n  vllm serve m -tp "$1"\n}\n')
    assert dep.tp is None and dep.unresolved[0].variable == "$1"


def test_shift_and_all_arguments() -> None:
    text = 'go() {\n  m=$1\n  shift\n  vllm serve "$m" "$@"\n}\ngo org/m -tp 8 --enforce-eager\n'
    dep = only("run.sh", text)
    assert (dep.model, dep.tp, dep.options.get("enforce_eager")) == ("org/m", 8, "true")


def test_recursive_function_is_bounded() -> None:
    assert values("f() { f; }\nf\necho done")[-1] == ["echo", "done"]


def test_sourced_function_inside_the_repository(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "lib.sh").write_text('launch() {\n  vllm serve "$1" -tp "$2"\n}\n')
    script = tmp_path / "run.sh"
    script.write_text("source ./lib.sh\nlaunch org/m 4\n")
    (dep,) = parse_file(script)
    assert (dep.model, dep.tp, dep.line) == ("org/m", 4, 2)


def test_flag_from_a_sourced_function_points_into_that_file(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "lib.sh").write_text("launch() {\n  vllm serve m --tensor-parallel-size 2\n}\n")
    script = tmp_path / "run.sh"
    script.write_text(". lib.sh\nlaunch\n")
    (dep,) = parse_file(script)
    flag = dep.flag("tensor-parallel-size")
    assert flag is not None and flag.position.path.endswith("lib.sh")


def test_script_folder_idiom_resolves_the_sourced_file(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "lib.sh").write_text('launch() { vllm serve m -tp "$1"; }\n')
    script = tmp_path / "run.sh"
    folder = 'DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"\n'
    script.write_text(folder + 'source "$DIR/lib.sh"\nlaunch 8\n')
    (dep,) = parse_file(script)
    assert dep.tp == 8


def test_sourced_file_outside_the_repository_is_not_read(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (tmp_path / "lib.sh").write_text('launch() { vllm serve m -tp "$1"; }\n')
    script = repo / "run.sh"
    script.write_text("source ../lib.sh\nlaunch 8\n")
    assert parse_file(script) == ()


def test_sourced_symlink_leaving_the_repository_is_not_read(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (tmp_path / "lib.sh").write_text('launch() { vllm serve m -tp "$1"; }\n')
    os.symlink(tmp_path / "lib.sh", repo / "lib.sh")
    script = repo / "run.sh"
    script.write_text("source ./lib.sh\nlaunch 8\n")
    assert parse_file(script) == ()


def test_srun_options_give_nodes_and_gpus() -> None:
    dep = only("run.sh", "srun -N 2 --gpus-per-node=8 vllm serve m -tp 8 -pp 2\n")
    assert (dep.nodes, dep.gpus_per_node, dep.gpus, dep.pods_are_nodes) == (2, 8, 16, True)


def test_torchrun_options_give_nodes_and_gpus() -> None:
    dep = only("run.sh", "torchrun --nnodes=2 --nproc-per-node 4 -m x vllm serve m -tp 8\n")
    assert (dep.nodes, dep.gpus_per_node) == (2, 4)


def test_sbatch_directives_give_the_allocation() -> None:
    text = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gres=gpu:h100:4\nvllm serve m -tp 8\n"
    dep = only("job.sbatch.sh", text)
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (2, 4, 8)
    assert (dep.sources["nodes"].line, dep.sources["gpus_per_node"].line) == (2, 3)


def test_srun_overrides_the_batch_allocation() -> None:
    text = "#SBATCH --nodes=4\n#SBATCH --gpus-per-node=8\nsrun --nodes=1 vllm serve m -tp 8\n"
    dep = only("job.sh", text)
    assert (dep.nodes, dep.gpus) == (1, 8)


# The shape of PatrickAllenCooper/curc-hoster scripts/launch_vllm_multinode.slurm: Ray started on
# every node of the job with one-node steps, then vLLM on the head in a one-node step.
RAY_JOB = (
    "#SBATCH --nodes=2\n#SBATCH --gres=gpu:4\n"
    'srun --nodes=1 --ntasks=1 -w "$HEAD" ray start --head --port=6379 --block &\n'
    'srun --nodes=1 --ntasks=1 -w "$NODE" ray start --address="$HEAD_IP:6379" --block &\n'
    'srun --nodes=1 --ntasks=1 -w "$HEAD" vllm serve m --tensor-parallel-size {tp} -pp 2\n'
)


def test_an_engine_on_the_head_of_the_jobs_ray_cluster_spans_the_job() -> None:
    dep = only("job.slurm", RAY_JOB.format(tp=4))
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (2, 4, 8)
    assert "Ray cluster" in dep.notes[-1]


def test_a_layout_the_step_holds_or_no_ray_cluster_keeps_the_step() -> None:
    dep = only("job.slurm", RAY_JOB.format(tp=1))  # TP 1 x PP 2 fits the head's 4 GPUs
    assert (dep.nodes, dep.gpus) == (1, 4)
    no_ray = "".join(
        line + "\n" for line in RAY_JOB.format(tp=4).splitlines() if "ray " not in line
    )
    assert (only("job.slurm", no_ray).nodes, only("job.slurm", no_ray).gpus) == (1, 4)


def test_the_ray_cluster_reached_by_the_default_executor_is_marked() -> None:
    """vLLM reaches the Ray cluster with no executor written only through its default, which
    0.11.1 dropped (vllm-project/vllm#30140, fixing #29447): the deployment says so (TL201)."""
    from toplint.optionkeys import RAY_BY_DEFAULT

    assert only("job.slurm", RAY_JOB.format(tp=4)).options.get(RAY_BY_DEFAULT) == "true"
    written = RAY_JOB.format(tp=4).replace("-pp 2", "-pp 2 --distributed-executor-backend ray")
    assert RAY_BY_DEFAULT not in only("job.slurm", written).options
    # ray start on two hosts with --num-gpus: the head's GPUs are what vllm serve sees there
    script = (
        "ray start --head --num-gpus 4\nray start --address=10.0.0.1:6379 --num-gpus 4\n"
        "vllm serve m --tensor-parallel-size 8\n"
    )
    dep = only("serve.sh", script)
    assert (dep.nodes, dep.gpus, dep.options.get(RAY_BY_DEFAULT)) == (2, 8, "true")


def test_pbs_select_gives_the_allocation() -> None:
    dep = only("job.sh", "#PBS -l select=2:ncpus=64:ngpus=4\nvllm serve m -tp 8\n")
    assert (dep.nodes, dep.gpus_per_node) == (2, 4)


def test_head_and_worker_branches_are_one_deployment() -> None:
    text = (
        'if [ "$RANK" = 0 ]; then\n'
        "  vllm serve m -tp 8 -pp 2 --nnodes 2 --node-rank 0 --master-addr h\n"
        "else\n"
        "  vllm serve m -tp 8 -pp 2 --nnodes 2 --node-rank 1 --master-addr h --headless\n"
        "fi\n"
    )
    dep = only("run.sh", text)
    assert (dep.line, dep.pp) == (2, 2) and "line(s) 4" in dep.notes[-1]


def test_case_arms_with_different_layouts_stay_two_deployments() -> None:
    text = (
        "case $ROLE in\n  a) vllm serve m -tp 8 --node-rank 0 ;;\n"
        "  b) vllm serve m -tp 4 --node-rank 0 ;;\nesac\n"
    )
    assert len(parse_text("run.sh", text).deployments) == 2


def test_slurm_variables_come_from_the_directives() -> None:
    text = (
        "#SBATCH --nodes=2\n#SBATCH --gpus-per-node=8\n"
        "vllm serve m --tensor-parallel-size $SLURM_GPUS_PER_NODE -pp $SLURM_JOB_NUM_NODES\n"
    )
    dep = only("job.slurm", text)
    assert (dep.tp, dep.pp) == (8, 2)


def test_launcher_before_bash_c_grants_the_script_its_allocation() -> None:
    text = 'srun -N 2 --gpus-per-node 4 bash -c "vllm serve m -tp 8"\n'
    dep = only("run.sh", text)
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (2, 4, 8)


def test_tasks_are_gpus_for_an_engine_with_one_rank_per_gpu() -> None:
    dep = only("run.sh", "srun -N 2 --ntasks-per-node=4 trtllm-serve m --tp_size 8\n")
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (2, 4, 8)


def test_tasks_are_not_gpus_for_an_engine_with_one_process_per_node() -> None:
    dep = only("run.sh", "srun -N 2 --ntasks-per-node=1 vllm serve m -tp 8 -pp 2\n")
    assert (dep.nodes, dep.gpus_per_node) == (2, None)


def test_mpirun_processes_are_the_gpus_of_a_rank_per_gpu_engine() -> None:
    dep = only("run.sh", "mpirun -np 8 --allow-run-as-root trtllm-serve m --tp_size 8\n")
    assert dep.gpus == 8


def test_batch_script_suffix_is_read_as_a_script() -> None:
    assert ShellParser().accepts(Source.from_text("job.sbatch", "vllm serve m\n"))


SGLANG_DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: NAME}
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: server
          image: lmsysorg/sglang:latest
          command: ["python3", "-m", "sglang.launch_server",
                    "--model-path", "deepseek-ai/DeepSeek-V3", "--tp", "16", "--nnodes", "2",
                    "--node-rank", "RANK", "--dist-init-addr", "h:5000"]
          resources: {limits: {nvidia.com/gpu: "8"}}
"""


def test_sglang_nnodes_in_a_deployment_is_gpus_per_pod_times_nodes() -> None:
    text = SGLANG_DEPLOYMENT.replace("NAME", "head").replace("RANK", "0")
    dep = only("d.yaml", text)
    assert (dep.nodes, dep.gpus_per_node, dep.gpus, dep.replicas) == (2, 8, 16, 1)


def test_head_and_worker_deployments_are_one_instance() -> None:
    head = SGLANG_DEPLOYMENT.replace("NAME", "head").replace("RANK", "0")
    worker = SGLANG_DEPLOYMENT.replace("NAME", "worker").replace("RANK", "1")
    dep = only("d.yaml", head + "---\n" + worker)
    assert (dep.name, dep.gpus) == ("head", 16)


TGI_JOINED = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: tgi}
spec:
  template:
    spec:
      containers:
        - name: tgi
          image: ghcr.io/huggingface/text-generation-inference:3.0.1
          args: ["--model-id meta-llama/Llama-3.1-8B-Instruct --num-shard 2"]
          resources: {limits: {nvidia.com/gpu: "2"}}
"""


def test_tgi_entrypoint_splits_one_joined_argument_string() -> None:
    dep = only("tgi.yaml", TGI_JOINED)
    assert (dep.model, dep.tp) == ("meta-llama/Llama-3.1-8B-Instruct", 2)


def test_a_piece_of_a_joined_argument_keeps_its_column() -> None:
    flag = only("tgi.yaml", TGI_JOINED).flag("num-shard")
    assert flag is not None and (flag.position.line, flag.position.column) == (10, 63)


def test_an_entrypoint_that_quotes_its_arguments_does_not_split_them() -> None:
    image = "ghcr.io/huggingface/text-generation-inference:3.0.1"
    text = TGI_JOINED.replace(image, "vllm/vllm-openai:v0.9.0")
    joined = "--model-id meta-llama/Llama-3.1-8B-Instruct --num-shard 2"
    dep = only("v.yaml", text.replace(joined, "org/m --tensor-parallel-size 2"))
    assert dep.tp == 1  # vllm's ENTRYPOINT ["vllm", "serve"] gets one argument: the model name


def test_unclosed_array_is_tl001_with_its_position() -> None:
    result = parse_text("run.sh", "echo ok\nARGS=(--tp 4\n")
    (finding,) = result.findings
    assert (finding.rule, finding.line, finding.column) == ("TL001", 2, 6)


def test_exponential_call_tree_is_bounded() -> None:
    calls = "; ".join(["f{n}"] * 10)
    defs = "".join(f"f{i}() {{ {calls.format(n=i + 1)}; }}\n" for i in range(6))
    text = defs + "f6() { vllm serve m -tp 2; }\nf0\n"
    deps = parse_text("run.sh", text).deployments
    assert 0 < len(deps) < 10**6  # the replay budget stops a million calls; nothing hangs


def test_script_sourcing_itself_is_bounded(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    script = tmp_path / "run.sh"
    script.write_text("source ./run.sh\nvllm serve m -tp 2\n")
    assert len(parse_file(script)) == 1


def test_lsf_directives_give_the_allocation() -> None:
    text = '#BSUB -nnodes 2\n#BSUB -gpu "num=4:mode=exclusive_process"\nvllm serve m -tp 8\n'
    dep = only("job.sh", text)
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (2, 4, 8)


def test_a_program_path_known_in_part_names_its_program() -> None:
    # PJAvinash/vLLM_multinode@4f470e0 scripts/start_vllm_multinode_ssh.sh: the venv's folder
    # comes from $HOME or a default of a default; the program at its end is written out
    script = (
        'BASE_DIR="${BASE_DIR:-$(pwd)}"\n'
        'VENV="${VENV:-$BASE_DIR/.venv}"\n'
        'VLLM_BIN="$VENV/bin/vllm"\n'
        "$VLLM_BIN serve org/m --tensor-parallel-size 2\n"
        'ssh head "nohup $VLLM_BIN serve org/n --tensor-parallel-size 4 &"\n'
    )
    deps = parse_text("run.sh", script).deployments
    assert [(d.engine, d.model, d.tp) for d in deps] == [("vllm", "org/m", 2), ("vllm", "org/n", 4)]


def test_a_variable_known_in_part_without_a_program_at_its_end_stays_unknown() -> None:
    # nothing written out at the end of the path: the program is not known, nothing is read
    script = 'BIN="$HOME/bin/$TOOL"\n$BIN serve org/m --tensor-parallel-size 2\n'
    assert parse_text("run.sh", script).deployments == ()
    assert values('D="$HOME/x"\necho "$D"')[-1] == ["echo", None]


def test_a_function_given_a_command_known_in_part_runs_it() -> None:
    # the same script's run_on_head: the command string reaches `bash -lc '$cmd'` through $1
    # and a local, its program path known in part; after the call $1 is the caller's again
    script = (
        'VENV="${VENV:-$BASE_DIR/.venv}"\n'
        'VLLM_BIN="$VENV/bin/vllm"\n'
        "run_on_head() {\n"
        '  local cmd="$1"\n'
        "  ssh head \"bash -lc '$cmd'\"\n"
        "}\n"
        'run_on_head "nohup $VLLM_BIN serve org/m --tensor-parallel-size 2 > /tmp/v.log 2>&1 &"\n'
        "echo $1\n"
    )
    (dep,) = parse_text("run.sh", script).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    # outside the call $1 is the script's own, unknown: not the call's string split into fields
    assert values(script)[-1] == ["echo", None]
