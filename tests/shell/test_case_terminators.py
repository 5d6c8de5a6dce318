"""A case arm's terminators ``;&`` and ``;;&`` (issue 24, set 30's development half).

bash(1) DEFINITIONS lists ``;;``, ``;&`` and ``;;&`` as control operators: ``;&`` runs the next
arm's commands too, ``;;&`` tests the next arms' patterns.  They were lexed as ``;``/``;;``
and a background ``&``, so an option loop whose first arm validates an option's value and
ends with ``;;&`` (NVIDIA/Model-Optimizer@a2fbac7b
plugins/modelopt/skills/deployment/scripts/deploy.sh) was not seen as an option loop: read as
if every arm ran, its ``COMMAND="$1"`` made the command unknown and every server of every
command was read.
"""

from __future__ import annotations

from tests.parse.helpers import only, parse_text
from toplint.parse.text.shell import tokens_of

VALIDATED = """\
#!/bin/bash
TP=2
COMMAND=""
while [[ $# -gt 0 ]]; do
    case $1 in
        --model|--tp)
            if [[ -z "${2:-}" || "$2" == -* ]]; then
                echo "Option $1 requires a value"
            fi
            ;;&
        --model) MODEL="$2"; shift 2 ;;
        --tp)    TP="$2"; shift 2 ;;
        start|stop) COMMAND="$1"; shift ;;
        *) echo "Unknown option: $1"; exit 1 ;;
    esac
done
case "$COMMAND" in
    start) vllm serve org/model-a --tensor-parallel-size "$TP" ;;
    *) echo "usage: $0 start|stop [--model M] [--tp N]" ;;
esac
"""


def test_the_fall_through_operators_are_one_token_each() -> None:
    text = "case $x in a) echo a ;& b) echo b ;;& c) echo c ;; esac\n"
    seps = [t.raw for t in tokens_of(text) if t.kind == "sep"]
    assert seps == [")", ";&", ")", ";;&", ")", ";;", "\n"]


def test_an_option_loop_with_a_validating_arm_is_not_entered_without_arguments() -> None:
    # no arguments: the loop never runs, COMMAND stays empty, the case takes `*)`
    result = parse_text("deploy.sh", VALIDATED)
    assert not result.deployments
    assert [f.rule for f in result.findings] == ["TL008"]


def test_the_command_chosen_by_a_default_runs_its_server() -> None:
    dep = only("deploy.sh", VALIDATED.replace('COMMAND=""', "COMMAND=start"))
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/model-a", 2)


def test_a_fall_through_arm_is_not_followed_over_given_arguments() -> None:
    # `--tp 4` runs the validating arm and then `--tp)`: left as read, TP is unknown
    text = "#!/bin/bash\ncat > d.sh <<'EOF'\n" + VALIDATED + "EOF\nbash d.sh start --tp 4\n"
    result = parse_text("run.sh", text)
    assert [(d.model, d.tp) for d in result.deployments] == [("org/model-a", None)]


def test_a_case_that_falls_through_reads_every_arm() -> None:
    text = """\
#!/bin/bash
MODE=small
case "$MODE" in
    small) TP=1 ;&
    large) TP=4 ;;
esac
vllm serve org/model-a --tensor-parallel-size "$TP"
"""
    # bash runs both arms (TP=4); toplint reads every arm of a fall-through case, in order
    assert only("serve.sh", text).tp == 4
