"""The shape of a script's token stream: where commands start, which functions it defines
(their header, body and closing brace) and which of them it calls, and whether a command runs a
string as a script.  ``toplint.parse.text.shellrun`` interprets the stream with these.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from toplint.parse.text.chains import SHELLS
from toplint.parse.text.shell import KEYWORDS, Tok, Word
from toplint.record import record


@record
class Definition:
    name: str
    header: int  # index of the first token of the definition
    body: int  # index of the first body token (after "{")
    close: int  # index of the closing "}"


# Programs whose argument is a script they run: ``sh -c``, ``eval``, ``ssh HOST CMD``, tmux,
# ``pm2 start "CMD"``.
_STRING_PROGRAMS = SHELLS | {"eval", "ssh", "tmux", "pm2"}


def runs_string(words: Sequence[Word]) -> bool:
    return any((w.value or "").rsplit("/", 1)[-1] in _STRING_PROGRAMS for w in words)


def head(words: Sequence[Word]) -> int:
    """Index of the command name after keywords and declarations."""
    i = 0
    while i < len(words) and words[i].raw in KEYWORDS:
        i += 1
    return i


def command_starts(toks: Sequence[Tok]) -> list[int]:
    """Indexes of the word tokens that start a command (after an operator or a keyword)."""
    out: list[int] = []
    at_start = True
    for i, tok in enumerate(toks):
        if tok.kind == "sep":
            at_start = True
        elif at_start and tok.kind == "word":
            out.append(i)
            at_start = tok.raw in KEYWORDS
        else:
            at_start = False
    return out


def definitions(toks: Sequence[Tok], starts: list[int]) -> list[Definition]:
    """Function definitions: ``name() {`` and ``function name [()] {`` … ``}``."""
    out: list[Definition] = []
    braces = _Braces(toks, starts)
    skip_until = -1
    for i in starts:
        if i <= skip_until:
            continue
        j, name = i, toks[i].raw
        if name == "function" and j + 1 < len(toks) and toks[j + 1].kind == "word":
            j, name = j + 1, toks[j + 1].raw
        if not name.isidentifier() or toks[i].quoted:
            continue
        k = j + 1
        if _is_sep(toks, k, "(") and _is_sep(toks, k + 1, ")"):
            k += 2
        elif j == i:  # `name {` without `function` or `()` is a command, not a definition
            continue
        while _is_sep(toks, k, "\n"):
            k += 1
        if k >= len(toks) or toks[k].kind != "word" or toks[k].raw != "{":
            continue
        close = braces.match(k)
        if close is None:
            continue
        out.append(Definition(name, i, k + 1, close))
        skip_until = close  # nested definitions are read when their function runs
    return out


def _is_sep(toks: Sequence[Tok], k: int, op: str) -> bool:
    return k < len(toks) and toks[k].kind == "sep" and toks[k].raw == op


class _Braces:
    """The closing ``}`` of each ``{``, from one pass over the braces that start a command.

    A brace counts where a command starts (``{`` and ``}`` are reserved words only there), and
    the ``{`` of a definition counts wherever it is written.  Searching forward from each
    definition was quadratic: 20,000 unclosed ``f() {`` lines each scanned to the end (82 s).
    The depth after each ``}`` is recorded; the match of a ``{`` is the first ``}`` after it
    that brings the depth back below it (a binary search).
    """

    def __init__(self, toks: Sequence[Tok], starts: list[int]) -> None:
        self.starts = set(starts)
        self.positions: list[int] = []  # start-braces, in order
        self.before: list[int] = []  # the depth before each
        self.closes: dict[int, list[int]] = {}  # depth after a "}" -> where, in order
        depth = 0
        for k in starts:
            raw = toks[k].raw
            if raw not in ("{", "}"):
                continue
            self.positions.append(k)
            self.before.append(depth)
            depth += 1 if raw == "{" else -1
            if raw == "}":
                self.closes.setdefault(depth, []).append(k)
        self.final = depth

    def match(self, open_at: int) -> int | None:
        """The ``}`` closing the ``{`` at ``open_at``, or None."""
        i = bisect.bisect_left(self.positions, open_at)
        base = self.before[i] if i < len(self.positions) else self.final
        target = base if open_at in self.starts else base - 1
        found = self.closes.get(target, [])
        j = bisect.bisect_right(found, open_at)
        return found[j] if j < len(found) else None


def called(toks: Sequence[Tok], names: set[str], starts: list[int]) -> set[str]:
    """The defined names that some command calls."""
    if not names:
        return set()
    out: set[str] = set()
    for i in starts:
        if toks[i].raw in names and not _is_sep(toks, i + 1, "("):
            out.add(toks[i].raw)
    return out


def ends_script(words: Sequence[Word], begin: int, open_spans: Sequence[tuple[int, int]]) -> bool:
    """The command is ``exit`` with status 0 and surely runs where it is: bash(1) "exit": the
    shell exits, and nothing after it is read (an ``if`` arm the script's values decide; ``[ -n
    "$M" ] || { echo; exit 0; }`` is not: it follows ``||`` and may not run).  Not in a function
    never called (read in place), nor in a loop's body, nor in a subshell (the caller's
    ``open_spans`` and count).  A failing ``exit 1`` is a guard against a wrong call (a usage
    message, a file not found): reading goes on to the deployment a right call starts, as a
    script read with its arguments unknown must (``if [[ -z "$PRESET" ]]; then … exit 1``:
    mattbucci/2x-R9700-RDNA4-GFX1201-sglang-inference scripts/launch.sh)."""
    at = head(words)
    if at >= len(words) or words[at].raw != "exit" or words[at].quoted:
        return False
    status = words[at + 1].value if at + 1 < len(words) else "0"
    if status != "0":
        return False
    return not any(a <= begin < b for a, b in open_spans)
