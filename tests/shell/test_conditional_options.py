"""Options written only when a variable is set: ``${X:+--flag "$X"}`` (issue 24, variables).

The shape is koyeb/example-vllm's ``Dockerfile.extended_parameters`` (commit 08ea12d7c6,
tests/data/open_world5): every option of the ENTRYPOINT is ``${VAR:+--option "$VAR"}`` with VAR
set by the platform at deploy time.  Bash(1), "Parameter Expansion": ``${X:+WORD}`` is WORD when
X is set and not empty, else nothing.
"""

from __future__ import annotations

from tests.parse.helpers import only

DOCKERFILE = """\
FROM vllm/vllm-openai:latest

ENTRYPOINT python3 -m vllm.entrypoints.openai.api_server \\
    --model ${MODEL_NAME:-meta-llama/Meta-Llama-3.1-8B-Instruct} \\
    ${REVISION:+--revision "$REVISION"} \\
    ${PIPELINE_PARALLEL_SIZE:+--pipeline-parallel-size "$PIPELINE_PARALLEL_SIZE"} \\
    ${TENSOR_PARALLEL_SIZE:+--tensor-parallel-size "$TENSOR_PARALLEL_SIZE"} \\
    ${SKIP_TOKENIZER_INIT:+--skip-tokenizer-init}
"""


def test_an_option_its_platform_sets_is_unresolved_not_the_default() -> None:
    dep = only("Dockerfile", DOCKERFILE)
    assert (dep.engine, dep.tp, dep.pp) == ("vllm", None, None)
    missing = {u.field: u.variable for u in dep.unresolved}
    assert missing["tp"] == "$TENSOR_PARALLEL_SIZE"
    assert missing["pp"] == "$PIPELINE_PARALLEL_SIZE"
    assert dep.position_of("tp").line == 7


def test_a_switch_that_does_not_pass_its_variable_stays_absent() -> None:
    dep = only("Dockerfile", DOCKERFILE)
    assert dep.flag("skip-tokenizer-init") is None


def test_a_set_variable_gives_the_option_its_value() -> None:
    text = (
        "TP=4\n"
        'vllm serve org/m ${TP:+--tensor-parallel-size "$TP"} ${PP+--pipeline-parallel-size=2}\n'
    )
    dep = only("serve.sh", text)
    assert (dep.tp, dep.pp, dep.unresolved) == (4, 1, ())


def test_an_empty_variable_writes_nothing() -> None:
    text = 'TP=\nvllm serve org/m ${TP:+--tensor-parallel-size "$TP"}\n'
    assert only("serve.sh", text).tp == 1


def test_a_quoted_field_stays_one_word() -> None:
    text = (
        'E="a b"\ndocker run -d ${E:+--env "E=$E"} vllm/vllm-openai:v0.8.5 '
        "--model org/m --tensor-parallel-size 2\n"
    )
    dep = only("run.sh", text)
    assert (dep.engine, dep.tp) == ("vllm", 2)
