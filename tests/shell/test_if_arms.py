"""The arm of an ``if`` bash would take, when its test is decided by what the script has set
(``toplint.parse.text.branches``); every arm, in order, when it is not.

tasd12-ty/qwen35-vllm-ray-deploy@680e8d9e start_vllm_qwen35.sh:39-47 (sweep 35, development)
appends ``--limit-mm-per-prompt`` in both arms of ``if [[ "$ENABLE_MULTIMODAL" == "1" ]]``;
both were read, the engine got the option twice and TL209 called the first overridden.
"""

from __future__ import annotations

import pytest

from tests.parse.helpers import only, parse_text

MULTIMODAL = """\
ENABLE_MULTIMODAL="${ENABLE_MULTIMODAL:-1}"
LIMIT_MM_JSON='{"image": 4}'
MM_ARGS=()
if [[ "$ENABLE_MULTIMODAL" == "1" ]]; then
  MM_ARGS+=(
    --mm-encoder-tp-mode data
    --limit-mm-per-prompt "$LIMIT_MM_JSON"
  )
else
  MM_ARGS+=(--limit-mm-per-prompt "{}")
fi
vllm serve Qwen/Qwen3.5-35B-A3B --tensor-parallel-size 8 "${MM_ARGS[@]}"
"""


def test_the_arm_a_decided_test_takes_is_the_only_one_read() -> None:
    result = parse_text("start_vllm_qwen35.sh", MULTIMODAL)
    (dep,) = result.deployments
    assert [f.value for f in dep.flags if f.name == "limit-mm-per-prompt"] == ['{"image": 4}']
    assert "TL209" not in [f.rule for f in result.findings]


def test_the_else_arm_when_the_test_is_false() -> None:
    dep = only("run.sh", MULTIMODAL.replace(":-1}", ":-0}"))
    assert [f.value for f in dep.flags if f.name == "limit-mm-per-prompt"] == ["{}"]
    assert dep.flag("mm-encoder-tp-mode") is None


def test_an_undecided_test_reads_every_arm_as_before() -> None:
    # the variable comes from where the script runs: both arms stay (what each adds is seen)
    dep = only("run.sh", MULTIMODAL.replace('"${ENABLE_MULTIMODAL:-1}"', '"$1"'))
    assert len([f for f in dep.flags if f.name == "limit-mm-per-prompt"]) == 2


# ybz21/dgx-spark-multinode@7b04c909 runtime/entrypoint.sh:63-86: the TP flag is added only on
# the multi-node path (`if [ "${TP_SIZE}" -ge 2 ]`)
ENTRYPOINT = """\
TP_SIZE=2
VLLM_CMD=(vllm serve /models/Qwen3.5-122B --max-model-len 32768)
if [ "${TP_SIZE}" -ge 2 ]; then
    VLLM_CMD+=(
        --tensor-parallel-size "${TP_SIZE}"
        --distributed-executor-backend ray
    )
else
    echo "[entrypoint] Starting vLLM standalone (TP_SIZE=1)..."
fi
exec "${VLLM_CMD[@]}"
"""


@pytest.mark.parametrize(("size", "tp"), [("2", 2), ("1", 1)])
def test_an_integer_test_chooses_the_arm(size: str, tp: int) -> None:
    dep = only("entrypoint.sh", ENTRYPOINT.replace("TP_SIZE=2", f"TP_SIZE={size}"))
    assert dep.tp == tp


@pytest.mark.parametrize(
    ("test", "arm"),
    [
        ('[ "$A" = xyz ]', "then"),
        ('[ "$A" != xyz ]', "elif"),
        ("[[ $A == x* ]]", "then"),  # an unquoted right side of == in [[ is a pattern
        ('[[ $A == "x*" ]]', "elif"),  # a quoted one is a string
        # mark-ramsey-ri/sglang-dgx-spark@ad616ce1 start_cluster.sh:449, `== *"gpt-oss"*`: the
        # quoted part is a string between the wildcards
        ('[[ "$A" == *"yz" ]]', "then"),
        ('[[ "$A" == *"y"? ]]', "then"),
        ('[[ "$A" == *"x" ]]', "elif"),
        ("[[ $A == [xy]* ]]", "undecided"),  # a bracket expression is not decided here
        ('[ -n "$A" ]', "then"),
        ('[ -z "$A" ]', "elif"),
        ('! [ -z "$A" ]', "then"),
        ("test $A", "then"),
        ('[ "$B" -lt 3 ]', "elif"),
        ('[ "$B" -ge 3 ]', "then"),
    ],
)
def test_decided_tests(test: str, arm: str) -> None:
    text = f"""A=xyz
B=3
if {test}; then
  TP=2
elif [ "$B" = 3 ]; then
  TP=4
fi
vllm serve org/m --tensor-parallel-size $TP
"""
    # undecided: TP is 2, 4 or unset by a test not decided here: unresolved, not the last read
    assert only("run.sh", text).tp == {"then": 2, "elif": 4, "undecided": None}[arm]


@pytest.mark.parametrize(
    "test",
    ["[ -f /etc/x ]", "command -v nvidia-smi", '[ "$A" = x ] && [ "$B" = 3 ]', '[ "$Q" = x ]'],
)
def test_undecided_tests_read_every_arm(test: str) -> None:
    # a file test, a command's status, two tests, a variable the script never sets
    text = f"""A=x
B=3
if {test}; then
  TP=2
else
  TP=4
fi
vllm serve org/m --tensor-parallel-size $TP
"""
    # every arm is read, in order, but TP is 2 or 4 as the test chooses: unresolved (TL003),
    # naming the test's line, never the last assignment read
    dep = only("run.sh", text)
    assert dep.tp is None
    assert [(u.field, u.variable) for u in dep.unresolved] == [("tp", "$TP chosen at line 3")]


def test_a_nested_if_in_the_arm_taken() -> None:
    text = """A=1
B=2
if [ "$A" = 1 ]; then
  if [ "$B" = 2 ]; then
    TP=8
  else
    TP=2
  fi
else
  TP=1
fi
vllm serve org/m --tensor-parallel-size $TP
"""
    assert only("run.sh", text).tp == 8


PRISMA = """\
SPEC=dflash
vllm_args=(--max-model-len 131072)
case "$SPEC" in
  dflash) vllm_args+=(--speculative-config '{"method":"dflash","num_speculative_tokens":10}') ;;
  mtp)    vllm_args+=(--speculative-config '{"method":"mtp","num_speculative_tokens":3}') ;;
  none)   : ;;
esac
vllm serve org/m "${vllm_args[@]}"
"""


def test_a_case_the_scripts_values_decide_runs_its_one_arm() -> None:
    """jessedc/vllm-docker-gb10@18e91b50 run-qwen3.6-27b-prismascout.sh:67,137-140: SPEC is
    ``dflash`` unless an option changes it; reading every arm added both speculative configs,
    a false TL209 "overridden"."""
    dep = only("run.sh", PRISMA)
    assert '"dflash"' in dep.options["speculative_config"]
    assert not [f for f in parse_text("run.sh", PRISMA).findings if f.rule == "TL209"]
    other = PRISMA.replace("SPEC=dflash", "SPEC=m*")  # no arm's pattern: none runs
    assert "speculative_config" not in only("run.sh", other.replace('"$SPEC"', "mtpx")).options


def test_a_case_on_a_value_a_conditional_command_gave_reads_every_arm() -> None:
    # crazyguitar/pysheeet run.sbatch:6,144,339: ``[[ "$PP" -gt 1 ]] && DP_BACKEND="mp"``
    # may not run: the backend is rpc or mp, so every arm is read, as before (the last wins)
    text = PRISMA.replace("SPEC=dflash\n", "SPEC=dflash\n[[ -f x ]] && SPEC=none\n")
    assert '"mtp"' in only("run.sh", text).options["speculative_config"]
    unknown = PRISMA.replace("SPEC=dflash\n", "")
    assert '"mtp"' in only("run.sh", unknown).options["speculative_config"]


def test_an_arm_that_fails_leaves_the_case_read_as_before() -> None:
    """``*) echo unknown; exit 1 ;;`` matched: a failing exit is a guard against a wrong call
    (a right one takes another arm), so every arm is read, as before."""
    text = PRISMA.replace("  none)   : ;;", "  *) echo unknown; exit 1 ;;")
    dep = only("run.sh", text.replace("SPEC=dflash", "SPEC=other"))
    assert '"mtp"' in dep.options["speculative_config"]
    assert '"dflash"' in only("run.sh", text).options["speculative_config"]


def test_an_arm_that_exits_inside_a_loop_leaves_the_case_read_as_before() -> None:
    """In a loop's body an ``exit`` is not followed (the loop may run no time): the ``case``
    is read as before, every arm."""
    text = PRISMA.replace("  none)   : ;;", "  *) echo unknown; exit 1 ;;")
    text = text.replace('case "$SPEC" in', 'for s in 1; do\ncase "$SPEC" in')
    looped = text.replace("esac\n", "esac\ndone\n").replace("SPEC=dflash", "SPEC=other")
    assert '"mtp"' in only("run.sh", looped).options["speculative_config"]
