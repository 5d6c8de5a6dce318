"""Declarative rules: compare published facts, render a message from them.

The vocabulary is deliberately small (docs/ARCHITECTURE.md "Rules", shared/STYLE.md "Compute in
Python, decide in YAML"): ``all``, ``any``, ``not``, ``eq``, ``ne``, ``lt``, ``le``, ``gt``,
``ge``, ``in``, ``exists``.  A comparison is ``{op: [fact-name, operand]}`` where the operand is
a literal, ``{fact: name}`` or ``{option: name}`` (this rule's options, config-overridable).

Logic is three-valued: a comparison on an absent fact is *unknown*; a rule fires only when its
condition is *true*, so a rule whose inputs could not be computed stays quiet (TL003/TL004 say
why).  Messages substitute ``{fact.name}`` / ``{option.name}`` by hand: no ``str.format``, no
templating language, no evaluation of anything read from a file.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from toplint.facts.registry import BAND_SUFFIXES, FACTS
from toplint.hardware.units import format_bandwidth, format_bytes, format_time_us
from toplint.infra.patterns import lazy
from toplint.model import Applicability, Finding, Fix, Severity
from toplint.record import record
from toplint.rulebook.types import Rule, RuleContext

Truth = bool | None  # None = unknown (an input is missing)

COMPARISONS = ("eq", "ne", "lt", "le", "gt", "ge", "in")
LOGIC = ("all", "any", "not", "exists")


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


class Evaluator:
    """Evaluates one condition tree against facts and options; remembers which facts it read."""

    def __init__(self, facts: Mapping[str, Any], options: Mapping[str, Any]) -> None:
        self.facts = facts
        self.options = options
        self.used: dict[str, Any] = {}

    def truth(self, cond: Any) -> Truth:
        # ``type(...) is dict`` first: an ABC isinstance check per node dominated rule time.
        if not (type(cond) is dict or isinstance(cond, Mapping)) or len(cond) != 1:
            raise ValueError(f"a condition is a mapping with one operator, got {cond!r}")
        ((op, arg),) = cond.items()
        if op == "all":
            return _all(self.truth(c) for c in arg)
        if op == "any":
            return _any(self.truth(c) for c in arg)
        if op == "not":
            inner = self.truth(arg)
            return None if inner is None else not inner
        if op == "exists":
            return self.fact(str(arg)) is not None
        if op in COMPARISONS:
            return self.compare(op, arg)
        raise ValueError(f"unknown operator {op!r} (known: {', '.join(LOGIC + COMPARISONS)})")

    def fact(self, name: str) -> Any:
        value = self.facts.get(name)
        if value is not None:
            self.used[name] = value
        return value

    def operand(self, value: Any) -> Any:
        if not (type(value) is dict or isinstance(value, Mapping)):
            return value
        if "fact" in value:
            return self.fact(str(value["fact"]))
        if "option" in value:
            return self.options.get(str(value["option"]))
        return value

    def compare(self, op: str, arg: Sequence[Any]) -> Truth:
        left = self.fact(str(arg[0]))
        right = self.operand(arg[1])
        if left is None or right is None:
            return None
        if op == "in":
            return bool(left in right) if isinstance(right, (list, tuple)) else None
        if op in ("eq", "ne"):
            return bool(left == right) == (op == "eq")
        if isinstance(left, bool) or not _number(left) or not _number(right):
            return None  # ordering only compares numbers
        a, b = float(left), float(right)
        return {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[op]


# --- conditions compiled to closures ----------------------------------------------------------
# The check evaluates every rule's condition for every deployment; walking the condition tree
# (a dict lookup and an operator dispatch per node) was most of a declarative rule's time.  A
# condition is compiled once, on first use, to nested closures with the same semantics as
# ``Evaluator.truth`` (every operand of ``all``/``any`` is evaluated, so ``used`` records the
# same facts) and the same ``ValueError`` for a malformed condition.

Compiled = Callable[[Evaluator], Truth]
_ORDERING: dict[str, Callable[[float, float], bool]] = {
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
}


def compile_condition(cond: Any) -> Compiled:
    """``cond`` as a function of an ``Evaluator``: ``compile_condition(c)(ev) == ev.truth(c)``."""
    if not (type(cond) is dict or isinstance(cond, Mapping)) or len(cond) != 1:
        raise ValueError(f"a condition is a mapping with one operator, got {cond!r}")
    ((op, arg),) = cond.items()
    if op in ("all", "any"):
        parts = tuple(compile_condition(c) for c in arg)
        return _compile_logic(parts, decisive=op == "any")
    if op == "not":
        inner = compile_condition(arg)

        def negate(ev: Evaluator) -> Truth:
            value = inner(ev)
            return None if value is None else not value

        return negate
    if op == "exists":
        name = str(arg)
        return lambda ev: ev.fact(name) is not None
    if op in COMPARISONS:
        return _compile_comparison(op, arg)
    raise ValueError(f"unknown operator {op!r} (known: {', '.join(LOGIC + COMPARISONS)})")


def _compile_logic(parts: tuple[Compiled, ...], decisive: bool) -> Compiled:
    """``all`` (``decisive=False``: one False decides) or ``any`` (``True`` decides), as
    ``_all``/``_any``: otherwise unknown when a part is unknown."""
    undecided = not decisive

    def combine(ev: Evaluator) -> Truth:
        result: Truth = undecided
        for part in parts:
            value = part(ev)
            if value is decisive:
                result = decisive
            elif value is None and result is undecided:
                result = None
        return result

    return combine


def _compile_comparison(op: str, arg: Sequence[Any]) -> Compiled:
    name = str(arg[0])
    operand: Any = arg[1]
    constant: Any = operand  # a literal operand, as written
    right_of: Callable[[Evaluator], Any]
    if type(operand) is dict or isinstance(operand, Mapping):
        if "fact" in operand:
            other = str(operand["fact"])
            right_of = lambda ev: ev.fact(other)  # noqa: E731
        elif "option" in operand:
            option = str(operand["option"])
            right_of = lambda ev: ev.options.get(option)  # noqa: E731
        else:
            right_of = lambda ev: constant  # noqa: E731
    else:
        right_of = lambda ev: constant  # noqa: E731

    if op == "in":

        def member(ev: Evaluator) -> Truth:
            left, right = ev.fact(name), right_of(ev)
            if left is None or right is None:
                return None
            return bool(left in right) if isinstance(right, (list, tuple)) else None

        return member
    if op in ("eq", "ne"):
        want = op == "eq"

        def equal(ev: Evaluator) -> Truth:
            left, right = ev.fact(name), right_of(ev)
            if left is None or right is None:
                return None
            return bool(left == right) == want

        return equal
    compare = _ORDERING[op]

    def ordered(ev: Evaluator) -> Truth:
        left, right = ev.fact(name), right_of(ev)
        if left is None or right is None:
            return None
        if isinstance(left, bool) or not _number(left) or not _number(right):
            return None  # ordering only compares numbers
        return compare(float(left), float(right))

    return ordered


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _all(values: Iterator[Truth]) -> Truth:
    seen = list(values)
    if any(v is False for v in seen):
        return False
    return None if any(v is None for v in seen) else True


def _any(values: Iterator[Truth]) -> Truth:
    seen = list(values)
    if any(v is True for v in seen):
        return True
    return None if any(v is None for v in seen) else False


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


# --- message rendering ----------------------------------------------------------------------


def format_value(name: str, value: Any) -> str:
    """A fact or option value with the unit its name implies (``_ms``, ``share``, ``_bytes``)."""
    if value is None:
        return "n/a"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if not _number(value):
        return str(value)
    leaf = name.rsplit(".", 1)[-1]
    if "share" in leaf:
        return f"{value * 100:.0f}%"
    # One spelling per unit for every command (check, cost, hardware): toplint.hardware.units.

    if leaf.endswith("_ms") or "_ms_" in leaf:
        return format_time_us(float(value) * 1000)
    if leaf.endswith("_bytes") or leaf.endswith("_bytes_per_gpu"):
        return format_bytes(float(value))
    if leaf.endswith("_gb_per_s"):
        return format_bandwidth(float(value))
    return f"{value:g}" if isinstance(value, float) else str(value)


def render(template: str, facts: Mapping[str, Any], options: Mapping[str, Any]) -> str:
    """Replace ``{fact.name}`` and ``{option.name}``; ``{{``/``}}`` are literal braces.

    ``[[ ... ]]`` is an optional segment, kept only when every fact it names is known.  Only
    names are looked up and only values are inserted: an inserted value is never re-scanned,
    so text from a linted file cannot inject placeholders.
    """
    out: list[str] = []
    rest = template
    while "[[" in rest:
        head, _, tail = rest.partition("[[")
        segment, closed, rest = tail.partition("]]")
        if not closed:
            raise ValueError(f"unclosed '[[' in message {template!r}")
        out.append(_render(head, facts, options))
        names = [n for n in placeholders(segment) if not n.startswith("option.")]
        if all(facts.get(n) is not None for n in names):
            out.append(_render(segment, facts, options))
    out.append(_render(rest, facts, options))
    return "".join(out)


_TEXT = lazy(r"[^{}]+")


def _render(template: str, facts: Mapping[str, Any], options: Mapping[str, Any]) -> str:
    out: list[str] = []
    i = 0
    while i < len(template):
        text = _TEXT.match(template, i)  # a run without braces is copied as it is
        if text is not None:
            out.append(text.group())
            i = text.end()
            continue
        ch = template[i]
        if template[i : i + 2] in ("{{", "}}"):
            out.append(ch)
            i += 2
            continue
        if ch != "{":
            out.append(ch)
            i += 1
            continue
        end = template.find("}", i + 1)
        if end < 0:
            raise ValueError(f"unclosed '{{' at offset {i} in message {template!r}")
        name = template[i + 1 : end].strip()
        if name.startswith("option."):
            key = name[len("option.") :]
            out.append(format_value(key, options.get(key)))
        else:
            out.append(format_value(name, facts.get(name)))
        i = end + 1
    return "".join(out)


def placeholders(template: str) -> list[str]:
    """The names a template refers to (for validation and for a finding's ``data``)."""
    names: list[str] = []
    i = 0
    while True:
        start = template.find("{", i)
        if start < 0:
            return names
        if template[start : start + 2] == "{{":
            i = start + 2
            continue
        end = template.find("}", start)
        if end < 0:
            return names
        names.append(template[start + 1 : end].strip())
        i = end + 1


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
