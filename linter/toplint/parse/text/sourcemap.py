"""Where a shell word is written in its file: a command's words as positioned arguments, and
the map from a string's characters (an ``sh -c`` script, a YAML block) to the file's lines and
columns (``SourceMap``); a script written as a template made inert in place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import repeat

from toplint.infra.patterns import lazy
from toplint.model import Deployment, Position, Unresolved
from toplint.parse.options import Arg
from toplint.parse.text.shell import Command
from toplint.parse.textpos import continues_to, line_column, starts_of, verbatim_end
from toplint.record import record, replace


def command_args(command: Command, path: str, smap: SourceMap | None = None) -> list[Arg]:
    """Words as args; with ``smap`` their positions are mapped into the enclosing file.  A word
    written in a sourced file keeps that file's path."""
    out = []
    for w in command.words:
        if w.path:
            pos = Position(w.path, w.line, w.column)
        elif smap:
            pos = smap.position(w.line, w.column)
        else:
            pos = Position(path, w.line, w.column)
        if w.value is not None and "{{" in w.value and "}}" in w.value:
            out.append(Arg(None, w.raw, pos, (*w.unresolved, w.value)))  # filled when rendered
            continue
        out.append(Arg(w.value, w.raw, pos, w.unresolved))
    return out


_TEMPLATE = lazy(r"\{\{[^\n{}]{0,200}\}\}|\{%[^\n]{0,300}?%\}")


def masked_templates(text: str) -> str:
    """A script written as a Jinja/Go template with its template text made inert, in place (the
    same length, so every position stays): ``{{ expr }}`` becomes one word ``{{____}}`` (a value
    filled when the template is rendered, unresolved), a ``{% tag %}`` becomes blanks.

    A command continued (``\\``) to the end of an ``{% if %}``'s first branch goes on, once
    rendered, after the ``{% endif -%}`` that strips its newline: its other branches are made
    line continuations, so the options written after the block are the command's (read with the
    first branch taken; raffenet/lcf-inference@babe698f src/aegis/templates/instance.sh.j2,
    ``vllm serve {{ model }} \\`` in both branches and ``--tensor-parallel-size`` after)."""
    if "{{" not in text and "{%" not in text:
        return text

    def inert(m: re.Match[str]) -> str:
        found = m.group(0)
        if found.startswith("{%"):
            return " " * len(found)
        return "{{" + "_" * (len(found) - 4) + "}}"

    masked = _TEMPLATE.sub(inert, text)
    skipped = _continued_branches(text) if "{%" in text else []
    if not skipped:
        return masked
    out = list(masked)
    for start, end, carries in skipped:
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "
        for k in range(start, end):
            if text[k] == "\n":
                out[k - 1] = "\\"
        if carries and end < len(out) and out[end] == "\n":
            out[end - 1] = "\\"
    return "".join(out)


def as_written(
    deployments: Sequence[Deployment], masked: str, written: str, path: str
) -> tuple[Deployment, ...]:
    """``deployments`` with each value a template leaves open named as the file writes it
    (``{{ model }}``), not as ``masked_templates`` made it (``{{_______}}``): the text at the
    same place in ``written``, the file before masking."""
    if masked is written:
        return tuple(deployments)
    starts = starts_of(masked)
    out = []
    for dep in deployments:
        unresolved = tuple(_written(u, masked, written, starts, path) for u in dep.unresolved)
        out.append(dep if unresolved == dep.unresolved else replace(dep, unresolved=unresolved))
    return tuple(out)


def _written(
    item: Unresolved, masked: str, written: str, starts: Sequence[int], path: str
) -> Unresolved:
    pos, name = item.position, item.variable
    if "{{_" not in name or pos.path != path or not 0 < pos.line <= len(starts):
        return item
    near = starts[pos.line - 1] + pos.column - 1
    at = masked.find(name, near, near + len(name) + 2)  # past an opening quote
    return replace(item, variable=written[at : at + len(name)]) if at >= 0 else item


_BLOCK = lazy(r"\{%(-?)\s*(if|elif|else|endif|for|endfor)\b[^\n]{0,300}?(-?)%\}")


def _continued_branches(text: str) -> list[tuple[int, int, bool]]:
    """The spans of ``{% if %}`` blocks that rendering skips when the first branch is taken and
    that branch ends in a line continuation: from its first ``elif``/``else`` tag to the end of
    its ``endif``, and whether the ``endif`` strips the newline after it (``-%}``), so that the
    continuation reaches the line after the block."""
    out: list[tuple[int, int, bool]] = []
    stack: list[tuple[str, int]] = []  # (tag, where its first other branch starts, or -1)
    for m in _BLOCK.finditer(text):
        tag = m.group(2)
        if tag in ("if", "for"):
            stack.append((tag, -1))
        elif tag in ("elif", "else") and stack and stack[-1][0] == "if":
            if stack[-1][1] < 0 and continues_to(text, m.start()):
                stack[-1] = ("if", m.start())
            elif stack[-1][1] < 0:
                stack[-1] = ("if", -2)  # a first branch that does not continue: as written
        elif tag in ("endif", "endfor") and stack:
            opened, start = stack.pop()
            if opened == "if" and start >= 0:
                out.append((start, m.end(), m.group(3) == "-"))
    return out


@record
class SourceMap:
    """Positions of a string's characters in the file the string was written in.

    Built by aligning the string's value with the file text from where it starts: quotes,
    backslashes and indentation in the file are skipped and a folded line break (a newline in
    the file that became a space) matches.  This maps exactly: plain and quoted one-line
    scalars, literal (``|``) and folded (``>``) block scalars, multi-line plain scalars and
    shell words in quotes.  It cannot map past an escape that changes characters (YAML ``"\\n"``,
    ``"\\u00e9"``): from there on every position is that of the last mapped character.
    """

    path: str
    points: tuple[tuple[int, int], ...]  # (line, column) in the file of each value character
    line_starts: tuple[int, ...]  # offsets in the value where its lines start

    def position(self, line: int, column: int) -> Position:
        """File position of the value's ``line``:``column`` (both 1-based)."""
        start = self.line_starts[min(line, len(self.line_starts)) - 1]
        offset = min(start + column - 1, len(self.points) - 1)
        at = self.points[max(offset, 0)]
        return Position(self.path, at[0], at[1])


def source_map(file_text: str, path: str, line: int, column: int, value: str) -> SourceMap:
    """Map ``value``, whose text starts at ``line``:``column`` of ``file_text`` (at its opening
    quote or block indicator, as YAML start marks and shell words report it)."""

    # Once per file, not per string: rebuilding them for each `sh -c` was quadratic (160 KB of
    # `sh -c` lines took 104 s).
    starts = starts_of(file_text)
    p = starts[min(line, len(starts)) - 1] + column - 1
    if p < len(file_text) and file_text[p] in "|>":
        nl = file_text.find("\n", p)
        p = len(file_text) if nl < 0 else nl + 1  # content starts on the next line
    points: list[tuple[int, int]] = []
    last = (line, column)
    i, n = 0, len(value)
    # Is the rest of the line written as it is?  Asked at the start, after each newline of the
    # value and after each newline of the file the search below steps over (a folded or quoted
    # scalar joins the file's lines with spaces), and once more after the next character (a
    # block scalar's line starts after its indent); the chunk asked for ends at the first line
    # end of either text, so the search stays linear.  Where it is written as it is, each
    # character is the next one, exactly as the search below would find it.
    tries = 2
    while i < n:
        if tries:
            tries -= 1
            end = verbatim_end(value, i, file_text, p)
            if end > i:
                row, col = line_column(starts, p)
                points.extend(zip(repeat(row), range(col, col + end - i)))
                last = points[-1]
                p += end - i
                i = end
                continue
        ch = value[i]
        found = _align(file_text, p, ch)
        if found < 0:
            break
        if ch == "\n" or file_text.find("\n", p, found + 1) >= 0:
            tries = 2
        p = found
        last = line_column(starts, p)
        points.append(last)
        p += 1
        i += 1
    points.extend([last] * (len(value) + 1 - len(points)))
    value_starts = (0, *(i + 1 for i, ch in enumerate(value) if ch == "\n"))
    return SourceMap(path, tuple(points), value_starts)


def _align(text: str, p: int, ch: str) -> int:
    """Index of the file character that produced ``ch`` at or after ``p``, or -1."""
    while p < len(text):
        here = text[p]
        if here == ch or (ch in " \n\t" and here in " \n\t"):
            return p
        if here not in " \t\n\r\\'\"":
            return -1
        p += 1
    return -1
