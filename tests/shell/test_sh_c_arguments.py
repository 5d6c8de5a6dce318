"""``sh -c SCRIPT NAME ARG…``: the words after the script string are its ``$0`` and positional
parameters (sh(1) -c: "the first argument after the string is assigned to $0 and any remaining
arguments are assigned to the positional parameters"), so ``exec vllm serve "$@"`` in the string
serves with them.

tonyd2wild/Qwen3.8-27B-AutoRound-W4A16-2x3090@bfa25155 recipes/speed-tier-dflash2/
run-dflash2.sh:24-54 (sweep 36, development; options cut to the layout): before, a TL008 note
that ``$@`` takes the script's own arguments, and no deployment.
"""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

DFLASH = """GPU_IDS=2,3
docker run -d --name "$CONTAINER_NAME" --restart unless-stopped \\
  --gpus "\\"device=${GPU_IDS}\\"" --ipc host -p "${PORT}:8000" \\
  -e CUDA_VISIBLE_DEVICES="${GPU_IDS}" \\
  --entrypoint bash "$VLLM_IMAGE" -c '
    set -e
    exec vllm serve "$@"
  ' -- \\
    --model "/root/.cache/huggingface/Qwen3.8-27B-AutoRound" \\
    --dtype bfloat16 \\
    --tensor-parallel-size 2 --disable-custom-all-reduce \\
    --max-model-len "${MAX_MODEL_LEN:-131072}"
"""


def test_the_words_after_the_script_are_its_arguments() -> None:
    dep = only("run-dflash2.sh", DFLASH)
    assert (dep.engine, dep.tp, dep.gpus_per_node) == ("vllm", 2, 2)
    assert dep.options["max_model_len"] == "131072"
    assert dep.sources["tp"].line == 11  # where the argument is written


def test_the_first_word_after_the_script_is_its_name_not_an_argument() -> None:
    dep = only("run.sh", "bash -c 'exec vllm serve \"$@\"' org/m --tensor-parallel-size 2\n")
    assert (dep.model, dep.tp) == (None, 2)  # ``org/m`` is $0


def test_no_words_after_the_script_leave_its_arguments_unknown() -> None:
    # nothing after the string: an entrypoint whose arguments come from elsewhere (a note)
    result = parse_text("run.sh", "bash -c 'exec vllm serve \"$@\"'\n")
    assert result.deployments == ()
    assert [f.rule for f in result.findings] == ["TL008"]


def test_a_version_probe_is_no_deployment() -> None:
    # tonyd2wild/...@bfa25155 scripts/preflight.sh:46: the image asked its version
    text = 'docker run --rm --gpus "device=0" vllm/vllm-openai:v0.11.0 --version >/dev/null\n'
    assert parse_text("preflight.sh", text).deployments == ()
    dep = only("run.sh", text.replace("--version", "--model org/m"))
    assert dep.model == "org/m"
