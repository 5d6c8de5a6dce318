"""Offsets <-> (line, column) in one file's text, and the ``Edit`` between two offsets.

Every fix edit is made from, and applied through, this index of the text the deployment was
parsed from (BOM dropped, CRLF read as LF: ``toplint.discover.files.decode``): columns count
characters, 1-based, as the parsers' positions do.
"""

from __future__ import annotations

import bisect

from toplint.model import Edit

__all__ = ["TextIndex"]

_LAST: list[TextIndex | None] = [None]


class TextIndex:
    """Offsets <-> (line, column) for one file's text (columns count characters, 1-based)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._lines: list[str] | None = None
        self.starts = [0]
        find, append = text.find, self.starts.append
        i = find("\n")
        while i >= 0:  # str.find runs in C: ~50x faster than a character loop
            append(i + 1)
            i = find("\n", i + 1)

    @classmethod
    def of(cls, text: str) -> TextIndex:
        """The index of ``text``, shared while the same text is asked about: every finding of a
        file builds its edits from one index, not one scan of the file each (a file with
        thousands of findings was findings x size when an output carries edits)."""
        last = _LAST[0]
        if last is None or last.text is not text:
            last = _LAST[0] = cls(text)
        return last

    @property
    def lines(self) -> list[str]:
        """The text's lines (split at "\\n"), made once."""
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines

    def offset(self, line: int, column: int) -> int:
        return self.starts[line - 1] + column - 1

    def point(self, offset: int) -> tuple[int, int]:
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:  # last line start <= offset
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - self.starts[lo] + 1

    def line_bounds(self, offset: int) -> tuple[int, int]:
        """[start, end) of the line holding ``offset``, end excluding the newline (from the
        line starts: searching the text was the line's length per finding)."""
        line = bisect.bisect_right(self.starts, offset)
        start = self.starts[line - 1]
        if offset < len(self.text) and self.text[offset] == "\n":
            return start, offset
        end = self.starts[line] - 1 if line < len(self.starts) else len(self.text)
        return start, end

    def edit(self, path: str, start: int, end: int, content: str) -> Edit:
        return Edit(path, self.point(start), self.point(end), content)
