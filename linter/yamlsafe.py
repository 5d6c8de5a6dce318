"""Load YAML safely, with the position of every key and value, under hard limits.

Only PyYAML's safe loader composes the document (the C one when present); this module then builds
plain Python values itself, so a ``!!python/...`` tag can never construct anything, alias
expansion is counted ("billion laughs"), and nesting depth is bounded.  The loader never
mutates PyYAML's global resolvers.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml
from toplint.errors import SourceError
from toplint.model import Position

Path = tuple[str | int, ...]

_SafeLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STD = "tag:yaml.org,2002:"
_MERGE = _STD + "merge"


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 16 * 1024 * 1024  # larger files are reported, not read
    max_depth: int = 128  # nesting of mappings/sequences
    max_nodes: int = 2_000_000  # nodes built, alias expansions included
    max_documents: int = 10_000


DEFAULT_LIMITS = Limits()


@dataclass(frozen=True)
class Document:
    """One YAML document: plain data plus positions.

    ``keys`` maps a path (mapping keys and sequence indices) to the position of the mapping key;
    ``values`` maps it to the position of the value (for sequence items, the item).
    """

    path: str
    data: Any
    start_line: int
    keys: Mapping[Path, tuple[int, int]] = field(default_factory=dict)
    values: Mapping[Path, tuple[int, int]] = field(default_factory=dict)

    def key_position(self, path: Path) -> Position:
        line, col = self.keys.get(path) or self.values.get(path) or (self.start_line, 1)
        return Position(self.path, line, col)

    def value_position(self, path: Path) -> Position:
        line, col = self.values.get(path) or self.keys.get(path) or (self.start_line, 1)
        return Position(self.path, line, col)


def _mark_error(path: str, exc: yaml.MarkedYAMLError) -> SourceError:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else 1
    col = mark.column + 1 if mark else 1
    what = exc.problem or exc.context or "invalid YAML"
    return SourceError(f"invalid YAML: {what}", line, col)


class _Builder:
    """Turns composed nodes into plain values, counting every node it builds."""

    def __init__(self, path: str, limits: Limits) -> None:
        self.path = path
        self.limits = limits
        self.count = 0
        self.keys: dict[Path, tuple[int, int]] = {}
        self.values: dict[Path, tuple[int, int]] = {}
        self._scalars = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, at: Path, depth: int) -> Any:
        self.count += 1
        if self.count > self.limits.max_nodes:
            raise SourceError(
                f"YAML expands to more than {self.limits.max_nodes:,} nodes "
                "(alias expansion limit; is this an alias bomb?)",
                node.start_mark.line + 1,
                node.start_mark.column + 1,
            )
        if depth > self.limits.max_depth:
            raise SourceError(
                f"YAML nested deeper than {self.limits.max_depth} levels (depth limit)",
                node.start_mark.line + 1,
                node.start_mark.column + 1,
            )
        self.values.setdefault(at, (node.start_mark.line + 1, node.start_mark.column + 1))
        if not isinstance(node, yaml.ScalarNode):
            self._check_collection_tag(node)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, at, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*at, i), depth + 1) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _scalar(self, node: yaml.Node) -> Any:
        tag = node.tag or ""
        if tag.startswith(_STD) and tag[len(_STD) :] in (
            "str",
            "int",
            "float",
            "bool",
            "null",
            "timestamp",
            "binary",
        ):
            try:
                value = self._scalars.construct_object(node, deep=True)
            except (yaml.YAMLError, ValueError) as exc:
                raise SourceError(
                    f"invalid YAML scalar: {exc}",
                    node.start_mark.line + 1,
                    node.start_mark.column + 1,
                ) from None
            # Timestamps and binary are kept as text: toplint compares strings, not dates.
            return value if isinstance(value, (str, int, float, bool, type(None))) else node.value
        if tag.startswith(_STD):
            raise SourceError(
                f"YAML tag {tag.replace(_STD, '!!')} is not allowed (only plain data is read)",
                node.start_mark.line + 1,
                node.start_mark.column + 1,
            )
        # Local tags (!reference, !Ref, ...) are read as their plain text.
        return str(node.value)

    @staticmethod
    def _check_collection_tag(node: yaml.Node) -> None:
        tag = node.tag or ""
        if tag.startswith(_STD) and tag[len(_STD) :] not in ("map", "seq", "omap", "set", "pairs"):
            raise SourceError(
                f"YAML tag {tag.replace(_STD, '!!')} is not allowed (only plain data is read)",
                node.start_mark.line + 1,
                node.start_mark.column + 1,
            )

    def _mapping(self, node: yaml.MappingNode, at: Path, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                self._merge(out, value_node, at, depth)
                continue
            key = self.build(key_node, (*at, "\0key"), depth + 1)
            key = (
                key
                if isinstance(key, str)
                else str(key).lower()
                if isinstance(key, bool)
                else str(key)
            )
            here = (*at, key)
            self.keys[here] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            self.values.pop(here, None)
            out[key] = self.build(value_node, here, depth + 1)
        return out

    def _merge(self, out: dict[str, Any], value: yaml.Node, at: Path, depth: int) -> None:
        # "<<: *a" or "<<: [*a, *b]": earlier keys win, explicit keys (set later) override.
        sources = value.value if isinstance(value, yaml.SequenceNode) else [value]
        for src in sources:
            merged = self.build(src, (*at, "\0merge"), depth + 1)
            if not isinstance(merged, dict):
                raise SourceError(
                    "YAML merge key '<<' needs a mapping",
                    src.start_mark.line + 1,
                    src.start_mark.column + 1,
                )
            for k, v in merged.items():
                out.setdefault(k, v)


def load_documents(text: str, path: str, limits: Limits = DEFAULT_LIMITS) -> list[Document]:
    """Every document of a YAML stream, or ``SourceError`` naming line and column."""
    if len(text) > limits.max_bytes:
        raise SourceError(
            f"file is larger than the YAML size limit ({limits.max_bytes // (1024 * 1024)} MiB)"
        )
    docs: list[Document] = []
    try:
        for node in _compose_all(text):
            if len(docs) >= limits.max_documents:
                raise SourceError(f"more than {limits.max_documents} YAML documents")
            if node is None:
                continue
            builder = _Builder(path, limits)
            data = builder.build(node, (), 0)
            docs.append(
                Document(path, data, node.start_mark.line + 1, builder.keys, builder.values)
            )
    except yaml.MarkedYAMLError as exc:
        raise _mark_error(path, exc) from None
    except yaml.YAMLError as exc:
        raise SourceError(f"invalid YAML: {exc}") from None
    except RecursionError:
        raise SourceError("YAML nested too deeply to read (depth limit)") from None
    return docs


def _compose_all(text: str) -> Iterator[yaml.Node | None]:
    loader = _SafeLoader(text)
    try:
        while loader.check_node():
            yield loader.get_node()
    finally:
        loader.dispose()


def load_data(text: str, path: str, limits: Limits = DEFAULT_LIMITS) -> list[Any]:
    """Plain data of every document (no positions)."""
    return [d.data for d in load_documents(text, path, limits)]
