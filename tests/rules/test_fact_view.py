"""Rules read facts through the registry: a name no fact is registered under fails at once
(a misspelled name once passed every test and silently dropped TL101's decode figure)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from toplint.facts import registry as F
from toplint.facts.registry import FactView, UnknownFact
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding
from toplint.rulebook.types import Rule, RuleContext
from toplint.testing import Case, run_case

VIEW = FactView({F.TP_DECODE_COMM_MS: 1.5, F.MODEL_LAYERS: 80, F.MODEL_MLA: False})


def test_a_registered_fact_reads_as_in_a_dict() -> None:
    assert VIEW[F.TP_DECODE_COMM_MS] == 1.5
    assert F.TP_DECODE_COMM_MS in VIEW
    assert VIEW.number(F.MODEL_LAYERS) == 80
    assert dict(VIEW) == {F.TP_DECODE_COMM_MS: 1.5, F.MODEL_LAYERS: 80, F.MODEL_MLA: False}


def test_a_registered_fact_that_was_not_computed_is_absent() -> None:
    assert F.TP_PREFILL_COMM_MS not in VIEW
    assert VIEW.get(F.TP_PREFILL_COMM_MS) is None
    assert VIEW.number(F.TP_PREFILL_COMM_MS) is None
    assert VIEW.number(F.MODEL_MLA) is None  # a bool is not a number
    with pytest.raises(KeyError):
        VIEW[F.TP_PREFILL_COMM_MS]


@pytest.mark.parametrize(
    "read",
    [
        lambda v: v["tp.decode.comm_m"],
        lambda v: "tp.decode.comm_m" in v,
        lambda v: v.get("tp.decode.comm_m"),
        lambda v: v.get("tp.decode.comm_m", 0.0),
        lambda v: v.number("tp.decode.comm_m"),
    ],
    ids=["item", "in", "get", "get-default", "number"],
)
def test_a_misspelled_name_fails_at_once(read) -> None:
    with pytest.raises(UnknownFact, match=r"did you mean 'tp.decode.comm_ms'"):
        read(VIEW)


def _misspelled(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    decode = ctx.facts.get("tp.decode.comm_m")  # the typo a plain dict answered with None
    yield finding(rule, ctx, "tp", f"decode {decode} ms")


def test_a_rule_reading_a_misspelled_fact_fails_its_case() -> None:
    rule = Rule("TL999", "misspelled", "reads a typo", Severity.WARNING, _misspelled)
    case = Case("TL999", "test_fail_x", "cases.yaml", {"command": "vllm serve m -tp 2"})
    with pytest.raises(UnknownFact):
        run_case(case, rule)
