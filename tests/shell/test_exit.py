"""``exit`` ends a script (bash(1) "exit"): a command after an ``exit 0`` that surely runs is
never started, so it is no deployment.  An ``exit`` that may not run leaves reading as it was:
after ``&&``/``||`` (a ``{ … }`` group there too), in an arm read undecided, in a loop's body (a
``while`` may run no time), in a subshell (it ends the subshell only) or in a function never
called (read in place); so does a failing ``exit 1``, a guard against a wrong call, past which
the deployment a right call starts is read."""

from __future__ import annotations

import pytest

from tests.parse.helpers import parse_text

PREFILL_OR_DECODE = """\
MODE={mode}
if [ "$MODE" = "prefill" ]; then
  vllm serve org/p --tensor-parallel-size 2
  exit 0
fi
vllm serve org/d --tensor-parallel-size 4
"""


def models(text: str) -> list[str | None]:
    return [d.model for d in parse_text("serve.sh", text).deployments]


def test_an_arm_taken_that_exits_ends_the_script() -> None:
    assert models(PREFILL_OR_DECODE.format(mode="prefill")) == ["org/p"]


def test_an_arm_not_taken_leaves_the_rest_read() -> None:
    assert models(PREFILL_OR_DECODE.format(mode="decode")) == ["org/d"]


def test_an_arm_read_undecided_reads_both() -> None:
    assert models(PREFILL_OR_DECODE.format(mode="$1")) == ["org/p", "org/d"]


def test_a_case_arm_taken_that_exits_ends_the_script() -> None:
    text = (
        "ROLE=worker\n"
        'case "$ROLE" in\n'
        "  worker) vllm serve org/w --headless; exit 0 ;;\n"
        "  *) echo head ;;\n"
        "esac\n"
        "vllm serve org/h -tp 2\n"
    )
    assert models(text) == ["org/w"]


@pytest.mark.parametrize(
    "guard",
    [
        '[ -n "$MODEL" ] || exit 1',  # after ||: may not run
        "( cd /tmp && exit 3 )",  # a subshell's exit ends the subshell
        "usage() {\n  echo usage\n  exit 1\n}",  # a function never called, read in place
        "while read -r line; do\n  exit 0\ndone < list.txt",  # a loop may run no time
        'if [ -z "$1" ]; then\n  echo usage; exit 0\nfi',  # an arm read undecided
        '[ -f "$MODEL/config.json" ] || { echo "no model"; exit 0; }',  # a group after ||
        'PRESET=""\nif [[ -z "$PRESET" ]]; then\n  echo usage; exit 1\nfi',  # a failing guard
        "exit $STATUS",  # a status not known here
    ],
)
def test_an_exit_that_may_not_run_ends_nothing(guard: str) -> None:
    text = f"MODEL=org/m\n{guard}\nvllm serve $MODEL --tensor-parallel-size 2\n"
    assert models(text) == ["org/m"]


def test_an_exit_at_the_top_ends_the_script() -> None:
    text = "vllm serve org/a\nexit 0\nvllm serve org/b\n"
    assert models(text) == ["org/a"]
