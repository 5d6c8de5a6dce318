"""Fixtures for the CI-integration tests: a rule that fires on every deployment's TP value.

The test rule (TL990) needs no hardware manifest, so these tests exercise configuration,
suppressions, baselines and formats without depending on placement or cost.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toplint import plugins
from toplint.model import Finding, Severity
from toplint.rulebook.types import Rule, RuleContext


def _check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    pos = dep.position_of("tp")
    yield Finding(
        rule=rule.code,
        name=rule.name,
        severity=ctx.severity,
        path=pos.path,
        line=pos.line,
        column=pos.column,
        message=f"tensor parallel {dep.tp} set on line {pos.line}",
        anchor="tensor-parallel-size",
    )


TEST_RULE = Rule(
    code="TL990",
    name="test-tensor-parallel",
    summary="Test rule: reports every deployment's tensor-parallel size.",
    severity=Severity.ERROR,
    check=_check,
    options={"limit": 8},
    doc="## What it does\nReports every deployment (tests only).\n",
    origin=__file__,
)


class _TestPlugin:
    @plugins.hookimpl
    def toplint_rules(self) -> list[Rule]:
        return [TEST_RULE]


@pytest.fixture(autouse=True)
def test_rule(monkeypatch: pytest.MonkeyPatch) -> Rule:
    original = plugins.make_plugin_manager

    def with_test_rule(*, entry_points: bool = True) -> Any:
        pm = original(entry_points=entry_points)
        pm.register(_TestPlugin(), name="toplint-ci-tests")
        return pm

    monkeypatch.setattr(plugins, "make_plugin_manager", with_test_rule)
    return TEST_RULE


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from the temporary tree, so discovery never climbs into the checkout's configs."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
