"""Minimal text edits that change, add or remove one engine flag where the deployment wrote it.

Works from the file text and the parser's positions only (``Flag.position`` is the option token
or YAML key, ``Flag.value_position`` the value token), so one set of edits serves shell scripts,
YAML ``args:`` lists (block and flow), ``sh -c`` strings, compose ``command:`` and Helm values.
Everything outside the edited tokens stays byte for byte.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping

from toplint.engines.registry import find_engine
from toplint.infra.patterns import lazy
from toplint.model import Deployment, Edit, Flag
from toplint.record import record

__all__ = [
    "FlagIndex",
    "TextIndex",
    "duplicate_edits",
    "flag_edits",
    "mapping_value_edits",
    "remove_flag",
]

# Deployment fields whose flag a new flag setting this field goes beside, so a new
# --pipeline-parallel-size lands next to the TP flag, in any engine's spelling.
_RELATED = {
    "pp": ("tp", "dp"),
    "tp": ("pp", "dp"),
    "dp": ("tp", "pp"),
    "dp_local": ("dp", "tp"),
    "ep": ("tp", "dp"),
    "ep_enabled": ("tp", "dp"),
}
_LIST_ITEM = lazy(r"[ \t]*-[ \t]+")  # the whole text before a block-list item


_LAST: list[TextIndex | None] = [None]
_LAST_FLAGS: list[FlagIndex | None] = [None]


class FlagIndex:
    """A deployment's flags in its own file, by canonical name and by position: every finding
    about one deployment finds its flag here instead of walking all of its flags (a command
    of 16,000 flags with 8,000 findings was findings x flags)."""

    def __init__(self, dep: Deployment) -> None:
        self.dep = dep
        self.named: dict[str, list[Flag]] = {}
        self.at: dict[tuple[int, int], Flag] = {}
        for f in dep.flags:
            if f.position.path == dep.path:
                self.named.setdefault(f.name, []).append(f)
                self.at.setdefault((f.position.line, f.position.column), f)

    @classmethod
    def of(cls, dep: Deployment) -> FlagIndex:
        """The index of ``dep``, shared while the same deployment is asked about."""
        last = _LAST_FLAGS[0]
        if last is None or last.dep is not dep:
            last = _LAST_FLAGS[0] = cls(dep)
        return last


class TextIndex:
    """Offsets <-> (line, column) for one file's text (columns count characters, 1-based)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._lines: list[str] | None = None
        self.starts = [0]
        find, append = text.find, self.starts.append
        i = find("\n")
        while i >= 0:  # str.find runs in C: ~50x faster than a character loop
            append(i + 1)
            i = find("\n", i + 1)

    @classmethod
    def of(cls, text: str) -> TextIndex:
        """The index of ``text``, shared while the same text is asked about: every finding of a
        file builds its edits from one index, not one scan of the file each (a file with
        thousands of findings was findings x size when an output carries edits)."""
        last = _LAST[0]
        if last is None or last.text is not text:
            last = _LAST[0] = cls(text)
        return last

    @property
    def lines(self) -> list[str]:
        """The text's lines (split at "\\n"), made once."""
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines

    def offset(self, line: int, column: int) -> int:
        return self.starts[line - 1] + column - 1

    def point(self, offset: int) -> tuple[int, int]:
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:  # last line start <= offset
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - self.starts[lo] + 1

    def line_bounds(self, offset: int) -> tuple[int, int]:
        """[start, end) of the line holding ``offset``, end excluding the newline (from the
        line starts: searching the text was the line's length per finding)."""
        line = bisect.bisect_right(self.starts, offset)
        start = self.starts[line - 1]
        if offset < len(self.text) and self.text[offset] == "\n":
            return start, offset
        end = self.starts[line] - 1 if line < len(self.starts) else len(self.text)
        return start, end

    def edit(self, path: str, start: int, end: int, content: str) -> Edit:
        return Edit(path, self.point(start), self.point(end), content)


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
        if ch.isspace() or ch in ",]}" or (ch == "\\" and text[i + 1 : i + 2] == "\n"):
            break
        i += 1
    return i


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


def _solid_after(text: str, start: int, end: int) -> int:
    """The first non-blank offset in [start, end) (``str.isspace``, as ``strip``), else end."""
    while start < end and text[start].isspace():
        start += 1
    return start


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


@record
class _Span:
    start: int
    end: int

    def inner(self, text: str) -> tuple[int, int]:
        """The span without its surrounding quotes."""
        first, last = text[self.start], text[self.end - 1]
        if self.end - self.start >= 2 and first in "'\"" and last == first:
            return self.start + 1, self.end - 1
        return self.start, self.end


def _word(text: str, start: int) -> _Span:
    """The word at ``start`` with its quotes.

    Parsers point at a quoted scalar's opening quote or just inside it (YAML flow sequences:
    ``["--tp", "16"]``); from inside, the quote that ends the word must not be taken for one
    that opens the next word.
    """
    before = start - 1
    if before >= 0 and text[before] in "'\"" and _opens(text, before):
        close = _closing_quote(text, before)
        if close is not None:
            return _Span(before, close + 1)
    return _Span(start, token_end(text, start))


def _opens(text: str, i: int) -> bool:
    """The quote at ``i`` starts a word (after a separator), rather than ending one."""
    return i == 0 or text[i - 1] in " \t\n[{,:"


def _spans(flag: Flag, idx: TextIndex) -> tuple[_Span, _Span | None]:
    """The option token and, when separate, the value token."""
    o = idx.offset(flag.position.line, flag.position.column)
    option = _word(idx.text, o)
    if flag.value_position is None:
        return option, None
    v = idx.offset(flag.value_position.line, flag.value_position.column)
    if option.start <= v < option.end:  # --tp=8: value inside the option token
        return option, None
    return option, _word(idx.text, v)


_YAML_KEY = lazy(r"[A-Za-z_][\w.-]*[ \t]*:(?:[ \t]|$)", re.MULTILINE)


def _is_helm_key(flag: Flag, idx: TextIndex) -> bool:
    """The flag was set by a YAML mapping key (Helm values ``tensorParallelSize: 2``)."""
    o = idx.offset(flag.position.line, flag.position.column)
    return _YAML_KEY.match(idx.text, o) is not None


def set_value(flag: Flag, value: str, idx: TextIndex, path: str) -> Edit | None:
    """Replace the value of ``flag`` (keeping its quotes); None when it is a bare boolean."""
    option, value_span = _spans(flag, idx)
    text = idx.text
    if value_span is not None:
        start, end = value_span.inner(text)
        return idx.edit(path, start, end, value)
    token = text[option.start : option.end]
    eq = token.find("=")
    if eq < 0:
        return None
    start = option.start + eq + 1
    end = option.end
    if text[end - 1 : end] in ("'", '"') and end - 1 > start:
        end -= 1  # "--tp=8" quoted as a whole
    if text[start : start + 1] in ("'", '"'):
        start, end = start + 1, token_end(text, start) - 1
    return idx.edit(path, start, end, value)


def remove_flag(flag: Flag, idx: TextIndex, path: str) -> list[Edit]:
    """Delete the option and its value with the whitespace, separator or list line they own."""
    option, value_span = _spans(flag, idx)
    edits: list[Edit] = []
    if value_span is not None and idx.line_bounds(value_span.start) != idx.line_bounds(
        option.start
    ):
        edits.append(_remove_token(value_span, idx, path))
        edits.append(_remove_token(option, idx, path))
        return edits
    end = value_span.end if value_span is not None else option.end
    return [_remove_token(_Span(option.start, end), idx, path)]


def _remove_token(span: _Span, idx: TextIndex, path: str) -> Edit:
    """Each test looks at the blanks next to the token, never at the rest of its line (a
    line of thousands of flags was line x findings)."""
    text = idx.text
    line_start, line_end = idx.line_bounds(span.start)
    before_blank = _solid_before(text, line_start, span.start) < line_start
    solid = _solid_after(text, span.end, line_end)
    after_blank = solid == line_end
    if _list_item(span, idx) is not None or (before_blank and after_blank):
        return _remove_line(line_start, line_end, idx, path)
    lone_backslash = (
        not after_blank
        and text[solid] == "\\"
        and _solid_after(text, solid + 1, line_end) == line_end
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


def _blanks_after(text: str, start: int, end: int) -> int:
    while start < end and text[start] in " \t":
        start += 1
    return start


_FOLLOWING_COMMA = lazy(r"[ \t]*,[ \t]*")


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


def _list_item(span: _Span, idx: TextIndex) -> str | None:
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
    rest = _solid_after(text, after_start, line_end)
    return quote if rest == line_end or text[rest] == "#" else None


def _anchor(dep: Deployment, name: str) -> Flag | None:

    engine = find_engine(dep.engine)
    fields = engine.cli.fields if engine is not None else {}
    for related in _RELATED.get(fields.get(name, ""), ()):
        flag = next((f for f in reversed(dep.flags) if fields.get(f.name) == related), None)
        if flag is not None and flag.position.path == dep.path:
            return flag
    located = [f for f in dep.flags if f.position.path == dep.path]
    return located[-1] if located else None


def add_flag(
    dep: Deployment, name: str, value: str | None, idx: TextIndex, path: str
) -> Edit | None:
    """Insert ``--name value`` right after a related flag, in that flag's style."""
    anchor = _anchor(dep, name)
    if anchor is None:
        return None
    option, value_span = _spans(anchor, idx)
    last = value_span or option
    text = idx.text
    if _is_helm_key(anchor, idx):
        line_start, line_end = idx.line_bounds(option.start)
        indent = text[line_start : option.start]
        key = re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name)
        return idx.edit(path, line_end, line_end, f"\n{indent}{key}: {value or 'true'}")
    quote = text[last.start] if text[last.start] in "'\"" else ""
    joined = "=" in text[option.start : option.end] and value_span is None
    words = [f"--{name}={value}"] if joined and value else [f"--{name}"]
    if value and not joined:
        words.append(value)
    line_start, line_end = idx.line_bounds(last.start)
    before = text[line_start : last.start]
    item_quote = _list_item(last, idx)
    if item_quote is not None:
        # New items copy the sibling's indentation; the value keeps the sibling value's quoting.
        prefix = before.rstrip("'\"")
        opt_quote = _list_item(option, idx) or ""
        quotes = [opt_quote] + [item_quote] * (len(words) - 1)
        lines = "".join(f"\n{prefix}{q}{w}{q}" for w, q in zip(words, quotes, strict=True))
        return idx.edit(path, line_end, line_end, lines)
    if quote and re.search(r"[\[,][ \t]*$", before):
        return idx.edit(path, last.end, last.end, "".join(f", {quote}{w}{quote}" for w in words))
    return idx.edit(path, last.end, last.end, "".join(f" {w}" for w in words))


def flag_edits(
    deployment: Deployment, changes: Mapping[str, str | None], source_text: str
) -> tuple[Edit, ...]:
    """Edits that set each canonical flag of ``changes`` to its value (None removes it).

    An existing flag keeps its spelling, quoting and place; a missing one is added after a
    related flag in the same style.  Flags that cannot be edited safely are left alone.
    """
    idx = TextIndex.of(source_text)
    path = deployment.path
    named = FlagIndex.of(deployment).named
    out: list[Edit] = []
    for name, value in changes.items():
        present = named.get(name, [])
        if value is None:
            for flag in present:
                out += remove_flag(flag, idx, path)
            continue
        if present and value == "":
            continue  # a bare boolean flag that is already there
        if present:
            edit = set_value(present[-1], value, idx, path)
        else:
            edit = add_flag(deployment, name, value, idx, path)
        if edit is not None:
            out.append(edit)
    return tuple(out)


def duplicate_edits(deployment: Deployment, name: str, source_text: str) -> tuple[Edit, ...]:
    """Remove every earlier occurrence of a flag the engine overrides with its last one."""
    idx = TextIndex.of(source_text)
    present = FlagIndex.of(deployment).named.get(name, [])
    return tuple(e for flag in present[:-1] for e in remove_flag(flag, idx, deployment.path))


def mapping_value_edits(key: str, line: int, value: str, source_text: str, path: str) -> list[Edit]:
    """Set ``key: value`` on ``line`` and on the same key of the sibling ``limits:``/``requests:``.

    Kubernetes needs an extended resource's request equal to its limit, so a GPU count fix
    changes both; the value keeps its quotes.
    """
    idx = TextIndex.of(source_text)
    lines = idx.lines
    column = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    parent = column - 2  # "limits:" / "requests:" sit one level up
    out = []
    for number in _sibling_lines(lines, line - 1, key, column, parent):
        text = lines[number]
        m = re.match(rf"[ \t]*{re.escape(key)}[ \t]*:[ \t]*(['\"]?)([^'\"#\s]*)", text)
        if m is None:
            continue
        start = idx.starts[number] + m.start(2)
        out.append(idx.edit(path, start, start + len(m.group(2)), value))
    return out


def _sibling_lines(lines: list[str], at: int, key: str, column: int, parent: int) -> list[int]:
    """``at`` and lines of the enclosing block (indent >= parent - 2) with ``key`` at ``column``."""
    found = [at]
    for step in (-1, 1):
        i = at + step
        while 0 <= i < len(lines):
            text = lines[i]
            indent = len(text) - len(text.lstrip())
            if text.strip() and indent < parent - 2:
                break
            if indent == column and text.lstrip().startswith(f"{key}:"):
                found.append(i)
            i += step
    return sorted(found)
