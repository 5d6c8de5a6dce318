"""Text inside Kubernetes YAML: ``$(VAR)`` substitution and positions of words in strings.

``substitute`` follows the kubelet's expansion of ``command``/``args``/``env`` values
(kubernetes third_party/forked/golang/expansion/expand.go): ``$(NAME)`` is replaced when NAME is
defined, ``$$`` becomes ``$``, and an undefined reference is left as written.

``Locator`` maps a (line, column) inside a string value back into the file.  The kubelet
substitution is undone with an index map; the string is then aligned with the file text from the
scalar's start, character by character (whitespace matches whitespace).  Exact for plain and
literal block scalars; approximate for folded scalars and double-quoted escapes.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence

from toplint.infra.budgets import EXPANSION_CHARS, BudgetExceeded, meter
from toplint.infra.patterns import lazy
from toplint.model import Position
from toplint.parse.textpos import line_starts, offset_of, verbatim_end

_REF = lazy(r"\$\$|\$\(([A-Za-z_][A-Za-z0-9_.\-]*)\)")
_WINDOW = 400  # how far ahead (characters) one string character is looked for in the file


def substitute(
    text: str, env: Mapping[str, str | None], *, keep_missing: bool = False
) -> tuple[str, list[str], Sequence[int]]:
    """(expanded text, names that could not be resolved, output index -> input index).

    A reference to a variable that is unknown or has no value (``valueFrom``) is missing; with
    ``keep_missing`` it stays as written (a shell then sees ``$(NAME)``, itself unresolved).
    """
    if "$" not in text:  # nothing to expand (most values): identity map, built when read
        return text, [], range(len(text) + 1)
    out: list[str] = []
    back: list[int] = []
    missing: list[str] = []
    last = 0
    for match in _REF.finditer(text):
        out.append(text[last : match.start()])
        back.extend(range(last, match.start()))
        last = match.end()
        name = match.group(1)
        if name is None:  # "$$"
            replacement = "$"
        elif env.get(name) is not None:
            replacement = str(env[name])
        else:
            missing.append(name)
            replacement = match.group(0) if keep_missing else ""
        out.extend(replacement)
        back.extend([match.start()] * len(replacement))
        if len(back) > EXPANSION_CHARS:  # $(A)$(A) chains double a value per env entry
            raise BudgetExceeded("expansion-length", EXPANSION_CHARS, "characters in one value")
    out.append(text[last:])
    back.extend(range(last, len(text)))
    back.append(len(text))
    return meter().charge("".join(out)), missing, back


class Locator:
    """Positions in the file of characters of a YAML string value."""

    def __init__(
        self,
        file_text: str,
        start: Position,
        original: str,
        expanded: str,
        back: Sequence[int],
    ) -> None:
        self.path = start.path
        self.file_starts = line_starts(file_text)
        self.expanded_starts = line_starts(expanded)
        self.back = back
        self.map = _align(file_text, _content_start(file_text, start), original)

    def position(self, line: int, column: int) -> Position:
        """File position of (line, column) of the expanded string (1-based)."""
        line = max(1, min(line, len(self.expanded_starts)))
        offset = self.expanded_starts[line - 1] + column - 1
        original = self.back[max(0, min(offset, len(self.back) - 1))]
        file_off = self.map[max(0, min(original, len(self.map) - 1))]
        row = bisect.bisect_right(self.file_starts, file_off) - 1
        return Position(self.path, row + 1, file_off - self.file_starts[row] + 1)


def _content_start(text: str, start: Position) -> int:
    off = offset_of(text, start.line, start.column)
    if off < len(text) and text[off] in "|>":  # block scalar: content starts on the next line
        nxt = text.find("\n", off)
        return len(text) if nxt < 0 else nxt + 1
    if off < len(text) and text[off] in "'\"":
        return off + 1
    return off


def _align(file_text: str, start: int, original: str) -> list[int]:
    """File offset of each character of ``original`` (plus one past the end)."""
    mapping: list[int] = []
    cursor = start
    limit = len(file_text)
    i, n = 0, len(original)
    # Is the rest of the line written as it is?  Asked up to twice a line of ``original`` (an
    # indented block scalar's line starts after the indent) and up to twice a line of the file
    # (a folded or quoted scalar joins the file's lines with spaces): the chunk asked for ends at
    # the first line end of either, so the search stays linear.  Where it is written as it is,
    # each character maps to the next one, exactly as the search below would find it.
    tries = 2
    while i < n:
        if tries:
            tries -= 1
            end = verbatim_end(original, i, file_text, cursor)
            if end > i:
                mapping.extend(range(cursor, cursor + end - i))
                cursor += end - i
                i = end
                continue
        ch = original[i]
        i += 1
        if ch == "\n":
            tries = 2
        found = -1
        end = min(limit, cursor + _WINDOW)
        if ch.isspace():
            for k in range(cursor, end):
                if file_text[k].isspace():
                    found = k
                    break
        else:
            found = file_text.find(ch, cursor, end)
        if found < 0:
            mapping.append(min(cursor, max(limit - 1, 0)))
            continue
        if file_text.find("\n", cursor, found + 1) >= 0:
            tries = 2  # a new line of the file: ask again
        mapping.append(found)
        cursor = found + 1
    mapping.append(min(cursor, max(limit - 1, 0)))
    return mapping
