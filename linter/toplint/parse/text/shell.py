"""A small POSIX-shell lexer that keeps the position of every word.

It splits a script into simple commands (on newlines, ``;``, ``&&``, ``||``, ``|``, ``&``),
joins backslash-newline continuations, honours single quotes, double quotes and escapes, skips
comments and here-documents, and expands ``$VAR``, ``${VAR}``, ``${VAR:-default}``, ``$((…))``
from a variable environment built from earlier assignments in the same script.  What cannot be
known (``$3`` outside a function call, ``$(cmd)``, ``${ARR[$i]}``, a variable never assigned)
leaves the word unresolved: its ``value`` is None and ``unresolved`` names the variables.

The tokens are run by ``toplint.parse.text.shellrun``, which follows what a script does without
executing it: arrays, functions called with positional arguments, files it sources; each
command's words are expanded and its assignments recorded by ``toplint.parse.text.shellwords``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from toplint.accelerators import RUNTIME_ENV
from toplint.errors import SourceError
from toplint.infra.budgets import BudgetExceeded, meter
from toplint.infra.patterns import lazy
from toplint.parse.text.scanner import Cursor, Part, read_expansion
from toplint.record import record

# Reserved words that may stand before a command (bash(1) "RESERVED WORDS"): ``then TP=16``.
KEYWORDS = frozenset({"then", "do", "else", "elif", "if", "while", "until", "!", "time", "{"})


@record
class Word:
    raw: str  # as written, quotes included
    value: str | None  # after quote removal and expansion; None when unresolved
    line: int
    column: int
    unresolved: tuple[str, ...] = ()
    quoted: bool = False
    path: str = ""  # the file the word is written in, when not the script being lexed
    # An unresolved double-quoted word's text with its known parts expanded (``Expander.partial``):
    # the script ``ssh HOST "cd $DIR && ./run.sh $ARG"`` runs, its unknown parts kept as written.
    partial: str | None = None
    # An unresolved assignment (``NAME=value`` whole) or double-quoted word with its unknown
    # expansions marked (``partialvars``): a function given it as ``$1`` knows it in part.
    marked: str | None = None


@record
class Command:
    words: tuple[Word, ...]
    line: int
    column: int
    # Where a command from a function body was called from, in the script being lexed (the
    # outermost call): a deployment started by a sourced function is reported there.
    site: tuple[int, int] | None = None
    # The exported variables in force, with the words that set them: a process the command
    # starts inherits them (the GPUs it sees, ``VISIBILITY``; the engine's own variables,
    # ``VLLM_ALLOW_LONG_MAX_MODEL_LEN``; a launcher's options read from the environment).
    exported: tuple[tuple[str, Word], ...] = ()
    # The chain a command ran through: ``bash worker.sh`` at run.sh:4 (``shellrun``'s script
    # runs), outermost first; empty for a command written in the script being lexed.
    via: tuple[str, ...] = ()
    # The script a job submission ran (``sbatch job.sh``), as (path, text): its ``#SBATCH``/
    # ``#PBS``/``#BSUB`` lines are the job's resources where the submission's options are silent.
    submitted: tuple[str, str] | None = None
    # The command ends with ``&``: bash runs it in the background and goes on, so what it
    # starts runs beside the commands after it (``toplint.outcome.colocation``).
    background: bool = False
    # Written inside a loop's body (``for``/``while``/``until``): read once here, run once per
    # iteration, each time with that iteration's values.
    in_loop: bool = False
    # Inside an ``if``/``case`` whose arm is not decided here (every arm is read): whether it
    # runs, and beside which of the other arms' commands, is not known.
    undecided: bool = False
    # For a command of an undecided ``if``: (that conditional, the arm): commands of two arms
    # of one conditional never both run (bash runs the first arm whose test succeeds).
    arm: tuple[int, int] | None = None


# Environment variables that bound the GPUs a process sees (``enginecfg.visible_gpus``).
VISIBILITY = ("CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES")
# ...and the variables of runtimes the cost model does not price (Level Zero's
# ``ZE_AFFINITY_MASK``, ``HABANA_VISIBLE_MODULES``…: ``toplint.accelerators``), which say what
# the process runs on: what a Python file's ``os.environ[…] = …`` gives the engine it starts
# (``toplint.parse.generic.pyparser``).  A script's exports reach every later command whatever
# their name (``Command.exported``).
CARRIED = frozenset(VISIBILITY) | RUNTIME_ENV


class Tok:
    """A token before expansion: a word, an operator ("sep"), an array literal ("array":
    ``raw`` is ``NAME=`` or ``NAME+=`` and ``items`` its element words) or the word of a
    here-string (``herestring``: the command's input, ``<<< WORD``).

    A plain class with slots, not a ``NamedTuple``: building a named tuple class compiles its
    methods from source, 2 ms of every run's start-up."""

    __slots__ = ("column", "items", "kind", "line", "parts", "quoted", "raw")

    def __init__(
        self,
        kind: str,
        line: int,
        column: int,
        raw: str,
        parts: list[Part],
        quoted: bool,
        items: tuple[Tok, ...] = (),
    ) -> None:
        self.kind = kind
        self.line = line
        self.column = column
        self.raw = raw
        self.parts = parts
        self.quoted = quoted
        self.items = items

    def __repr__(self) -> str:
        return f"Tok({self.kind!r}, {self.line}, {self.column}, {self.raw!r})"


# bash(1) DEFINITIONS "control operator": a case arm ends with ``;;``, or falls through with
# ``;&`` (runs the next arm's commands) or ``;;&`` (tests the next patterns); the longest first,
# so ``;;&`` is one operator, not ``;;`` and a background ``&``.
_OPERATORS = ("&&", "||", ";;&", ";;", ";&", ";", "|", "&")
_ARRAY_ASSIGN = lazy(r"^[A-Za-z_][A-Za-z0-9_]*\+?=$")
# Runs of characters with no special meaning: outside quotes, inside '…', inside "…".
_PLAIN = lazy(r"[^ \t\n;&|<>()\\'\"$`]+")
_SINGLE_QUOTED = lazy(r"[^']+")
_DOUBLE_QUOTED = lazy(r'[^"\\$`]+')
_BLANKS = lazy(r"[ \t\r]+")


def _read_word(cur: Cursor) -> tuple[str, list[Part], bool]:
    raw_start = cur.i
    parts: list[Part] = []
    quoted = False
    lit: list[str] = []

    def flush() -> None:
        if lit:
            parts.append(("lit", "".join(lit)))
            lit.clear()

    while True:
        ch = cur.peek()
        if (
            ch == "("
            and cur.i > raw_start
            and cur.text[cur.i - 1] in _EXTGLOB
            and cur.scanned < _EXTGLOB_SCAN
        ):
            group, looked = _extglob_group(cur.text, cur.i)
            cur.scanned += looked
            if group:  # ``*@(.txt|.sh)``: bash's extended pattern, one word (shopt extglob)
                for _ in range(len(group)):
                    lit.append(cur.take())
                continue
        if not ch or ch in " \t\n;&|<>()":
            break
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
            lit.append(cur.take_run(_SINGLE_QUOTED))
            if not cur.peek():
                raise SourceError("unclosed single quote", line, col)
            cur.take()
        elif ch == '"':
            quoted = True
            line, col = cur.line, cur.col
            cur.take()
            while cur.peek() != '"':
                c = cur.peek()
                if not c:
                    raise SourceError("unclosed double quote", line, col)
                if c == "\\" and cur.peek(1) and cur.peek(1) in '"\\$`\n':
                    cur.take()
                    nxt = cur.take()
                    if nxt != "\n":
                        lit.append(nxt)
                elif c in "$`":
                    flush()
                    parts.append(_expansion(cur))
                else:
                    lit.append(cur.take_run(_DOUBLE_QUOTED) or cur.take())
            cur.take()
        elif ch in "$`":
            flush()
            parts.append(_expansion(cur))
        else:
            lit.append(cur.take_run(_PLAIN) or cur.take())
    flush()
    return cur.text[raw_start : cur.i], parts, quoted


# The characters before ``(`` that make bash's extended patterns (bash(1), "Pattern Matching":
# ``?(…)``, ``*(…)``, ``+(…)``, ``@(…)``, ``!(…)`` with ``shopt -s extglob``).  A pattern list
# is short and has no blank: the look-ahead stops at one, at 256 characters, and after 64 KiB
# looked at in one text (``*(*(*(…`` on a 4 MiB line stays linear: tests/hostile).
_EXTGLOB = "?*+@!"
_EXTGLOB_SCAN = 1 << 16


def _extglob_group(text: str, at: int) -> tuple[str, int]:
    """The parenthesised pattern list at ``at`` (``(.txt|.sh)``, nested groups too), or ""
    when it does not close before a blank; and how many characters were looked at."""
    depth = 0
    end = min(len(text), at + 256)
    for k in range(at, end):
        c = text[k]
        if c in " \t\n":
            return "", k - at + 1
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[at : k + 1], k - at + 1
    return "", end - at


def _expansion(cur: Cursor) -> Part:
    """The word part a ``$`` or a backquote at the cursor starts, quoted or not (a ``$`` that
    starts no expansion is a literal ``$``)."""
    if cur.peek() == "`":
        body = _read_backquote(cur)
        # A backquoted comment runs no command (`# note` between a command's continued lines,
        # im0xMagnus/glm-5.3-uncensored-8x-dgx-spark@541aefb3 launchers/launch-fp8-tp8.sh): the
        # backquotes' text is the command and a word starting with # comments out the rest of
        # its line (bash(1), "Command Substitution", "COMMENTS"), so it is an empty one.
        comment = body.lstrip(" \t").startswith("#") and "\n" not in body
        return ("exp", "()" if comment else "(" + body + ")")
    cur.take()
    exp = read_expansion(cur)
    return ("exp", exp) if exp else ("lit", "$")


def _read_backquote(cur: Cursor) -> str:
    line, col = cur.line, cur.col
    cur.take()
    out = []
    while cur.peek() != "`":
        if not cur.peek():
            raise SourceError("unclosed backquote", line, col)
        out.append(cur.take())
    cur.take()
    return "".join(out)


def _skip_heredoc(cur: Cursor, delimiter: str) -> None:
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


def _tokens(text: str) -> Iterator[Tok]:
    """Yield word, operator ("sep") and array-literal tokens."""
    cur = Cursor(text)
    pending_heredocs: list[str] = []
    while True:
        ch = cur.peek()
        if not ch:
            break
        if ch in " \t\r":
            cur.take_run(_BLANKS)
        elif ch == "\\" and cur.peek(1) == "\n":
            cur.take()
            cur.take()
        elif ch == "#":
            _skip_comment(cur)
        elif ch == "\n":
            yield Tok("sep", cur.line, cur.col, "\n", [], False)
            if pending_heredocs:
                for delim in pending_heredocs:
                    _skip_heredoc(cur, delim)
                pending_heredocs.clear()
            else:
                cur.take()
        elif ch in "<>":
            op = cur.take()
            if op == "<" and cur.peek() == "<" and cur.peek(1) == "<":
                # a here-string, ``<<< WORD`` (bash(1), "Here Strings"): the word is the
                # command's input (``read -ra ARGS <<< "$EXTRA"`` splits it); no document
                # follows
                cur.take()
                cur.take()
                while cur.peek() and cur.peek() in " \t":
                    cur.take()
                line, col = cur.line, cur.col
                raw, parts, quoted = _read_word(cur)
                yield Tok("herestring", line, col, raw, parts, quoted)
                continue
            if op == "<" and cur.peek() == "<":
                cur.take()
                if cur.peek() == "-":
                    cur.take()
                while cur.peek() and cur.peek() in " \t":
                    cur.take()
                _, parts, _ = _read_word(cur)
                pending_heredocs.append("".join(p[1] for p in parts))
                continue
            while cur.peek() and cur.peek() in "<>&":
                cur.take()
            while cur.peek() and cur.peek() in " \t":
                cur.take()
            _read_word(cur)  # the redirection target is not an argument
        elif ch in "()":
            yield Tok("sep", cur.line, cur.col, cur.take(), [], False)
        elif ch in ";&|":
            line, col = cur.line, cur.col
            op = next(o for o in _OPERATORS if cur.startswith(o))
            for _ in op:
                cur.take()
            yield Tok("sep", line, col, op, [], False)
        else:
            line, col = cur.line, cur.col
            raw, parts, quoted = _read_word(cur)
            if cur.peek() == "(" and _ARRAY_ASSIGN.match(raw):
                yield Tok("array", line, col, raw, [], False, _read_array(cur))
            else:
                yield Tok("word", line, col, raw, parts, quoted)


def _skip_comment(cur: Cursor) -> None:
    end = cur.text.find("\n", cur.i)
    cur.skip_to(len(cur.text) if end < 0 else end)  # no newline in between


def _read_array(cur: Cursor) -> tuple[Tok, ...]:
    """The element words of ``NAME=( … )`` (at its opening parenthesis)."""
    line, col = cur.line, cur.col
    cur.take()
    items: list[Tok] = []
    while True:
        ch = cur.peek()
        if not ch:
            raise SourceError("unclosed array", line, col)
        if ch == ")":
            cur.take()
            return tuple(items)
        if ch in " \t\r\n":
            cur.take()
        elif ch == "\\" and cur.peek(1) == "\n":
            cur.take()
            cur.take()
        elif ch == "#":
            _skip_comment(cur)
        else:
            at_line, at_col = cur.line, cur.col
            raw, parts, quoted = _read_word(cur)
            if not raw:  # an operator character inside the list: not an array we read
                raise SourceError(f"unexpected {ch!r} in an array", at_line, at_col)
            items.append(Tok("word", at_line, at_col, raw, parts, quoted))


# Reads a file a script sources: (path used in positions, text), or None when not read.
SourceLoader = Callable[[str], tuple[str, str] | None]


def tokens_of(text: str) -> list[Tok]:
    """Every token of ``text``, counted against the file's ``shell-tokens`` budget as they
    are made (in steps of 1,024), so a file of short words stops before it fills memory."""
    out: list[Tok] = []
    append = out.append
    count = meter().count
    for tok in _tokens(text):
        append(tok)
        if not len(out) & 1023:
            try:
                count("shell-tokens", 1024)
            except BudgetExceeded as exc:
                raise exc.at(tok.line, tok.column) from None
    try:
        count("shell-tokens", len(out) & 1023)
    except BudgetExceeded as exc:
        raise exc.at(out[-1].line, out[-1].column) from None
    return out
