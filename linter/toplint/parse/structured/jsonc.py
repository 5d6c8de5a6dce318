"""JSON with comments (JSONC: VS Code's ``launch.json`` and settings, ``devcontainer.json``,
``tsconfig.json``): ``//`` and ``/* */`` comments and trailing commas, which ``json`` rejects.

``blanked`` turns them into spaces, keeping every other character (newlines too) where it was,
so a parser reads the JSON they hold with the file's own lines and columns.  Strings are kept
whole (``"http://host"`` is no comment).  One pass, linear in the text.
"""

from __future__ import annotations


def blanked(text: str) -> str | None:
    """``text`` with its comments and trailing commas blanked, or None when it has none."""
    out = list(text)
    i, n = 0, len(text)
    last = -1  # index of the last significant character outside strings and comments
    changed = False
    while i < n:
        c = text[i]
        if c == '"':
            i = _string_end(text, i)
            last = i - 1
            continue
        if c == "/" and i + 1 < n and text[i + 1] in "/*":
            end = text.find("\n", i) if text[i + 1] == "/" else text.find("*/", i + 2)
            end = n if end < 0 else (end if text[i + 1] == "/" else end + 2)
            for k in range(i, end):
                if out[k] != "\n":
                    out[k] = " "
            changed, i = True, end
            continue
        if c in "}]" and last >= 0 and out[last] == ",":
            out[last], changed = " ", True
        if not c.isspace():
            last = i
        i += 1
    return "".join(out) if changed else None


def _string_end(text: str, start: int) -> int:
    """The index after the string that opens at ``start`` (escapes skipped)."""
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"' or text[i] == "\n":
            return i + 1
        i += 1
    return len(text)
