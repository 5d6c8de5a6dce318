"""Reading shell text a run of characters at a time: the cursor the lexer
(``toplint.parse.text.shell``) and the expander (``toplint.parse.text.expand``) share, and the
extent of one ``$…`` expansion (``read_expansion``: ``${…}`` and ``$(…)`` to their matching
bracket, past quotes, comments and here-document bodies inside a command substitution).

A word is read into parts (``Part``) here and expanded in ``toplint.parse.text.expand``.
"""

from __future__ import annotations

import re

from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.parse.text.heredocs import START as HEREDOC

VARIABLE_NAME = lazy(r"[A-Za-z_][A-Za-z0-9_]*")
# In a parameter expansion, double quotes too: a ``}`` they hold is the word's (``${T:-"{{ x
# }}"}``), and only a nested ``${`` opens a level (bash ends ``${x:-{a}}`` at the first ``}``).
_BRACES = lazy(r'[{}\\"]')
# In a command substitution, quotes and comments too: its text is a script, where ``'…'`` holds
# ``(``, ``)`` and ``\`` as literal characters (jq's ``'"\\($k)"'`` in ``$(… | jq -r '…')``,
# POSIX "Command Substitution"), and a comment (``# don't``) holds a quote that opens nothing.
_PARENS = lazy(r"[()\\'\"#<\n]")


class Cursor:
    __slots__ = ("col", "i", "line", "n", "scanned", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.n = len(text)  # the text never changes
        self.i = 0
        self.line = 1
        self.col = 1
        self.scanned = 0  # characters looked ahead for bash's extended patterns (``shell``)

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.text[j] if j < self.n else ""

    def take(self) -> str:
        ch = self.text[self.i]
        self.i += 1
        if ch == "\n":
            self.line += 1
            self.col = 1
        else:
            self.col += 1
        return ch

    def skip_to(self, end: int) -> None:
        """Move to ``end`` over text that holds no newline."""
        self.col += end - self.i
        self.i = end

    def startswith(self, s: str) -> bool:
        return self.text.startswith(s, self.i)

    def take_run(self, pattern: re.Pattern[str]) -> str:
        """Consume and return the longest run ``pattern`` matches here (possibly empty).

        The same as ``take`` repeated character by character, in one step: lexing long
        command lines one ``peek``/``take`` pair per character dominated parse time.
        """
        m = pattern.match(self.text, self.i)
        if m is None or not m.group():
            return ""
        run = m.group()
        newlines = run.count("\n")
        if newlines:
            self.line += newlines
            self.col = len(run) - run.rfind("\n")
        else:
            self.col += len(run)
        self.i = m.end()
        return run


# A word is a list of parts: ("lit", text) or ("exp", expression-without-$) for expansions.
Part = tuple[str, str]


def read_expansion(cur: Cursor) -> str:
    """After a '$': return the expansion text (e.g. '{VAR:-x}', 'VAR', '((1+2))', '(cmd)')."""
    ch = cur.peek()
    if ch in "{(":
        # From bracket to bracket with a search in C (a backslash skips the next character),
        # not a character at a time: nested defaults are read again at each level, and
        # reading them one peek/take at a time took 30-50 s for 4 MB.
        close = "}" if ch == "{" else ")"
        stops = _BRACES if ch == "{" else _PARENS
        text, begin = cur.text, cur.i
        start = (cur.line, cur.col)
        depth, j = 0, begin
        in_double = False  # inside "…": a ' is a literal character there
        arithmetic = text.startswith("((", begin)  # ``$((1 << 2))``: a shift, no here-document
        bodies: list[tuple[str, bool]] = []  # here-documents whose body starts on the next line
        while (m := stops.search(text, j)) is not None:
            k = m.start()
            c = text[k]
            j = k + 1
            if c == "\n":
                if bodies and not in_double:
                    j = _after_bodies(text, j, bodies)
                    bodies = []
            elif c == "<":  # bash reads a here-document's body as text (Bash(1), "Here Documents")
                here = None if in_double or arithmetic else HEREDOC.match(text, k)
                if here is not None and not text.startswith("<<<", k) and text[k - 1] != "<":
                    bodies.append((here.group(3), here.group(1) == "-"))
                    j = here.end()
            elif c == '"':
                in_double = not in_double
            elif c == "'":
                if not in_double:  # to the closing quote; nothing in between is special
                    end = text.find("'", j)
                    if end == -1:
                        break
                    j = end + 1
            elif c == "#":  # a comment where a word starts (not ``$#``, ``${#x}``)
                if not in_double and text[k - 1] in " \t\n;&|(":
                    end = text.find("\n", j)
                    j = len(text) if end == -1 else end
            elif c in (ch, close) and in_double and ch == "{":
                pass  # quoted (``${T:-"{{ x }}"}``), a brace is the word's
            elif c == ch:
                # a ``{`` opens a level only as a nested ``${``: bash ends ``${x:-{a}}`` at the
                # first ``}`` (``{a`` then a literal ``}``), where ``(`` always nests
                if ch == "(" or k == begin or text[k - 1] == "$":
                    depth += 1
            elif c == close:
                depth -= 1
                if depth == 0:
                    newlines = text.count("\n", begin, j)
                    if newlines:
                        cur.line += newlines
                        cur.col = j - text.rfind("\n", begin, j)
                    else:
                        cur.col += j - begin
                    cur.i = j
                    return text[begin:j]
            elif j < len(text):  # a backslash: the next character is taken as it is
                j += 1
        raise SourceError(f"unclosed '${ch}'", *start)
    m = VARIABLE_NAME.match(cur.text, cur.i)
    if m:
        for _ in range(m.end() - cur.i):
            cur.take()
        return m.group(0)
    if ch and (ch.isdigit() or ch in "@*#?$!-"):
        return cur.take()
    return ""


def _after_bodies(text: str, j: int, bodies: list[tuple[str, bool]]) -> int:
    """Where scanning goes on after the bodies of ``bodies`` (delimiter, ``<<-`` strips leading
    tabs), which start at ``j``; the end of ``text`` when a delimiter line never comes."""
    for delimiter, tabs in bodies:
        while j < len(text):
            end = text.find("\n", j)
            end = len(text) if end == -1 else end
            line = text[j:end]
            j = end + 1
            if (line.lstrip("\t") if tabs else line) == delimiter:
                break
    return min(j, len(text))
