"""Declarative rules: compare published facts, render a message from them.

A rule body (``Spec``, read from YAML and schema-validated by ``toplint.rulebook.load``) holds
conditions (``toplint.rulebook.conditions``: ``all``, ``any``, ``not``, ``eq`` … ``exists``,
three-valued) and messages (``toplint.rulebook.messages``: ``{fact.name}`` / ``{option.name}``
filled in by hand).  This module makes its ``check`` and says which facts and options it reads.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toplint.facts.registry import BAND_SUFFIXES, FACTS
from toplint.model import Applicability, Finding, Fix, Severity
from toplint.record import record
from toplint.rulebook.conditions import COMPARISONS, Compiled, Evaluator, Truth, compile_condition
from toplint.rulebook.messages import placeholders, render
from toplint.rulebook.types import Rule, RuleContext

__all__ = ["Branch", "Spec", "make_check", "references"]


@record
class Branch:
    """A severity (and optionally a message) that applies when ``when`` holds."""

    when: Any
    severity: Severity
    message: str | None = None


@record
class Spec:
    """A declarative rule body, as read from YAML (already schema-validated)."""

    when: Any
    message: str
    at: tuple[str, ...] = ("tp",)  # Deployment fields; the first one with a source wins
    anchor: str = ""
    branches: tuple[Branch, ...] = ()
    fix_message: str | None = None
    fix_applicability: Applicability = "display"
    fix_variants: tuple[tuple[Any, str], ...] = ()  # (condition, message): the first that holds


# --- what a rule reads ------------------------------------------------------------------------

Path = tuple[str | int, ...]


def references(data: Mapping[str, Any]) -> Iterator[tuple[Path, str, str]]:
    """``(path, kind, name)`` for every fact (``kind == "fact"``) and option a rule body reads:
    in its conditions and in its messages.  ``path`` locates the value in the rule document."""
    yield from _condition_references(data.get("when"), ("when",))
    for i, branch in enumerate(data.get("severities") or ()):
        yield from _condition_references(branch.get("when"), ("severities", i, "when"))
        yield from _message_references(branch.get("message"), ("severities", i, "message"))
    yield from _message_references(data.get("message"), ("message",))
    yield from _message_references((data.get("fix") or {}).get("message"), ("fix", "message"))


def _condition_references(cond: Any, path: Path) -> Iterator[tuple[Path, str, str]]:
    if not isinstance(cond, Mapping) or len(cond) != 1:
        return  # the schema reports the shape
    ((op, arg),) = cond.items()
    here = (*path, op)
    if op in ("all", "any") and isinstance(arg, list):
        for i, part in enumerate(arg):
            yield from _condition_references(part, (*here, i))
    elif op == "not":
        yield from _condition_references(arg, here)
    elif op == "exists":
        yield here, "fact", str(arg)
    elif op in COMPARISONS and isinstance(arg, list) and len(arg) == 2:
        yield (*here, 0), "fact", str(arg[0])
        operand = arg[1]
        if isinstance(operand, Mapping) and "fact" in operand:
            yield (*here, 1, "fact"), "fact", str(operand["fact"])
        elif isinstance(operand, Mapping) and "option" in operand:
            yield (*here, 1, "option"), "option", str(operand["option"])


def _message_references(template: Any, path: Path) -> Iterator[tuple[Path, str, str]]:
    if not isinstance(template, str):
        return
    for name in placeholders(template):
        if name.startswith("option."):
            yield path, "option", name[len("option.") :]
        elif name:
            yield path, "fact", name


# --- the check ------------------------------------------------------------------------------


def make_check(spec: Spec) -> Any:
    """The ``check`` function of a declarative rule."""

    compiled: dict[int, Compiled] = {}  # id of a condition in ``spec`` -> its closure

    def truth(ev: Evaluator, cond: Any) -> Truth:
        fn = compiled.get(id(cond))
        if fn is None:  # ``spec`` holds every condition, so an id is never reused
            fn = compiled[id(cond)] = compile_condition(cond)
        return fn(ev)

    def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
        ev = Evaluator(ctx.facts, ctx.options)
        if truth(ev, spec.when) is not True:
            return
        severity, message = ctx.severity, spec.message
        if ctx.severity == rule.severity:  # conditional severities unless the config overrides
            for branch in spec.branches:
                if truth(ev, branch.when) is True:
                    severity, message = branch.severity, branch.message or spec.message
                    break
        fix_message = spec.fix_message
        for when, text in spec.fix_variants:
            if truth(ev, when) is True:
                fix_message = text
                break
        for name in placeholders(message) + placeholders(fix_message or ""):
            if not name.startswith("option.") and name in ctx.facts:
                ev.used[name] = ctx.facts[name]
        fix = None
        if fix_message:
            fix = Fix(
                render(fix_message, ctx.facts, ctx.options),
                applicability=spec.fix_applicability,
            )
        dep = ctx.deployment
        at = next((f for f in spec.at if f in dep.sources), spec.at[0])
        pos = dep.position_of(at)
        yield Finding(
            rule=rule.code,
            name=rule.name,
            severity=severity,
            path=pos.path,
            line=pos.line,
            column=pos.column,
            message=render(message, ctx.facts, ctx.options),
            fix=fix,
            data=_with_bands(ev.used, ctx.facts),
            anchor=spec.anchor or at,
        )

    return check


def _with_bands(used: Mapping[str, Any], facts: Mapping[str, Any]) -> dict[str, Any]:
    """The facts a finding used, plus the error band and method of each estimate among them,
    so JSON and SARIF carry the band (toplint.facts.registry.BAND_SUFFIXES)."""

    data = dict(used)
    for name in used:
        for suffix in BAND_SUFFIXES:
            companion = name + suffix  # only some estimates have each companion registered
            if companion in FACTS and companion in facts:
                data[companion] = facts[companion]
    return dict(sorted(data.items()))
