"""A compose service that ``extends`` another (compose-spec "extends"): the service it names, in
the same file or in ``extends.file`` (relative to this file, read under the read policy), with
this service's own keys merged over it as compose merges them (docs.docker.com/reference/
compose-file/extends and merge): mappings merge key by key, ``environment`` and ``labels``
entry by entry (the list form ``NAME=value`` as its mapping), ``command`` and ``entrypoint``
are replaced, other sequences (``devices``, ``volumes``, ``ports``) are the base's followed by
this service's.  Vercantez/deepseek-v4-flash-mi300x@63912908 compose.tp1x2.yaml runs two
one-GPU replicas that extend compose.yaml's service, each with its own
``ROCR_VISIBLE_DEVICES``: no deployment was read from it.

The merged service is read by the compose reader as any service; each value keeps the place it
is written (``Extended``: this file's for what this service writes, the base file's for what it
inherits).  A chain of ``extends`` is followed a few steps; a base that cannot be read leaves
the service as written.
"""

from __future__ import annotations

from typing import Any

from toplint.errors import SourceError
from toplint.infra.budgets import BudgetExceeded
from toplint.infra.readpolicy import ReadRefused, read_reference
from toplint.infra.yamlsafe import Document, load_documents
from toplint.model import Position
from toplint.parse.base import Source
from toplint.record import replace

Path = tuple[str | int, ...]
REPLACED = frozenset({"command", "entrypoint"})
BY_ENTRY = frozenset({"environment", "labels"})
_MAX_CHAIN = 4


class Extended:
    """The document a merged service is read from: its data, and each value's place in the
    file that writes it (this service's, else the base's)."""

    def __init__(
        self,
        doc: Document,
        name: str,
        base: Document,
        base_name: str,
        merged: dict[str, Any],
        entries: dict[Path, tuple[Position, Position]],
        base_source: Source | None,
    ) -> None:
        services = dict(doc.data["services"])
        services[name] = merged
        self.data = {**doc.data, "services": services}
        self.path = doc.path
        self._doc, self._name, self._base, self._base_name = doc, name, base, base_name
        self._entries = entries  # ``environment``/``labels`` entries, by name
        self.base_source = base_source  # the base file's text, when it is another file

    def source_at(self, pos: Position, source: Source) -> Source:
        """The file a value at ``pos`` is written in (a string command the base writes is
        lexed in its own file's text)."""
        base = self.base_source
        return base if base is not None and pos.path == base.path else source

    def key_position(self, path: Path) -> Position:
        return self._where(path, 0)

    def value_position(self, path: Path) -> Position:
        return self._where(path, 1)

    def _where(self, path: Path, which: int) -> Position:
        here = ("services", self._name)
        if path[:2] != here or len(path) <= 2:
            return self._doc.value_position(path) if which else self._doc.key_position(path)
        rest = path[2:]
        if rest[0] in BY_ENTRY and len(rest) == 2 and (*here, *rest) in self._entries:
            return self._entries[(*here, *rest)][which]
        doc, at = self._owner(rest)
        return doc.value_position(at) if which else doc.key_position(at)

    def _owner(self, rest: Path) -> tuple[Document, Path]:
        """The document and path that write the merged service's value at ``rest``."""
        local: Any = self._doc.data["services"][self._name]
        base: Any = self._base.data["services"][self._base_name]
        lpath: Path = ("services", self._name)
        bpath: Path = ("services", self._base_name)
        for i, key in enumerate(rest):
            appended = isinstance(local, list) and isinstance(base, list)
            if appended and isinstance(key, int) and key >= len(base):
                return self._doc, (*lpath, key - len(base), *rest[i + 1 :])  # appended here
            if not isinstance(local, dict) or key not in local:
                return self._base, (*bpath, *rest[i:])
            if key in REPLACED or not isinstance(base, dict) or key not in base:
                return self._doc, (*lpath, *rest[i:])
            local, base = local[key], base[key]
            lpath, bpath = (*lpath, key), (*bpath, key)
            if isinstance(local, list) and isinstance(base, list):
                continue  # the next step is an index into base + local
            if type(local) is not type(base) or not isinstance(local, dict):
                return self._doc, (*lpath, *rest[i + 1 :])
        return self._doc, lpath


def extended(
    source_path: str, doc: Document, name: str, service: dict[str, Any]
) -> Extended | None:
    """The service at ``services.name`` merged over the service it extends, or None when it
    extends none (or the base cannot be read)."""
    spec = service.get("extends")
    if isinstance(spec, str):
        spec = {"service": spec}
    if not isinstance(spec, dict) or not isinstance(spec.get("service"), str):
        return None
    base_doc, base_source = _base_document(source_path, doc, spec.get("file"))
    base_name = spec["service"]
    services = base_doc.data.get("services") if base_doc is not None else None
    base = services.get(base_name) if isinstance(services, dict) else None
    if base_doc is None or not isinstance(base, dict) or (base_doc is doc and base_name == name):
        return None
    depth = 1
    while isinstance(base.get("extends"), (dict, str)) and depth < _MAX_CHAIN:
        deeper = extended(base_doc.path, base_doc, base_name, base)
        if deeper is None:
            break
        base = deeper.data["services"][base_name]
        depth += 1
    entries = {
        **_entries(base_doc, ("services", base_name), base, ("services", name)),
        **_entries(doc, ("services", name), service, ("services", name)),
    }
    merged = merge(base, service)
    return Extended(doc, name, base_doc, base_name, merged, entries, base_source)


def merge(base: dict[str, Any], local: dict[str, Any]) -> dict[str, Any]:
    """``local`` merged over ``base`` as compose merges a service (module docstring)."""
    out = {k: v for k, v in base.items() if k != "extends"}
    for key, value in local.items():
        if key == "extends":
            continue
        old = out.get(key)
        if key in REPLACED:
            out[key] = value
        elif key in BY_ENTRY:
            out[key] = {**as_mapping(old), **as_mapping(value)}
        elif isinstance(value, dict) and isinstance(old, dict):
            out[key] = merge(old, value)
        elif isinstance(value, list) and isinstance(old, list):
            out[key] = [*old, *value]
        else:
            out[key] = value
    return out


def as_mapping(value: Any) -> dict[str, Any]:
    """``environment``/``labels`` as a mapping (the list form's ``NAME=value``; ``NAME`` alone
    is taken from the shell: no value)."""
    if isinstance(value, dict):
        return dict(value)
    out: dict[str, Any] = {}
    for item in value if isinstance(value, list) else ():
        name, eq, text = str(item).partition("=")
        out[name] = text if eq else None
    return out


def _entries(
    doc: Document, at: Path, service: dict[str, Any], merged_at: Path
) -> dict[Path, tuple[Position, Position]]:
    """Where each ``environment``/``labels`` entry of ``service`` is written, by the merged
    mapping's path; a list item's value starts after its ``NAME=``."""
    out: dict[Path, tuple[Position, Position]] = {}
    for key in BY_ENTRY:
        value = service.get(key)
        if isinstance(value, dict):
            for entry in value:
                path = (*at, key, entry)
                out[(*merged_at, key, entry)] = (doc.key_position(path), doc.value_position(path))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                name = str(item).partition("=")[0]
                pos = doc.value_position((*at, key, i))
                after = replace(pos, column=pos.column + len(name) + 1)
                out[(*merged_at, key, name)] = (pos, after)
    return out


def _base_document(
    source_path: str, doc: Document, file: Any
) -> tuple[Document | None, Source | None]:
    """The document ``extends.file`` names (this one when none), under the read policy, and
    its file's text when it is another file."""
    if file is None:
        return doc, None
    if not isinstance(file, str):
        return None, None
    try:
        full, text = read_reference(source_path, file)
        docs = load_documents(text, full)
    except (ReadRefused, OSError, ValueError, SourceError, BudgetExceeded):
        return None, None  # a base that cannot be read or parsed leaves the service as written
    if not docs or not isinstance(docs[0].data, dict):
        return None, None
    return docs[0], Source.from_text(full, text)
