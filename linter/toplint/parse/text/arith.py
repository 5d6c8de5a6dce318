"""Shell arithmetic (``$((…))``) without a shell: integers with ``+ - * / % **`` and
parentheses, evaluated by a small recursive-descent parser over the variables' values, never
``eval`` (bash(1) "ARITHMETIC EVALUATION": 64-bit integers, wrapping on overflow).  Used by
``toplint.parse.text.expand``."""

from __future__ import annotations

from collections.abc import Mapping

from toplint.infra.patterns import lazy

__all__ = ["INT64", "safe_arith"]

_ARITH_TOKEN = lazy(r"\s*([0-9]+|[A-Za-z_][A-Za-z0-9_]*|\*\*|[-+*/%()])")


def safe_arith(expr: str, values: Mapping[str, int], missing: list[str]) -> str | None:
    """Integer arithmetic with + - * / % ** and parentheses; no eval."""
    tokens = []
    pos = 0
    while pos < len(expr.rstrip()):
        m = _ARITH_TOKEN.match(expr, pos)
        if not m:
            missing.append("$((" + expr + "))")
            return None
        tokens.append(m.group(1))
        pos = m.end()
    try:
        value, rest = _arith_sum(tokens, values)
    except (ValueError, ZeroDivisionError, IndexError, RecursionError):
        missing.append("$((" + expr + "))")
        return None
    if rest:
        missing.append("$((" + expr + "))")
        return None
    return str(value)


# Shell arithmetic is 64-bit signed and wraps (bash expr.c uses intmax_t), so every result is
# reduced to that range: ``$((2**64**64))`` is 0 in bash, not a number of 2^70 digits.
INT64 = 1 << 63


def _wrap(value: int) -> int:
    return ((value + INT64) % (1 << 64)) - INT64


def _arith_sum(t: list[str], v: Mapping[str, int]) -> tuple[int, list[str]]:
    left, t = _arith_prod(t, v)
    while t and t[0] in "+-":
        op, (right, t) = t[0], _arith_prod(t[1:], v)
        left = _wrap(left + right if op == "+" else left - right)
    return left, t


def _arith_prod(t: list[str], v: Mapping[str, int]) -> tuple[int, list[str]]:
    left, t = _arith_pow(t, v)
    while t and t[0] in ("*", "/", "%"):
        op, (right, t) = t[0], _arith_pow(t[1:], v)
        if op == "*":
            left = _wrap(left * right)
        else:  # C division and remainder: truncated toward zero
            quotient = abs(left) // abs(right) * (1 if (left < 0) == (right < 0) else -1)
            left = _wrap(quotient) if op == "/" else left - right * quotient
    return left, t


def _arith_pow(t: list[str], v: Mapping[str, int]) -> tuple[int, list[str]]:
    """``a ** b``, right-associative and above ``*`` as in bash; computed modulo 2^64."""
    left, t = _arith_atom(t, v)
    if t and t[0] == "**":
        right, t = _arith_pow(t[1:], v)
        if right < 0:
            raise ValueError("exponent less than 0")  # bash's own error
        left = _wrap(pow(left, right, 1 << 64))
    return left, t


def _arith_atom(t: list[str], v: Mapping[str, int]) -> tuple[int, list[str]]:
    tok = t[0]
    if tok == "(":
        value, rest = _arith_sum(t[1:], v)
        if not rest or rest[0] != ")":
            raise ValueError("unbalanced")
        return value, rest[1:]
    if tok == "-":
        value, rest = _arith_atom(t[1:], v)
        return -value, rest
    if tok.isdigit():  # ASCII digits (the token pattern), at most a few thousand of them
        if len(tok) > 4000:
            raise ValueError("constant too long")
        return _wrap(int(tok)), t[1:]
    return v[tok], t[1:]
