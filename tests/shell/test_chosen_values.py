"""A value the script sets only where a test it does not decide chooses is unresolved (TL003,
naming the test's line), never the last assignment read (``toplint.parse.text.arms``): the
brief's "a value that cannot be resolved is reported as unresolved, never guessed".  Tests the
script's own values decide still settle the arm, and a default (``${TP:-8}``) is the script's
value."""

from __future__ import annotations

import pytest

from tests.parse.helpers import only

SERVE = 'vllm serve org/m --tensor-parallel-size "$TP"\n'


def _unresolved(text: str) -> list[tuple[str, str]]:
    dep = only("serve.sh", text + SERVE)
    assert dep.tp is None
    return [(u.field, u.variable) for u in dep.unresolved]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('TP=8\n[[ -n "$EXTRA" ]] && TP=16\n', 2),  # and-or list
        ('TP=8\n[ -z "$EXTRA" ] || TP=16\n', 2),
        ('if [ "$MODE" = big ]; then TP=16; else TP=8; fi\n', 1),  # one line, MODE unknown
        ('if [ "$MODE" = big ]; then\n  TP=16\nelse\n  TP=8\nfi\n', 1),
        ('TP=8\nif [ "$MODE" = big ]; then\n  TP=16\nfi\n', 2),  # no else: 8 or 16
        ("TP=8\nif nvidia-smi | grep -q H100; then\n  TP=4\nfi\n", 2),  # a command's status
        ('TP=8\nif [ -n "$A" ]; then\n  :\nelif [ -n "$B" ]; then\n  TP=2\nfi\n', 2),
        ('case "$MODE" in\n  big) TP=16 ;;\n  *) TP=8 ;;\nesac\n', 1),
        ("TP=8\nfor h in $HOSTS; do\n  TP=16\ndone\n", 2),  # a loop that may run no time
        ('TP=8\nwhile [ -n "$X" ]; do TP=16; done\n', 2),
        ('if [ "$MODE" = big ]; then\n  TP=16\nfi\n', 1),  # else: whatever the caller set
        # every arm sets it, but to another value; or an arm may not run; or no arm runs
        ('if [ "$MODE" = big ]; then TP=8; else TP=4; fi\n', 1),
        ('if [ "$MODE" = big ]; then TP=8; elif [ -n "$X" ]; then TP=8; fi\n', 1),
        ('if [ "$M" = big ]; then [ -n "$Y" ] && TP=4; TP=8; else TP=8; fi\n', 1),
        ('case "$MODE" in\n  big) TP=8 ;;\n  small) TP=8 ;;\nesac\n', 1),
        ('if [ -n "$A" ]; then\n  if [ "$M" = big ]; then TP=8; else TP=8; fi\nfi\n', 2),
        # a block whose arms all assigned it, then a value, then one arm of another block
        (
            'if [ "$M" = a ]; then TP=8; else TP=8; fi\nTP=2\n'
            'if [ -n "$N" ]; then :; else TP=8; fi\n',
            3,
        ),
    ],
)
def test_a_value_an_undecided_test_chooses_is_unresolved(text: str, line: int) -> None:
    assert _unresolved(text) == [("tp", f"$TP chosen at line {line}")]


@pytest.mark.parametrize(
    ("text", "tp"),
    [
        ("TP=${TP:-8}\n", 8),  # the default is the script's value
        ('[ -z "$TP" ] && TP=8\n', 8),  # the same default, spelled as a test
        ('if [ -z "${TP}" ]; then\n  TP=8\nfi\n', 8),
        ('EXTRA=1\nTP=8\n[[ -n "$EXTRA" ]] && TP=16\n', 16),  # decided: as before
        ('MODE=big\nif [ "$MODE" = big ]; then TP=16; else TP=8; fi\n', 16),
        ('MODE=small\ncase "$MODE" in\n  big) TP=16 ;;\n  *) TP=8 ;;\nesac\n', 8),
        ('TP=8\nif [ "$MODE" = big ]; then\n  TP=8\nfi\n', 8),  # every choice the same
        ('[[ -n "$EXTRA" ]] && TP=16\nTP=4\n', 4),  # set again after the choice
        ("for h in a b; do\n  TP=16\ndone\n", 16),  # a known list: its body runs
        # every arm of an undecided test sets the same value, one arm always runs: decided
        ('if [ "$MODE" = big ]; then TP=8; else TP=8; fi\n', 8),
        ('if [ -n "$A" ]; then\n  TP=8\nelif [ -n "$B" ]; then\n  TP=8\nelse\n  TP=8\nfi\n', 8),
        ('TP=2\nif [ "$MODE" = big ]; then TP=8; else TP=8; fi\n', 8),  # the value before gone
        ('case "$MODE" in\n  big) TP=8 ;;\n  *) TP=8 ;;\nesac\n', 8),
    ],
)
def test_a_value_the_script_decides_is_kept(text: str, tp: int) -> None:
    assert only("serve.sh", text + SERVE).tp == tp


def test_a_value_chosen_inside_an_arm_is_known_in_that_arm() -> None:
    # the command in the arm runs only where PP=2 ran: its layout is known
    text = 'if [ -n "$HOSTS" ]; then\n  PP=2\n  vllm serve org/m -pp "$PP"\nfi\n'
    assert only("serve.sh", text).pp == 2


def test_a_default_expansion_of_a_chosen_value_is_unresolved_too() -> None:
    text = 'TP=8\n[[ -n "$EXTRA" ]] && TP=16\nvllm serve org/m -tp "${TP:-1}"\n'
    dep = only("serve.sh", text)
    assert dep.tp is None
    assert [u.variable for u in dep.unresolved] == ["${TP} chosen at line 2"]


def test_a_chosen_word_of_text_is_read_as_before() -> None:
    # the program is docker either way (the last one read, as before): reading it unresolved
    # would lose the command; only numbers (sizes, counts) are left unresolved
    text = (
        'DOCKER="docker"; command -v docker >/dev/null || DOCKER="sudo docker"\n'
        "$DOCKER run --gpus all vllm/vllm-openai:v0.9.0 --model org/m --tensor-parallel-size 2\n"
    )
    assert only("serve.sh", text).tp == 2
