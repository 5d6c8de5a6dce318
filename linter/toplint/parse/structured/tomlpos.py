"""Where the strings of a TOML file are written: one pass over its text.

``tomllib`` keeps no positions.  A string value was placed by searching the file for its text
and counting lines from the start, once per string: quadratic (100,000 strings of a 2 MB
file took minutes), and a value with an escape (``"a\\tb"``), whose text is not in the file,
searched the whole file each time.  Here one scan lists every string literal (basic, literal
and their multi-line forms; comments skipped) with its decoded value, so a value is placed
at the first literal that holds it, in constant time.
"""

from __future__ import annotations

import bisect
import re

from toplint.infra.patterns import lazy

__all__ = ["TomlStrings"]

# TOML 1.0 escapes in basic strings ("Basic strings"): \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX,
# and in multi-line basic strings a backslash ending a line trims the whitespace after it.
_ESCAPE = lazy(r"\\(?:([btnfr\"\\])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|[ \t]*\r?\n[ \t\r\n]*)")
_SIMPLE = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def _unescape(m: re.Match[str]) -> str:
    if m.group(1):
        return _SIMPLE[m.group(1)]
    code = m.group(2) or m.group(3)
    if code:
        number = int(code, 16)
        return chr(number) if number <= 0x10FFFF else ""
    return ""  # a line-ending backslash


class TomlStrings:
    """The string literals of one TOML text, by the first line of their value."""

    __slots__ = ("_first", "_lines")

    def __init__(self, text: str) -> None:
        # first line of a value -> (offset of its first character, offset of its opening quote)
        self._first: dict[str, tuple[int, int]] = {}
        self._lines: list[int] = [0]
        self._scan(text)

    def find(self, value: str, quoted: bool) -> tuple[int, int] | None:
        """(line, column) of the first literal holding ``value`` (its opening quote when
        ``quoted``, else its first character), or None."""
        first = value.split("\n", 1)[0] or value
        hit = self._first.get(first)
        if hit is None:
            return None
        offset = hit[1] if quoted else hit[0]
        line = bisect.bisect_right(self._lines, offset)
        return line, offset - self._lines[line - 1] + 1

    def _scan(self, text: str) -> None:
        self._lines.extend(m.end() for m in _NEWLINE.finditer(text))
        for m in _TOKEN.finditer(text):
            kind = m.lastgroup
            if kind is None or kind == "comment":
                continue
            raw = m.group(kind)
            start = m.start(kind)
            opening = start - 1  # the quote just before the value (the third of a triple)
            if kind in ("mbasic", "mliteral"):
                trim = 2 if raw.startswith("\r\n") else 1 if raw.startswith("\n") else 0
                raw, start = raw[trim:], start + trim
            value = raw
            if kind in ("basic", "mbasic") and "\\" in raw:
                value = _ESCAPE.sub(_unescape, raw)
            if kind in ("mbasic", "mliteral"):
                value = value.replace("\r\n", "\n")
            first = value.split("\n", 1)[0] or value
            self._first.setdefault(first, (start, opening))


_NEWLINE = lazy("\n")
# The tokens of a TOML text that can hold a quote: comments and the four kinds of string
# (TOML 1.0, "String").  Only text ``tomllib`` parsed is scanned, so every literal is closed
# and the scan never backs up.  A multi-line string may end in up to two more quotes, which
# belong to its value.
_TOKEN = lazy(
    r"(?P<comment>#[^\n]*)"
    r'|"""(?P<mbasic>(?:[^\\]|\\.)*?)"""(?!")'
    r"|'''(?P<mliteral>.*?)'''(?!')"
    r'|"(?P<basic>(?:[^"\\\n]|\\.)*)"'
    r"|'(?P<literal>[^'\n]*)'",
    re.S,
)
