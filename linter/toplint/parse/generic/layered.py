"""Helm values assembled from several places, each value keeping the place it is written.

A release's values come in layers (a Flux ``HelmRelease``'s ``valuesFrom`` ConfigMaps then its
``spec.values``; an Argo CD ``Application``'s ``values`` string, ``valuesObject`` and
``parameters``), merged as Helm merges them (helm.sh/docs/chart_template_guide/values_files:
mappings are merged key by key, anything else is replaced by the later layer, and a ``null``
removes the key).  ``Layered`` is the merged tree read through the ``Tree`` protocol the
Kubernetes and generic readers share: the position of a path is asked of the last layer that
writes it, so a finding lands on the value that wins.

``block_tree`` reads a values string (a ``|`` block scalar in a manifest) as YAML at its own
lines and columns of the file; a string written any other way (quoted, flow) cannot be mapped
character for character and has every position at the string itself (``Pinned``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from toplint.errors import SourceError
from toplint.infra.yamlsafe import Path, load_documents
from toplint.model import Position

MAX_LAYERS = 32


class Tree(Protocol):
    @property
    def data(self) -> Any: ...

    def key_position(self, path: Path) -> Position: ...

    def value_position(self, path: Path) -> Position: ...


class Pinned:
    """Data whose every position is one place (a values string that cannot be mapped)."""

    def __init__(self, data: Any, at: Position) -> None:
        self.data = data
        self._at = at

    def key_position(self, path: Path) -> Position:
        return self._at

    def value_position(self, path: Path) -> Position:
        return self._at


class Layered:
    """Layers ``(tree, prefix)`` (the values sit at ``prefix`` of ``tree``), first to last,
    merged as Helm merges values files; ``at`` is where the release is (a path no layer
    writes)."""

    def __init__(self, layers: Sequence[tuple[Tree, Path]], at: Position) -> None:
        self._layers = [(t, p) for t, p in layers[:MAX_LAYERS] if isinstance(_at(t.data, p), dict)]
        self._at = at
        merged: dict[Any, Any] = {}
        for tree, prefix in self._layers:
            merged = coalesce(merged, _at(tree.data, prefix))
        self.data = merged

    def _origin(self, path: Path) -> tuple[Tree, Path] | None:
        for tree, prefix in reversed(self._layers):
            if _has(_at(tree.data, prefix), path):
                return tree, (*prefix, *path)
        return None

    def key_position(self, path: Path) -> Position:
        found = self._origin(path)
        return self._at if found is None else found[0].key_position(found[1])

    def value_position(self, path: Path) -> Position:
        found = self._origin(path)
        return self._at if found is None else found[0].value_position(found[1])


def coalesce(base: dict[Any, Any], over: dict[Any, Any]) -> dict[Any, Any]:
    """``over`` merged onto ``base`` (new mappings; neither is changed)."""
    out = dict(base)
    for key, value in over.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = coalesce(out[key], value)
        else:
            out[key] = value
    return out


_MISSING = object()


def _step(data: Any, step: str | int) -> Any:
    if isinstance(data, dict):
        return data.get(step, _MISSING)
    if isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
        return data[step]
    return _MISSING


def _walk(data: Any, path: Path) -> Any:
    """The value at ``path``, or ``_MISSING`` where it leads nowhere (a written None is a value)."""
    for step in path:
        data = _step(data, step)
        if data is _MISSING:
            break
    return data


def _at(data: Any, path: Path) -> Any:
    found = _walk(data, path)
    return None if found is _MISSING else found


def _has(data: Any, path: Path) -> bool:
    return _walk(data, path) is not _MISSING


def block_tree(file_text: str, path: str, value: str, where: Position) -> Tree | None:
    """The YAML of a values string whose scalar starts at ``where`` in ``file_text``, with
    positions in the file when it is a ``|`` block (else all at the string), or None when the
    string is not one YAML mapping."""
    padded = _block(file_text, where.line, value)
    try:
        docs = load_documents(value if padded is None else padded, path)
    except (SourceError, RecursionError):
        return None
    if len(docs) != 1 or not isinstance(docs[0].data, dict):
        return None
    if padded is None:  # not a literal block: its lines are not the file's
        return Pinned(docs[0].data, where)
    return docs[0]


def _block(file_text: str, line: int, value: str) -> str | None:
    """The file's own lines of a literal block scalar whose indicator is on ``line`` (the lines
    above blank, so positions are the file's), or None when the scalar is not one (folded,
    quoted, plain: its text is not the file's lines)."""
    lines = file_text.split("\n")
    if not 0 < line <= len(lines) or not lines[line - 1].rstrip().endswith(("|", "|-", "|+")):
        return None
    count = value.count("\n") + (0 if value.endswith("\n") else 1)
    return "\n" * line + "\n".join(lines[line : line + count])
