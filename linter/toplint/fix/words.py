"""The words a fix edits, found in file text from the parser's positions.

``Flag.position`` is the option token or YAML key, ``Flag.value_position`` the value token; a
word here is the shell or YAML token at such a position with its quotes, so one reading serves
shell scripts, YAML ``args:`` lists (block and flow), ``sh -c`` strings, compose ``command:``
and Helm values.  Scans stop at the word's end or its line's end, never later (a line of
thousands of flags was quadratic).
"""

from __future__ import annotations

import re

from toplint.fix.textindex import TextIndex
from toplint.infra.patterns import lazy
from toplint.model import Flag
from toplint.record import record

__all__ = ["Span", "flag_spans", "is_helm_key", "list_item", "solid_after", "token_end"]

_LIST_ITEM = lazy(r"[ \t]*-[ \t]+")  # the whole text before a block-list item
# A mapping key, also one spelled as the engine's flag (vector-inference's `vllm_args`:
# ``--tensor-parallel-size: 8``).
_YAML_KEY = lazy(r"(?:--?)?[A-Za-z_][\w.-]*[ \t]*:(?:[ \t]|$)", re.MULTILINE)


def token_end(text: str, start: int) -> int:
    """End offset of the shell/YAML word starting at ``start`` (quotes included)."""
    i = start
    while i < len(text):
        ch = text[i]
        if ch in "'\"":
            close = _closing_quote(text, i)
            if close is None:  # a YAML string's closing quote, not part of the word
                break
            i = close + 1
            continue
        if ch == "$" and text[i + 1 : i + 2] in ("{", "("):
            close = _closing_bracket(text, i + 1)
            if close is not None:  # ${TPS[$idx]}, $(nproc): one expansion, brackets and all
                i = close + 1
                continue
        if ch.isspace() or ch in ",]}" or (ch == "\\" and text[i + 1 : i + 2] == "\n"):
            break
        i += 1
    return i


def _closing_bracket(text: str, i: int) -> int | None:
    """The bracket closing the ``{`` or ``(`` at ``i`` on its line (nested ones counted)."""
    opening = text[i]
    closing = "}" if opening == "{" else ")"
    depth, j = 0, i
    while j < len(text) and text[j] != "\n":
        if text[j] == opening:
            depth += 1
        elif text[j] == closing:
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return None


def _closing_quote(text: str, i: int) -> int | None:
    """The quote closing the one at ``i`` on its line (scanned up to it, not to the line's
    end: a long line of quoted words was quadratic)."""
    quote, j = text[i], i + 1
    limit = len(text)
    while j < limit:
        ch = text[j]
        if ch == "\n":
            return None
        if ch == "\\" and quote == '"':
            if text[j + 1 : j + 2] == "\n":
                return None  # the escaped character is the line's end
            j += 2
            continue
        if ch == quote:
            return j
        j += 1
    return None


def solid_after(text: str, start: int, end: int) -> int:
    """The first non-blank offset in [start, end) (``str.isspace``, as ``strip``), else end."""
    while start < end and text[start].isspace():
        start += 1
    return start


@record
class Span:
    """A word's offsets in the text, [start, end), its quotes included."""

    start: int
    end: int

    def inner(self, text: str) -> tuple[int, int]:
        """The span without its surrounding quotes."""
        first, last = text[self.start], text[self.end - 1]
        if self.end - self.start >= 2 and first in "'\"" and last == first:
            return self.start + 1, self.end - 1
        return self.start, self.end


def _word(text: str, start: int) -> Span:
    """The word at ``start`` with its quotes.

    Parsers point at a quoted scalar's opening quote or just inside it (YAML flow sequences:
    ``["--tp", "16"]``); from inside, the quote that ends the word must not be taken for one
    that opens the next word.
    """
    before = start - 1
    if before >= 0 and text[before] in "'\"" and _opens(text, before):
        close = _closing_quote(text, before)
        if close is not None:
            return Span(before, close + 1)
    return Span(start, token_end(text, start))


def _opens(text: str, i: int) -> bool:
    """The quote at ``i`` starts a word (after a separator), rather than ending one."""
    return i == 0 or text[i - 1] in " \t\n[{,:"


def flag_spans(flag: Flag, idx: TextIndex) -> tuple[Span, Span | None]:
    """The option token and, when separate, the value token."""
    o = idx.offset(flag.position.line, flag.position.column)
    option = _word(idx.text, o)
    if flag.value_position is None:
        return option, None
    v = idx.offset(flag.value_position.line, flag.value_position.column)
    if option.start <= v < option.end:  # --tp=8: value inside the option token
        return option, None
    return option, _word(idx.text, v)


def is_helm_key(flag: Flag, idx: TextIndex) -> bool:
    """The flag was set by a YAML mapping key (Helm values ``tensorParallelSize: 2``)."""
    o = idx.offset(flag.position.line, flag.position.column)
    return _YAML_KEY.match(idx.text, o) is not None


def list_item(span: Span, idx: TextIndex) -> str | None:
    """The quote of a YAML block-list item that holds only this token ("" unquoted), else None.

    Parsers point either at the opening quote or just inside it; both are recognised.
    """
    text = idx.text
    line_start, line_end = idx.line_bounds(span.start)
    before_end, after_start = span.start, span.end
    quote = ""
    if before_end > line_start and text[before_end - 1] in "'\"":
        quote = text[before_end - 1]
        before_end -= 1
        if text[after_start : after_start + 1] != quote or after_start >= line_end:
            return None
        after_start += 1
    elif text[span.start] in "'\"":
        quote = text[span.start]
    if _LIST_ITEM.fullmatch(text, line_start, before_end) is None:
        return None
    rest = solid_after(text, after_start, line_end)
    return quote if rest == line_end or text[rest] == "#" else None
