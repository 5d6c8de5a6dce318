"""Go ``text/template`` source -> text and action items, and an action's words -> tokens.

A template is literal text between actions ``{{ ... }}``; ``{{-`` trims the white space before
the action and ``-}}`` the white space after it (pkg.go.dev/text/template, "Text and spaces");
``{{/* ... */}}`` is a comment.  Each item keeps the offset where it starts in the template, so
rendered text can be mapped back to the file it came from.  Nothing here evaluates anything.
"""

from __future__ import annotations

from toplint.infra.patterns import lazy
from toplint.record import record


class TemplateSyntax(Exception):
    """Template text the lexer or parser does not read; ``offset`` is where, in the file."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@record
class Item:
    kind: str  # "text" or "action"
    text: str
    offset: int  # where the text (or the action's words) start in the template


@record
class Token:
    kind: str  # string number bool nil field var ident ( ) | := = , dot
    text: str
    offset: int


_WS = " \t\r\n"


def items(source: str) -> list[Item]:
    """The template as text and action items, trim markers applied."""
    out: list[Item] = []
    pos = 0
    trim_next = False
    while pos <= len(source):
        start = source.find("{{", pos)
        text_end = len(source) if start < 0 else start
        text_start = pos
        if trim_next:
            while text_start < text_end and source[text_start] in _WS:
                text_start += 1
        if start < 0:
            _text(out, source, text_start, text_end)
            break
        inner = start + 2
        trim_before = (
            source.startswith("- ", inner)
            or source.startswith("-\t", inner)
            or (source.startswith("-\n", inner))
        )
        if trim_before:
            inner += 1
            while text_end > text_start and source[text_end - 1] in _WS:
                text_end -= 1
        _text(out, source, text_start, text_end)
        close = _close(source, inner, start)
        end = close
        trim_next = (
            source[close - 1] == "-" and source[close - 2] in _WS if close - 2 >= inner else False
        )
        if trim_next:
            end = close - 1
        words = source[inner:end]
        stripped = words.strip()
        if not (stripped.startswith("/*") and stripped.endswith("*/")):
            out.append(Item("action", words, inner))
        pos = close + 2
    return out


def _text(out: list[Item], source: str, start: int, end: int) -> None:
    if end > start:
        out.append(Item("text", source[start:end], start))


def _close(source: str, inner: int, start: int) -> int:
    """Offset of the ``}}`` that closes the action at ``inner`` (not one inside a string)."""
    i = inner
    quote = ""
    comment = source[inner : inner + 3].lstrip(" -")
    if comment.startswith("/*"):  # a comment may hold any text, quotes too: up to its */
        end = source.find("*/", inner)
        i = end + 2 if end >= 0 else len(source)
    while i < len(source):
        c = source[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c in '"`':  # an apostrophe is a rune only in Go: not a quote to scan past
            quote = c
        elif source.startswith("}}", i):
            return i
        i += 1
    raise TemplateSyntax("unclosed action", start)


_TOKEN = lazy(
    r"""\s*(?:(?P<string>"(?:[^"\\]|\\.)*"|`[^`]*`)|(?P<char>'(?:[^'\\]|\\.)+')"""
    r"""|(?P<number>[-+]?(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+))"""
    r"""|(?P<var>\$[A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)|(?P<field>(?:\.[A-Za-z0-9_]+)+)"""
    r"""|(?P<decl>:=)|(?P<punct>[()|=,])|(?P<dot>\.)"""
    r"""|(?P<ident>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*))""",
    0,
)


def tokens(words: str, offset: int) -> list[Token]:
    """The tokens of one action's words (``offset``: where they start in the template)."""
    out: list[Token] = []
    pos = 0
    while pos < len(words):
        if words[pos:].strip() == "":
            break
        m = _TOKEN.match(words, pos)
        if m is None or m.end() == pos:
            raise TemplateSyntax(f"unexpected {words[pos:].strip()[:20]!r}", offset + pos)
        kind = m.lastgroup or ""
        text = m.group(kind)
        at = offset + m.start(kind)
        if kind == "ident" and text in ("true", "false"):
            kind = "bool"
        elif kind == "ident" and text == "nil":
            kind = "nil"
        elif kind in ("punct", "decl"):
            kind = text
        elif kind == "field" and out and out[-1].kind == ")" and m.start(kind) == pos:
            kind = "chain"  # (expr).Field
        out.append(Token(kind, text, at))
        pos = m.end()
    return out
