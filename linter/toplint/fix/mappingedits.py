"""Edits that set a value of a YAML mapping key where the file wrote it: a Kubernetes
resource's GPU count under ``limits:`` and ``requests:`` alike, or a chart's key.

Works from the file's lines only; the value keeps its quotes and everything else stays byte
for byte.
"""

from __future__ import annotations

import re

from toplint.fix.textindex import TextIndex
from toplint.model import Edit

__all__ = ["mapping_value_edits"]


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
