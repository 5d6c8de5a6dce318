"""Nix expressions (NixOS modules, flakes) as a document with positions, read not evaluated.

A NixOS configuration writes a service as attribute sets (``virtualisation.oci-containers.
containers.vllm = { image = "vllm/vllm-openai:latest"; cmd = [ "--model" cfg.model ]; }``).  This
reads the literal part of the language (nix.dev, "Nix language basics"): attribute sets (``rec``
too; a dotted attribute path is nested sets, ``inherit`` copies a name), lists, strings (``"…"``
and ``''…''``, with ``${…}`` kept as text), numbers, ``true``/``false``/``null``, and ``let … in``
bindings, so that a reference to a bound name (``cfg.model`` after ``let cfg = { model = "m"; }``)
is its value.  Whatever is computed (a function call, an operator, a reference to a name not bound
in the file) is its source text in ``${…}``, an unresolved word, as the HCL reader keeps
expressions (``toplint.parse.generic.hcl``).  A module's function header (``{ config, lib, ... }:``)
and ``with lib;`` are skipped.  Nothing is evaluated, imported or fetched.

Each value keeps the line and column it is written at (a bound name's value: where it is used).
Token and nesting budgets bound the work on any input; a file outside the subset reads as
nothing (``data`` None).
"""

from __future__ import annotations

import bisect
import re
from copy import deepcopy
from typing import Any

from toplint.infra.patterns import lazy
from toplint.model import Position

Path = tuple[str | int, ...]
MAX_TOKENS = 200_000
MAX_DEPTH = 100

_TOKEN = lazy(
    r"""(?P<space>\s+|\#[^\n]*)
    |(?P<istr>''(?:[^']|'(?!')|'''|''\$|''\\.)*'')
    |(?P<str>"(?:[^"\\]|\\.)*")
    |(?P<path>(?:\.{1,2}|~)?/[A-Za-z0-9._+\-/]+|<[A-Za-z0-9._+\-/]+>)
    |(?P<num>\d+(?:\.\d+)?(?![A-Za-z_]))
    |(?P<id>[A-Za-z_][A-Za-z0-9_'\-]*)
    |(?P<op>\$\{|\.\.\.|//|\+\+|==|!=|<=|>=|&&|\|\||->|[{}\[\]();=:,.?@+\-*/<>!])""",
    re.VERBOSE | re.DOTALL,
)
_KEYWORDS = frozenset({"let", "in", "with", "rec", "inherit", "if", "then", "else", "assert"})


class _Stop(Exception):
    """The text left the subset read here (or a budget ran out)."""


class _Unread:
    """A computed value: its source text."""

    def __init__(self, text: str) -> None:
        self.text = text


class NixDocument:
    """``data`` (nested dicts, lists and scalars) with the positions of its keys and values."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self._text = text
        self._lines = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        self._keys: dict[Path, int] = {}
        self._values: dict[Path, int] = {}
        self._tokens = self._lex(text)
        self._i = 0
        self._depth = 0
        self.data: Any = None
        try:
            self.data = self._plain(self._expr({}, ()))
        except (_Stop, RecursionError):
            self.data = None  # outside the subset: nothing is read rather than a part

    # -- positions -------------------------------------------------------------------------
    def _position(self, offset: int) -> Position:
        line = bisect.bisect_right(self._lines, offset)
        return Position(self.path, line, offset - self._lines[line - 1] + 1)

    def key_position(self, path: Path) -> Position:
        at = self._keys.get(path, self._values.get(path, 0))
        return self._position(at)

    def value_position(self, path: Path) -> Position:
        return self._position(self._values.get(path, self._keys.get(path, 0)))

    # -- lexing ----------------------------------------------------------------------------
    @staticmethod
    def _lex(text: str) -> list[tuple[str, str, int]]:
        out: list[tuple[str, str, int]] = []
        at = 0
        while at < len(text) and len(out) < MAX_TOKENS:
            if text.startswith("/*", at):  # found once, not searched for again per token
                end = text.find("*/", at + 2)
                if end < 0:
                    break
                at = end + 2
                continue
            m = _TOKEN.match(text, at)
            if m is None:
                break  # a character outside the subset: the read ends here
            kind = m.lastgroup or ""
            if kind != "space":
                out.append((kind, m.group(0), at))
            at = m.end()
        out.append(("end", "", len(text)))
        return out

    def _peek(self, ahead: int = 0) -> tuple[str, str, int]:
        return self._tokens[min(self._i + ahead, len(self._tokens) - 1)]

    def _next(self) -> tuple[str, str, int]:
        token = self._peek()
        self._i += 1
        return token

    def _expect(self, word: str) -> None:
        if self._next()[1] != word:
            raise _Stop

    # -- parsing ---------------------------------------------------------------------------
    def _expr(self, env: dict[str, Any], at: Path) -> Any:
        """An expression up to (not including) the ``;``, ``)``, ``]``, ``}``, ``,`` or
        ``in`` that ends it."""
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Stop
        try:
            return self._expr_body(env, at)
        finally:
            self._depth -= 1

    def _expr_body(self, env: dict[str, Any], at: Path) -> Any:
        kind, word, _ = self._peek()
        if word == "{" and self._is_lambda_set():
            self._skip_balanced("{", "}")
            if self._peek()[1] == "@":
                self._next(), self._next()
            self._expect(":")
            return self._expr(env, at)
        if kind == "id" and word not in _KEYWORDS and self._peek(1)[1] in (":", "@"):
            self._next()
            if self._next()[1] == "@":  # `args@{ ... }: body`; else `x: body`
                self._skip_balanced("{", "}")
                self._expect(":")
            return self._expr(env, at)
        if word == "let":
            self._next()
            scope = dict(env)
            while self._peek()[1] not in ("in", ""):
                self._binding(scope, scope, ())
            self._expect("in")
            return self._expr(scope, at)
        if word == "with":
            self._next()
            self._skip_until((";",))
            self._expect(";")
            return self._expr(env, at)
        return self._application(env, at)

    def _application(self, env: dict[str, Any], at: Path) -> Any:
        """One value, or (a call, an operator, ``if``) the source text of them all."""
        start = self._peek()[2]
        first = self._primary(env, at)
        if self._peek()[1] in (";", ")", "]", "}", ",", "in", "then", "else", ""):
            return first
        self._skip_until((";", ")", "]", "}", ",", "in", "then", "else"))
        end = self._peek()[2]
        self._values[at] = start
        return _Unread(self._text[start:end].strip())

    def _primary(self, env: dict[str, Any], at: Path) -> Any:
        kind, word, start = self._next()
        self._values.setdefault(at, start)
        if kind == "str":
            return _string(word[1:-1])
        if kind == "istr":
            return _indented(word[2:-2])
        if kind == "num":
            return float(word) if "." in word else int(word)
        if kind == "path":
            return word
        if word == "rec":
            kind, word, start = self._next()
        if word == "{":
            return self._set(env, at)
        if word == "[":
            items: list[Any] = []
            while self._peek()[1] not in ("]", ""):
                items.append(self._primary(env, (*at, len(items))))
            self._expect("]")
            return items
        if word == "(":
            value = self._expr(env, at)
            self._expect(")")
            return value
        if kind == "id" and word not in _KEYWORDS:
            return self._reference(word, start, env, at)
        if word in ("if", "assert"):
            self._i -= 1
            self._skip_until((";", ")", "]", "}", ","))
            return _Unread(self._text[start : self._peek()[2]].strip())
        raise _Stop

    def _reference(self, name: str, start: int, env: dict[str, Any], at: Path) -> Any:
        steps = [name]
        computed = False  # `a.${b}.c`: an attribute chosen at evaluation
        while self._peek()[1] == "." and (
            self._peek(1)[0] in ("id", "str") or self._peek(1)[1] == "${"
        ):
            self._next()
            if self._peek()[1] == "${":
                self._skip_balanced("${", "}")
                computed = True
                continue
            step = self._next()[1]
            steps.append(step[1:-1] if step.startswith('"') else step)
        end = self._peek()[2]
        if computed:
            return _Unread(self._text[start:end].strip())
        if self._peek()[0] == "id" and self._peek()[1] == "or":
            self._next()
            self._primary(env, at)  # `a.b or default`: not followed
            return _Unread(self._text[start : self._peek()[2]].strip())
        literal = {"true": True, "false": False, "null": None}
        if len(steps) == 1 and name in literal and name not in env:
            return literal[name]
        node: Any = env
        for step in steps:
            if not isinstance(node, dict) or step not in node:
                return _Unread(self._text[start:end].strip())
            node = node[step]
        return deepcopy(node)

    def _set(self, env: dict[str, Any], at: Path) -> dict[str, Any]:
        out: dict[str, Any] = {}
        scope = dict(env)
        while self._peek()[1] not in ("}", ""):
            self._binding(out, scope, at)
        self._expect("}")
        return out

    def _binding(self, out: dict[str, Any], scope: dict[str, Any], at: Path) -> None:
        _, word, _ = self._peek()
        if word == "inherit":
            self._next()
            source: Any = scope
            if self._peek()[1] == "(":
                self._next()
                source = self._expr(scope, at)
                self._expect(")")
            while self._peek()[0] in ("id", "str"):
                _, name, where = self._next()
                name = name.strip('"')
                value = source.get(name) if isinstance(source, dict) else None
                out[name] = deepcopy(value) if value is not None else _Unread(name)
                self._keys[(*at, name)] = where
            self._expect(";")
            return
        steps: list[tuple[str, int]] = []
        while True:
            kind, word, where = self._next()
            if kind == "id":
                steps.append((word, where))
            elif kind == "str" and "${" not in word:
                steps.append((_string(word[1:-1]), where))
            else:  # a computed attribute name (`"${cfg.user}" = …;`): the binding is not read
                if word == "${":
                    self._i -= 1
                    self._skip_balanced("${", "}")
                self._skip_until((";",))
                self._expect(";")
                return
            if self._peek()[1] != ".":
                break
            self._next()
        self._expect("=")
        path = (*at, *(s for s, _ in steps))
        for n in range(len(steps)):
            self._keys.setdefault((*at, *(s for s, _ in steps[: n + 1])), steps[n][1])
        value = self._expr(scope, path)
        self._expect(";")
        node = out
        for step, _ in steps[:-1]:
            child = node.get(step)
            if not isinstance(child, dict):
                child = node[step] = {}
            node = child
        node[steps[-1][0]] = value

    def _is_lambda_set(self) -> bool:
        """``{ a, b ? 1, ... }:`` (a function's argument set), not an attribute set."""
        depth, j = 0, self._i
        while j < len(self._tokens) - 1:
            word = self._tokens[j][1]
            depth += word == "{"
            depth -= word == "}"
            if depth == 0:
                return self._tokens[j + 1][1] in (":", "@")
            if depth == 1 and word in ("=", ";"):
                return False
            j += 1
        return False

    def _skip_balanced(self, opening: str, closing: str) -> None:
        depth = 0
        while True:
            word = self._next()[1]
            if word == "":
                raise _Stop
            depth += word in (opening, "${")
            depth -= word == closing
            if depth == 0:
                return

    def _skip_until(self, ends: tuple[str, ...]) -> None:
        depth = 0
        while True:
            word = self._peek()[1]
            if word == "" or (depth == 0 and word in ends):
                return
            depth += word in ("{", "[", "(", "${")
            depth -= word in ("}", "]", ")")
            if depth < 0:
                return
            self._next()

    def _plain(self, value: Any) -> Any:
        if isinstance(value, _Unread):
            return "${" + value.text + "}"
        if isinstance(value, dict):
            return {k: self._plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self._plain(v) for v in value]
        return value


def _string(body: str) -> str:
    escapes = {"n": "\n", "t": "\t", "r": "\r"}
    out: list[str] = []
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _indented(body: str) -> str:
    text = body.replace("'''", "''").replace("''$", "$")
    lines = text.split("\n")
    indents = [len(x) - len(x.lstrip(" ")) for x in lines[1:] if x.strip()]
    cut = min(indents) if indents else 0
    first = lines[0] if lines[0].strip() else None
    rest = [x[cut:] for x in lines[1:]]
    return "\n".join(([first] if first is not None else []) + rest)
