"""A notebook's code cells as IPython runs them: the Python it executes and the shell commands
its cells run, each line with its place in the ``.ipynb`` file (``toplint.parse.generic.nbcells``).

IPython's input transformations (ipython/ipython ``IPython/core/inputtransformer2.py``): a line
whose first non-blank character is ``!`` (``EscapedCommand``) runs the rest with
``get_ipython().system``, and ``x = !cmd`` (``SystemAssign``) runs it too; a line ending in ``\\``
goes on to the next (``find_end_of_continued_line``).  Such a command is expanded from the
Python namespace first (``InteractiveShell.var_expand``: ``$name`` and ``{expression}``), so
those words are unresolved here.  ``%name`` is a line magic (``%pip``, ``%cd``) and a cell that
starts with ``%%name`` is a cell magic: ``%%bash``, ``%%sh``, ``%%script bash``/``sh`` and
Colab's ``%%shell`` run the cell as a shell script; ``%%capture``, ``%%time`` and ``%%timeit``
run the rest as Python; ``%%writefile NAME`` writes the cell to a file and runs nothing (the file
is read as what it is); any other cell magic (``%%html``, ``%%javascript``) is no Python.

A code cell that is not Python once the magics are taken out (a shell command written in a code
cell, ``python -m vllm.entrypoints.openai.api_server ...``) is read as the commands it writes:
the notebook documents that server, which IPython itself would refuse to run (a SyntaxError).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from toplint.infra.patterns import lazy
from toplint.parse.generic import pysource
from toplint.parse.generic.nbcells import Cell, CodeLine
from toplint.record import record

_SHELL_MAGICS = frozenset({"bash", "sh", "shell", "system"})
_PYTHON_MAGICS = frozenset({"capture", "time", "timeit", "prun", "debug"})
_SCRIPT_SHELLS = frozenset({"bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/usr/bin/bash"})
_CELL_MAGIC = lazy(r"^\s*%%([A-Za-z_][\w]*)\b[ \t]*(.*)$")
_SYSTEM_ASSIGN = lazy(r"^(\s*)[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*\s*=\s*!")
_EXPRESSION = lazy(r"(?<!\$)\{([A-Za-z_][\w.]*(?:\[[^\]\n]*\])?)\}")
_NOT_NAME = lazy(r"[^A-Za-z0-9_]+")


@record
class Rendered:
    """A text made of code lines, and where each of its lines is in the notebook.  When every
    code line is on a later file line than the one before (nbformat writes each string of a
    cell's ``source`` on its own line), each is at its own file line of the text, the lines
    between blank, so a line number a reader puts in a message is the notebook's."""

    text: str
    lines: tuple[CodeLine | None, ...]  # the code line of each line of ``text`` (None: blank)
    starts: tuple[int, ...]  # the index in that code line of the text line's first character


@record
class Written:
    """A file a ``%%writefile`` cell writes: its name and its lines."""

    name: str
    body: Rendered


@record
class Rendition:
    python: Rendered
    shell: Rendered
    written: tuple[Written, ...]


def render(cells: Sequence[Cell]) -> Rendition:
    python: list[tuple[str, CodeLine, int]] = []
    shell: list[tuple[str, CodeLine, int]] = []
    written: list[Written] = []
    for cell in cells:
        lines = [c for c in cell.lines]
        head = next((k for k, c in enumerate(lines) if c.text.strip()), None)
        if head is None:
            continue
        magic = _CELL_MAGIC.match(lines[head].text)
        if magic:
            name, rest = magic.group(1), magic.group(2).split()
            body = lines[head + 1 :]
            target = next((w for w in rest if not w.startswith("-")), "")
            if name in _SHELL_MAGICS or (name == "script" and target in _SCRIPT_SHELLS):
                shell.extend((c.text, c, 0) for c in body)
            elif name == "writefile" and target:
                written.append(
                    Written(target.strip("'\""), _rendered([(c.text, c, 0) for c in body]))
                )
            elif name in _PYTHON_MAGICS:
                _python_cell(body, python, shell)
            continue
        _python_cell(lines, python, shell)
    return Rendition(_rendered(python), _rendered(shell), tuple(written))


def _python_cell(
    lines: list[CodeLine],
    python: list[tuple[str, CodeLine, int]],
    shell: list[tuple[str, CodeLine, int]],
) -> None:
    """The cell's Python lines (an escaped command or magic as ``pass`` at its indentation) and
    the shell commands it runs; a cell that is no Python then is read as shell lines."""
    code: list[tuple[str, CodeLine, int]] = []
    commands: list[tuple[str, CodeLine, int]] = []
    continued = False
    for c in lines:
        text = c.text
        if continued:  # an escaped command's continuation line
            commands.append((_masked(text), c, 0))
            code.append(("", c, 0))
            continued = text.rstrip().endswith("\\")
            continue
        stripped = text.lstrip()
        indent = text[: len(text) - len(stripped)]
        assign = _SYSTEM_ASSIGN.match(text)
        if stripped.startswith("!") or assign:
            at = text.index("!", assign.end() - 1 if assign else 0) + 1
            at += 1 if text[at : at + 1] == "!" else 0  # ``!!cmd`` is ``!cmd`` captured
            commands.append((_masked(text[at:]), c, at))
            code.append((indent + "pass", c, 0))
            continued = text.rstrip().endswith("\\")
        elif stripped.startswith(("%", "?")) or stripped.endswith("?"):
            code.append((indent + "pass", c, 0))
        else:
            code.append((text, c, 0))
    try:
        pysource.parse("\n".join(t for t, _, _ in code))
    except (SyntaxError, ValueError):
        shell.extend((c.text, c, 0) for c in lines)  # no Python: the commands it writes
        return
    python.extend(code)
    shell.extend(commands)


def _masked(command: str) -> str:
    """An escaped command with each ``{name}`` IPython fills from Python (a name, an attribute or
    an item: ``{MODEL}``, ``{args.tp}``, ``{cfg["tp"]}``) made a shell variable of the same
    length (``{MODEL}`` -> ``$MODEL_``): a value not known here.  A shell's own ``${VAR}`` and
    braces holding anything else (JSON) are left to the shell, as IPython leaves a text it
    cannot format."""
    if "{" not in command:
        return command

    def as_variable(m: object) -> str:
        whole: str = m.group(0)  # type: ignore[attr-defined]
        name = _NOT_NAME.sub("_", m.group(1)).strip("_") or "v"  # type: ignore[attr-defined]
        if name[0].isdigit():
            name = "v" + name
        return ("$" + name + "_" * len(whole))[: len(whole)]

    return _EXPRESSION.sub(as_variable, command)


def _rendered(lines: list[tuple[str, CodeLine, int]]) -> Rendered:
    numbers = [c.line for _, c, _ in lines]
    if all(a < b for a, b in itertools.pairwise(numbers)):  # each at its own file line
        texts: list[str] = [""] * (numbers[-1] if numbers else 0)
        codes: list[CodeLine | None] = [None] * len(texts)
        starts = [0] * len(texts)
        for text, code, start in lines:
            texts[code.line - 1], codes[code.line - 1], starts[code.line - 1] = text, code, start
        return Rendered("\n".join(texts) + ("\n" if texts else ""), tuple(codes), tuple(starts))
    return Rendered(
        "\n".join(t for t, _, _ in lines) + ("\n" if lines else ""),
        tuple(c for _, c, _ in lines),
        tuple(k for _, _, k in lines),
    )
