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

A comment line inside the continued command cuts it the same way: the backslash joins the
comment line, and ``#`` comments out the rest of it (bash(1), "COMMENTS"), so the command ends
there and the option lines after the comment are commands of their own (``--random-seed 1 \\``,
``# --enable-torch-compile``, ``--tp 16 \\``: the server starts without ``--tp 16``).  Comment
lines between the command and the option lines are skipped when looking "right below".
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.infra.patterns import lazy
from toplint.model import DETACHED_OPTIONS, Finding, Fix
from toplint.parse.invocation import find_invocations
from toplint.parse.options import Arg

__all__ = ["detached_options"]

_OPTION = lazy(r"--?[A-Za-z][A-Za-z0-9_-]*(=.*)?")


def detached_options(
    path: str, commands: Sequence[list[Arg]], text: str | None = None
) -> list[Finding]:
    """One finding per engine command whose option lines follow it detached, at the first of
    them; ``commands`` are the script's simple commands in order (``shellsrc``); ``text`` the
    script, whose comment lines between a command and the option lines below it are skipped
    (a comment inside a continued command ends it).  Whether a command starts an engine is
    asked only of one with an option line right below it (the reader asks it of every command
    anyway; most scripts have none)."""
    lines = text.splitlines() if text is not None else []
    out: list[Finding] = []
    head: list[Arg] | None = None  # the command the option lines below may belong to
    last = 0  # its last line, or that of the option lines already found below it
    cut: list[list[Arg]] = []
    for args in commands:
        if not args or args[0].position.path != path:
            continue
        below = head is not None and _below(lines, last, args[0].position.line)
        if below and _is_option(args[0]) and (cut or find_invocations(head or [])):
            cut.append(args)
            last = max(a.position.line for a in args)
            continue
        if head is not None and cut:
            out.append(_finding(path, head, cut, lines))
        head, cut = args, []
        last = max(a.position.line for a in args)
    if head is not None and cut:
        out.append(_finding(path, head, cut, lines))
    return out


def _below(lines: Sequence[str], last: int, line: int) -> bool:
    """Whether ``line`` comes right after line ``last``, comment lines between skipped."""
    return line > last and all(_comment(lines, n) for n in range(last + 1, line))


def _comment(lines: Sequence[str], line: int) -> bool:
    """Whether line ``line`` (1-based) of the script is a comment line."""
    return 0 < line <= len(lines) and lines[line - 1].lstrip().startswith("#")


def _is_option(arg: Arg) -> bool:
    return _OPTION.fullmatch(arg.value if arg.value is not None else arg.raw) is not None


def _finding(path: str, engine: list[Arg], cut: list[list[Arg]], lines: Sequence[str]) -> Finding:
    start = engine[0].position
    end = max(a.position.line for a in engine)
    # the line the command was meant to continue from ends with `\`: a comment ends it
    comment = end + 1 if _comment(lines, end + 1) and _continued(lines, end) else 0
    last = max(a.position.line for a in cut[-1])
    inside = [n for n in range(end + 1, last) if _comment(lines, n)] if comment else []
    options = [a.raw for line in cut for a in line if _is_option(a)]
    shown = ", ".join(f"`{o.split('=', 1)[0]}`" for o in options[:6])
    more = f" and {len(options) - 6} more" if len(options) > 6 else ""
    head = cut[0][0]
    shown_lines = (
        "this line as a command of its own"
        if len(cut) == 1
        else f"these {len(cut)} lines as commands of their own"
    )
    why = (
        f"the comment on line {comment} ends it (the `\\` of line {end} joins the comment "
        "line, and `#` comments out the rest)"
        if comment
        else f"line {end} does not end with `\\`"
    )
    fix = (
        f"move the comment {_lines(inside)} out of the command (above line {start.line})"
        if comment
        else f"end line {end} with ` \\` (and each option line but the last)"
    )
    return DETACHED_OPTIONS.finding(
        path,
        head.position.line,
        head.position.column,
        f"{shown}{more} {'is' if len(options) == 1 else 'are'} not part of the "
        f"`{' '.join(a.raw for a in engine[:2])}` command on line {start.line}: {why}, so the "
        f"shell runs {shown_lines} "
        '("command not found") once the server exits, and the server starts without '
        f"{'it' if len(options) == 1 else 'them'}; toplint checks it as it starts",
        fix=Fix(fix, applicability="display"),
        data={"options": options, "command_line": start.line},
        anchor=options[0].split("=", 1)[0] if options else "options",
    )


def _continued(lines: Sequence[str], line: int) -> bool:
    """Whether line ``line`` (1-based) ends with a line-continuing backslash."""
    return 0 < line <= len(lines) and lines[line - 1].rstrip().endswith("\\")


def _lines(numbers: Sequence[int]) -> str:
    """``line 48`` / ``lines 48, 50-55``: runs of consecutive line numbers."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    shown = ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else f"{r[0]}" for r in runs)
    return f"line {shown}" if len(numbers) == 1 else f"lines {shown}"
