"""The conditions of declarative rules: three-valued logic over published facts.

The vocabulary is deliberately small (docs/ARCHITECTURE.md "Rules", shared/STYLE.md "Compute in
Python, decide in YAML"): ``all``, ``any``, ``not``, ``eq``, ``ne``, ``lt``, ``le``, ``gt``,
``ge``, ``in``, ``exists``.  A comparison is ``{op: [fact-name, operand]}`` where the operand is
a literal, ``{fact: name}`` or ``{option: name}`` (this rule's options, config-overridable).

Logic is three-valued: a comparison on an absent fact is *unknown*; a rule fires only when its
condition is *true*, so a rule whose inputs could not be computed stays quiet (TL003/TL004 say
why).  ``Evaluator.truth`` walks a condition tree; ``compile_condition`` turns it once into
closures with the same answers, which is what the check runs.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

__all__ = ["COMPARISONS", "Compiled", "Evaluator", "Truth", "compile_condition", "is_number"]

Truth = bool | None  # None = unknown (an input is missing)

COMPARISONS = ("eq", "ne", "lt", "le", "gt", "ge", "in")
LOGIC = ("all", "any", "not", "exists")


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
        if isinstance(left, bool) or not is_number(left) or not is_number(right):
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
        if isinstance(left, bool) or not is_number(left) or not is_number(right):
            return None  # ordering only compares numbers
        return compare(float(left), float(right))

    return ordered


def is_number(value: Any) -> bool:
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
