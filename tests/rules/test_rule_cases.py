"""Every rule case under tests/rules/cases, run through the public case runner."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding, flag_fix
from toplint.rulebook.types import Rule, RuleContext
from toplint.testing import Case, check_case, load_cases

CASES = load_cases(Path(__file__).parent / "cases")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rule_case(case: Case) -> None:
    check_case(case)


def test_a_case_with_an_unpublished_fact_is_refused() -> None:
    case = Case("TL105", "test_fail_typo", "cases.yaml", {"facts": {"decode.comm_ms_per_stp": 1}})
    with pytest.raises(ValueError, match=r"unknown facts \['decode.comm_ms_per_stp'\]"):
        check_case(case)


def _always_tp2(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    yield finding(rule, ctx, "tp", "always", fix=flag_fix("-tp 2", {"tensor-parallel-size": "2"}))


# Errors (the engine would refuse the layout), so that a fix is judged on whether the layout it
# makes starts and fits on the machine, not on speed (toplint.rulebook.judged); a fix to fewer
# GPUs, since one needing more than the deployment has is never offered.
ALWAYS = Rule("TL999", "always", "fires on every deployment", Severity.ERROR, _always_tp2)
COMMAND = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 4"
H100 = {"nodes": 1, "gpu": "H100-SXM-80GB", "gpus_per_node": 8}


def test_a_fixed_text_that_still_has_the_finding_is_refused() -> None:
    data = {
        "command": COMMAND,
        "hardware": H100,
        "expect": [{"message": "always"}],
        "fixed": COMMAND[:-1] + "2",
    }
    with pytest.raises(AssertionError, match="the fixed text still has TL999 findings"):
        check_case(Case("TL999", "test_fail_x", "cases.yaml", data), ALWAYS)


def test_a_case_whose_fixes_edit_the_text_must_say_fixed() -> None:
    data = {"command": COMMAND, "hardware": H100, "expect": [{"message": "always"}]}
    with pytest.raises(AssertionError, match="has no `fixed:`"):
        check_case(Case("TL999", "test_fail_x", "cases.yaml", data), ALWAYS)


def _tp2_then_info(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    if ctx.deployment.tp == 2:  # the fix resolved the outcome: what remains is info
        yield finding(rule, ctx, "tp", "runs", severity=Severity.INFO)
    else:
        yield finding(
            rule, ctx, "tp", "refused", fix=flag_fix("-tp 2", {"tensor-parallel-size": "2"})
        )


RESOLVES = Rule(
    "TL998", "resolves", "an error its fix turns into info", Severity.ERROR, _tp2_then_info
)


def test_a_fixed_text_may_keep_the_rule_below_the_severity_it_fixed() -> None:
    # docs/severity.md: a fix that resolves an error's outcome may leave an info finding,
    # as `toplint.fix.apply.verify` accepts it; at the fixed severity it is still refused.
    data = {
        "command": COMMAND,
        "hardware": H100,
        "expect": [{"severity": "error"}],
        "fixed": COMMAND[:-1] + "2",
    }
    got = check_case(Case("TL998", "test_fail_x", "cases.yaml", data), RESOLVES)
    assert [f.severity for f in got] == [Severity.ERROR]
