"""Edits that remove one engine flag where the deployment wrote it: the option, its value and
the whitespace, separator, list line or line continuation they own.

``toplint.fix.flagedits`` removes a flag a fix unsets (and the earlier occurrences of one the
engine overrides) through ``remove_flag``; like it, this reads the file text at the parser's
positions only (``toplint.fix.words``), and everything outside the removed text stays byte for
byte.
"""

from __future__ import annotations

from toplint.fix.textindex import TextIndex
from toplint.fix.words import Span, flag_spans, list_item, solid_after
from toplint.infra.patterns import lazy
from toplint.model import Edit, Flag

__all__ = ["remove_flag"]


def remove_flag(flag: Flag, idx: TextIndex, path: str) -> list[Edit]:
    """Delete the option and its value with the whitespace, separator or list line they own."""
    option, value_span = flag_spans(flag, idx)
    edits: list[Edit] = []
    if value_span is not None and idx.line_bounds(value_span.start) != idx.line_bounds(
        option.start
    ):
        edits.append(_remove_token(value_span, idx, path))
        edits.append(_remove_token(option, idx, path))
        return edits
    end = value_span.end if value_span is not None else option.end
    return [_remove_token(Span(option.start, end), idx, path)]


def _remove_token(span: Span, idx: TextIndex, path: str) -> Edit:
    """Each test looks at the blanks next to the token, never at the rest of its line (a
    line of thousands of flags was line x findings)."""
    text = idx.text
    line_start, line_end = idx.line_bounds(span.start)
    before_blank = _solid_before(text, line_start, span.start) < line_start
    solid = solid_after(text, span.end, line_end)
    after_blank = solid == line_end
    if list_item(span, idx) is not None or (before_blank and after_blank):
        return _remove_line(line_start, line_end, idx, path)
    lone_backslash = (
        not after_blank
        and text[solid] == "\\"
        and solid_after(text, solid + 1, line_end) == line_end
    )
    if before_blank and lone_backslash:
        return _remove_line(line_start, line_end, idx, path)  # "    --tp 8 \" on its own line
    start, end = span.start, span.end
    blanks = _blanks_before(text, line_start, start)
    if blanks > line_start and text[blanks - 1] == "," and text[start - 1] in " \t,":
        return idx.edit(path, blanks - 1, end, "")  # flow list: drop ", item"
    follow = _FOLLOWING_COMMA.match(text, end, line_end)
    if follow is not None:
        return idx.edit(path, start, follow.end(), "")
    ws = start - blanks
    if ws and not before_blank:
        return idx.edit(path, start - ws, end, "")
    trailing = _blanks_after(text, end, line_end) - end
    return idx.edit(path, start, end + trailing, "")


_FOLLOWING_COMMA = lazy(r"[ \t]*,[ \t]*")


def _solid_before(text: str, start: int, end: int) -> int:
    """The last non-blank offset in [start, end), else start - 1."""
    end -= 1
    while end >= start and text[end].isspace():
        end -= 1
    return end


def _blanks_before(text: str, start: int, end: int) -> int:
    """Where the run of spaces and tabs that ends at ``end`` starts (not before ``start``)."""
    while end > start and text[end - 1] in " \t":
        end -= 1
    return end


def _blanks_after(text: str, start: int, end: int) -> int:
    while start < end and text[start] in " \t":
        start += 1
    return start


def _remove_line(line_start: int, line_end: int, idx: TextIndex, path: str) -> Edit:
    text = idx.text
    removed_has_continuation = text[line_start:line_end].rstrip().endswith("\\")
    start = line_start
    if not removed_has_continuation and line_start > 0:
        prev_start, prev_end = idx.line_bounds(line_start - 1)
        prev = text[prev_start:prev_end]
        if prev.rstrip().endswith("\\"):
            # The last line of a continued command: its predecessor's "\" must go too.
            cut = prev_start + len(prev.rstrip()) - 1
            cut -= len(text[prev_start:cut]) - len(text[prev_start:cut].rstrip(" \t"))
            return idx.edit(path, cut, line_end, "")
    end = min(line_end + 1, len(text))
    return idx.edit(path, start, end, "")
