"""Words a command line holds beyond what it writes.  An unquoted variable alone in a word
after an engine's model (``vllm serve org/m $EXTRA_ARGS``, compose ``command: --model org/m
${EXTRA_ARGS}``) is split into arguments by the shell: unknown here, it may set or override the
layout, so TL003 says so instead of the checks judging the written layout without a word.  A
quoted one, or an option's value, is one word.  A string that ``eval``, ``tmux`` or ``ssh`` runs
is a command line."""

from __future__ import annotations

from tests.parse.helpers import only
from toplint.parse.options import FORWARDED


def _forwarded(path: str, text: str) -> list[str]:
    return [u.variable for u in only(path, text).unresolved if u.field == FORWARDED]


def test_an_unquoted_variable_after_the_model_may_add_options() -> None:
    assert _forwarded("s.sh", "vllm serve org/m $EXTRA_ARGS\n") == ["$EXTRA_ARGS"]
    compose = "services:\n  llm:\n    image: vllm/vllm-openai:v0.8.5\n"
    compose += "    command: --model org/m ${EXTRA_ARGS}\n"
    assert _forwarded("docker-compose.yml", compose) == ["${EXTRA_ARGS}"]


def test_a_quoted_variable_or_an_option_value_is_one_word() -> None:
    assert _forwarded("s.sh", 'vllm serve org/m "$EXTRA"\n') == []
    assert _forwarded("s.sh", "vllm serve org/m --tensor-parallel-size $TP\n") == []
    assert _forwarded("s.sh", "vllm serve org/m --max-model-len=4096 $EXTRA\n") == ["$EXTRA"]


def test_a_command_run_from_a_string_by_eval_tmux_or_ssh_is_read() -> None:
    for line in (
        'eval "vllm serve org/m --tensor-parallel-size 2"\n',
        'tmux new-session -d -s llm "vllm serve org/m --tensor-parallel-size 2"\n',
        'ssh gpu01 "vllm serve org/m --tensor-parallel-size 2"\n',
    ):
        dep = only("run.sh", line)
        assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2), line
