"""``A && B`` and ``A || B`` where ``A`` is a test the values decide (``[[ "$X" == 1 ]] &&
ARGS+=(--flag)``): bash runs ``B`` after ``&&`` only when ``A`` succeeded, after ``||`` only
when it failed (bash(1) "Lists").  A list's status is that of the last command that ran, so a
skipped command leaves it as it was: ``[ 0 = 1 ] && B || C`` runs ``C``.  A command whose
status is not known here (anything but a decided test) makes the rest of the list undecided:
it is read as a command that may not run, as before.

Only a simple command is skipped: a ``{ …; }`` group, a subshell or a compound command after
the operator is read as one that may not run."""

from __future__ import annotations

from toplint.parse.text.shell import Tok

__all__ = ["JOINS", "after"]

JOINS = ("&&", "||")  # the operators of an and-or list

_COMPOUND = frozenset({"{", "(", "if", "for", "while", "until", "case", "select"})


def after(status: bool | None, sep: Tok, nxt: Tok | None) -> tuple[bool | None, bool]:
    """(the list's status going on, whether the next command is skipped) after the separator
    ``sep`` of a list whose status so far is ``status`` (None: not known here); ``nxt``: the
    token after ``sep``.  A separator that ends the list (``;``, a newline, ``&``) starts
    a new one, whose status is not known."""
    if sep.kind != "sep" or sep.raw not in JOINS or status is None:
        return None, False
    runs = status if sep.raw == "&&" else not status
    if runs:
        return status, False
    # a word or an array assignment (``ARGS+=(…)``) starts a simple command
    if (
        nxt is None
        or nxt.kind not in ("word", "array")
        or (nxt.raw in _COMPOUND and not nxt.quoted)
    ):
        return None, False  # a compound command: read as one that may not run
    return status, True
