"""From a place in a rendered template back to the place it was written.

The rendered text is read by the Kubernetes readers as if it were a file (its positions are
lines and columns of the rendered text); ``SpanMap.position`` turns each such position into the
one a user edits: a character of literal template text is at its own line and column of the
template file that wrote it (a ``define``'s text in the file that defines it, ``_helpers.tpl``,
not in the template that includes it), a value printed from the chart's values is at that value
in ``values.yaml`` (or the values file that wrote it last), and text a function made is at the
action that called it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from toplint.model import Position
from toplint.parse.helmtpl.values import Origin, Spot


def line_starts(text: str) -> list[int]:
    starts = [0]
    at = text.find("\n")
    while at != -1:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


def _line_col(starts: Sequence[int], offset: int) -> tuple[int, int]:
    line = bisect_right(starts, offset) - 1
    return line + 1, offset - starts[line] + 1


class TemplateLines:
    """A chart's template files by path, each split into lines once, when first asked."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self._texts = texts
        self._starts: dict[str, list[int]] = {}

    def position(self, path: str, offset: int) -> Position:
        starts = self._starts.get(path)
        if starts is None:
            starts = self._starts[path] = line_starts(self._texts.get(path, ""))
        return Position(path, *_line_col(starts, max(offset, 0)))


class SpanMap:
    """One rendered template: its text, and where each stretch of it came from."""

    def __init__(
        self,
        parts: Sequence[tuple[str, Origin]],
        template_path: str,
        templates: TemplateLines,
        value_position: Callable[[tuple[Any, ...]], Position],
    ) -> None:
        self.text = "".join(t for t, _ in parts)
        self.path = template_path
        self._starts: list[int] = []
        self._origins: list[Origin] = []
        at = 0
        for text, origin in parts:
            self._starts.append(at)
            self._origins.append(origin)
            at += len(text)
        self._rendered_lines = line_starts(self.text)
        self._templates = templates
        self._value_position = value_position

    def offset(self, line: int, column: int) -> int:
        index = min(max(line, 1), len(self._rendered_lines)) - 1
        return self._rendered_lines[index] + max(column, 1) - 1

    def position(self, line: int, column: int) -> Position:
        """Where the rendered text's ``line``:``column`` was written.  A word the template
        writes around a value (``--tensor-parallel-size={{ .Values.tp }}``), and a key whose
        value is printed from the values (``nvidia.com/gpu: {{ .Values.gpus }}``), are at that
        value: the text a user edits to change what the word or key says."""
        offset = self.offset(line, column)
        value = self._value_in_word(offset)
        return value if value is not None else self._at(offset)

    def _value_in_word(self, offset: int) -> Position | None:
        text = self.text
        end = offset
        while end < len(text) and not text[end].isspace():
            end += 1
        probe = range(offset, end)
        if end > offset and text[end - 1] == ":":  # a key: the value after it on its line
            after = end
            while after < len(text) and text[after] in " \t":
                after += 1
            stop = after
            while stop < len(text) and not text[stop].isspace():
                stop += 1
            probe = range(after, stop) if stop > after else probe
        for at in probe:
            origin = self._origin(at)
            if origin is not None and origin[0] == "v":
                return self._value_position(origin[1])
        return None

    def _origin(self, offset: int) -> Origin:
        i = bisect_right(self._starts, offset) - 1
        return self._origins[i] if 0 <= i < len(self._origins) else None

    def _at(self, offset: int) -> Position:
        i = bisect_right(self._starts, offset) - 1
        origin = self._origins[i] if 0 <= i < len(self._origins) else None
        if origin is None:
            return Position(self.path, 1, 1)
        kind, where = origin
        if kind == "v":
            return self._value_position(where)
        spot: Spot = where
        delta = offset - self._starts[i] if kind == "t" else 0
        return self._templates.position(spot.file or self.path, spot.offset + delta)
