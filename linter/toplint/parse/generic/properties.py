"""Java properties files (``key=value`` lines) as a document with positions.

DJL Serving's ``serving.properties`` (the SageMaker LMI containers') writes a model server's
settings as properties: ``engine=Python``, ``option.model_id=...``,
``option.tensor_parallel_degree=4``.  A dotted key is read as nested keys
(``option.tensor_parallel_degree`` is ``{"option": {"tensor_parallel_degree": ...}}``) so that a
declarative reader's dotted paths reach it; each key and value keeps its line and column.

The subset read is what ``java.util.Properties.load`` accepts on one line: ``#``/``!`` comments,
``=``, ``:`` or blanks between key and value, blank lines; a line continued with ``\\`` is read up
to its end and the rest skipped (its value is then incomplete, so it is left out).
"""

from __future__ import annotations

from typing import Any

from toplint.infra.patterns import lazy
from toplint.model import Position

Path = tuple[str | int, ...]
_LINE = lazy(r"^([ \t]*)([^=:\s#!][^=:\s]{0,200})[ \t]*[=:\s][ \t]*(.*)$")
MAX_LINES = 5_000


class PropertiesDocument:
    """``data`` (nested mappings of strings) with the positions of its keys and values."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.data: dict[str, Any] = {}
        self._keys: dict[Path, Position] = {}
        self._values: dict[Path, Position] = {}
        continued = False
        for number, line in enumerate(text.splitlines()[:MAX_LINES], start=1):
            if continued:
                continued = line.endswith("\\")
                continue
            m = _LINE.match(line)
            if m is None:
                continue
            key, value = m.group(2), m.group(3).rstrip(" \t")
            if value.endswith("\\"):
                continued = True
                continue
            steps = tuple(s for s in key.split(".") if s)
            if steps:
                self._put(steps, value)
                self._keys[steps] = Position(path, number, len(m.group(1)) + 1)
                self._values[steps] = Position(path, number, m.start(3) + 1)

    def _put(self, steps: tuple[str, ...], value: str) -> None:
        node = self.data
        for step in steps[:-1]:
            child = node.get(step)
            if not isinstance(child, dict):
                child = node[step] = {}  # ``a=1`` then ``a.b=2``: the nested key wins
            node = child
        node[steps[-1]] = value

    def key_position(self, path: Path) -> Position:
        return self._keys.get(path) or self._values.get(path) or Position(self.path, 1, 1)

    def value_position(self, path: Path) -> Position:
        return self._values.get(path) or Position(self.path, 1, 1)
