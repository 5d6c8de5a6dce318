"""Plain values built from PyYAML's composed nodes, under hard limits (``toplint.infra.yamlsafe``
loads; this module builds).

Only plain data is built: a ``!!python/...`` or any other standard tag beyond plain scalars and
collections is an error, a local tag is read as its text, alias expansion is counted ("billion
laughs") before anything is built, nesting depth and node counts are bounded, and duplicate keys
are errors (docker compose and kustomize reject them; kubectl keeps the last silently).
"""

from __future__ import annotations

import bisect
from typing import Any

from toplint.errors import RefusedYaml, SourceError
from toplint.infra.patterns import deferred_pyyaml_patterns
from toplint.record import record

with deferred_pyyaml_patterns():  # 6.5 ms of start-up (toplint.infra.patterns)
    import yaml

_STD = "tag:yaml.org,2002:"
_MERGE = _STD + "merge"
_STR = _STD + "str"
_NULL = _STD + "null"
_INT = _STD + "int"
_FLOAT = _STD + "float"


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


def _same(node: Any, key: str) -> bool:
    """Whether the key node ``node`` is written as ``key`` (a merge key never is)."""
    return node.tag != _MERGE and _key_text(node) == key


def _key_text(node: Any) -> str:
    """A mapping key as the data holds it: its text, or a scalar's value as text."""
    if node.tag == _STR and node.__class__ is yaml.ScalarNode:
        return str(node.value)
    key = _Builder("", DEFAULT_LIMITS)._value(node, 0)
    return key if isinstance(key, str) else str(key).lower() if isinstance(key, bool) else str(key)


# PyYAML's composer refuses an anchor written twice ("found duplicate anchor 'x'; first
# occurrence" / "second occurrence"), which YAML allows: "The alias refers to the most recent
# preceding node having the same anchor" (yaml.org/spec/1.2.2 §7.1, Alias Nodes; yaml.v3, which
# docker compose and kustomize use, reads such a file).
_REUSED_ANCHOR = "found duplicate anchor"  # libyaml's message names no anchor


def _mark_error(path: str, exc: yaml.MarkedYAMLError) -> SourceError:
    mark = exc.problem_mark or exc.context_mark
    line, col = _point(mark, _CURRENT[0]) if mark else (1, 1)
    context = exc.context or ""
    if context.startswith(_REUSED_ANCHOR) and exc.context_mark is not None:
        name = context[len(_REUSED_ANCHOR) :].split(";", 1)[0].strip(" '\"")
        first = _point(exc.context_mark, _CURRENT[0])[0]
        anchor = f"anchor `&{name}`" if name else "an anchor"
        return RefusedYaml(
            f"{anchor} written again (first at line {first}); YAML lets an alias name the "
            "latest, but PyYAML refuses the file, so toplint cannot read it",
            line,
            col,
        )
    what = exc.problem or exc.context or "invalid YAML"
    if "maximum nesting depth" in what:  # libyaml's own limit (YAML_MAX_NESTING_LEVEL)
        what += " (libyaml depth limit, 1,000 levels)"
    return SourceError(f"invalid YAML: {what}", line, col)


def _error(message: str, node: yaml.Node, kind: type[SourceError] = SourceError) -> SourceError:
    return kind(message, *_point(node.start_mark, _CURRENT[0]))


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
        if tag not in _COLLECTION_TAGS and tag.startswith(_STD):  # (set first: the usual case)
            raise _error(_tag_message(tag), node, RefusedYaml)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, depth)
        return self._sequence(node, depth)

    def _sequence(self, node: yaml.Node, depth: int) -> list[Any]:
        out: list[Any] = []
        scalar = yaml.ScalarNode
        count, most = self.count, self.max_nodes  # (as in ``_mapping``)
        for item in node.value:
            if item.tag == _STR and item.__class__ is scalar:  # plain text (an args list)
                count += 1
                if count > most:
                    self.count = count
                    self._value(item, depth + 1)  # raises the node-limit error
                out.append(item.value)
            else:
                self.count = count
                out.append(self._value(item, depth + 1))
                count = self.count
        self.count = count
        return out

    def _scalar(self, node: yaml.Node) -> Any:
        tag = node.tag or ""
        if tag == _STR:  # most scalars: no conversion needed
            return node.value
        if tag == _NULL:
            return None
        if tag == _INT:  # replicas, ports, GPU counts: plain decimal digits, as PyYAML reads them
            text = node.value  # (construct_yaml_int: no sign, "_", base prefix or leading 0)
            digits = len(text) < 19 and text.isdigit() and text.isascii()
            if digits and (text[0] != "0" or len(text) == 1):
                return int(text)
        elif tag == _FLOAT:  # 0.90, 1.5: digits, a dot, digits (construct_yaml_float's float())
            whole, dot, fraction = node.value.partition(".")
            decimal = dot and whole.isdigit() and whole.isascii() and len(fraction) < 20
            if decimal and (not fraction or (fraction.isdigit() and fraction.isascii())):
                return float(node.value)
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
            raise _error(_tag_message(tag), node, RefusedYaml)
        # Local tags (!reference, !Ref, ...) are read as their plain text.
        return str(node.value)

    def _mapping(self, node: yaml.MappingNode, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        merged: set[str] | None = None  # keys a merge (``<<``) gave, which one key may override
        scalar = yaml.ScalarNode
        # The node count is kept in a local across plain keys and values, and handed back to
        # ``self.count`` around every call that counts on its own.
        count, most = self.count, self.max_nodes
        for key_node, value_node in node.value:
            tag = key_node.tag
            if tag == _STR and key_node.__class__ is scalar:  # most keys: plain text
                count += 1
                if count > most:
                    self.count = count
                    self._value(key_node, depth + 1)  # raises the node-limit error
                key = key_node.value
            elif tag == _MERGE:
                before = set(out)
                self.count = count
                self._merge(out, value_node, depth)
                count = self.count
                merged = (merged or set()) | (out.keys() - before)
                continue
            else:
                self.count = count
                key = self._value(key_node, depth + 1)
                count = self.count
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
                count += 1
                if count > most:
                    self.count = count
                    self._value(value_node, depth + 1)  # raises the node-limit error
                out[key] = value_node.value
            else:
                self.count = count
                out[key] = self._value(value_node, depth + 1)
                count = self.count
        self.count = count
        return out

    @staticmethod
    def _duplicate(key: str, first_line: int, node: yaml.Node) -> SourceError:
        """YAML requires unique keys ("The content of a mapping node is an unordered set of
        key/value node pairs, with the restriction that each of the keys is unique",
        yaml.org/spec/1.2.2 §3.2.1.1).  docker compose and kustomize (yaml.v3) reject such a
        file (kubernetes-sigs/kustomize#3480); ``kubectl apply -f`` converts it to JSON with
        sigs.k8s.io/yaml's non-strict decoder and keeps the last value, so the first is lost
        without a word (kubernetes/kubernetes#99286: a second ``envFrom`` dropped the first;
        #67477, #125885); PyYAML keeps the last too."""
        shown = key if len(key) <= 40 else key[:40] + "…"
        return _error(
            f"duplicate key `{shown}` (first at line {first_line}); YAML requires unique keys: "
            "docker compose and kustomize reject the file, kubectl apply keeps this value and "
            "drops the first without a word",
            node,
            RefusedYaml,
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
