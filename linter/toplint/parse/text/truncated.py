"""What bash runs of a script whose quote is never closed: the complete commands before it.

bash reads a script a command at a time and runs each complete command before it reads the
next (bash(1), "SHELL GRAMMAR" and "INVOCATION": a non-interactive shell reads its commands
from the file; the parser hands each complete command to be run).  A quote or backquote opened
and never closed runs to the end of the file: bash stops there with "unexpected EOF while
looking for matching `\"'" -- after it has run every command before the one the quote is in.
So the commands before that one are what the script starts, and they are read as written; the
command the quote is in, and everything after it, never runs.

Only a top-level boundary counts: a command inside an ``if``, a loop, a ``case``, a ``{ … }``
group, a function body or a subshell is run only once its whole compound is read, which never
happens, so the cut is at the last newline outside every compound, and not one that follows
``&&``, ``||`` or ``|`` (the command goes on on the next line).  Where the structure before
the quote cannot be followed, nothing is read and the file stays unparsable.
"""

from __future__ import annotations

from toplint.errors import SourceError
from toplint.model import Finding, ParseResult, unparsable
from toplint.parse.text.shell import Tok, tokens_of

# The lexer's errors for a construct left open at the end of the file (``toplint.parse.text.
# shell``): bash meets them only at EOF, after running what came before.
_OPEN_AT_EOF = ("unclosed single quote", "unclosed double quote", "unclosed backquote")
# A quote that closes on the line an unclosed one is reported at was opened earlier: the cut goes
# back to that one, a few times at most (each try lexes the text before it again).
_RETRIES = 8
_OPENS = frozenset(("if", "case", "for", "while", "until", "select", "{"))
_CLOSES = frozenset(("fi", "esac", "done", "}"))
_GOES_ON = frozenset(("&&", "||", "|"))
# Words after which the next word is again in command position (``then if …``, ``do {``).
_LEADS = frozenset(("then", "do", "else", "elif", "{", "!", "time"))


def runs_before(text: str, error: SourceError) -> str | None:
    """The text of ``text``'s complete top-level commands before the command ``error``'s
    unclosed quote is in, when bash would run them; else None."""
    lines = text.split("\n")
    for _ in range(_RETRIES):
        if str(error) not in _OPEN_AT_EOF:
            return None
        head = "".join(line + "\n" for line in lines[: max(error.line - 1, 0)])
        try:
            return _complete(tokens_of(head), lines)
        except SourceError as earlier:  # the quote closed on that line was opened before it
            error = earlier
    return None


def _complete(toks: list[Tok], lines: list[str]) -> str | None:
    """The lines up to the last top-level command boundary among ``toks``, or None."""
    depth, parens, cut, previous, at_start = 0, 0, 0, "\n", True
    for tok in toks:
        if tok.kind == "sep":
            if tok.raw == "(" and at_start:
                parens += 1  # a subshell; ``f()`` follows a word and is not one
            elif tok.raw == ")" and parens and not depth:
                parens -= 1
            elif tok.raw == "\n" and not depth and not parens and previous not in _GOES_ON:
                cut = tok.line
            at_start, previous = True, tok.raw
            continue
        keyword = at_start and tok.kind == "word" and not tok.quoted
        if keyword:
            depth += (tok.raw in _OPENS) - (tok.raw in _CLOSES)
        at_start, previous = keyword and tok.raw in _LEADS, tok.raw
    if depth or parens or not cut:
        return None
    return "\n".join(lines[:cut]) + "\n"


def before_error(result: ParseResult, error: SourceError, head: str) -> ParseResult:
    """``result``, read from ``head`` (``runs_before``), with the TL001 of the quote that is
    never closed: it says the commands before it are read and nothing after it runs."""
    lines = head.count("\n")
    reason = (
        f"{error} (bash runs the commands of lines 1-{lines}, read here, then stops at the "
        "end of the file: nothing after them runs)"
    )
    finding: Finding = unparsable(result.path, reason, error.line, error.column)
    return ParseResult(result.path, result.deployments, (finding, *result.findings), result.sourced)
