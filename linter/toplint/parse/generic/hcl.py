"""HCL (Terraform, Nomad) as a document with positions, for the readers of data (issue 24).

Terraform's Kubernetes provider (``resource "kubernetes_deployment" … { spec { template { spec {
container { image = …, args = [...], resources { limits = {"nvidia.com/gpu" = 1} } } } } } }``)
and Nomad jobs (``task … { config { image = …, args = [...] } resources { device "nvidia/gpu"
{ count = 2 } } }``) write a container's image, arguments and GPUs as HCL blocks.  Read as a
tree they are data like any YAML: ``toplint.parse.generic.data`` finds the engine (an image), its
flags and the GPUs in them.

The subset read is HCL's native syntax as those files use it: attributes (``key = value``),
blocks with labels (``name "label" { … }``; a block type written twice becomes a list, labels
nest: ``resource "a" "b"`` is ``resource.a.b``), strings (an interpolation ``${…}`` is kept as
written: a reference, unresolved downstream), heredocs, numbers, booleans, lists and objects.
``yamlencode(…)``/``jsonencode(…)`` of an object or list literal is that literal (the data the
call serializes: a Kubernetes manifest of a ``kubectl_manifest``).  Any other expression
(``var.x``, ``jsonencode(var.x)``, ``a ? b : c``) is kept as ``${…}`` text: never evaluated.
A file outside this subset is not read (None), never guessed.  A Kubernetes resource written
as such data is read by the Kubernetes readers (``toplint.parse.run``).
"""

from __future__ import annotations

import bisect
from typing import Any

from toplint.infra.patterns import lazy
from toplint.model import Position
from toplint.parse.generic.tree import one_placeholder

Path = tuple[str | int, ...]
MAX_DEPTH = 64
_IDENT_START = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
_IDENT = _IDENT_START | set("0123456789-")
_CLOSE = {"[": "]", "{": "}", "(": ")"}
# Terraform's encoding functions around a literal (``yamlencode({…})``): the literal is the data.
_ENCODE = lazy(r"(?:yamlencode|jsonencode)\s*\(\s*(?=[\[{])")


class HclError(ValueError):
    pass


class HclDocument:
    """``data`` (mappings, lists, scalars) with the positions of its keys and values."""

    def __init__(self, path: str, data: dict[str, Any], keys: dict[Path, Position]) -> None:
        self.path = path
        self.data = data
        self._keys = keys
        self._values: dict[Path, Position] = {}

    def with_data(self, data: dict[str, Any]) -> HclDocument:
        """Other data at the same paths and positions (a part of it left out)."""
        doc = HclDocument(self.path, data, self._keys)
        doc._values = self._values
        return doc

    def key_position(self, path: Path) -> Position:
        return self._keys.get(path) or self._values.get(path) or Position(self.path, 1, 1)

    def value_position(self, path: Path) -> Position:
        return self._values.get(path) or self._keys.get(path) or Position(self.path, 1, 1)


def parse(text: str, path: str) -> HclDocument | None:
    """The document ``text`` writes, or None when it is not HCL this reader understands."""
    try:
        reader = _Reader(text, path)
        body = reader.body(None, 0)
    except (HclError, IndexError, RecursionError):
        return None
    doc = HclDocument(path, {}, {})
    doc.data = _plain(body, (), doc)
    return doc


class _Reader:
    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.i = 0
        self.starts = [0] + [k + 1 for k, c in enumerate(text) if c == "\n"]

    def pos(self, offset: int) -> Position:
        line = bisect.bisect_right(self.starts, offset)
        return Position(self.path, line, offset - self.starts[line - 1] + 1)

    def ws(self, newlines: bool) -> None:
        text, n = self.text, len(self.text)
        while self.i < n:
            c = text[self.i]
            if c in " \t\r" or (newlines and c == "\n"):
                self.i += 1
            elif c == "#" or text.startswith("//", self.i):
                end = text.find("\n", self.i)
                self.i = n if end < 0 else end
            elif text.startswith("/*", self.i):
                end = text.find("*/", self.i + 2)
                self.i = n if end < 0 else end + 2
            else:
                return

    def name(self) -> str | None:
        text = self.text
        if self.i < len(text) and text[self.i] == '"':
            return self.string()
        start = self.i
        while self.i < len(text) and text[self.i] in (_IDENT if self.i > start else _IDENT_START):
            self.i += 1
        return text[start : self.i] if self.i > start else None

    def string(self) -> str:
        """A quoted template; ``${…}`` and ``%{…}`` kept as written (nested quotes allowed)."""
        text, n = self.text, len(self.text)
        self.i += 1
        out: list[str] = []
        while self.i < n:
            c = text[self.i]
            if c == '"':
                self.i += 1
                return "".join(out)
            if c == "\n":
                raise HclError("newline in a string")
            if c == "\\" and self.i + 1 < n:
                nxt = text[self.i + 1]
                out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(nxt, "\\" + nxt))
                self.i += 2
            elif c in "$%" and text.startswith("{", self.i + 1):
                start = self.i
                self.skip_group(self.i + 1)
                out.append(text[start : self.i])
            else:
                out.append(c)
                self.i += 1
        raise HclError("unterminated string")

    def skip_group(self, at: int) -> None:
        """Past the bracket group opening at ``at`` (strings inside it skipped whole)."""
        text, n = self.text, len(self.text)
        stack = [_CLOSE[text[at]]]
        self.i = at + 1
        while self.i < n and stack:
            c = text[self.i]
            if c == '"':
                self.string()
                continue
            if c in _CLOSE:
                stack.append(_CLOSE[c])
            elif c == stack[-1]:
                stack.pop()
            self.i += 1
        if stack:
            raise HclError("unclosed bracket")

    def body(self, close: str | None, depth: int) -> list[tuple[str, Position, Any]]:
        """Attributes and blocks as (name, where, value) in order."""
        if depth > MAX_DEPTH:
            raise HclError("too deep")
        out: list[tuple[str, Position, Any]] = []
        while True:
            self.ws(True)
            if self.i >= len(self.text):
                if close is not None:
                    raise HclError("unclosed block")
                return out
            if close is not None and self.text[self.i] == close:
                self.i += 1
                return out
            at = self.pos(self.i)
            key = self.name()
            if key is None:
                raise HclError(f"unexpected {self.text[self.i]!r}")
            self.ws(False)
            c = self.text[self.i]
            if c in "=:" and not self.text.startswith("==", self.i):
                self.i += 1
                self.ws(False)
                out.append((key, at, ("attr", self.pos(self.i), self.value(depth + 1))))
                continue
            labels: list[tuple[str, Position]] = []
            while self.text[self.i] != "{":
                label_at = self.pos(self.i)
                label = self.name()
                if label is None:
                    raise HclError("a block label or `{` expected")
                labels.append((label, label_at))
                self.ws(False)
            self.i += 1
            inner = self.body("}", depth + 1)
            out.append((key, at, ("block", labels, inner)))

    def value(self, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise HclError("too deep")
        text = self.text
        c = text[self.i]
        if c == '"':
            return ("qstr", self.string())
        if text.startswith("<<", self.i):
            return ("str", self.heredoc())
        if c == "[":
            self.i += 1
            items: list[tuple[Position, Any]] = []
            while True:
                self.ws(True)
                if text[self.i] == "]":
                    self.i += 1
                    return ("list", items)
                items.append((self.pos(self.i), self.value(depth + 1)))
                self.ws(True)
                if text[self.i] == ",":
                    self.i += 1
        if c == "{":
            self.i += 1
            entries: list[tuple[str, Position, Any]] = []
            while True:
                self.ws(True)
                if text[self.i] == "}":
                    self.i += 1
                    return ("object", entries)
                at = self.pos(self.i)
                key = self.name()
                if key is None:
                    raise HclError("an object key expected")
                self.ws(False)
                if text[self.i] not in "=:":
                    raise HclError("`=` expected")
                self.i += 1
                self.ws(False)
                entries.append((key, at, (self.pos(self.i), self.value(depth + 1))))
                self.ws(True)
                if text[self.i] == ",":
                    self.i += 1
        encoded = self.encoded(depth)
        if encoded is not None:
            return encoded
        return ("str", self.expression())

    def encoded(self, depth: int) -> Any:
        """The object or list literal of ``yamlencode({…})`` / ``jsonencode([…])`` written
        alone as a value: the data it serializes (a manifest a ``kubectl_manifest`` or
        ``helm_release`` hands on).  None (position unchanged) for any other call."""
        text, start = self.text, self.i
        match = _ENCODE.match(text, start)
        if match is None:
            return None
        self.i = match.end()
        try:
            inner = self.value(depth + 1)
            self.ws(True)
            if text[self.i] != ")":
                raise HclError("`)` expected")
            self.i += 1
            self.ws(False)
            if (
                self.i < len(text)
                and text[self.i] not in "\n,]}#"
                and not text.startswith("//", self.i)
            ):
                raise HclError("more expression after the call")
        except (HclError, IndexError):
            self.i = start  # anything more than the literal: kept as the expression's text
            return None
        return inner

    def heredoc(self) -> str:
        text = self.text
        end = text.find("\n", self.i)
        marker = text[self.i + 2 : end].lstrip("-").strip()
        if not marker or end < 0:
            raise HclError("heredoc without a marker")
        lines: list[str] = []
        k = end + 1
        while k < len(text):
            stop = text.find("\n", k)
            line = text[k : len(text) if stop < 0 else stop]
            k = len(text) if stop < 0 else stop + 1
            if line.strip() == marker:
                self.i = k - 1 if stop >= 0 else k
                return "\n".join(lines)
            lines.append(line)
        raise HclError("unterminated heredoc")

    def expression(self) -> Any:
        """A number, a boolean, null, or any other expression kept as ``${text}``."""
        text, n = self.text, len(self.text)
        start = self.i
        while self.i < n and text[self.i] not in "\n,]}#":
            if text[self.i] in _CLOSE:
                self.skip_group(self.i)
            elif text[self.i] == '"':
                self.string()
            else:
                self.i += 1
        raw = text[start : self.i].strip()
        if not raw:
            raise HclError("a value expected")
        if raw in ("true", "false"):
            return raw == "true"
        if raw == "null":
            return None
        try:
            return float(raw) if any(c in raw for c in ".eE") else int(raw)
        except ValueError:
            pass
        # A template's placeholder written bare (``args = ${jsonencode(args)}`` in a Nomad job
        # Terraform's ``templatefile`` renders, ``${VLLM_ARGS}`` a script substitutes): the
        # value is filled before Nomad or Terraform reads the file; kept as that reference.
        return raw if one_placeholder(raw) else "${" + raw + "}"


def _plain(body: list[tuple[str, Position, Any]], at: Path, doc: HclDocument) -> dict[str, Any]:
    """Plain data from the parsed body, every key's and value's position recorded by path."""
    out: dict[str, Any] = {}
    blocks: dict[str, list[tuple[Position, list[tuple[str, Position]], Any]]] = {}
    for key, where, item in body:
        if item[0] == "attr":
            out[key] = _value(item[2], (*at, key), item[1], doc)
            doc._keys[(*at, key)] = where
        else:
            blocks.setdefault(key, []).append((where, item[1], item[2]))
    for key, found in blocks.items():
        if key in out:
            continue  # an attribute and a block of one name: the attribute is read
        labelled = any(labels for _, labels, _ in found)
        if labelled:
            node = out.setdefault(key, {})
            doc._keys[(*at, key)] = found[0][0]
            for where, labels, inner in found:
                target, p = node, (*at, key)
                for label, label_at in labels[:-1]:
                    target = target.setdefault(label, {})
                    p = (*p, label)
                    doc._keys.setdefault(p, label_at)
                last, last_at = labels[-1] if labels else ("", where)
                p = (*p, last) if labels else p
                target[last] = _plain(inner, p, doc)
                doc._keys[p] = last_at
        elif len(found) == 1:
            doc._keys[(*at, key)] = found[0][0]
            out[key] = _plain(found[0][2], (*at, key), doc)
        else:
            doc._keys[(*at, key)] = found[0][0]
            out[key] = []
            for n, (where, _, inner) in enumerate(found):
                doc._keys[(*at, key, n)] = where
                out[key].append(_plain(inner, (*at, key, n), doc))
    return out


def _value(item: Any, at: Path, where: Position, doc: HclDocument) -> Any:
    doc._values[at] = where
    if not isinstance(item, tuple):
        return item  # a number, a boolean, None
    kind = item[0]
    if kind == "qstr":  # its text starts after the quote
        doc._values[at] = Position(where.path, where.line, where.column + 1)
        return item[1]
    if kind == "str":
        return item[1]
    if kind == "list":
        return [_value(v, (*at, n), p, doc) for n, (p, v) in enumerate(item[1])]
    out: dict[str, Any] = {}
    for key, key_at, (value_at, value) in item[1]:
        doc._keys[(*at, key)] = key_at
        out[key] = _value(value, (*at, key), value_at, doc)
    return out
