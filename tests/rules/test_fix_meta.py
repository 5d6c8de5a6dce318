"""Meta-tests on fixes: a fix that claims to be applicable carries edits, and every rule with an
applicable fix has a case showing the fixed text."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.pipeline.lint import all_rules
from toplint.testing import Case, case_text, load_cases, run_case

CASES = load_cases(Path(__file__).parent / "cases")
FAILING = [c for c in CASES if not c.passing]


@pytest.mark.parametrize("case", FAILING, ids=[c.id for c in FAILING])
def test_safe_and_unsafe_fixes_carry_intents_and_edits(case: Case) -> None:
    for finding in run_case(case):
        fix = finding.fix
        if fix is None or fix.applicability not in ("safe", "unsafe"):
            continue
        assert fix.intents, f"{case.id}: {fix.applicability} fix without intents: {fix.message}"
        if case_text(case.data) is not None:
            assert fix.edits, f"{case.id}: {fix.applicability} fix without edits: {fix.message}"


APPLICABLE = [r for r in all_rules() if r.fix_safety in ("safe", "unsafe")]
# Rules whose layout fix the outcome model judges slower on every machine and workload tried,
# so that no case can show it applied (strict: the day one can, the case must be written).
# TL208: data-parallel attention for MLA models.  toplint.outcome prices decode as weight
# streaming + MoE kernels + collectives at the declared batch per DP rank, with no term for
# reading the KV cache, which is what DP attention divides; its all-gathers are priced, its
# gain is not (8 x H200/H100, 2 x 8 H100 over IB or Ethernet, 8 x L40S; batch 1-2048).
NEVER_APPLIED = {"TL208": "the outcome model does not price the KV reads DP attention saves"}


@pytest.mark.parametrize(
    "rule",
    [
        pytest.param(r, marks=pytest.mark.xfail(strict=True, reason=NEVER_APPLIED[r.code]))
        if r.code in NEVER_APPLIED
        else r
        for r in APPLICABLE
    ],
    ids=[r.code for r in APPLICABLE],
)
def test_rule_with_an_applicable_fix_has_a_fixed_case(rule) -> None:
    fixed = [c for c in CASES if c.rule == rule.code and "fixed" in c.data]
    assert fixed, f"{rule.code} has a {rule.fix_safety} fix but no case with `fixed:`"
