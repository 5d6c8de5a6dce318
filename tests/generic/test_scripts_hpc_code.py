"""Scripts, HPC jobs and code (issue 24, round 8): each test is the shape of a real file of the
eighth open-world set's development half (tests/data/open_world8), written small."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import only, parse_text
from tests.shell.test_shell_indirection import parse_file
from toplint.accelerators import of_deployment
from toplint.model import Position
from toplint.parse.base import Source
from toplint.parse.options import Arg
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source
from toplint.parse.structured.composerun import compose_up


def _parsed(path: Path) -> tuple:  # type: ignore[type-arg]
    source = Source.from_text(str(path), path.read_text())
    return parse_source(source, builtin_and_plugin_parsers()).deployments


# -- the runtime a process's environment names (Aurora's start_oss120b.sh) ------------------


def test_a_level_zero_variable_exported_before_the_engine_declines_it() -> None:
    text = "export ZE_FLAT_DEVICE_HIERARCHY=FLAT\nexport X=1\nvllm serve org/m -tp 8\n"
    found = of_deployment(only("start.sh", text))
    assert found is not None and found[0].kind == "intel-gpu"
    assert "ZE_FLAT_DEVICE_HIERARCHY" in found[1] and found[2].line == 1


def test_a_prefix_variable_of_another_runtime_declines_it() -> None:
    dep = only("run.sh", "ASCEND_RT_VISIBLE_DEVICES=0,1 vllm serve org/m -tp 2\n")
    found = of_deployment(dep)
    assert found is not None and found[0].kind == "ascend"


def test_cuda_visibility_names_a_priced_gpu() -> None:
    dep = only("run.sh", "export CUDA_VISIBLE_DEVICES=0,1\nvllm serve org/m -tp 2\n")
    assert of_deployment(dep) is None and dep.gpus == 2


# -- a job that ssh-launches a start script on each node (submit_oss120b.sh) --------------------


def test_ssh_runs_a_script_of_the_repository_through_a_string_with_run_time_parts(
    tmp_path: Path,
) -> None:
    (tmp_path / "start.sh").write_text(
        "export ZE_AFFINITY_MASK=0\nvllm serve ${1:-org/m} --tensor-parallel-size 8\n"
    )
    job = tmp_path / "submit.sh"
    job.write_text(
        'DIR="/lus/site/proj/app"\n'
        "start_on() {\n"
        '  ssh -o ConnectTimeout=10 "$1" '
        '"bash -l -c \'cd $DIR && USE_X=0 ./start.sh \\"$2\\"\'" 2>&1\n'
        "}\n"
        'for host in "${hosts[@]}"; do start_on "$host" "$MODEL" & done\n'
    )
    (dep,) = parse_file(job)
    assert (dep.engine, dep.tp) == ("vllm", 8)
    assert dep.sources["tp"].path == str(tmp_path / "start.sh")  # no ``/./`` in the path
    found = of_deployment(dep)
    assert found is not None and found[0].kind == "intel-gpu"
    assert "start.sh" in dep.provenance["engine"]


def test_a_variable_assignment_before_a_script_is_its_environment(tmp_path: Path) -> None:
    (tmp_path / "w.sh").write_text("vllm serve org/m -tp ${TP}\n")
    run = tmp_path / "run.sh"
    run.write_text("TP=4 ./w.sh\n")
    (dep,) = parse_file(run)
    assert dep.tp == 4


# -- bash arrays indexed by a loop variable, a restart loop (run_server.sh) ---------------------

RUN_SERVER = """\
declare -a NAMES=("qwen-235b")
declare -a DEVICES=("0,1,2,3,4,5,6,7")
declare -a TPS=(8)
start_model() {
    local idx=$1
    CUDA_VISIBLE_DEVICES=${DEVICES[$idx]} \\
    python3 python/sglang/launch_server.py --model-path /m/Qwen3-235B-A22B \\
        --tp-size ${TPS[$idx]} --dp-size 1 --port 8083 &
}
for i in "${!NAMES[@]}"; do
    start_model $i
done
while true; do
    for i in "${!NAMES[@]}"; do
        if ! kill -0 ${PIDS[$i]} 2>/dev/null; then
            start_model $i
        fi
    done
done
"""


def test_array_indices_a_one_item_loop_and_an_engine_source_tree_script() -> None:
    dep = only("run_server.sh", RUN_SERVER)  # the restart call starts nothing new
    assert (dep.engine, dep.tp, dep.dp, dep.gpus) == ("sglang", 8, 1, 8)
    assert dep.unresolved == ()


def test_a_loop_over_several_values_starts_one_engine_per_value() -> None:
    # bash runs the body once per word (toplint.parse.text.forloop): two runs, TP 2 then TP 4,
    # never the first value guessed for both.
    deps = parse_text("run.sh", "for tp in 2 4; do vllm serve org/m -tp $tp; done\n").deployments
    assert [d.tp for d in deps] == [2, 4]


def test_a_function_called_with_other_arguments_starts_each() -> None:
    text = "s() { vllm serve org/m -tp $1 --port $2; }\ns 2 8000\ns 2 8001\n"
    assert len(parse_text("run.sh", text).deployments) == 2


def test_a_repository_launch_server_py_is_not_an_engine() -> None:
    assert parse_text("run.sh", "python launch_server.py --tp 2\n").deployments == ()


# -- Python: parameter defaults, the interpreter itself, one command read once ---------------

START_SERVICE = """\
import subprocess
def launch_vllm_server(model: str = '/models/qwen', port: str = '7000',
                       tensor_parallel: int = 4, cuda_devices: str = "0,1"):
    cmd = ["vllm", "serve", model, "--port", str(port),
           "--tensor-parallel-size", str(tensor_parallel)]
    return subprocess.Popen(cmd)

if __name__ == "__main__":
    process = launch_vllm_server()
"""


def test_a_parameter_no_call_passes_is_its_default() -> None:
    dep = only("start_service.py", START_SERVICE)  # the function is not read a second time
    assert (dep.engine, dep.tp) == ("vllm", 4)


def test_a_parameter_the_one_call_passes_is_that_value() -> None:
    """ree2raz/inference-bench@62191001 modal_qwen3_moe_awq.py builds its command in a helper
    called once, ``_make_server_args(MODEL, …)``: what that call passes is what runs."""
    text = START_SERVICE.replace("launch_vllm_server()", "launch_vllm_server(tensor_parallel=8)")
    assert only("start_service.py", text).tp == 8
    named = START_SERVICE.replace("launch_vllm_server()", "launch_vllm_server(MODEL)")
    named = named.replace("import subprocess\n", "import subprocess\nMODEL = 'org/m'\n")
    assert only("start_service.py", named).model == "org/m"


def test_a_parameter_two_calls_pass_stays_unknown() -> None:
    text = START_SERVICE.replace(
        "    process = launch_vllm_server()",
        "    process = launch_vllm_server(tensor_parallel=8)\n"
        "    other = launch_vllm_server(tensor_parallel=2)",
    )
    dep = only("start_service.py", text)
    assert dep.tp is None and "tp" in {u.field for u in dep.unresolved}


def test_a_parameter_passed_a_local_of_the_caller_stays_unknown() -> None:
    text = START_SERVICE.replace(
        "    process = launch_vllm_server()",
        "    tp = pick()\n    process = launch_vllm_server(tensor_parallel=tp)",
    )
    dep = only("start_service.py", text)
    assert dep.tp is None and "tp" in {u.field for u in dep.unresolved}


def test_a_class_init_default_through_calls_of_the_class() -> None:
    text = (
        "from vllm import EngineArgs, LLMEngine\n"
        "class Client:\n"
        "    def __init__(self, model_id='org/m', tensor_parallel_size=2):\n"
        "        args = EngineArgs(model=model_id, tensor_parallel_size=tensor_parallel_size)\n"
        "        self.engine = LLMEngine.from_engine_args(args)\n"
        "c = Client(model_id='org/m')\n"
    )
    assert only("client.py", text).tp == 2


def test_sys_executable_running_an_engine_script_of_a_fork() -> None:
    text = (
        "import subprocess, sys\n"
        'cmd = [sys.executable, "python/sglang/launch_server.py", "--model-path", "/m",\n'
        '       "--tp-size", "4"]\n'
        "subprocess.run(cmd)\n"
    )
    dep = only("server.py", text)
    assert (dep.engine, dep.tp) == ("sglang", 4)


MODAL = """\
import modal
app = modal.App("sglang-qwen3-inference")
@app.function(gpu="L4:1")
@modal.web_server(port=8000)
def sglang_inference():
    cmd = ["python", "-m", "sglang.launch_server", "--model-path", "Qwen/Qwen3-1.7B"]
    subprocess.Popen(" ".join(cmd), shell=True)
"""


def test_a_function_named_after_its_engine_is_its_command_read_once() -> None:
    dep = only("sgl_inference.py", MODAL)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("sglang", "Qwen/Qwen3-1.7B", 1, 1)


# -- a script that starts compose services (run_serve.sh) ----------------------------------


def _words(text: str) -> list[Arg]:
    return [Arg(w, w, Position("r.sh", 1, 1)) for w in text.split()]


def test_compose_up_names_its_files_and_services() -> None:
    assert compose_up(_words("docker compose up --build -d vllm api")) == ([], ["vllm", "api"])
    assert compose_up(_words("docker-compose -f deploy/c.yml up")) == (["deploy/c.yml"], [])
    assert compose_up(_words("docker compose run --rm vllm python x.py")) == ([], ["vllm"])
    assert compose_up(_words("docker compose logs -f vllm")) is None
    assert compose_up(_words("docker run vllm/vllm-openai")) is None


def test_a_script_starting_compose_services_reads_the_compose_file(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()  # the repository: files the script references resolve inside it
    (tmp_path / "scripts").mkdir()
    (tmp_path / "docker-compose.yml").write_text(
        "services:\n"
        "  vllm:\n"
        "    image: local/vllm\n"
        '    command: ["vllm", "serve", "org/m", "--tensor-parallel-size", "2"]\n'
        "  other:\n"
        "    image: vllm/vllm-openai\n"
        "    command: --model org/n --tensor-parallel-size 4\n"
    )
    run = tmp_path / "scripts" / "run_serve.sh"
    run.write_text('echo "up"\ndocker compose up --build -d vllm api\n')
    (dep,) = _parsed(run)
    assert (dep.path, dep.line, dep.tp) == (str(run), 2, 2)
    assert dep.sources["tp"].path.endswith("docker-compose.yml")
    assert "docker compose up" in dep.provenance["engine"]


# -- an image's entrypoint script with no CMD (tensorzero's tgi-nginx Dockerfile) --------------


def test_an_entrypoint_without_cmd_forwards_the_run_time_arguments(tmp_path: Path) -> None:
    (tmp_path / "entrypoint.sh").write_text(
        "#!/bin/bash\ntext-generation-launcher --port 8081 $@ &\nexec nginx -g 'daemon off;'\n"
    )
    dockerfile = tmp_path / "Dockerfile"
    dockerfile.write_text(
        "FROM ghcr.io/huggingface/text-generation-inference:latest\n"
        "COPY entrypoint.sh /entrypoint.sh\n"
        'ENTRYPOINT ["/entrypoint.sh"]\n'
    )
    (dep,) = _parsed(dockerfile)
    assert dep.engine == "tgi" and dep.tp is None
    (forwarded,) = [u for u in dep.unresolved if u.field == "arguments"]
    at = forwarded.position
    assert (at.line, at.path) == (3, str(dockerfile))  # at the instruction
    dockerfile.write_text(dockerfile.read_text() + 'CMD ["--num-shard", "2"]\n')
    (dep,) = _parsed(dockerfile)
    assert dep.tp == 2 and not dep.unresolved


def test_a_glob_or_brace_list_is_not_one_loop_value() -> None:
    for header in ("for tp in {2..4}", "for tp in 2*", "for tp in $(seq 2 4)"):
        dep = only("run.sh", f"{header}; do vllm serve org/m -tp $tp; done\n")
        assert dep.tp is None, header
    dep = only("run.sh", "A=(4)\nfor i in ${!A[@]}; do vllm serve org/m -tp ${A[$i]}; done\n")
    assert dep.tp == 4


# -- schedulers beyond Slurm and PBS: Flux, LSF, GPUs per task -------------------------------


def test_flux_directives_and_flux_run_hand_a_script_their_nodes_and_gpus(tmp_path: Path) -> None:
    (tmp_path / "worker.sh").write_text("vllm serve org/m -tp 4 -pp 2\n")
    job = tmp_path / "job.flux"
    job.write_text("# flux: -N 2\n#flux: -g 4\nflux run -N 2 -n 2 -g 4 bash worker.sh\n")
    (dep,) = parse_file(job)
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (2, 4, 8)
    assert "flux run" in dep.provenance["engine"]


def test_an_lsf_job_of_one_task_is_one_host() -> None:
    text = '#BSUB -n 1\n#BSUB -gpu "num=4:mode=exclusive_process"\nvllm serve m -tp 4\n'
    dep = only("job.lsf.sh", text)
    assert (dep.nodes, dep.gpus) == (1, 4)


def test_gpus_per_task_times_the_tasks_on_a_node() -> None:
    text = "#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-task=4\n"
    dep = only("job.sbatch", text + "srun vllm serve org/m -tp 4 -pp 2\n")
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (2, 4, 8)
    dep = only("job.sbatch", "srun -N 2 -n 4 --gpus-per-task=2 vllm serve org/m -tp 4 -pp 2\n")
    assert dep.gpus_per_node == 4
    assert only("j.sh", "# SBATCH -N 4\nvllm serve org/m -tp 2\n").nodes is None  # a comment


# -- a justfile's recipes ----------------------------------------------------------------------

JUSTFILE = """\
model := "org/m"
export tp := "4"

# serve the model
serve port="8000" extra="":
    @echo starting
    vllm serve {{ model }} --tensor-parallel-size {{tp}} --port {{port}} {{extra}}

bench gpus: serve
\tpython bench.py --gpus {{gpus}}
"""


def test_a_justfile_recipe_with_its_variables_and_parameter_defaults() -> None:
    dep = only("justfile", JUSTFILE)
    assert (dep.engine, dep.model, dep.tp, dep.source_kind) == ("vllm", "org/m", 4, "justfile")
    tp = dep.sources["tp"]
    assert (tp.path, tp.line, tp.column) == ("justfile", 7, 28)  # `--tensor-parallel-size`
    assert JUSTFILE.split("\n")[6][27:].startswith("--tensor-parallel-size")
    assert dep.flag("port") is not None and dep.flag("port").value == "8000"


def test_a_justfile_parameter_without_default_is_unknown() -> None:
    text = "serve tp:\n    vllm serve org/m --tensor-parallel-size {{tp}}\n"
    dep = only("justfile", text)
    assert dep.tp is None and [u.field for u in dep.unresolved] == ["tp"]
    assert dep.unresolved[0].position.column == 45  # the `{{tp}}` as written


# simon-mo/vLLM-Benchmark@d538cdc9366989e6b356514ff5d5d7ff6be6903e Justfile, lines 10, 7 and
# 64-80 (the `if` on the model left out): a shebang recipe is one bash script, its engine
# command continued over lines ending in `\`.
BENCH_JUSTFILE = """\
QWQ_32B_PATH := "Qwen/QwQ-32B"
DEEPSEEK_R1_PATH := env_var_or_default("DEEPSEEK_R1_PATH", "deepseek-ai/DeepSeek-R1")

# Base recipes for serving SGLang
_serve-sgl model_path tp="1":
  #!/usr/bin/env bash
  SGL_SERVE_ARGS="--trust-remote-code --disable-radix-cache"

  SGL_ENABLE_JIT_DEEPGEMM=1 just uvx-sgl python -m sglang.launch_server \\
    --model {{model_path}} \\
    --port 8000 \\
    --tp {{tp}} \\
    ${SGL_SERVE_ARGS}
"""


def test_a_justfile_engine_command_continued_over_lines() -> None:
    """A continued line's `--model` lost its first `-` as if it were a recipe line's `-` sigil
    (just's sigils are the first characters of a logical line only: casey/just src/recipe.rs
    `run_shell`, with `Line::is_continuation` in src/line.rs), so the command named no model
    and TP 1: TL007 "names no model" instead of the model left to the recipe's caller."""
    dep = only("Justfile", BENCH_JUSTFILE)
    assert (dep.engine, dep.model, dep.tp) == ("sglang", None, 1)
    assert [u.field for u in dep.unresolved] == ["model"]
    assert (dep.unresolved[0].position.line, dep.unresolved[0].position.column) == (10, 13)
    tp = dep.sources["tp"]
    assert (tp.line, tp.column) == (12, 5)  # `--tp` on its own line, as written
    literal = BENCH_JUSTFILE.replace("{{model_path}}", "{{QWQ_32B_PATH}}")
    assert only("Justfile", literal).model == "Qwen/QwQ-32B"
    # a function call is not a value toplint computes: the variable stays unresolved
    called = BENCH_JUSTFILE.replace("{{model_path}}", "{{DEEPSEEK_R1_PATH}}")
    assert [u.field for u in only("Justfile", called).unresolved] == ["model"]


def test_a_linewise_justfile_recipe_continued_and_its_sigils() -> None:
    """Without a shebang each logical line is its own command: lines ending in `\\` are joined
    (the next line's leading whitespace dropped) and `@`/`-` are stripped from its first line
    only; a continued comment swallows the lines it continues (casey/just README "Multi-Line
    Constructs")."""
    text = (
        "serve:\n    -@vllm serve \\\n        --model org/m \\\n        --tensor-parallel-size 2\n"
    )
    dep = only("justfile", text)
    assert (dep.model, dep.tp) == ("org/m", 2)
    assert (dep.sources["tp"].line, dep.sources["tp"].column) == (4, 9)
    one_line = "serve:\n    @vllm serve --model org/m --tensor-parallel-size 2\n"
    assert (only("justfile", one_line).model, only("justfile", one_line).tp) == ("org/m", 2)
    commented = "serve:\n    # vllm serve org/m \\\n    vllm serve org/x -tp 2\n"
    assert parse_text("justfile", commented).deployments == ()


def test_a_justfile_shebang_recipe_is_its_interpreter_script() -> None:
    """A shebang recipe's body is written to a file run by its interpreter with the recipe's
    indentation removed (casey/just src/recipe.rs `run_script`): an indented here-document
    ends, and a Python recipe is not shell."""
    heredoc = (
        "serve:\n"
        "    #!/bin/bash\n"
        "    cat <<EOF > notes.txt\n"
        "    hello\n"
        "    EOF\n"
        "    vllm serve org/m --tensor-parallel-size 4\n"
    )
    assert only("justfile", heredoc).tp == 4
    python = "serve:\n    #!/usr/bin/env python3\n    vllm serve org/m -tp 2\n"
    assert parse_text("justfile", python).deployments == ()
    attribute = '[script("python3")]\nserve:\n    vllm serve org/m -tp 2\n'
    assert parse_text("justfile", attribute).deployments == ()
    default = "[script]\nserve $tp='2':\n    vllm serve org/m -tp {{tp}}\n"  # `sh -eu`
    assert only("justfile", default).tp == 2


def test_each_justfile_recipe_has_its_own_parameters() -> None:
    """A parameter is its recipe's: another recipe's default of the same name, or a variable
    of that name, is not its value (casey/just README "Recipe Parameters")."""
    text = (
        'tp := "2"\n'
        'a tp="8":\n'
        "    vllm serve org/a --tensor-parallel-size {{tp}}\n"
        "b tp:\n"
        "    vllm serve org/b --tensor-parallel-size {{tp}}\n"
        "c:\n"
        "    vllm serve org/c --tensor-parallel-size {{tp}}\n"
    )
    found = {d.model: d.tp for d in parse_text("justfile", text).deployments}
    assert found == {"org/a": 8, "org/b": None, "org/c": 2}


# -- the environment a Python program sets for its engine -------------------------------------


def test_os_environ_before_an_offline_engine_bounds_its_gpus() -> None:
    text = (
        "import os\n"
        'os.environ["CUDA_VISIBLE_DEVICES"] = "0,1,2,3"\n'
        "from vllm import LLM\n"
        'llm = LLM(model="org/m", tensor_parallel_size=4)\n'
    )
    dep = only("offline.py", text)
    assert (dep.tp, dep.gpus, dep.nodes, dep.options["gpu_ids"]) == (4, 4, 1, "0,1,2,3")
    assert dep.provenance["gpus"] == '`os.environ["CUDA_VISIBLE_DEVICES"]` at line 2'
    later = text.replace('os.environ["CUDA_VISIBLE_DEVICES"] = "0,1,2,3"\n', "") + (
        'os.environ["CUDA_VISIBLE_DEVICES"] = "0"\n'
    )
    assert only("offline.py", later).gpus is None  # set after the engine started


def test_the_env_mapping_a_subprocess_is_started_with() -> None:
    text = (
        "import os, subprocess\n"
        'env = dict(os.environ, CUDA_VISIBLE_DEVICES="4,5")\n'
        'subprocess.Popen(["vllm", "serve", "org/m", "--tensor-parallel-size", "2"], env=env)\n'
    )
    dep = only("launch.py", text)
    assert (dep.gpus, dep.options["gpu_ids"]) == (2, "4,5")


def test_a_runtime_variable_set_in_python_declines_it() -> None:
    text = (
        "import os\n"
        'os.environ["HABANA_VISIBLE_MODULES"] = "0,1"\n'
        "from vllm import LLM\n"
        'llm = LLM(model="org/m", tensor_parallel_size=2)\n'
    )
    found = of_deployment(only("gaudi.py", text))
    assert found is not None and found[0].kind == "gaudi"


def test_torque_nodes_and_a_job_wide_pbs_gpu_count() -> None:
    text = "#PBS -l nodes=2:ppn=8:gpus=4\nmpirun -np 2 -npernode 1 vllm serve org/m -tp 4 -pp 2\n"
    dep = only("job.pbs", text)
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (2, 4, 8)
    dep = only("job.pbs", "#PBS -l ncpus=32\n#PBS -l ngpus=4\nvllm serve org/m -tp 4\n")
    assert (dep.nodes, dep.gpus) == (1, 4)
    assert only("job.pbs", "#PBS -l select=2:ncpus=8\nvllm serve org/m -tp 4\n").gpus is None


# -- a script that submits jobs ----------------------------------------------------------------


def test_sbatch_wrap_is_the_job_script_with_the_options_allocation() -> None:
    text = 'sbatch -N 1 --gres=gpu:4 -t 60 --wrap="vllm serve org/m --tensor-parallel-size 4"\n'
    dep = only("submit.sh", text)
    assert (dep.tp, dep.nodes, dep.gpus) == (4, 1, 4)
    assert dep.sources["tp"].column == text.index("--tensor") + 1


def test_submitting_a_script_of_the_repository_hands_it_the_jobs_resources(
    tmp_path: Path,
) -> None:
    (tmp_path / "w.sh").write_text("vllm serve $MODEL -tp 4 -pp 2 --max-model-len $LEN\n")
    run = tmp_path / "submit.sh"
    run.write_text("qsub -l select=2:ngpus=4 -v MODEL=org/m,LEN=4096 w.sh\n")
    (dep,) = parse_file(run)
    assert (dep.model, dep.nodes, dep.gpus, dep.flag("max-model-len").value) == (
        "org/m",
        2,
        8,
        "4096",
    )
    run.write_text("sbatch --nodes=2 --gpus-per-node=4 --export=ALL,MODEL=org/n w.sh\n")
    (dep,) = parse_file(run)
    assert (dep.model, dep.nodes, dep.gpus) == ("org/n", 2, 8)
    run.write_text('bsub -n 1 -gpu "num=8" ./w.sh\n')
    (dep,) = parse_file(run)
    assert (dep.nodes, dep.gpus) == (1, 8)


def test_a_submitted_scripts_own_directives_are_its_resources(tmp_path: Path) -> None:
    (tmp_path / "job.sh").write_text(
        "#SBATCH --nodes=2\n#SBATCH --gpus-per-node=8\nsrun vllm serve org/m -tp 8 -pp 2\n"
    )
    run = tmp_path / "submit.sh"
    run.write_text("sbatch job.sh\n")
    (dep,) = parse_file(run)
    assert (dep.nodes, dep.gpus) == (2, 16)
    run.write_text("sbatch --nodes=4 job.sh\n")  # the submission's option wins
    (dep,) = parse_file(run)
    assert dep.nodes == 4
    run.write_text("bash job.sh\n")  # run, not submitted: no scheduler reads its directives
    (dep,) = parse_file(run)
    assert dep.nodes is None
