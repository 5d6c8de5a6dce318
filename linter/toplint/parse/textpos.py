"""Positions in a file's text: line starts, the offset of a (line, column) and the (line,
column) of an offset.

Every reader that maps a position inside a value back into the file asks here (Kubernetes
strings, ``sh -c`` scripts, JSON and CloudFormation values); the line starts of the last text
asked about are remembered, so a file costs one pass however many positions it asks for.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence


def line_starts(text: str) -> list[int]:
    """Offset of the first character of each line (lines end at ``\n`` only)."""
    lengths = list(map(len, text.split("\n")))  # in C: no Python frame per line
    lengths.pop()  # the last line ends the text
    return list(itertools.accumulate(map(_PLUS_ONE, lengths), initial=0))


_PLUS_ONE = (1).__add__  # each line's length and its newline


def offset_of(text: str, line: int, column: int) -> int:
    """Character offset of a 1-based (line, column) in ``text``."""
    return _offset(text, line, column)


def point_of(text: str, offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of character ``offset`` in ``text``."""
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def line_column(starts: Sequence[int], offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of ``offset`` given the text's ``line_starts``: one bisect,
    for a reader that asks many positions of one text."""
    i = bisect.bisect_right(starts, offset) - 1
    return i + 1, offset - starts[i] + 1


def after_comment_mark(text: str, offset: int) -> bool:
    """A ``#`` comes before ``offset`` on its line: a shell, YAML or Python comment holds the
    text there.  A ``#`` inside a quoted string before it counts too: the check does not parse
    the line's quoting."""
    return "#" in text[text.rfind("\n", 0, offset) + 1 : offset]


def continues_to(text: str, at: int) -> bool:
    """The line before ``at`` (blanks skipped back from it) ends in a shell line continuation."""
    k = at - 1
    while k >= 0 and text[k] in " \t":
        k -= 1
    return k >= 1 and text[k] == "\n" and text[k - 1] == "\\"


def _offset(text: str, line: int, column: int) -> int:
    if line <= 1:
        pos = 0
    else:
        starts = _starts_of(text)
        if line - 1 >= len(starts):
            return len(text)
        pos = starts[line - 1]
    return min(pos + column - 1, len(text))


# Line starts of the last file text asked about (parsers ask for many positions in one file).
_STARTS: list[tuple[str, list[int]]] = []


def starts_of(text: str) -> list[int]:
    """``line_starts(text)``, remembered for the last text (one pass per file, not per ask)."""
    return _starts_of(text)


def _starts_of(text: str) -> list[int]:
    if not _STARTS or _STARTS[0][0] is not text:
        _STARTS[:] = [(text, line_starts(text))]
    return _STARTS[0][1]


def verbatim_end(value: str, i: int, text: str, p: int) -> int:
    """Where the run of ``value`` from ``i`` that is written as it is in ``text`` at ``p`` ends,
    asked up to the first line end of either text (``i`` when it is not written so there).

    The two aligners of a string's characters to its file (``parse.k8s.text``,
    ``parse.text.sourcemap``) take such a run in one step: each of its characters is the next
    one of the file, exactly as their character-by-character search would find it.  Bounding
    the run by both texts' line ends keeps the number of characters compared linear."""
    nl = value.find("\n", i)
    end = len(value) if nl < 0 else nl
    file_nl = text.find("\n", p)
    if file_nl >= 0:
        end = min(end, i + file_nl - p)
    return end if end > i and text.startswith(value[i:end], p) else i
