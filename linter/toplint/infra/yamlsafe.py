"""Load YAML safely, with the position of every key and value, under hard limits.

Only PyYAML's safe loader composes the document (the C one when present); this module then builds
plain Python values itself, so a ``!!python/...`` tag can never construct anything, alias
expansion is counted ("billion laughs"), and nesting depth is bounded.  The loader never
mutates PyYAML's global resolvers.  This module composes and loads; ``toplint.infra.yamlbuild``
builds the plain values and ``toplint.infra.yamldoc`` holds a document and its positions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toplint.errors import SourceError
from toplint.infra.patterns import deferred_pyyaml_patterns
from toplint.infra.yamlbuild import (
    _CURRENT,
    _STD,
    _STR,
    DEFAULT_LIMITS,
    Limits,
    LineStarts,
    _Builder,
    _check_aliases,
    _mark_error,
    _point,
)
from toplint.infra.yamldoc import Document, Path

with deferred_pyyaml_patterns():  # 6.5 ms of start-up (toplint.infra.patterns)
    import yaml

__all__ = [
    "DEFAULT_LIMITS",
    "Document",
    "Limits",
    "LineStarts",
    "Path",
    "dump",
    "load_data",
    "load_documents",
    "one_document",
    "syntax_error",
    "trusted_data",
]

_BaseLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# Tags of plain scalars already resolved: the answer depends on the text alone (no path
# resolvers are registered), and configs repeat the same keys and values over and over.
_PLAIN_TAGS: dict[str, str] = {}
_PLAIN_MEMO_ENTRIES = 50_000
_PLAIN_MEMO_LENGTH = 64


_SCALAR_NODE = yaml.ScalarNode
_COLLECTION_TAG = {yaml.MappingNode: _STD + "map", yaml.SequenceNode: _STD + "seq"}


class _NodeLimit(Exception):
    """Composition passed ``Limits.max_nodes`` (raised from inside the loader)."""


class _SafeLoader(_BaseLoader):  # type: ignore[misc]
    """PyYAML's safe loader with plain-scalar tag resolution memoized, counting the nodes it
    composes: the composed tree costs ~300 bytes a node before anything is built, so the node
    limit must stop composition itself (a flat 2 MB list reached 543 MB)."""

    max_nodes = 0  # set per load: Limits.max_nodes of the whole stream

    # The composer calls these around every node, for path resolvers; toplint registers none,
    # and PyYAML's own versions look ``yaml_path_resolvers`` up through a long MRO first.
    # ``_compose_all`` restores PyYAML's when something else has registered path resolvers.
    # Built-in callables that do nothing the composer reads (it ignores what they return): a
    # Python no-op called twice per node was 4% of loading the benchmark tree's YAML
    # (callgrind: 3,008M -> 2,877M instructions).  A built-in bound method is no descriptor,
    # so the class attribute is called as it is, without ``self``.
    descend_resolver: Any = {}.get  # (parent, index) -> index
    ascend_resolver = ().__len__  # () -> 0

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        left = self.max_nodes - 1  # every node is resolved once, whatever its kind
        self.max_nodes = left
        if left < 0:
            raise _NodeLimit
        if kind is _SCALAR_NODE:  # BaseResolver.resolve without path resolvers
            if implicit[0]:
                tag = _PLAIN_TAGS.get(value)
                return tag if tag is not None else self._plain(value, implicit)
            return _STR  # quoted, or a block scalar
        return _COLLECTION_TAG[kind]

    def _plain(self, value: Any, implicit: Any) -> Any:
        tag = _plain_tag(value) or super().resolve(_SCALAR_NODE, value, implicit)
        if len(value) <= _PLAIN_MEMO_LENGTH and len(_PLAIN_TAGS) < _PLAIN_MEMO_ENTRIES:
            _PLAIN_TAGS[value] = tag
        return tag

    def resolve_with_paths(self, kind: Any, value: Any, implicit: Any) -> Any:
        """``resolve`` when something has registered path resolvers on PyYAML's classes
        (``_compose_all`` puts it in place): PyYAML's own, counting the node."""
        self.max_nodes -= 1
        if self.max_nodes < 0:
            raise _NodeLimit
        return super().resolve(kind, value, implicit)


# PyYAML's implicit resolvers for plain scalars starting with these letters are only its bool
# and null patterns, which match exactly these words (yaml/resolver.py); for "~" only its null
# pattern; a digit string without a leading zero only matches its int pattern, and digits, a
# dot and digits only its float pattern.  Answering these without the patterns spares
# compiling them (2.7 ms of a one-file run, toplint.infra.patterns); anything else asks PyYAML.
_BOOL_NULL_INITIALS = frozenset("yYnNtTfFoO")
_BOOLS = frozenset(
    form for w in ("yes", "no", "true", "false", "on", "off") for form in (w, w.title(), w.upper())
)
_NULLS = frozenset({"null", "Null", "NULL"})


def _plain_tag(value: str) -> str | None:
    """The tag PyYAML resolves the plain scalar ``value`` to, when it is cheap to know."""
    if not value:
        return None
    first = value[0]
    if first in _BOOL_NULL_INITIALS:
        if value in _BOOLS:
            return _STD + "bool"
        return _STD + "null" if value in _NULLS else _STR
    if first == "~":  # the null pattern's only word starting so
        return _STD + "null" if value == "~" else _STR
    if not (first.isdigit() and value.isascii()):
        return None
    if value.isdigit():  # 0, 42 (not 0755: octal)
        return _STD + "int" if first != "0" or len(value) == 1 else None
    whole, _, fraction = value.partition(".")
    if whole.isdigit() and (fraction.isdigit() or not fraction) and "." in value:
        return _STD + "float"  # 0.9, 12.5, 3.
    if "\n" not in value and not _NUMERIC_CHARS.issuperset(value):
        return _STR  # "450 GB/s", "8Gi": a character none of the patterns takes
    return None


# Every character PyYAML's int, float and timestamp patterns (its only resolvers for a plain
# scalar starting with a digit) can match: a value with another one is a string.  Its
# patterns end in `$`, which also matches before a final line break, so a value holding one
# is left to them.
_NUMERIC_CHARS = frozenset("0123456789_.+-:xabcdefABCDEFTtZ \t")


# The outcome of the last load (the text object, path, limits, error and documents), so that a
# parser reading the file its ``accepts`` has just read, or checking the syntax of a file a
# parser has just read, costs nothing.  Keyed by the identity of the text object (held here, so
# the id cannot be reused); documents are never modified after loading.  Shipped data, loaded
# on first use, passes ``remember=False``: between two readings of the same file it would
# otherwise take the place (a 2.7 MB CustomResourceDefinition, kserve/kserve@aaac4e29, was
# composed twice).
_last: list[tuple[str, str, Limits, SourceError | None, list[Document]]] = []


def syntax_error(text: str, path: str, limits: Limits = DEFAULT_LIMITS) -> SourceError | None:
    """Why ``text`` is not readable YAML, or None."""
    if _last and _last[0][0] is text:
        return _last[0][3]
    try:
        load_documents(text, path, limits)
    except SourceError as exc:
        return exc
    return None


def load_documents(
    text: str, path: str, limits: Limits = DEFAULT_LIMITS, *, remember: bool = True
) -> list[Document]:
    """Every document of a YAML stream, or ``SourceError`` naming line and column."""
    if _last and _last[0][0] is text and _last[0][1] == path and _last[0][2] is limits:
        if _last[0][3] is not None:
            raise _last[0][3]
        return list(_last[0][4])
    if not remember:
        return _load_documents(text, path, limits)
    try:
        docs = _load_documents(text, path, limits)
    except SourceError as exc:
        _last[:] = [(text, path, limits, exc, [])]
        raise
    _last[:] = [(text, path, limits, None, docs)]
    return list(docs)


def _load_documents(text: str, path: str, limits: Limits) -> list[Document]:
    if len(text) > limits.max_bytes:
        raise SourceError(
            f"file is {len(text) / 2**20:.2f} MiB, larger than the YAML size limit "
            f"({limits.max_bytes / 2**20:g} MiB); not read"
        )
    docs: list[Document] = []
    may_alias = "*" in text  # no '*', no alias: skip the expansion count
    lines = _CURRENT[0] = LineStarts.of(text)
    spent = [0]  # extra nodes added by aliases, over the whole file
    try:
        for node in _compose_all(text, limits):
            if len(docs) >= limits.max_documents:
                raise SourceError(
                    f"more than {limits.max_documents:,} YAML documents (document limit)"
                )
            if node is None:
                continue
            if may_alias:
                _check_aliases(node, limits, spent)
            data = _Builder(path, limits)._value(node, 0)
            docs.append(Document(path, data, _point(node.start_mark, lines)[0], node, lines=lines))
    except yaml.MarkedYAMLError as exc:
        raise _mark_error(path, exc) from None
    except yaml.reader.ReaderError as exc:  # a character YAML forbids, at its place
        what = f"invalid YAML: unacceptable character #x{exc.character:04x} ({exc.reason})"
        if not isinstance(exc.character, int):
            what = f"invalid YAML: {exc.reason}"
        raise SourceError(what, *LineStarts(text).point(exc.position)) from None
    except yaml.YAMLError as exc:
        raise SourceError(f"invalid YAML: {exc}") from None
    except RecursionError:
        raise SourceError("YAML nested too deeply to read (depth limit)") from None
    except _NodeLimit:
        raise SourceError(
            f"YAML file has more than {limits.max_nodes:,} nodes (node limit); not read"
        ) from None
    except UnicodeError as exc:  # lone surrogates: text that did not come from a real file
        raise SourceError(f"not valid Unicode: {exc}") from None
    return docs


def _compose_all(text: str, limits: Limits = DEFAULT_LIMITS) -> Iterator[yaml.Node | None]:
    loader = _SafeLoader(text)
    loader.max_nodes = limits.max_nodes
    if loader.yaml_path_resolvers:  # registered on PyYAML's classes by someone else
        setattr(loader, "resolve", loader.resolve_with_paths)  # noqa: B010
        base = yaml.resolver.BaseResolver
        setattr(loader, "descend_resolver", base.descend_resolver.__get__(loader))  # noqa: B010
        setattr(loader, "ascend_resolver", base.ascend_resolver.__get__(loader))  # noqa: B010
    try:
        while loader.check_node():
            yield loader.get_node()
    finally:
        loader.dispose()


def load_data(
    text: str, path: str, limits: Limits = DEFAULT_LIMITS, *, remember: bool = True
) -> list[Any]:
    """Plain data of every document (no positions)."""
    return [d.data for d in load_documents(text, path, limits, remember=remember)]


def trusted_data(text: str) -> Any:
    """``yaml.safe_load`` of a file the project ships or measures with (benchmarks' data), with
    the C loader where it is built: the same data, 8x faster on benchmarks/data/public.yaml.
    Never for a linted file: ``load_documents`` bounds those and keeps positions."""
    return yaml.load(text, Loader=_BaseLoader)


def one_document(text: str, path: str, expected: str, *, remember: bool = True) -> Document:
    """The one document of a file that must hold exactly one; else ``SourceError`` at 1:1 saying
    ``expected`` and how many it found (a syntax error: ``SourceError`` naming line and column)."""
    docs = load_documents(text, path, remember=remember)
    if len(docs) != 1:
        raise SourceError(f"{expected}, found {len(docs)}")
    return docs[0]


def dump(data: Any) -> str:
    """``data`` as YAML text (PyYAML's safe dumper: plain data only, keys in their order)."""
    text: str = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return text
