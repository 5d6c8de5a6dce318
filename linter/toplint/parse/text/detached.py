"""Option lines cut off from the engine command above them (TL012).

In a shell script a newline ends a command unless the line ends with a backslash (bash(1),
"SHELL GRAMMAR": a simple command is terminated by a control operator, newline among them;
"QUOTING": a backslash-newline pair is a line continuation).  A launch written over several
lines with one backslash forgotten is two commands: the engine starts with the options before
the break only, and the shell runs the next line (``--tensor-parallel-size 2``) as a command of
its own -- "command not found" -- once the server exits, which it never does.  The engine runs
with its defaults where the script asked otherwise, and nothing says so.

A command whose first word is an option (``--name`` or ``-x``) is never a program a script
means to run; right below an engine command's last line (or below such a line), it is the
continuation the backslash was meant to make.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.infra.patterns import lazy
from toplint.model import DETACHED_OPTIONS, Finding, Fix
from toplint.parse.invocation import find_invocations
from toplint.parse.options import Arg

__all__ = ["detached_options"]

_OPTION = lazy(r"--?[A-Za-z][A-Za-z0-9_-]*(=.*)?")


def detached_options(path: str, commands: Sequence[list[Arg]]) -> list[Finding]:
    """One finding per engine command whose option lines follow it detached, at the first of
    them; ``commands`` are the script's simple commands in order (``shellsrc``).  Whether a
    command starts an engine is asked only of one with an option line right below it (the
    reader asks it of every command anyway; most scripts have none)."""
    out: list[Finding] = []
    head: list[Arg] | None = None  # the command the option lines below may belong to
    last = 0  # its last line, or that of the option lines already found below it
    cut: list[list[Arg]] = []
    for args in commands:
        if not args or args[0].position.path != path:
            continue
        below = head is not None and args[0].position.line == last + 1
        if below and _is_option(args[0]) and (cut or find_invocations(head or [])):
            cut.append(args)
            last = max(a.position.line for a in args)
            continue
        if head is not None and cut:
            out.append(_finding(path, head, cut))
        head, cut = args, []
        last = max(a.position.line for a in args)
    if head is not None and cut:
        out.append(_finding(path, head, cut))
    return out


def _is_option(arg: Arg) -> bool:
    return _OPTION.fullmatch(arg.value if arg.value is not None else arg.raw) is not None


def _finding(path: str, engine: list[Arg], cut: list[list[Arg]]) -> Finding:
    start = engine[0].position
    end = max(a.position.line for a in engine)
    options = [a.raw for line in cut for a in line if _is_option(a)]
    shown = ", ".join(f"`{o.split('=', 1)[0]}`" for o in options[:6])
    more = f" and {len(options) - 6} more" if len(options) > 6 else ""
    head = cut[0][0]
    lines = (
        "this line as a command of its own"
        if len(cut) == 1
        else f"these {len(cut)} lines as commands of their own"
    )
    return DETACHED_OPTIONS.finding(
        path,
        head.position.line,
        head.position.column,
        f"{shown}{more} {'is' if len(options) == 1 else 'are'} not part of the "
        f"`{' '.join(a.raw for a in engine[:2])}` command on line {start.line}: line {end} "
        f"does not end with `\\`, so the shell runs {lines} "
        '("command not found") once the server exits, and the server starts without '
        f"{'it' if len(options) == 1 else 'them'}; toplint checks it as it starts",
        fix=Fix(
            f"end line {end} with ` \\` (and each option line but the last)",
            applicability="display",
        ),
        data={"options": options, "command_line": start.line},
        anchor=options[0].split("=", 1)[0] if options else "options",
    )
