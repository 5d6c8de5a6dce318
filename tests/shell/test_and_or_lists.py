"""``test && command`` and ``test || command`` whose test the script's values decide (bash(1),
"Lists": the command after ``&&`` runs only when the test succeeds, after ``||`` only when it
fails; a list's status is that of the last command run).  Seen on a launcher of open-world set 25
(02_serve.sh: ``[[ "${ENABLE_CHUNKED_PREFILL}" == "1" ]] && ARGS+=(--enable-chunked-prefill)``
with the value 0 was read as passing the flag)."""

from __future__ import annotations

from tests.parse.helpers import only

SWITCHES = """\
ENABLE_CHUNKED_PREFILL=0
ENFORCE_EAGER=1
TP=2
ARGS=(--tensor-parallel-size "$TP")
[[ "${ENABLE_CHUNKED_PREFILL}" == "1" ]] && ARGS+=(--enable-chunked-prefill)
[[ "${ENFORCE_EAGER}" == "1" ]] && ARGS+=(--enforce-eager)
[ "$TP" -gt 4 ] && ARGS+=(--max-model-len 1000)
test "$TP" = 2 || ARGS+=(--max-num-seqs 3)
vllm serve org/m "${ARGS[@]}"
"""


def test_a_decided_test_passes_only_the_options_bash_would() -> None:
    dep = only("serve.sh", SWITCHES)
    assert dep.tp == 2
    assert dep.flag("enforce-eager") is not None
    for absent in ("enable-chunked-prefill", "max-model-len", "max-num-seqs"):
        assert dep.flag(absent) is None, absent


def test_a_skipped_command_leaves_the_status_for_the_next_operator() -> None:
    text = 'MODE=prod\n[ "$MODE" = dev ] && TP=1 || TP=8\nvllm serve org/m -tp $TP\n'
    assert only("serve.sh", text).tp == 8


def test_a_passing_test_runs_its_command_for_certain() -> None:
    text = (
        'MODE=dev\nTP=4\n[ "$MODE" = dev ] && TP=1\nvllm serve org/m --tensor-parallel-size "$TP"\n'
    )
    assert only("serve.sh", text).tp == 1


def test_a_test_of_a_value_from_outside_reads_the_command_as_before() -> None:
    # $EXTRA may come from the environment: the option may be passed, as an undecided list was
    text = 'ARGS=()\n[[ -n "$EXTRA" ]] && ARGS+=(--enforce-eager)\nvllm serve org/m "${ARGS[@]}"\n'
    assert only("serve.sh", text).flag("enforce-eager") is not None


def test_a_group_after_a_failing_test_is_read_as_one_that_may_not_run() -> None:
    text = (
        'MODEL=org/m\n[ -z "$MODEL" ] && { echo usage; exit 0; }\n'
        'vllm serve "$MODEL" --tensor-parallel-size 2\n'
    )
    assert only("serve.sh", text).tp == 2
