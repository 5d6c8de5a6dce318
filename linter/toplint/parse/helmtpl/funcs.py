"""The functions Helm charts call, as Go's text/template and Sprig define them (pkg.go.dev/
text/template "Functions", masterminds.github.io/sprig), over ``Val`` arguments.

Each takes the evaluated arguments (the piped value last, as Go passes it) and returns a
``Val``; a result derived from one argument keeps that argument's path in the values, so a flag
built with ``{{ .Values.tp | default 1 | quote }}`` still points at ``tp:``.  A function not in
``FUNCS`` (``lookup``, ``.Files``) makes an ``Unknown``: that value is unresolved.
``include``, ``tpl`` and ``required``/``fail`` need the evaluator and live there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from toplint.infra.patterns import lazy
from toplint.parse.helmtpl.arith import ARITH_FUNCS, to_int64
from toplint.parse.helmtpl.maps import MAP_FUNCS, FuncError
from toplint.parse.helmtpl.values import (
    Pieces,
    Unknown,
    Val,
    go_print,
    plain,
    to_json,
    to_yaml,
    truth,
)

Func = Callable[[Sequence[Val]], Val]


def _text(v: Val) -> str:
    return go_print(v.v)


def _keep(v: Val, result: Any) -> Val:
    return Val(result, v.at)


def _pieces(v: Val) -> Pieces:
    if isinstance(v.v, Pieces):
        return v.v
    return Pieces([(go_print(v.v), ("v", v.at) if v.at is not None else None)])


def _empty(value: Any) -> bool:
    try:
        return not truth(value)
    except Exception:  # an Unknown is neither empty nor set
        return False


def _default(args: Sequence[Val]) -> Val:
    if not args:
        raise FuncError("default: wrong number of arguments")
    given = args[-1] if len(args) > 1 else None
    if given is not None and isinstance(plain(given.v), Unknown):
        return given
    return given if given is not None and not _empty(given.v) else args[0]


def _quote(mark: str) -> Func:
    def quote(args: Sequence[Val]) -> Val:
        parts: list[Any] = []
        for i, a in enumerate(args):
            if a.v is None:
                continue
            parts.extend([(" " if i else "", None), (mark, None), *_pieces(a).parts, (mark, None)])
        if (
            mark == '"'
            and len(args) == 1
            and isinstance(args[0].v, str)
            and ('"' in args[0].v or "\\" in args[0].v)
        ):
            escaped = args[0].v.replace("\\", "\\\\").replace('"', '\\"')
            parts = [('"', None), (escaped, ("v", args[0].at) if args[0].at else None), ('"', None)]
        return Val(Pieces(parts), args[-1].at if args else None)

    return quote


def _indent(newline: bool) -> Func:
    def indent(args: Sequence[Val]) -> Val:
        if len(args) != 2:
            raise FuncError("indent: wrong number of arguments")
        width = _int(args[0].v)
        pad = " " * max(0, min(width, 256))
        body = _pieces(args[1]).map_lines(pad)
        lead = [("\n" if newline else "", None), (pad, None)]
        return Val(Pieces([*lead, *body.parts]), args[1].at)

    return indent


def _int(value: Any) -> int:
    """A number a function takes as an int (``indent``'s width, ``repeat``'s count, printf's
    ``%d``), lenient with text: "2.5" is 2.  Sprig's own ``int``/``int64`` convert as
    spf13/cast does (``toplint.parse.helmtpl.arith.to_int64``)."""
    value = plain(value)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return int(value)
    if isinstance(value, str):
        try:
            return int(float(value.strip())) if value.strip() else 0
        except ValueError:
            return 0
    return 0


def _num(value: Any) -> float:
    value = plain(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    try:
        return float(str(value))
    except ValueError:
        return 0.0


def _unknown_in(args: Sequence[Val]) -> Val | None:
    return next((a for a in args if isinstance(plain(a.v), Unknown)), None)


def _cmp(op: Callable[[Any, Any], bool]) -> Func:
    def compare(args: Sequence[Val]) -> Val:
        unknown = _unknown_in(args)
        if unknown is not None:
            return unknown
        if len(args) < 2:
            raise FuncError("comparison: missing argument")
        a, b = plain(args[0].v), plain(args[1].v)
        numbers = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b))
        if not numbers and type(a) is not type(b) and None not in (a, b):
            raise FuncError(f"incompatible types for comparison: {a!r} {b!r}")
        return Val(op(a, b))

    return compare


def _eq(args: Sequence[Val]) -> Val:
    unknown = _unknown_in(args)
    if unknown is not None:
        return unknown
    if len(args) < 2:
        raise FuncError("eq: missing argument")
    first = plain(args[0].v)
    return Val(any(_same(first, plain(a.v)) for a in args[1:]))


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return bool(float(a) == float(b))
    return bool(a == b)


def _has(args: Sequence[Val]) -> Val:
    """Sprig's ``has NEEDLE LIST`` (Masterminds/sprig list.go: an element equal to the needle;
    a missing list has none)."""
    unknown = _unknown_in(args)
    if unknown is not None:
        return unknown
    if len(args) < 2:
        raise FuncError("has: missing argument")
    needle, haystack = plain(args[0].v), plain(args[1].v)
    if haystack is None:
        return Val(False)
    if not isinstance(haystack, list):
        raise FuncError(f"has: cannot find in {type(haystack).__name__}")
    items = [plain(x) for x in haystack]
    if any(_same(needle, x) for x in items):
        return Val(True)
    return Val(Unknown("has") if any(isinstance(x, Unknown) for x in items) else False)


def _ne(args: Sequence[Val]) -> Val:
    same = _eq(args)
    return same if isinstance(same.v, Unknown) else Val(not same.v)


def _and(args: Sequence[Val]) -> Val:
    for a in args:
        if not truth(a.v):
            return a
    return args[-1]


def _or(args: Sequence[Val]) -> Val:
    for a in args:
        if truth(a.v):
            return a
    return args[-1]


def _index(args: Sequence[Val]) -> Val:
    item = args[0]
    for key in args[1:]:
        data, k = plain(item.v), plain(key.v)
        if isinstance(data, dict):
            found = data.get(k) if isinstance(k, str) else None
            item = Val(found, None if item.at is None else (*item.at, k))
        elif isinstance(data, (list, tuple)) and isinstance(k, (int, float)):
            i = int(k)
            if not 0 <= i < len(data):
                raise FuncError(f"index out of range: {i}")
            item = Val(data[i], None if item.at is None else (*item.at, i))
        elif data is None:
            item = Val(None)
        else:
            return Val(Unknown("index"))
    return item


def _printf(args: Sequence[Val]) -> Val:
    fmt = _text(args[0])
    values = [plain(a.v) for a in args[1:]]
    out, i = [], 0

    def verb(m: re.Match[str]) -> str:
        nonlocal i
        if m.group(0) == "%%":
            return "%"
        value = values[i] if i < len(values) else None
        i += 1
        kind = m.group(0)[-1]
        if kind == "d":
            return str(_int(value))
        if kind == "q":
            return to_json(go_print(value))
        return go_print(value)

    out.append(re.sub(r"%%|%[-+# 0]*\d*(?:\.\d+)?[vsdqtfg]", verb, fmt))
    origin = next((a.at for a in args[1:] if a.at is not None), None)
    return Val("".join(out), origin)


def _join(args: Sequence[Val]) -> Val:
    sep, items = _text(args[0]), plain(args[1].v)
    if isinstance(items, (list, tuple)):
        parts: list[Any] = []
        for i, item in enumerate(items):
            at = None if args[1].at is None else ("v", (*args[1].at, i))
            parts.extend([(sep if i else "", None), (go_print(item), at)])
        return Val(Pieces(parts), args[1].at)
    return _keep(args[1], go_print(items))


def _ternary(args: Sequence[Val]) -> Val:
    return args[0] if truth(args[2].v) else args[1]


def _has_key(args: Sequence[Val]) -> Val:
    data = plain(args[0].v)
    return Val(isinstance(data, dict) and _text(args[1]) in data)


def _string(fn: Callable[[str], str]) -> Func:
    return lambda args: _keep(args[-1], fn(_text(args[-1])))


def _str2(fn: Callable[[str, str], Any]) -> Func:
    return lambda args: _keep(args[-1], fn(_text(args[0]), _text(args[-1])))


def _list(args: Sequence[Val]) -> Val:
    return Val([plain(a.v) for a in args])


def _dict(args: Sequence[Val]) -> Val:
    return Val({_text(args[i]): plain(args[i + 1].v) for i in range(0, len(args) - 1, 2)})


def _arith(op: Callable[[float, float], float]) -> Func:
    def arith(args: Sequence[Val]) -> Val:
        result = _num(args[0].v)
        for a in args[1:]:
            result = op(result, _num(a.v))
        return Val(int(result) if float(result).is_integer() else result)

    return arith


def _trunc(args: Sequence[Val]) -> Val:
    n, text = _int(args[0].v), _text(args[1])
    return _keep(args[1], text[:n] if n >= 0 else text[n:])


# Sprig's semverCompare is Masterminds/semver v3's NewConstraint(c).Check(NewVersion(v))
# (Masterminds/sprig semver.go).  Computed here only where that is plain: comparisons
# (=, !=, <, <=, >, >=) of a version ("v1.2", missing parts 0, as NewVersion reads it) with
# full bounds ("v0.13.0"), ANDed by "," or spaces and ORed by "||".  Partial bounds, tilde,
# caret, wildcards and prereleases (whose matching has rules of its own) stay not computed.
_SEMVER = lazy(r"v?(\d+)(?:\.(\d+))?(?:\.(\d+))?")
_SEMVER_AND = lazy(r"[,\s]+(?=[<>=!v\d])")
_SEMVER_TERM = lazy(r"(>=|<=|=<|=>|!=|==|=|>|<)?\s*(v?[\d.]+)")
_SEMVER_OPS: dict[str, Callable[[tuple[int, ...], tuple[int, ...]], bool]] = {
    "": lambda a, b: a == b,
    "=": lambda a, b: a == b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    ">=": lambda a, b: a >= b,
    "=>": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "=<": lambda a, b: a <= b,
}


def _semver(text: str) -> tuple[int, ...] | None:
    m = _SEMVER.fullmatch(text.strip())
    return None if m is None else tuple(int(g or 0) for g in m.groups())


def _semver_compare(args: Sequence[Val]) -> Val:
    unknown = _unknown_in(args)
    if unknown is not None:
        return unknown
    if len(args) < 2:
        raise FuncError("semverCompare: missing argument")
    version = _semver(_text(args[1]))
    if version is None:
        return Val(Unknown("semverCompare"))
    alternatives = []
    for alternative in _text(args[0]).split("||"):
        terms = [t for t in _SEMVER_AND.split(alternative.strip()) if t]
        checks = []
        for term in terms:
            m = _SEMVER_TERM.fullmatch(term.strip())
            # A partial bound ("1.2") is a wildcard range to Masterminds: not computed.
            bound = _semver(m.group(2)) if m and m.group(2).count(".") == 2 else None
            if m is None or bound is None:
                return Val(Unknown("semverCompare"))
            checks.append(_SEMVER_OPS[m.group(1) or ""](version, bound))
        alternatives.append(bool(checks) and all(checks))
    return Val(any(alternatives))


FUNCS: dict[str, Func] = {
    "default": _default,
    "empty": lambda a: Val(_empty(a[0].v)),
    "quote": _quote('"'),
    "squote": _quote("'"),
    "toYaml": lambda a: Val(to_yaml(a[0]), a[0].at),
    "toJson": lambda a: _keep(a[0], to_json(a[0].v)),
    "nindent": _indent(True),
    "indent": _indent(False),
    "int": lambda a: _keep(a[0], to_int64(a[0].v)),
    "int64": lambda a: _keep(a[0], to_int64(a[0].v)),
    "float64": lambda a: _keep(a[0], _num(a[0].v)),
    "toString": lambda a: _keep(a[0], _text(a[0])),
    "printf": _printf,
    "print": lambda a: Val("".join(_text(x) for x in a), a[0].at if len(a) == 1 else None),
    "join": _join,
    "ternary": _ternary,
    "hasKey": _has_key,
    "has": _has,
    "eq": _eq,
    "ne": _ne,
    "lt": _cmp(lambda x, y: x < y),
    "le": _cmp(lambda x, y: x <= y),
    "gt": _cmp(lambda x, y: x > y),
    "ge": _cmp(lambda x, y: x >= y),
    "and": _and,
    "or": _or,
    "not": lambda a: Val(not truth(a[0].v)),
    "len": lambda a: Val(len(plain(a[0].v) or "")),
    "index": _index,
    "trim": _string(str.strip),
    "trimSuffix": _str2(lambda s, t: t[: -len(s)] if s and t.endswith(s) else t),
    "trimPrefix": _str2(lambda s, t: t[len(s) :] if t.startswith(s) else t),
    "lower": _string(str.lower),
    "upper": _string(str.upper),
    "replace": lambda a: _keep(a[2], _text(a[2]).replace(_text(a[0]), _text(a[1]))),
    "trunc": _trunc,
    "semverCompare": _semver_compare,
    "contains": lambda a: Val(_text(a[0]) in _text(a[1])),
    "hasPrefix": lambda a: Val(_text(a[1]).startswith(_text(a[0]))),
    "hasSuffix": lambda a: Val(_text(a[1]).endswith(_text(a[0]))),
    "list": _list,
    "dict": _dict,
    "add": _arith(lambda x, y: x + y),
    "sub": _arith(lambda x, y: x - y),
    "mul": _arith(lambda x, y: x * y),
    "max": _arith(max),
    "min": _arith(min),
    "coalesce": lambda a: next((x for x in a if not _empty(x.v)), Val(None)),
    "toStrings": lambda a: Val([go_print(x) for x in (plain(a[0].v) or [])]),
    "first": lambda a: _index([a[0], Val(0)]) if plain(a[0].v) else Val(None),
    "last": lambda a: _index([a[0], Val(len(plain(a[0].v)) - 1)]) if plain(a[0].v) else Val(None),
    **MAP_FUNCS,
    **ARITH_FUNCS,
}
