"""Sprig's integer division, remainder and increment, as charts call them, over ``Val``
arguments.

Masterminds/sprig@4c164950 functions.go: ``"div": func(a, b interface{}) int64 { return
toInt64(a) / toInt64(b) }``, ``"mod"`` the same with ``%``, ``"add1": func(i interface{}) int64
{ return toInt64(i) + 1 }``.  Each argument is made an int64 first (``toInt64``: a float loses
its fraction, a numeric string is read, anything else is 0), and Go's ``/`` and ``%`` truncate
toward zero, so ``div -7 2`` is -3 and ``mod -7 2`` is -1; dividing by zero stops the template.
A LeaderWorkerSet chart sizes its group this way (AI-Hypercomputer/gpu-recipes@2e1fd5ef
src/helm-charts/a3mega/sglang-inference/templates/lws-deployment.yaml: ``size: {{ div (mul
.Values.model.tp_size .Values.model.pp_size) $gpusPerNode }}``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from toplint.parse.helmtpl.maps import FuncError
from toplint.parse.helmtpl.values import Unknown, Val, plain

Func = Callable[[Sequence[Val]], Val]


def to_int64(value: Any) -> int:
    """Sprig's ``toInt64`` (spf13/cast ``ToInt64``): what Sprig's integer functions compute on."""
    value = plain(value)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        whole, dot, fraction = text.partition(".")
        if dot and not fraction.strip("0"):  # cast's trimZeroDecimal: "2.0" is 2
            text = whole
        try:
            return int(text, 0)
        except ValueError:
            return 0
    return 0


def _unknown(args: Sequence[Val]) -> Val | None:
    return next((a for a in args if isinstance(plain(a.v), Unknown)), None)


def _quotient(a: int, b: int) -> int:
    """Go's integer ``/``: truncated toward zero (Python's ``//`` floors)."""
    if b == 0:
        raise FuncError("integer divide by zero")
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _div(args: Sequence[Val]) -> Val:
    if len(args) != 2:
        raise FuncError("div takes two arguments")
    unknown = _unknown(args)
    if unknown is not None:
        return unknown
    return Val(_quotient(to_int64(args[0].v), to_int64(args[1].v)))


def _mod(args: Sequence[Val]) -> Val:
    if len(args) != 2:
        raise FuncError("mod takes two arguments")
    unknown = _unknown(args)
    if unknown is not None:
        return unknown
    a, b = to_int64(args[0].v), to_int64(args[1].v)
    return Val(a - b * _quotient(a, b))  # Go's %: the sign of the dividend


def _add1(args: Sequence[Val]) -> Val:
    if len(args) != 1:
        raise FuncError("add1 takes one argument")
    unknown = _unknown(args)
    return unknown if unknown is not None else Val(to_int64(args[0].v) + 1)


ARITH_FUNCS: dict[str, Func] = {"div": _div, "mod": _mod, "add1": _add1}
