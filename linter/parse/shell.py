"""A small POSIX-shell lexer that keeps the position of every word.

It splits a script into simple commands (on newlines, ``;``, ``&&``, ``||``, ``|``, ``&``),
joins backslash-newline continuations, honours single quotes, double quotes and escapes, skips
comments and here-documents, and expands ``$VAR``, ``${VAR}``, ``${VAR:-default}``, ``$((…))``
from a variable environment built from earlier assignments in the same script.  What cannot be
known (``$3``, ``$(cmd)``, ``${ARR[$i]}``, a variable never assigned) leaves the word
unresolved: its ``value`` is None and ``unresolved`` names the variables.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from toplint.errors import SourceError


@dataclass(frozen=True)
class Word:
    raw: str  # as written, quotes included
    value: str | None  # after quote removal and expansion; None when unresolved
    line: int
    column: int
    unresolved: tuple[str, ...] = ()
    quoted: bool = False


@dataclass(frozen=True)
class Command:
    words: tuple[Word, ...]
    line: int
    column: int


_OPERATORS = ("&&", "||", ";;", ";", "|", "&")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)


class _Cursor:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.line = 1
        self.col = 1

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.text[j] if j < len(self.text) else ""

    def take(self) -> str:
        ch = self.text[self.i]
        self.i += 1
        if ch == "\n":
            self.line += 1
            self.col = 1
        else:
            self.col += 1
        return ch

    def startswith(self, s: str) -> bool:
        return self.text.startswith(s, self.i)


# A word is a list of parts: ("lit", text) or ("exp", expression-without-$) for expansions.
Part = tuple[str, str]


def _read_expansion(cur: _Cursor) -> str:
    """After a '$': return the expansion text (e.g. '{VAR:-x}', 'VAR', '((1+2))', '(cmd)')."""
    ch = cur.peek()
    if ch in "{(":
        close = "}" if ch == "{" else ")"
        depth = 0
        out = []
        start = (cur.line, cur.col)
        while cur.peek():
            c = cur.take()
            out.append(c)
            if c == ch:
                depth += 1
            elif c == close:
                depth -= 1
                if depth == 0:
                    return "".join(out)
            elif c == "\\" and cur.peek():
                out.append(cur.take())
        raise SourceError(f"unclosed '${ch}'", *start)
    m = _NAME.match(cur.text, cur.i)
    if m:
        for _ in range(m.end() - cur.i):
            cur.take()
        return m.group(0)
    if ch and (ch.isdigit() or ch in "@*#?$!-"):
        return cur.take()
    return ""


def _read_word(cur: _Cursor) -> tuple[str, list[Part], bool]:
    raw_start = cur.i
    parts: list[Part] = []
    quoted = False
    lit: list[str] = []

    def flush() -> None:
        if lit:
            parts.append(("lit", "".join(lit)))
            lit.clear()

    while cur.peek() and cur.peek() not in " \t\n;&|<>()":
        ch = cur.peek()
        if ch == "\\":
            cur.take()
            if cur.peek() == "\n":
                cur.take()  # line continuation inside a word
            elif cur.peek():
                lit.append(cur.take())
        elif ch == "'":
            quoted = True
            line, col = cur.line, cur.col
            cur.take()
            while cur.peek() != "'":
                if not cur.peek():
                    raise SourceError("unclosed single quote", line, col)
                lit.append(cur.take())
            cur.take()
        elif ch == '"':
            quoted = True
            line, col = cur.line, cur.col
            cur.take()
            while cur.peek() != '"':
                c = cur.peek()
                if not c:
                    raise SourceError("unclosed double quote", line, col)
                if c == "\\" and cur.peek(1) in '"\\$`\n':
                    cur.take()
                    nxt = cur.take()
                    if nxt != "\n":
                        lit.append(nxt)
                elif c == "$":
                    cur.take()
                    exp = _read_expansion(cur)
                    flush()
                    parts.append(("exp", exp) if exp else ("lit", "$"))
                elif c == "`":
                    flush()
                    parts.append(("exp", "(" + _read_backquote(cur) + ")"))
                else:
                    lit.append(cur.take())
            cur.take()
        elif ch == "$":
            cur.take()
            exp = _read_expansion(cur)
            flush()
            parts.append(("exp", exp) if exp else ("lit", "$"))
        elif ch == "`":
            flush()
            parts.append(("exp", "(" + _read_backquote(cur) + ")"))
        else:
            lit.append(cur.take())
    flush()
    return cur.text[raw_start : cur.i], parts, quoted


def _read_backquote(cur: _Cursor) -> str:
    line, col = cur.line, cur.col
    cur.take()
    out = []
    while cur.peek() != "`":
        if not cur.peek():
            raise SourceError("unclosed backquote", line, col)
        out.append(cur.take())
    cur.take()
    return "".join(out)


def _skip_heredoc(cur: _Cursor, delimiter: str) -> None:
    """Skip from the next line to the line that holds only the delimiter."""
    while cur.peek() and cur.peek() != "\n":
        cur.take()
    while cur.peek():
        cur.take()  # the newline
        start = cur.i
        while cur.peek() and cur.peek() != "\n":
            cur.take()
        if cur.text[start : cur.i].strip("\t") == delimiter:
            return


def _tokens(text: str) -> Iterator[tuple[str, int, int, str, list[Part], bool]]:
    """Yield ("word", line, col, raw, parts, quoted) and ("sep", line, col, op, [], False)."""
    cur = _Cursor(text)
    pending_heredocs: list[str] = []
    while cur.peek():
        ch = cur.peek()
        if ch in " \t\r":
            cur.take()
        elif ch == "\\" and cur.peek(1) == "\n":
            cur.take()
            cur.take()
        elif ch == "#":
            while cur.peek() and cur.peek() != "\n":
                cur.take()
        elif ch == "\n":
            yield ("sep", cur.line, cur.col, "\n", [], False)
            if pending_heredocs:
                for delim in pending_heredocs:
                    _skip_heredoc(cur, delim)
                pending_heredocs.clear()
            else:
                cur.take()
        elif ch in "<>":
            line, col = cur.line, cur.col
            op = cur.take()
            if op == "<" and cur.peek() == "<":
                cur.take()
                if cur.peek() == "-":
                    cur.take()
                while cur.peek() in " \t":
                    cur.take()
                _, parts, _ = _read_word(cur)
                pending_heredocs.append("".join(p[1] for p in parts))
                continue
            while cur.peek() in "<>&":
                cur.take()
            while cur.peek() in " \t":
                cur.take()
            _read_word(cur)  # the redirection target is not an argument
        elif ch in "()":
            yield ("sep", cur.line, cur.col, cur.take(), [], False)
        elif ch in ";&|":
            line, col = cur.line, cur.col
            op = next(o for o in _OPERATORS if cur.startswith(o))
            for _ in op:
                cur.take()
            yield ("sep", line, col, op, [], False)
        else:
            line, col = cur.line, cur.col
            raw, parts, quoted = _read_word(cur)
            yield ("word", line, col, raw, parts, quoted)


_PARAM = re.compile(
    r"^\{(#?)([A-Za-z_][A-Za-z0-9_]*|\d+|[@*#?$!])(\[[^\]]*\])?(?:(:?[-=?+])(.*))?\}$", re.S
)


class Expander:
    """Expands parts against a variable environment."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = dict(env)

    def expand(self, parts: list[Part]) -> tuple[str | None, tuple[str, ...]]:
        out: list[str] = []
        missing: list[str] = []
        for kind, text in parts:
            if kind == "lit":
                out.append(text)
                continue
            value = self.expand_one(text, missing)
            if value is not None:
                out.append(value)
        if missing:
            return None, tuple(dict.fromkeys(missing))
        return "".join(out), ()

    def expand_one(self, exp: str, missing: list[str]) -> str | None:
        if exp.startswith("(("):
            return self._arith(exp[2:-2], missing)
        if exp.startswith("("):
            missing.append("$" + exp)
            return None
        if not exp.startswith("{"):
            return self._lookup(exp, "$" + exp, missing)
        m = _PARAM.match(exp)
        if not m or m.group(1) or m.group(3):
            missing.append("$" + exp)  # ${#x}, ${ARR[$i]}, ${x/a/b}: not evaluated
            return None
        name, op, arg = m.group(2), m.group(4), m.group(5) or ""
        value = self.env.get(name)
        if (op in (":-", ":=") and not value) or (op in ("-", "=") and value is None):
            sub = Expander(self.env).expand(_split_default(arg))
            if sub[0] is None:
                missing.extend(sub[1])
                return None
            if op in (":=", "="):
                self.env[name] = sub[0]
            return sub[0]
        if op in (":+", "+"):
            return arg if value else ""
        return self._lookup(name, "${" + name + "}", missing)

    def _lookup(self, name: str, shown: str, missing: list[str]) -> str | None:
        if name in self.env:
            return self.env[name]
        missing.append(shown if not name.isdigit() else "$" + name)
        return None

    def _arith(self, expr: str, missing: list[str]) -> str | None:
        names = set(_NAME.findall(expr))
        values: dict[str, int] = {}
        for name in names:
            raw = self.env.get(name)
            if raw is None or not raw.strip().lstrip("-").isdigit():
                missing.append(name)
                return None
            values[name] = int(raw)
        expr = re.sub(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?", r"\1", expr)
        return _safe_arith(expr, values, missing)


def _split_default(arg: str) -> list[Part]:
    """Parts of a ${VAR:-default} default word (it may itself hold expansions)."""
    cur = _Cursor(arg.replace('"', ""))
    parts: list[Part] = []
    lit: list[str] = []
    while cur.peek():
        if cur.peek() == "$":
            cur.take()
            if lit:
                parts.append(("lit", "".join(lit)))
                lit.clear()
            exp = _read_expansion(cur)
            parts.append(("exp", exp) if exp else ("lit", "$"))
        else:
            lit.append(cur.take())
    if lit:
        parts.append(("lit", "".join(lit)))
    return parts


_ARITH_TOKEN = re.compile(r"\s*(\d+|[A-Za-z_][A-Za-z0-9_]*|\*\*|[-+*/%()])")


def _safe_arith(expr: str, values: Mapping[str, int], missing: list[str]) -> str | None:
    """Integer arithmetic with + - * / % ** and parentheses; no eval."""
    tokens = []
    pos = 0
    while pos < len(expr.rstrip()):
        m = _ARITH_TOKEN.match(expr, pos)
        if not m:
            missing.append("$((" + expr + "))")
            return None
        tokens.append(m.group(1))
        pos = m.end()
    try:
        value, rest = _arith_sum(tokens, values)
    except (ValueError, ZeroDivisionError, IndexError):
        missing.append("$((" + expr + "))")
        return None
    if rest:
        missing.append("$((" + expr + "))")
        return None
    return str(value)


def _arith_sum(t: list[str], v: Mapping[str, int]) -> tuple[int, list[str]]:
    left, t = _arith_prod(t, v)
    while t and t[0] in "+-":
        op, (right, t) = t[0], _arith_prod(t[1:], v)
        left = left + right if op == "+" else left - right
    return left, t


def _arith_prod(t: list[str], v: Mapping[str, int]) -> tuple[int, list[str]]:
    left, t = _arith_atom(t, v)
    while t and t[0] in ("*", "/", "%", "**"):
        op, (right, t) = t[0], _arith_atom(t[1:], v)
        if op == "*":
            left *= right
        elif op == "**":
            left **= min(right, 64)
        elif op == "/":
            left = int(left / right)
        else:
            left %= right
    return left, t


def _arith_atom(t: list[str], v: Mapping[str, int]) -> tuple[int, list[str]]:
    tok = t[0]
    if tok == "(":
        value, rest = _arith_sum(t[1:], v)
        if not rest or rest[0] != ")":
            raise ValueError("unbalanced")
        return value, rest[1:]
    if tok == "-":
        value, rest = _arith_atom(t[1:], v)
        return -value, rest
    if tok.isdigit():
        return int(tok), t[1:]
    return v[tok], t[1:]


def lex(text: str, env: Mapping[str, str] | None = None) -> list[Command]:
    """Split a script into simple commands with expanded words.

    Assignments (``VAR=x`` alone, ``export VAR=x``, ``VAR=x cmd`` for that command) update the
    environment seen by later commands; ``env`` seeds it (e.g. a container's env vars).
    """
    expander = Expander(env or {})
    commands: list[Command] = []
    current: list[Word] = []
    for kind, line, col, raw, parts, quoted in _tokens(text):
        if kind == "sep":
            if current:
                commands.append(_finish(current, expander))
                current = []
            continue
        value, unresolved = expander.expand(parts)
        word = Word(raw, value, line, col, unresolved, quoted)
        current.extend(_split_fields(word, parts))
    if current:
        commands.append(_finish(current, expander))
    return commands


_IFS = re.compile(r"[ \t\n]+")


def _split_fields(word: Word, parts: list[Part]) -> list[Word]:
    """Field splitting: an unquoted expansion's value splits on whitespace and an empty one
    disappears (``vllm serve $EXTRA_ARGS``).  Assignments are never split.  The pieces keep the
    position of the word they came from."""
    if word.quoted or word.value is None or not any(k == "exp" for k, _ in parts):
        return [word]
    if _ASSIGN.match(word.raw):
        return [word]
    pieces = [p for p in _IFS.split(word.value) if p]
    if len(pieces) == 1 and pieces[0] == word.value:
        return [word]
    return [Word(p, p, word.line, word.column, (), False) for p in pieces]


def expand_text(text: str, env: Mapping[str, str]) -> tuple[str | None, tuple[str, ...]]:
    """Expand ``$VAR``/``${VAR:-default}`` in a plain string (no quote removal, ``$$`` is ``$``),
    as docker compose interpolates its YAML values.  Returns (value or None, unresolved)."""
    cur = _Cursor(text)
    parts: list[Part] = []
    lit: list[str] = []
    while cur.peek():
        if cur.peek() == "$" and cur.peek(1) == "$":
            cur.take()
            lit.append(cur.take())
        elif cur.peek() == "$":
            cur.take()
            exp = _read_expansion(cur)
            if lit:
                parts.append(("lit", "".join(lit)))
                lit.clear()
            parts.append(("exp", exp) if exp else ("lit", "$"))
        else:
            lit.append(cur.take())
    if lit:
        parts.append(("lit", "".join(lit)))
    return Expander(env).expand(parts)


def _finish(words: list[Word], expander: Expander) -> Command:
    """Record assignments into the environment; return the command."""
    head = 1 if words[0].value in ("export", "declare", "local", "readonly") else 0
    rest = words[head:]
    assigns = [w for w in rest if w.raw and _ASSIGN.match(w.raw)]
    if head or len(assigns) == len(rest):
        for w in assigns:
            name = _ASSIGN.match(w.raw).group(1)  # type: ignore[union-attr]
            if w.value is not None and "=" in w.value:
                expander.env[name] = w.value.split("=", 1)[1]
            else:
                expander.env.pop(name, None)
    return Command(tuple(words), words[0].line, words[0].column)
