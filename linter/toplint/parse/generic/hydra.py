"""Hydra ``defaults:`` composition inside the repository (issue 24, point 3).

A Hydra primary config lists config groups to compose (``defaults: [{serving: vllm}, _self_]``):
each entry ``GROUP: OPTION`` is the file ``GROUP/OPTION.yaml`` beside the primary config, merged
under the key ``GROUP`` (its package; ``GROUP@PKG: OPTION`` names another, a file headed
``# @package _global_`` merges at the root), and ``_self_`` says where the primary config's own
keys go (last when it is not listed, so they win).  ``GROUP: null`` composes nothing; an
``override`` prefix changes nothing here.  Source: Hydra's documentation, "The Defaults List"
(facebookresearch/hydra website/docs/advanced/defaults_list.md @ 1.3) and "Packages"
(website/docs/advanced/overriding_packages.md).

A ``defaults`` entry that is a path to a YAML file (``defaults: ../../grpo_math_1B.yaml``,
NeMo-RL's inheritance, alone or in a list) is that file merged at the root under the config's
own keys, its own path ``defaults`` first (``_parents``).

Only files inside the repository are read (``toplint.infra.readpolicy``), a bounded number:
a group's defaults one level deep (defaults of a composed group file are not followed), parents
named by path up to ``_MAX_DEPTH`` deep.  The composed tree answers the
generic reader (``toplint.parse.generic.data``) like a document: every value is placed where it
is written, in the primary config or in the composed file (a position's ``path`` says which; a
fix edits only values written in the file it reports on).
"""

from __future__ import annotations

import os
from typing import Any

from toplint.errors import SourceError
from toplint.infra.readpolicy import ReadRefused, read_reference
from toplint.infra.yamlsafe import Document, load_documents
from toplint.model import Position
from toplint.parse.generic.tree import Path
from toplint.record import replace

_MAX_ENTRIES = 32
_MAX_DEPTH = 4  # parents of parents named by path (NeMo-RL's inheritance)
_MAX_BYTES = 256 * 1024
_SELF = "_self_"
_GLOBAL = "# @package _global_"


class Composed:
    """The primary config with its defaults merged in, positions as described above."""

    def __init__(self, doc: Document, data: Any, layers: list[tuple[Path, Path, Document]]):
        self.doc = doc
        self.data = data
        self._layers = layers  # (path prefix a composed file provides, its package, the file)

    def _origin(self, path: Path) -> tuple[Document, Path]:
        if not _exists(self.doc.data, path):
            for prefix, package, sub in reversed(self._layers):
                if path[: len(prefix)] == prefix and _exists(sub.data, path[len(package) :]):
                    return sub, path[len(package) :]
        return self.doc, path

    def key_position(self, path: Path) -> Position:
        doc, at = self._origin(path)
        return doc.key_position(at)

    def value_position(self, path: Path) -> Position:
        doc, at = self._origin(path)
        return doc.value_position(at)


def compose(doc: Document, path: str) -> Composed | None:
    """The composed config, or None when ``doc`` lists no defaults toplint can read."""
    data = doc.data
    entries = data.get("defaults") if isinstance(data, dict) else None
    if isinstance(entries, str) and _is_file(entries):
        entries = [entries]  # NeMo-RL's `defaults: parent.yaml`
    if not isinstance(entries, list) or path == "-":
        return None
    own = {k: v for k, v in data.items() if k != "defaults"}
    order: list[tuple[Document, Path] | None] = []  # None: the primary config itself
    for entry in entries[:_MAX_ENTRIES]:
        if entry == _SELF:
            order.append(None)
            continue
        if isinstance(entry, str) and _is_file(entry):
            order.extend(_parents(entry, path, _MAX_DEPTH))
            continue
        loaded = _load(entry, path)
        if loaded is not None:
            order.append(loaded)
    if not any(o is not None for o in order):
        return None
    if None not in order:
        order.append(None)
    merged: dict[Any, Any] = {}
    layers: list[tuple[Path, Path, Document]] = []
    for layer in order:
        if layer is None:
            merged = _merge(merged, own)
            continue
        sub, package = layer
        merged = _merge(merged, _under(package, sub.data))
        prefixes = [(k,) for k in sub.data] if not package else [package]
        layers.extend((p, package, sub) for p in prefixes)
    return Composed(doc, merged, layers)


def _load(entry: Any, path: str) -> tuple[Document, Path] | None:
    """(the composed file, the package it goes under) of one defaults entry."""
    if not isinstance(entry, dict) or len(entry) != 1:
        return None
    ((key, option),) = entry.items()
    if not isinstance(key, str) or not isinstance(option, str):
        return None  # `group: null`, a list of options (not composed here)
    group, _, package = key.removeprefix("override ").strip().partition("@")
    group = group.strip("/")
    if not group or ".." in group or ".." in option:
        return None
    read = _read_one(path, f"{group}/{option}.yaml")
    if read is None:
        return None
    doc, text = read
    is_global = text.lstrip().startswith(_GLOBAL) or package == "_global_"
    where = () if is_global else tuple((package or group).replace("/", ".").split("."))
    return doc, where


def _read_one(path: str, ref: str) -> tuple[Document, str] | None:
    """The one mapping document ``ref`` (relative to ``path``) holds, with its text; None when
    it is outside the repository, unreadable, not YAML or not one mapping."""
    try:
        full, text = read_reference(path, ref, _MAX_BYTES)
        full = os.path.normpath(full)  # `recipes/llm/../../../../x.yaml` as `x.yaml`
        docs = load_documents(text, full)
    except (ReadRefused, OSError, SourceError, ValueError):
        return None
    if len(docs) != 1 or not isinstance(docs[0].data, dict):
        return None
    return docs[0], text


def _is_file(entry: str) -> bool:
    return entry.endswith((".yaml", ".yml")) and len(entry) < 500


def _parents(entry: str, path: str, depth: int) -> list[tuple[Document, Path]]:
    """A parent config named by its path, relative to the file naming it (NeMo-RL's
    ``load_config_with_inheritance``: ``defaults: ../../grpo_math_1B.yaml`` or a list of paths,
    each loaded with its own ``defaults`` first and merged at the root, the child's keys over
    the parent's: NVIDIA-NeMo/RL@7ea279ab nemo_rl/utils/config.py).  Its own parents come
    first; a reference outside the repository, unreadable or deeper than ``depth`` is not
    read."""
    read = _read_one(path, entry)
    if read is None:
        return []
    doc = read[0]
    above = doc.data.get("defaults")
    layers: list[tuple[Document, Path]] = []
    if depth > 1 and isinstance(above, (str, list)):
        for parent in [above] if isinstance(above, str) else above[:_MAX_ENTRIES]:
            if isinstance(parent, str) and _is_file(parent):
                layers.extend(_parents(parent, doc.path, depth - 1))
    return [*layers, (_without_defaults(doc), ())]


def _without_defaults(doc: Document) -> Document:
    data = {k: v for k, v in doc.data.items() if k != "defaults"}
    return replace(doc, data=data)


def _under(package: Path, content: Any) -> Any:
    for step in reversed(package):
        content = {step: content}
    return content


def _merge(base: Any, top: Any) -> Any:
    if not isinstance(base, dict) or not isinstance(top, dict):
        return top
    out = dict(base)
    for key, value in top.items():
        out[key] = _merge(out[key], value) if key in out else value
    return out


def _exists(data: Any, path: Path) -> bool:
    for step in path:
        in_map = isinstance(data, dict) and step in data
        in_list = isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data)
        if not (in_map or in_list):
            return False
        data = data[step]
    return True
