"""Sprig's functions over lists and mappings and Go's type names, as charts call them
(masterminds.github.io/sprig: lists, dicts, type conversion), over ``Val`` arguments."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from toplint.parse.helmtpl.values import Val, go_print, plain

Func = Callable[[Sequence[Val]], Val]
MAX_UNTIL = 10_000


class FuncError(Exception):
    """A function called in a way Helm rejects (the template fails to render)."""


def _text(v: Val) -> str:
    return go_print(v.v)


def _count(value: Any) -> int:
    value = plain(value)
    try:
        return int(float(value)) if not isinstance(value, bool) else int(value)
    except (TypeError, ValueError, OverflowError):
        return 0


def _type(value: Any) -> str:
    """Go's type names of the values Helm reads (``typeIs "string"``)."""
    kind = _kind(value)
    names = {"map": "map[string]interface {}", "slice": "[]interface {}", "invalid": "<nil>"}
    return names.get(kind, kind)


def _concat(args: Sequence[Val]) -> Val:
    out: list[Any] = []
    for a in args:
        data = plain(a.v)
        out.extend(data if isinstance(data, (list, tuple)) else [])
    return Val(out)


def _dig(args: Sequence[Val]) -> Val:
    """``dig "a" "b" default dict``: a nested key, or the default."""
    if len(args) < 3:
        raise FuncError("dig: wrong number of arguments")
    item, at = plain(args[-1].v), args[-1].at
    for key in args[:-2]:
        name = _text(key)
        if not isinstance(item, dict) or name not in item:
            return args[-2]
        item, at = item[name], None if at is None else (*at, name)
    return Val(item, at)


def _merge(overwrite: bool) -> Func:
    """Sprig's ``merge`` (the first mapping wins) and ``mergeOverwrite`` (the last wins)."""

    def merge(args: Sequence[Val]) -> Val:
        maps = [plain(a.v) for a in args if isinstance(plain(a.v), dict)]
        out: dict[Any, Any] = {}
        for data in maps if overwrite else reversed(maps):
            out = _deep(out, data)
        return Val(out)

    return merge


def _deep(base: dict[Any, Any], over: dict[Any, Any]) -> dict[Any, Any]:
    out = dict(base)
    for key, value in over.items():
        old = out.get(key)
        out[key] = _deep(old, value) if isinstance(old, dict) and isinstance(value, dict) else value
    return out


def _until(args: Sequence[Val]) -> Val:
    count = _count(args[0].v)
    if count > MAX_UNTIL:
        raise FuncError("until: more than 10000 items")
    return Val(list(range(max(count, 0))))


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "float64"
    if isinstance(value, dict):
        return "map"
    if isinstance(value, (list, tuple)):
        return "slice"
    return "invalid" if value is None else "string"


MAP_FUNCS: dict[str, Func] = {
    "kindIs": lambda a: Val(_kind(plain(a[1].v)) == _text(a[0])),
    "kindOf": lambda a: Val(_kind(plain(a[0].v))),
    "typeIs": lambda a: Val(_type(plain(a[1].v)) == _text(a[0])),
    "typeOf": lambda a: Val(_type(plain(a[0].v))),
    "concat": _concat,
    "dig": _dig,
    "merge": _merge(False),
    "mergeOverwrite": _merge(True),
    "keys": lambda a: Val(sorted(str(k) for x in a for k in (plain(x.v) or {}))),
    "until": _until,
    "splitList": lambda a: Val(_text(a[1]).split(_text(a[0])) if _text(a[0]) else [_text(a[1])]),
}
