"""Load YAML safely, with the position of every key and value, under hard limits.

Only PyYAML's safe loader composes the document (the C one when present); this module then builds
plain Python values itself, so a ``!!python/...`` tag can never construct anything, alias
expansion is counted ("billion laughs"), and nesting depth is bounded.  The loader never
mutates PyYAML's global resolvers.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from typing import Any

from toplint.errors import SourceError
from toplint.infra.patterns import deferred_pyyaml_patterns
from toplint.model import Position
from toplint.record import field, record

with deferred_pyyaml_patterns():  # 6.5 ms of start-up (toplint.infra.patterns)
    import yaml

Path = tuple[str | int, ...]

_BaseLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STD = "tag:yaml.org,2002:"
_MERGE = _STD + "merge"
_STR = _STD + "str"
_NULL = _STD + "null"
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
        self.max_nodes -= 1  # every node is resolved once, whatever its kind
        if self.max_nodes < 0:
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
    return None


@record
class Limits:
    """Hard limits on one YAML file; the TL001 message names the limit that was hit.

    Measured on this project's benchmark machine (benchmarks/RESULTS.md): reading YAML costs
    about 30 bytes of memory and 1 µs per byte of text, so 4 MiB keeps one file under ~130 MB
    and ~3 s.  Kubernetes objects are capped far lower (etcd's default request limit is
    1.5 MiB), so a deployment config above 4 MiB is not a config a person wrote.
    """

    max_bytes: int = 4 * 1024 * 1024  # larger files are reported, not read
    max_depth: int = 128  # nesting of mappings/sequences (libyaml itself stops at 1,000)
    # Nodes composed per file and built per document (alias expansions included): ~300 bytes
    # each while composed, so at most ~150 MB.  The largest real files (rendered charts with
    # CRDs, 1-2 MB) hold well under 100,000.
    max_nodes: int = 500_000
    max_alias_nodes: int = 100_000  # extra nodes that aliases may add to one file
    max_documents: int = 10_000


DEFAULT_LIMITS = Limits()


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
        if path in found:
            return found[path]
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
        return Position(self.path, *_point(node.start_mark, self.lines))


# Line breaks: a line ends at "\\n" only (CRLF was read as one "\\n"), as git, GitHub's
# annotations and diff view, grep -n and editors' "go to line" count them in a file that
# has only "\\n" endings.  PyYAML (and libyaml) also end a line at a lone "\\r", U+0085,
# U+2028 and U+2029 (YAML 1.1); in a file holding one, positions are taken from the mark's
# character index instead of its line, so every parser of the file agrees on the line.
_OTHER_BREAKS = ("\r", "\x85", "\u2028", "\u2029")


class LineStarts:
    """Offsets of the lines of a text that PyYAML would count differently."""

    __slots__ = ("starts",)

    def __init__(self, text: str) -> None:
        starts = [0]
        find, append = text.find, starts.append
        i = find("\n")
        while i >= 0:
            append(i + 1)
            i = find("\n", i + 1)
        self.starts = starts

    @classmethod
    def of(cls, text: str) -> LineStarts | None:
        """None when PyYAML's own line count is right (no other break in ``text``)."""
        if text.isascii() and "\r" not in text:
            return None
        return cls(text) if any(b in text for b in _OTHER_BREAKS) else None

    def point(self, index: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, index)
        return line, index - self.starts[line - 1] + 1


# The line table of the text being loaded (errors raised while building need it).
_CURRENT: list[LineStarts | None] = [None]


def _point(mark: Any, lines: LineStarts | None) -> tuple[int, int]:
    """(line, column), 1-based, of a PyYAML mark."""
    if lines is None:
        return mark.line + 1, mark.column + 1
    return lines.point(mark.index)


def _step(node: Any, step: Any, index: dict[int, dict[Any, tuple[Any, Any]]]) -> Any:
    """(key node or None, value node) one step below ``node``, as ``_Builder`` built the data:
    explicit keys only, sequence items by index; None when there is none."""
    if node.__class__ is yaml.MappingNode:
        keys = index.get(id(node))
        if keys is None:  # the document holds its nodes, so an id is never reused
            keys = index[id(node)] = {
                _key_text(k): (k, v) for k, v in reversed(node.value) if k.tag != _MERGE
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


def _same(node: Any, key: str) -> bool:
    """Whether the key node ``node`` is written as ``key`` (a merge key never is)."""
    return node.tag != _MERGE and _key_text(node) == key


def _key_text(node: Any) -> str:
    """A mapping key as the data holds it: its text, or a scalar's value as text."""
    if node.tag == _STR and node.__class__ is yaml.ScalarNode:
        return str(node.value)
    key = _Builder("", DEFAULT_LIMITS)._value(node, 0)
    return key if isinstance(key, str) else str(key).lower() if isinstance(key, bool) else str(key)


def _mark_error(path: str, exc: yaml.MarkedYAMLError) -> SourceError:
    mark = exc.problem_mark or exc.context_mark
    line, col = _point(mark, _CURRENT[0]) if mark else (1, 1)
    what = exc.problem or exc.context or "invalid YAML"
    if "maximum nesting depth" in what:  # libyaml's own limit (YAML_MAX_NESTING_LEVEL)
        what += " (libyaml depth limit, 1,000 levels)"
    return SourceError(f"invalid YAML: {what}", line, col)


def _error(message: str, node: yaml.Node) -> SourceError:
    return SourceError(message, *_point(node.start_mark, _CURRENT[0]))


def _depth_error(limits: Limits, node: yaml.Node) -> SourceError:
    return _error(f"YAML nested deeper than {limits.max_depth} levels (depth limit)", node)


def _check_aliases(root: yaml.Node, limits: Limits, spent: list[int]) -> None:
    """Refuse a document whose aliases expand too far, before building anything.

    ``spent``: the extra nodes the file's earlier documents' aliases added (the budget is per
    file: 10,000 documents of 100,000 extra nodes each were a billion nodes).

    The composer returns an aliased node as the same object, so the expanded size of every
    distinct node is computed once (linear in the text) and a "billion laughs" document is
    rejected in microseconds instead of being expanded.
    """
    sizes: dict[int, int] = {}
    extra = spent[0]

    def size(node: yaml.Node, depth: int) -> int:
        nonlocal extra
        known = sizes.get(id(node))
        if known is not None:  # a second reference: an alias
            extra += known
            if extra > limits.max_alias_nodes:
                raise _error(
                    f"YAML aliases expand to more than {limits.max_alias_nodes:,} extra nodes "
                    "in this file (alias expansion limit; an alias bomb?); the anchor is here",
                    node,
                )
            return known
        if depth > limits.max_depth:
            raise _depth_error(limits, node)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            total += sum(size(item, depth + 1) for item in node.value)
        elif isinstance(node, yaml.MappingNode):
            total += sum(size(k, depth + 1) + size(v, depth + 1) for k, v in node.value)
        sizes[id(node)] = total
        return total

    size(root, 0)
    spent[0] = extra


_SCALAR_TAGS = frozenset(
    _STD + t for t in ("str", "int", "float", "bool", "null", "timestamp", "binary")
)
_COLLECTION_TAGS = frozenset(_STD + t for t in ("map", "seq", "omap", "set", "pairs"))


class _Builder:
    """Turns composed nodes into plain values, counting every node it builds."""

    def __init__(self, path: str, limits: Limits) -> None:
        self.path = path
        self.limits = limits
        self.max_nodes = limits.max_nodes
        self.count = 0

    def _value(self, node: yaml.Node, depth: int) -> Any:
        self.count += 1
        if self.count > self.max_nodes:
            raise _error(f"YAML document has more than {self.max_nodes:,} nodes (node limit)", node)
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        if depth > self.limits.max_depth:
            raise _depth_error(self.limits, node)
        tag = node.tag or ""
        if tag.startswith(_STD) and tag not in _COLLECTION_TAGS:
            raise _error(_tag_message(tag), node)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, depth)
        return self._sequence(node, depth)

    def _sequence(self, node: yaml.Node, depth: int) -> list[Any]:
        out: list[Any] = []
        scalar = yaml.ScalarNode
        for item in node.value:
            if item.tag == _STR and item.__class__ is scalar:  # plain text (an args list)
                self.count += 1
                if self.count > self.max_nodes:
                    self._value(item, depth + 1)  # raises the node-limit error
                out.append(item.value)
            else:
                out.append(self._value(item, depth + 1))
        return out

    def _scalar(self, node: yaml.Node) -> Any:
        tag = node.tag or ""
        if tag == _STR:  # most scalars: no conversion needed
            return node.value
        if tag == _NULL:
            return None
        if tag in _SCALAR_TAGS:
            constructor = _constructor()
            direct = _DIRECT.get(tag)
            try:
                value = direct(constructor, node) if direct else constructor.construct_object(node)
            except (yaml.YAMLError, ValueError) as exc:
                raise _error(f"invalid YAML scalar: {exc}", node) from None
            # Timestamps and binary are kept as text: toplint compares strings, not dates.
            return value if isinstance(value, (str, int, float, bool)) else node.value
        if tag.startswith(_STD):
            raise _error(_tag_message(tag), node)
        # Local tags (!reference, !Ref, ...) are read as their plain text.
        return str(node.value)

    def _mapping(self, node: yaml.MappingNode, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        merged: set[str] | None = None  # keys a merge (``<<``) gave, which one key may override
        scalar = yaml.ScalarNode
        for key_node, value_node in node.value:
            tag = key_node.tag
            if tag == _STR and key_node.__class__ is scalar:  # most keys: plain text
                self.count += 1
                if self.count > self.max_nodes:
                    self._value(key_node, depth + 1)  # raises the node-limit error
                key = key_node.value
            elif tag == _MERGE:
                before = set(out)
                self._merge(out, value_node, depth)
                merged = (merged or set()) | (out.keys() - before)
                continue
            else:
                key = self._value(key_node, depth + 1)
                key = (
                    key
                    if isinstance(key, str)
                    else str(key).lower()
                    if isinstance(key, bool)
                    else str(key)
                )
            if key in out:
                if merged is None or key not in merged:
                    first = next(k for k, _ in node.value if k is not key_node and _same(k, key))
                    raise self._duplicate(key, _point(first.start_mark, _CURRENT[0])[0], key_node)
                merged.discard(key)  # overridden here: written again, it is a duplicate
            if value_node.tag == _STR and value_node.__class__ is scalar:  # plain text value
                self.count += 1
                if self.count > self.max_nodes:
                    self._value(value_node, depth + 1)  # raises the node-limit error
                out[key] = value_node.value
            else:
                out[key] = self._value(value_node, depth + 1)
        return out

    @staticmethod
    def _duplicate(key: str, first_line: int, node: yaml.Node) -> SourceError:
        """YAML requires unique keys; PyYAML keeps the last silently, while kubectl
        (sigs.k8s.io/yaml) and docker compose (yaml.v3) reject the file."""
        shown = key if len(key) <= 40 else key[:40] + "…"
        return _error(
            f"duplicate key `{shown}` (first at line {first_line}); kubectl and docker compose "
            "reject the file, and which value wins is undefined",
            node,
        )

    def _merge(self, out: dict[str, Any], value: yaml.Node, depth: int) -> None:
        # "<<: *a" or "<<: [*a, *b]": earlier keys win, explicit keys (set later) override.
        sources = value.value if isinstance(value, yaml.SequenceNode) else [value]
        for src in sources:
            merged = self._value(src, depth + 1)
            if not isinstance(merged, dict):
                raise _error("YAML merge key '<<' needs a mapping", src)
            for k, v in merged.items():
                out.setdefault(k, v)


# PyYAML's scalar constructors toplint uses (stateless; one constructor serves every load).
_DIRECT: dict[str, Any] = {
    _STD + "int": yaml.constructor.SafeConstructor.construct_yaml_int,
    _STD + "float": yaml.constructor.SafeConstructor.construct_yaml_float,
    _STD + "bool": yaml.constructor.SafeConstructor.construct_yaml_bool,
}
_CONSTRUCTOR: list[Any] = []


def _constructor() -> Any:
    if not _CONSTRUCTOR:
        _CONSTRUCTOR.append(yaml.constructor.SafeConstructor())
    return _CONSTRUCTOR[0]


def _tag_message(tag: str) -> str:
    return f"YAML tag {tag.replace(_STD, '!!')} is not allowed (only plain data is read)"


# The outcome of the last load (the text object, path, limits, error and documents), so that a
# parser reading the file its ``accepts`` has just read, or checking the syntax of a file a
# parser has just read, costs nothing.  Keyed by the identity of the text object (held here, so
# the id cannot be reused); documents are never modified after loading.
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


def load_documents(text: str, path: str, limits: Limits = DEFAULT_LIMITS) -> list[Document]:
    """Every document of a YAML stream, or ``SourceError`` naming line and column."""
    if _last and _last[0][0] is text and _last[0][1] == path and _last[0][2] is limits:
        if _last[0][3] is not None:
            raise _last[0][3]
        return list(_last[0][4])
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


def load_data(text: str, path: str, limits: Limits = DEFAULT_LIMITS) -> list[Any]:
    """Plain data of every document (no positions)."""
    return [d.data for d in load_documents(text, path, limits)]


def one_document(text: str, path: str, expected: str) -> Document:
    """The one document of a file that must hold exactly one; else ``SourceError`` at 1:1 saying
    ``expected`` and how many it found (a syntax error: ``SourceError`` naming line and column)."""
    docs = load_documents(text, path)
    if len(docs) != 1:
        raise SourceError(f"{expected}, found {len(docs)}")
    return docs[0]


def dump(data: Any) -> str:
    """``data`` as YAML text (PyYAML's safe dumper: plain data only, keys in their order)."""
    text: str = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return text
