"""Launch shapes of research groups' Slurm jobs (issue 24, set 28's development half).

huggingface/open-r1@1416fa0c (tests/data/open_world28): ``slurm/serve_r1.slurm`` and
``slurm/experimental/serve_r1_vllm.slurm`` take their options with ``getopts`` over a default
(``MODEL_PATH="deepseek-ai/DeepSeek-R1"``; ``m) MODEL_PATH="$OPTARG"``), and the first runs
SGLang as ``bash -c "… --model-path '$MODEL_PATH' …"``: the outer shell expands the variable,
the inner one takes the value inside its single quotes literally.  ``slurm/train.slurm`` starts
TRL's generation server, ``trl vllm-serve --model $MODEL --tensor_parallel_size $TP
--data_parallel_size $DP`` (huggingface/trl@f2cd5771 trl/scripts/vllm_serve.py).
"""

from __future__ import annotations

from tests.parse.helpers import only, parse_text
from toplint.model import Position
from toplint.parse.options import Arg, parse_args

GETOPTS = """\
#!/bin/bash
MODEL_PATH="org/model-a"
while getopts "m:e:h" opt; do
    case $opt in
        m) MODEL_PATH="$OPTARG" ;;
        e) CONDA_ENV="$OPTARG" ;;
        h|?) echo "Usage: sbatch $0 [-m MODEL_PATH]"; exit 1 ;;
    esac
done
vllm serve "$MODEL_PATH" --tensor-parallel-size 2
"""


def test_a_getopts_loop_read_without_arguments_keeps_the_defaults() -> None:
    # bash(1) getopts: false at once when there are no options, so no arm runs
    dep = only("serve.slurm", GETOPTS)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/model-a", 2)


def test_a_getopts_loop_called_with_options_is_read_as_before() -> None:
    text = "#!/bin/bash\ncat > job.sh <<'EOF'\n" + GETOPTS + "EOF\nbash job.sh -m org/model-b\n"
    result = parse_text("run.sh", text)
    assert [(d.model, d.tp) for d in result.deployments] == [(None, 2)]


UNKNOWN_IN_SINGLE_QUOTES = """\
#!/bin/bash
MODEL_PATH=$(cat model.txt)
srun --nodes=1 bash -c "python -m sglang.launch_server --model-path '$MODEL_PATH' --tp 2" &
"""


def test_an_unknown_variable_in_the_inner_single_quotes_is_unresolved_not_its_name() -> None:
    dep = only("job.sh", UNKNOWN_IN_SINGLE_QUOTES)
    assert (dep.engine, dep.tp, dep.model) == ("sglang", 2, None)


def test_a_known_variable_in_the_inner_single_quotes_is_its_value() -> None:
    text = UNKNOWN_IN_SINGLE_QUOTES.replace("$(cat model.txt)", "org/model-a")
    dep = only("job.sh", text)
    assert dep.model == "org/model-a"


def test_a_positional_parameter_in_the_inner_single_quotes_is_unresolved() -> None:
    text = "#!/bin/bash\nbash -c \"vllm serve '$1' --tensor-parallel-size 4\"\n"
    dep = only("job.sh", text)
    assert (dep.engine, dep.tp, dep.model) == ("vllm", 4, None)


TRL_SERVER = """\
#!/bin/bash
#SBATCH --gres=gpu:8
srun --nodes=1 --ntasks=1 trl vllm-serve --model org/model-a --tensor_parallel_size 2 \\
    --data-parallel-size 4 --gpu_memory_utilization 0.8 --enforce_eager true &
"""


def test_trl_vllm_serve_is_a_vllm_server_with_its_tp_and_dp() -> None:
    dep = only("train.slurm", TRL_SERVER)
    assert (dep.engine, dep.model, dep.tp, dep.dp, dep.gpus) == ("vllm", "org/model-a", 2, 4, 8)


def test_trl_vllm_serve_defaults_to_one_gpu() -> None:
    dep = only("serve.sh", "#!/bin/bash\ntrl vllm-serve --model org/model-a\n")
    assert (dep.engine, dep.tp, dep.dp) == ("vllm", 1, 1)


def test_trls_server_module_reads_the_same() -> None:
    text = "python -m trl.scripts.vllm_serve --model org/model-a --tensor_parallel_size 2\n"
    dep = only("serve.sh", text)
    assert (dep.engine, dep.tp) == ("vllm", 2)


def test_an_option_trl_does_not_define_is_flagged() -> None:
    at = Position("serve.sh", 1, 1)
    words = ["--model", "org/m", "--max-num-seqs", "8", "--enforce_eager", "true"]
    parsed = parse_args("trl-vllm", [Arg(w, w, at) for w in words], "serve.sh")
    assert [f.rule for f in parsed.findings] == ["TL005"]
    assert "max-num-seqs" in parsed.findings[0].message
    assert {f.name: f.value for f in parsed.flags} == {"model": "org/m", "enforce-eager": "true"}


def test_a_wrappers_prefixes_are_its_own_whoever_was_read_first() -> None:
    # vLLM's own vocabulary read first must not stand in for TRL's (argparse's unique-prefix
    # matching is per parser): `--max-num-seq` abbreviates vLLM's --max-num-seqs, no option of TRL's
    at = Position("serve.sh", 1, 1)
    vllm = parse_args("vllm", [Arg(w, w, at) for w in ("--max-num-seq", "8")], "serve.sh")
    assert not vllm.findings and [f.name for f in vllm.flags] == ["max-num-seqs"]
    trl = parse_args("trl-vllm", [Arg(w, w, at) for w in ("--max-num-seq", "8")], "serve.sh")
    assert [f.rule for f in trl.findings] == ["TL005"] and not trl.flags
