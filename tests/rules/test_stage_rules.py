"""Rules raised by a stage (parse, coverage) have one constructor: ``toplint.model.StageRule``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import toplint
from toplint.model import STAGE_RULES, StageRule
from toplint.pipeline.lint import all_rules

RULES = {r.code: r for r in all_rules()}
PACKAGE = Path(toplint.__file__).parent


@pytest.mark.parametrize("stage_rule", STAGE_RULES, ids=[r.code for r in STAGE_RULES])
def test_a_stage_rule_is_a_registered_rule_with_its_identity(stage_rule: StageRule) -> None:
    rule = RULES[stage_rule.code]
    assert (rule.name, rule.severity) == (stage_rule.name, stage_rule.severity)


def test_no_module_spells_a_stage_rules_code_or_name_but_its_table() -> None:
    spelled = re.compile(
        "|".join(rf"[\"']({re.escape(r.code)}|{re.escape(r.name)})[\"']" for r in STAGE_RULES)
    )
    found = [
        f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "model.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if spelled.search(line)
    ]
    assert not found, "use the StageRule in toplint.model:\n" + "\n".join(found)
