"""A loaded YAML document: its plain data, and the positions of its keys and values, looked up
in the composed nodes when a parser asks (``toplint.infra.yamlsafe`` loads it)."""

from __future__ import annotations

from typing import Any

from toplint.infra.patterns import deferred_pyyaml_patterns
from toplint.infra.yamlbuild import _MERGE, _STR, LineStarts, _key_text, _point
from toplint.model import Position
from toplint.record import field, record

with deferred_pyyaml_patterns():  # 6.5 ms of start-up (toplint.infra.patterns)
    import yaml

Path = tuple[str | int, ...]
_SCALAR = yaml.ScalarNode
_UNSEEN: Any = object()  # (a path found to lead nowhere is kept as None)


def data_at(data: Any, at: Path) -> Any:
    """The plain value at ``at`` (mapping keys, sequence indices), or None where it leads
    nowhere."""
    for step in at:
        if isinstance(data, dict):
            data = data.get(step)
        elif isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
            data = data[step]
        else:
            return None
    return data


@record
class Document:
    """One YAML document: plain data, and the composed nodes it was built from.

    Positions are looked up in the nodes when asked (a file's parsers ask for a few dozen;
    recording one for every node was a tenth of reading the file).  A path is mapping keys and
    sequence indices; a key written only through a merge (``<<``) has no position of its own.
    """

    path: str
    data: Any
    start_line: int
    root: Any = field(default=None, compare=False)  # the composed node of ``data``
    # Each mapping node's written keys, indexed on first use (id of the node -> key -> pair),
    # and the nodes found at each path asked (siblings share their parent's walk).
    index: dict[int, dict[Any, tuple[Any, Any]]] = field(default_factory=dict, compare=False)
    found: dict[Path, tuple[Any, Any] | None] = field(default_factory=dict, compare=False)
    # Lines counted at "\\n" only, when the text holds a break PyYAML also counts (None: its
    # own count is right).
    lines: LineStarts | None = field(default=None, compare=False)

    def key_position(self, path: Path) -> Position:
        """Where the key at ``path`` is written (for a sequence item, the item)."""
        found = self._find(path)
        node = None if found is None else found[0] or found[1]
        return self._at(node)

    def value_position(self, path: Path) -> Position:
        """Where the value at ``path`` starts."""
        found = self._find(path)
        return self._at(None if found is None else found[1])

    def has_key(self, path: Path) -> bool:
        """Whether ``path`` ends at a key written in a mapping."""
        found = self._find(path)
        return found is not None and found[0] is not None

    def key_positions(self) -> dict[Path, tuple[int, int]]:
        """Every written key's path and (line, column)."""
        out: dict[Path, tuple[int, int]] = {}
        _collect_keys(self.root, (), out, self.lines)
        return out

    def _find(self, path: Path) -> tuple[Any, Any] | None:
        """(key node or None, value node) at ``path``, each path walked once."""
        found = self.found
        seen: tuple[Any, Any] | None = found.get(path, _UNSEEN)  # one lookup, one hash
        if seen is not _UNSEEN:
            return seen
        hit: tuple[Any, Any] | None
        if not path:
            hit = None if self.root is None else (None, self.root)
        else:
            parent = self._find(path[:-1])
            hit = None if parent is None else _step(parent[1], path[-1], self.index)
        found[path] = hit
        return hit

    def _at(self, node: Any) -> Position:
        if node is None:
            return Position(self.path, self.start_line, 1)
        mark = node.start_mark
        if self.lines is None:  # (``_point`` inline: PyYAML's count is right)
            return Position(self.path, mark.line + 1, mark.column + 1)
        return Position(self.path, *self.lines.point(mark.index))


def _step(node: Any, step: Any, index: dict[int, dict[Any, tuple[Any, Any]]]) -> Any:
    """(key node or None, value node) one step below ``node``, as ``_Builder`` built the data:
    explicit keys only, sequence items by index; None when there is none."""
    if node.__class__ is yaml.MappingNode:
        keys = index.get(id(node))
        if keys is None:  # the document holds its nodes, so an id is never reused
            keys = index[id(node)] = {
                (k.value if k.tag == _STR and k.__class__ is _SCALAR else _key_text(k)): (k, v)
                for k, v in reversed(node.value)
                if k.tag != _MERGE
            }
        return keys.get(step)
    if node.__class__ is yaml.SequenceNode and isinstance(step, int):
        return (None, node.value[step]) if 0 <= step < len(node.value) else None
    return None


def _collect_keys(
    node: Any, at: Path, out: dict[Path, tuple[int, int]], lines: LineStarts | None
) -> None:
    # An alias's keys are listed under its own path too, at the anchor's place (the load has
    # bounded what aliases may expand to: Limits.max_alias_nodes).
    if node.__class__ is yaml.MappingNode:
        for k, v in node.value:
            if k.tag == _MERGE:
                continue
            here = (*at, _key_text(k))
            out.setdefault(here, _point(k.start_mark, lines))
            _collect_keys(v, here, out, lines)
    elif node.__class__ is yaml.SequenceNode:
        for i, item in enumerate(node.value):
            _collect_keys(item, (*at, i), out, lines)
