"""A ``for`` loop over a few known words is read once per word, as bash runs its body
(bash(1) "Compound Commands", ``for``): devaru-ai/disaggregated-inference-platform@9b34b25
scripts/run_vllm_monolithic.sh starts vLLM once per model of an array, one after the other."""

from __future__ import annotations

from .helpers import only, parse_text

SWEEP = """\
export CUDA_VISIBLE_DEVICES=0
MODELS=(
    "meta-llama/Meta-Llama-3-8B-Instruct"
    "Qwen/Qwen1.5-14B-Chat"
)
for MODEL in "${MODELS[@]}"; do
    python3 -m vllm.entrypoints.openai.api_server --model "${MODEL}" --dtype half &
    PID=$!
    if ! kill -0 "$PID"; then
        exit 1
    fi
    kill "$PID"
done
"""


def test_each_word_of_the_list_is_an_iteration() -> None:
    deps = parse_text("sweep.sh", SWEEP).deployments
    assert [d.model for d in deps] == [
        "meta-llama/Meta-Llama-3-8B-Instruct",
        "Qwen/Qwen1.5-14B-Chat",
    ]
    assert all(d.tp == 1 and d.gpus == 1 and d.options.get("in_loop") for d in deps)


def test_each_iteration_takes_its_own_gpu() -> None:
    text = """\
for spec in "4:30004" "5:30005"; do
  IFS=: read -r gpu port <<<"$spec"
  CUDA_VISIBLE_DEVICES="$gpu" python -m sglang.launch_server --model-path m --port "$port" &
done
"""
    deps = parse_text("workers.sh", text).deployments
    assert [d.options.get("gpu_ids") for d in deps] == ["4", "5"]


def test_a_body_that_may_leave_the_loop_is_read_once() -> None:
    dep = only("retry.sh", SWEEP.replace("exit 1", "break"))
    assert dep.model is None  # the variable stays unknown: which iterations run is not known


def test_iterations_that_start_the_same_command_start_it_once() -> None:
    dep = only(
        "same.sh", "for i in 1 2 3; do\n  vllm serve org/m --tensor-parallel-size 2 &\ndone\n"
    )
    assert (dep.model, dep.tp) == ("org/m", 2)


def test_a_list_with_an_unknown_word_is_read_once() -> None:
    dep = only("unknown.sh", 'for m in org/a "$1"; do\n  vllm serve "$m"\ndone\n')
    assert dep.model is None
