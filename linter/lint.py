"""What ``toplint check`` does, as a function: analyse, run rules, sort."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from toplint.config import Config
from toplint.engine import Settings, analyze, sort_findings
from toplint.errors import ConfigError
from toplint.model import Finding, Severity
from toplint.rulebook.run import RuleSettings, adjust_parse_findings, run_rules
from toplint.rulebook.types import Rule


@dataclass(frozen=True)
class LintResult:
    findings: tuple[Finding, ...]
    rules: tuple[Rule, ...]
    files: int
    deployments: int


def all_rules() -> list[Rule]:
    from toplint.plugins import make_plugin_manager

    rules: list[Rule] = []
    seen: dict[str, str] = {}
    for group in make_plugin_manager().hook.toplint_rules():
        for rule in group:
            if rule.code in seen:
                raise ConfigError(
                    f"rule code {rule.code} is defined twice ({seen[rule.code]}, {rule.origin})"
                )
            seen[rule.code] = rule.origin
            rules.append(rule)
    return sorted(rules, key=lambda r: r.code)


def _codes(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(v.strip() for v in value.split(",") if v.strip())
    if isinstance(value, (list, tuple)):
        return tuple(str(v) for v in value)
    raise ConfigError(f"expected a list of rule codes, got {value!r}")


def rule_settings_from(config: Config, args: argparse.Namespace) -> RuleSettings:
    select = _codes(getattr(args, "select", None)) or _codes(config.get("select"))
    select = select + _codes(config.get("extend-select")) if select else ()
    ignore = _codes(config.get("ignore")) + _codes(getattr(args, "ignore", None))
    severities: dict[str, Severity] = {}
    options: dict[str, dict[str, object]] = {}
    for key, value in (config.get("rules", {}) or {}).items():
        code = _rule_code(str(key))
        if isinstance(value, str):
            severities[code] = _severity(value, key)
        elif isinstance(value, dict):
            if "severity" in value:
                severities[code] = _severity(value["severity"], key)
            options[code] = {k: v for k, v in value.items() if k != "severity"}
    return RuleSettings(select, ignore, severities, options)


def _rule_code(key: str) -> str:
    for rule in all_rules():
        if key in (rule.code, rule.name):
            return rule.code
    raise ConfigError(f"rules: unknown rule `{key}` (see `toplint rules`)")


def _severity(value: object, key: object) -> Severity:
    try:
        return Severity(str(value))
    except ValueError:
        raise ConfigError(
            f"rules.{key}: severity must be error, warning or info, not {value!r}"
        ) from None


def lint(paths: Sequence[str], settings: Settings, rule_settings: RuleSettings) -> LintResult:
    rules = all_rules()
    result = analyze(paths, settings)
    findings = adjust_parse_findings(result.findings, rules, rule_settings)
    findings += run_rules(
        rules, result.analyses, rule_settings, settings.budgets, settings.workload
    )
    return LintResult(
        tuple(sort_findings(findings)), tuple(rules), result.files, len(result.analyses)
    )
