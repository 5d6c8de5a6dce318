"""What the evaluator computes with: a value and where it was written, text made of pieces that
each remember where they came from, and Go's and Helm's ways of printing a value.

A value read from the chart's values keeps its path in the values (``Val.at``); text a
template writes keeps its file and offset there (``Spot``: a ``define``'s text is in the file
that defines it, not in the template that includes it).  Printing a value makes a piece
carrying that origin, so every character of the rendered file can be traced to the key a user
edits or to the template line that wrote it.  ``Unknown`` is a value toplint cannot compute (an
unsupported function, a file the chart reads): it prints as a placeholder the Kubernetes
readers treat as unresolved, ``${helm_<what>}``, never as a guess.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from toplint.infra.patterns import lazy
from toplint.record import record

# Where a piece of rendered text came from: ("t", Spot) literal text of a template file, ("p",
# Spot) text a function made, at the action that called it, ("v", path in the values), or None
# (made by a function from nothing written: the piece before it decides).
Origin = tuple[str, Any] | None


@record
class Spot:
    """An offset in a template file: the file a ``define`` is written in for its own text, not
    the template that includes it; None for the text of a ``tpl`` string."""

    file: str | None
    offset: int


@record
class Unknown:
    what: str  # why: "tpl", ".Files.Get", "lookup"


class Pieces:
    """Text as (text, origin) pieces."""

    __slots__ = ("parts",)

    def __init__(self, parts: Iterable[tuple[str, Origin]] = ()) -> None:
        self.parts = [(t, o) for t, o in parts if t]

    @property
    def text(self) -> str:
        return "".join(t for t, _ in self.parts)

    def __len__(self) -> int:
        return sum(len(t) for t, _ in self.parts)

    def origin(self) -> Origin:
        return next((o for _, o in self.parts if o is not None), None)

    def map_lines(self, prefix: str) -> Pieces:
        """Every line after a line break starts with ``prefix`` (``indent`` and ``nindent``), a
        piece of its own made by the function: the template text after it keeps its own line
        and column (``nindent 12`` of a define's ``- --flag`` lines)."""
        out: list[tuple[str, Origin]] = []
        for text, origin in self.parts:
            at = 0
            while (brk := text.find("\n", at)) != -1:
                out += [(text[at : brk + 1], _shifted(origin, at)), (prefix, None)]
                at = brk + 1
            out.append((text[at:], _shifted(origin, at)))
        return Pieces(out)

    def strip(self, chars: str | None = None, left: bool = True, right: bool = True) -> Pieces:
        parts = list(self.parts)
        while left and parts:
            text = parts[0][0].lstrip(chars)
            parts[0] = (text, _shifted(parts[0][1], len(parts[0][0]) - len(text)))
            if text:
                break
            parts.pop(0)
        while right and parts:
            text = parts[-1][0].rstrip(chars)
            parts[-1] = (text, parts[-1][1])
            if text:
                break
            parts.pop()
        return Pieces(parts)


def _shifted(origin: Origin, by: int) -> Origin:
    """The origin of a piece's text from its ``by``-th character on: template text is ``by``
    further into its file; a value or an action's text is where it was."""
    if by and origin is not None and origin[0] == "t":
        spot: Spot = origin[1]
        return ("t", Spot(spot.file, spot.offset + by))
    return origin


@record
class Val:
    """A value and its path in the values (None: not read from them)."""

    v: Any
    at: tuple[Any, ...] | None = None


def as_helm_reads(data: Any) -> Any:
    """Values as Helm holds them: it reads values files through JSON, so every number is a
    float64 (``tp: 8`` prints 8, ``1000000`` prints 1e+06: helm/helm#1707)."""
    if isinstance(data, bool) or data is None:
        return data
    if isinstance(data, int):
        return float(data)
    if isinstance(data, dict):
        return {k: as_helm_reads(v) for k, v in data.items()}
    if isinstance(data, list):
        return [as_helm_reads(v) for v in data]
    return data


def plain(value: Any) -> Any:
    """The Python value (a ``Pieces`` is its text)."""
    return value.text if isinstance(value, Pieces) else value


def truth(value: Any) -> bool:
    """Go's truth: false, 0, nil and empty strings, lists and maps are false."""
    value = plain(value)
    if isinstance(value, Unknown):
        raise UnknownCondition(value.what)
    if value is None or value is False:
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value != 0
    if isinstance(value, (str, list, dict, tuple)):
        return len(value) > 0
    return True


class UnknownCondition(Exception):
    """A branch depends on a value toplint cannot compute: the template is not rendered."""


def go_print(value: Any) -> str:
    """``{{ x }}`` as Helm prints it (fmt's %v; a missing value prints nothing)."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, Unknown):
        return "${helm_" + re.sub(r"\W", "_", value.what).strip("_") + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)  # a Go int (``int``, ``len``, a literal); values' numbers are floats
    if isinstance(value, float):
        return _go_float(value)
    if isinstance(value, dict):
        inner = " ".join(f"{k}:{go_print(value[k])}" for k in sorted(value, key=str))
        return f"map[{inner}]"
    if isinstance(value, (list, tuple)):
        return "[" + " ".join(go_print(v) for v in value) + "]"
    return str(value)


def _go_float(value: float) -> str:
    """Go's %v of a float64 (Helm reads every YAML number as one, so ``1000000`` prints 1e+06):
    the shortest digits, in e-notation when the exponent is below -4 or at least 6."""
    if math.isinf(value) or math.isnan(value):
        return "NaN" if math.isnan(value) else ("+Inf" if value > 0 else "-Inf")
    if value == 0:
        return "0"
    sign, digit_tuple, exponent = Decimal(repr(value)).as_tuple()
    digits = "".join(map(str, digit_tuple)).rstrip("0") or "0"
    exp = len(digit_tuple) + int(exponent) - 1
    minus = "-" if sign else ""
    if exp < -4 or exp >= 6:
        lead = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        return f"{minus}{lead}e{'+' if exp >= 0 else '-'}{abs(exp):02d}"
    return f"{minus}{abs(value):.{max(0, len(digits) - 1 - exp)}f}"


_PLAIN_SAFE = lazy(r"[A-Za-z0-9_./][A-Za-z0-9_./:@+-]*")
_NOT_STRING = lazy(
    r"(?:[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|0[xXoO][0-9a-fA-F]+|"
    r"true|false|yes|no|on|off|y|n|null|~|True|False|Yes|No|On|Off|NULL|Null|TRUE|FALSE|\.inf|\.nan)"
)


def yaml_scalar(value: Any) -> str:
    """One scalar as ``toYaml`` writes it (sigs.k8s.io/yaml: JSON numbers, quoted strings when
    plain text would read as something else)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(int(value)) if float(value).is_integer() and abs(value) < 1e21 else repr(value)
    if isinstance(value, Unknown):
        return go_print(value)
    text = str(value)
    if _PLAIN_SAFE.fullmatch(text) and not _NOT_STRING.fullmatch(text):
        return text
    return json.dumps(text)


def to_yaml(value: Val, indent: int = 0) -> Pieces:
    """``toYaml``: block YAML of a value, each scalar a piece at its path in the values."""
    out: list[tuple[str, Origin]] = []
    _yaml(value.v, value.at, indent, out, top=True)
    pieces = Pieces(out)
    return pieces.strip("\n", left=False)


def _yaml(
    data: Any, at: tuple[Any, ...] | None, indent: int, out: list[tuple[str, Origin]], top: bool
) -> None:
    pad = " " * indent
    origin: Origin = ("v", at) if at is not None else None
    data = plain(data)
    if isinstance(data, dict) and data:
        for i, key in enumerate(sorted(data, key=str)):
            child = None if at is None else (*at, key)
            out.append(((pad if (i or not top) else "") + yaml_scalar(str(key)) + ":", None))
            _nested(data[key], child, indent, out)
        return
    if isinstance(data, (list, tuple)) and data:
        for i, item in enumerate(data):
            child = None if at is None else (*at, i)
            out.append(((pad if (i or not top) else "") + "-", None))
            _nested(item, child, indent + 2, out, inline=True)
        return
    text = "{}" if isinstance(data, dict) else "[]" if isinstance(data, (list, tuple)) else None
    out.append((text if text is not None else yaml_scalar(data), origin))
    out.append(("\n", None))


def _nested(
    value: Any,
    at: tuple[Any, ...] | None,
    indent: int,
    out: list[tuple[str, Origin]],
    inline: bool = False,
) -> None:
    value = plain(value)
    if isinstance(value, dict) and value:
        if inline:  # - key: value, the first key on the dash's line
            out.append((" ", None))
            _yaml(value, at, indent, out, top=True)
            return
        out.append(("\n", None))
        _yaml(value, at, indent + 2, out, top=False)
    elif isinstance(value, (list, tuple)) and value:
        out.append(("\n", None))
        _yaml(value, at, indent, out, top=False)
    else:
        out.append((" ", None))
        _yaml(value, at, indent, out, top=True)


def to_json(value: Any) -> str:
    def norm(v: Any) -> Any:
        v = plain(v)
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, dict):
            return {str(k): norm(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [norm(x) for x in v]
        if isinstance(v, Unknown):
            return go_print(v)
        return v

    return json.dumps(norm(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
