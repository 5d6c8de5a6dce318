"""Every rule case under tests/rules/cases, run through the public case runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.testing import Case, check_case, load_cases

CASES = load_cases(Path(__file__).parent / "cases")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rule_case(case: Case) -> None:
    check_case(case)


def test_a_case_with_an_unpublished_fact_is_refused() -> None:
    case = Case("TL105", "test_fail_typo", "cases.yaml", {"facts": {"decode.comm_ms_per_stp": 1}})
    with pytest.raises(ValueError, match=r"unknown facts \['decode.comm_ms_per_stp'\]"):
        check_case(case)
