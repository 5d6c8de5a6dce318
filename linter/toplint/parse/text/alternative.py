"""An option written only when a variable is set: ``${TP:+--tensor-parallel-size "$TP"}``.

Bash(1), "Parameter Expansion": ``${X:+WORD}`` is WORD when X is set and not empty, else nothing
(``${X+WORD}``: when X is set).  A word that is only that expansion becomes WORD's fields when
the script sets X, each expanded on its own (a quoted field is one word, as in the shell).  When
nothing in the script sets X (a platform or ``docker run -e`` sets it at run
time) and WORD passes X itself, the option is there with X's value or absent with the engine's
default: either way its value is X, unknown here.  Such a word becomes WORD's fields with X
unresolved (``--tensor-parallel-size`` and ``$TP``), so the layout says "TP from ``$TP``"
instead of silently taking the default.  A WORD that does not pass X
(``${SKIP:+--skip-tokenizer-init}``) stays absent, as before.
"""

from __future__ import annotations

import re

from toplint.infra.patterns import lazy
from toplint.parse.text.expand import Expander, _split_default
from toplint.parse.text.scanner import Part

_ALTERNATIVE = lazy(r"^\{([A-Za-z_][A-Za-z0-9_]*)(:?)\+(.+)\}$", re.S)
MAX_FIELDS = 16


def alternative_fields(
    parts: list[Part], expander: Expander
) -> list[tuple[str, str | None, tuple[str, ...]]] | None:
    """(text, value, unresolved) of each field of a word that is only ``${X:+WORD}`` (or
    ``${X+WORD}``) with X set here, or unknown here and WORD passing X; None for any other
    word.  Each field is expanded on its own, so a quoted one stays one word."""
    if len(parts) != 1 or parts[0][0] != "exp" or "+" not in parts[0][1]:
        return None
    m = _ALTERNATIVE.match(parts[0][1])
    if m is None:
        return None
    name, colon, arg = m.group(1), m.group(2), m.group(3)
    if name in expander.env:
        if colon and not expander.env[name]:
            return None  # set but empty: nothing (the expander says so)
    elif not _passes(arg, name):
        return None
    fields = _fields(arg)
    if not fields or len(fields) > MAX_FIELDS:
        return None
    expander.meter.work(len(arg))
    out: list[tuple[str, str | None, tuple[str, ...]]] = []
    for text in fields:
        value, unresolved = expander.expand(_split_default(text))
        out.append((text, value, unresolved))
    return out


def _passes(arg: str, name: str) -> bool:
    """WORD expands X itself (``$X``, ``${X}``, ``${X:-…}``), not only a longer name."""
    for head in ("$" + name, "${" + name):
        at = arg.find(head)
        while at >= 0:
            end = at + len(head)
            if end == len(arg) or not (arg[end].isalnum() or arg[end] == "_"):
                return True
            at = arg.find(head, end)
    return False


def _fields(arg: str) -> list[str]:
    """WORD split where the shell splits it: at blanks outside quotes."""
    fields: list[str] = []
    cur: list[str] = []
    quote = ""
    for ch in arg:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in " \t\n":
            if cur:
                fields.append("".join(cur))
                cur = []
            continue
        cur.append(ch)
    if cur:
        fields.append("".join(cur))
    return fields
