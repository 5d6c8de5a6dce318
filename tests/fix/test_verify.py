"""The verdict on a fixed text: written only when nothing gets worse."""

from __future__ import annotations

from toplint.fix.apply import verify
from toplint.fix.types import Checked
from toplint.model import Finding, Severity


def _f(rule: str, severity: Severity = Severity.ERROR) -> Finding:
    return Finding(rule, rule.lower(), severity, "a.yaml", 1, 1, "m")


FIXED = _f("TL101")
BEFORE = Checked((FIXED,), 1)


def test_gone_and_nothing_new_is_written() -> None:
    assert verify(BEFORE, Checked((), 1), FIXED) is None


def test_a_text_that_no_longer_parses_is_refused() -> None:
    assert "no longer parse" in str(verify(BEFORE, Checked((_f("TL001"),), 0), FIXED))


def test_a_lost_deployment_is_refused() -> None:
    assert "0 deployments instead of 1" in str(verify(BEFORE, Checked((), 0), FIXED))


def test_a_finding_still_there_is_refused() -> None:
    assert verify(BEFORE, BEFORE, FIXED) == "TL101 would still be reported"


def test_a_new_warning_is_refused() -> None:
    verdict = verify(BEFORE, Checked((_f("TL209", Severity.WARNING),), 1), FIXED)
    assert verdict is not None and verdict.startswith("it would add TL209 (warning)")


def test_a_new_info_is_accepted() -> None:
    assert verify(BEFORE, Checked((_f("TL107", Severity.INFO),), 1), FIXED) is None


def test_fixes_beyond_the_bound_are_reported_not_dropped() -> None:
    from toplint.fix.apply import MAX_ROUNDS, fix_text
    from toplint.pipeline.lint import text_checker
    from toplint.pipeline.settings import Settings
    from toplint.rulebook.run import RuleSettings

    lengths = " ".join(f"--max-model-len {1024 * (i + 1)}" for i in range(MAX_ROUNDS + 2))
    text = f"vllm serve meta-llama/Llama-3.1-8B-Instruct {lengths}\n"
    check = text_checker(Settings(), RuleSettings(select=("TL209",)))
    fixed, outcome = fix_text("run.sh", text, check, unsafe=False)
    assert len(outcome.applied) == MAX_ROUNDS
    assert [r.reason.startswith("left for the next run") for r in outcome.rejected] == [True]
    assert fixed.count("--max-model-len") == 2
