"""A Jupyter notebook's code cells, each line with where it is written in the ``.ipynb`` file.

A notebook is JSON (nbformat 4: ``{"cells": [{"cell_type": "code", "source": [...]}, ...]}``,
jupyter/nbformat ``nbformat/v4/nbformat.v4.schema.json``): a cell's ``source`` is a list of
strings, each usually one line ending in ``\\n`` on a line of its own, or one multi-line string.
The file is read as data, never run.  Every string token is located by a small scanner over the
text (the standard ``json`` module keeps no positions), so each code line knows its file line and
the file column of each of its characters (a JSON escape such as ``\\"`` is two columns of the
file for one character of the line).  Markdown and raw cells are text for the reader, never code:
a ``vllm serve`` in a markdown cell's shell block is an instruction, not a command the notebook
runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from toplint.infra.patterns import lazy
from toplint.parse.textpos import line_column, line_starts
from toplint.record import record

_TOKEN = lazy(
    r'[ \t\r\n]*(?:("[^"\\]*(?:\\.[^"\\]*)*")|([{}\[\]:,])'
    r"|(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)|(true|false|null))",
)
_LITERALS = {"true": True, "false": False, "null": None}


class NotANotebook(ValueError):
    """The text is not the JSON of a notebook with a list of cells."""


class _Str(str):
    """A JSON string with the offset of its opening quote in the file."""

    at: int = 0


@record
class CodeLine:
    """One line of a code cell: its text (without the newline), the 1-based file line and
    column of its first character, and the file column of each character after it."""

    text: str
    line: int
    columns: tuple[int, ...]  # file column of each character of ``text``, then one past the end

    def column(self, index: int) -> int:
        """The file column of the character at 0-based ``index`` (past the end: the column
        after the last character)."""
        if index < len(self.columns):
            return self.columns[index]
        return self.columns[-1] + (index - len(self.columns) + 1)


@record
class Cell:
    """A code cell's lines, in order."""

    number: int  # 0-based position among all the notebook's cells
    lines: tuple[CodeLine, ...]


def code_cells(text: str) -> list[Cell]:
    """The code cells of a notebook's JSON text; ``NotANotebook`` when it is none."""
    scanner = _Scanner(text)
    try:
        document = scanner.value()
    except (IndexError, ValueError) as error:
        raise NotANotebook(str(error)) from error
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        raise NotANotebook("no list of cells")
    starts = line_starts(text)
    out = []
    for number, cell in enumerate(document["cells"]):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source")
        parts = [source] if isinstance(source, str) else source
        if not isinstance(parts, list):
            continue
        lines = tuple(_lines(text, starts, [p for p in parts if isinstance(p, _Str)]))
        out.append(Cell(number, lines))
    return out


def _lines(text: str, starts: list[int], parts: list[_Str]) -> Iterator[CodeLine]:
    """The cell's lines: a string's characters up to each newline it holds, a line that does
    not end in a newline going on with the next string (nbformat joins the list)."""
    if not parts:  # an empty cell
        return
    chars: list[str] = []
    where: list[int] = []  # file offset of each character
    first = True
    for part in parts:
        for char, offset in zip(part, _offsets(text, part.at), strict=True):
            if char == "\n":
                yield _line(chars, where, starts, offset)
                chars, where, first = [], [], False
                continue
            chars.append(char)
            where.append(offset)
    if chars or first:
        yield _line(chars, where, starts, where[-1] + 1 if where else parts[-1].at + 1)


def _line(chars: list[str], where: list[int], starts: list[int], end: int) -> CodeLine:
    line, first = line_column(starts, where[0] if where else end)
    columns = (*(line_column(starts, w)[1] for w in where), line_column(starts, end)[1])
    return CodeLine("".join(chars), line, columns if where else (first,))


def _offsets(text: str, at: int) -> Iterator[int]:
    """The file offset of each character a JSON string token at ``at`` decodes to."""
    k = at + 1
    while text[k] != '"':
        if text[k] != "\\":
            yield k
            k += 1
            continue
        if text[k + 1] == "u":
            code = int(text[k + 2 : k + 6], 16)
            yield k
            if 0xD800 <= code < 0xDC00 and text[k + 6 : k + 8] == "\\u":
                k += 12  # a surrogate pair: one character
            else:
                k += 6
            continue
        yield k
        k += 2


class _Scanner:
    """JSON values from a text, strings with their offsets (RFC 8259's grammar)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def _next(self) -> tuple[str, object, int]:
        m = _TOKEN.match(self.text, self.at)
        if m is None:
            raise ValueError(f"not JSON at offset {self.at}")
        self.at = m.end()
        if m.group(1) is not None:
            s = _Str(json.loads(m.group(1)))
            s.at = m.start(1)
            return "s", s, m.start(1)
        if m.group(2) is not None:
            return m.group(2), None, m.start(2)
        if m.group(3) is not None:
            return "n", json.loads(m.group(3)), m.start(3)
        return "n", _LITERALS[m.group(4)], m.start(4)

    def value(self, token: tuple[str, object, int] | None = None) -> object:
        kind, value, _ = token or self._next()
        if kind == "{":
            return self._object()
        if kind == "[":
            return self._array()
        if kind in ("s", "n"):
            return value
        raise ValueError(f"unexpected {kind!r}")

    def _object(self) -> dict[str, object]:
        out: dict[str, object] = {}
        token = self._next()
        if token[0] == "}":
            return out
        while True:
            if token[0] != "s":
                raise ValueError("an object key is not a string")
            key = str(token[1])
            if self._next()[0] != ":":
                raise ValueError("no ':' after an object key")
            out[key] = self.value()
            token = self._next()
            if token[0] == "}":
                return out
            if token[0] != ",":
                raise ValueError("no ',' between members")
            token = self._next()

    def _array(self) -> list[object]:
        out: list[object] = []
        token = self._next()
        if token[0] == "]":
            return out
        while True:
            out.append(self.value(token))
            token = self._next()
            if token[0] == "]":
                return out
            if token[0] != ",":
                raise ValueError("no ',' between elements")
            token = self._next()
