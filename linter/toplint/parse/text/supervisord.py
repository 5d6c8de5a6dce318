"""supervisord programs that start an engine (``[program:vllm]`` in ``supervisord.conf`` or a
``conf.d`` file).

supervisord runs each ``[program:NAME]`` section's ``command=`` with the variables of its
``environment=`` (supervisor docs, "Configuration File", ``[program:x]`` section values: the
command "can use double quotes to group arguments with spaces in them", and is run directly,
not by a shell; ``environment`` is ``KEY="val",KEY2="val2"``; an expression ``%(ENV_X)s`` is the
environment variable X of supervisord, ``%(program_name)s`` the section's name and
``%(process_num)d`` the process's number, 0 for the first).  An ``[eventlistener:x]`` or
``[fcgi-program:x]`` section starts no server.

The file is rewritten as a shell script with the same lines and columns (every other line
blank) and read by ``toplint.parse.text.shellsrc``, so ``CUDA_VISIBLE_DEVICES`` in a program's
``environment`` bounds its engine to those GPUs as an exported variable does, and a script the
program runs (``command=bash scripts/start_vllm.sh``) is followed inside the repository.  Each
program's section header becomes the line that sets its environment (and unsets the previous
program's), so one program's variables never reach another.  ``%(ENV_X)s`` is read as ``${X}``
(the columns after it on that line move by the difference).  A program of ``numprocs=N`` is
read once, as the copy numbered 0; its N copies run together with the same devices
(``Deployment.options[COPIES]``), unless its command or environment uses ``%(process_num)d``,
on the line that gives it its devices (``CUDA_VISIBLE_DEVICES="%(process_num)d"``): then each copy
has its own, and the program is read as a loop's body (``RUNS_IN_LOOP``).
"""

from __future__ import annotations

import itertools
import re
import shlex

from toplint.infra.patterns import lazy
from toplint.model import Deployment, ParseResult
from toplint.optionkeys import COPIES, COPIES_FROM, RUNS_IN_LOOP
from toplint.parse.base import Source
from toplint.parse.text.makefile import moved_back
from toplint.parse.text.shellsrc import ShellParser
from toplint.parse.text.supervisorconf import PROGRAM_SECTION, configures_programs
from toplint.parse.text.systemd import shell_assignments
from toplint.record import replace

_SUFFIX = "#supervisord.sh"  # the file read as a script under this name, then moved back
_ANY_SECTION = lazy(r"^\s*\[[^\]]*\]\s*$")
_KEY = lazy(r"^(command|environment)\s*[=:]\s*", re.I)
_EXPR = lazy(r"%\((ENV_)?([A-Za-z_][A-Za-z0-9_]*)\)[-#0 +]*[0-9]*[sd]")


class SupervisordParser:
    name = "supervisord"

    def accepts(self, source: Source) -> bool:
        return source.name.lower().endswith((".conf", ".ini")) and configures_programs(source.text)

    def parse(self, source: Source) -> ParseResult:
        script = _as_script(source.text)
        found = ShellParser().parse(Source.from_text(source.path + _SUFFIX, script))
        result = moved_back(found, source.path, _SUFFIX, 0, "supervisord")
        copied = _numprocs(source.text)
        if not copied:
            return result
        deployments = tuple(_copies(dep, copied) for dep in result.deployments)
        return replace(result, deployments=deployments)


# A line that gives each copy its own devices by its number: ``%(process_num)d`` on the line that
# sets ``CUDA_VISIBLE_DEVICES`` (or another runtime's visibility variable) or a ``device`` option.
_NUMBERED_DEVICES = lazy(r"(?i)(visible_devices|device).*%\(process_num\)")
_NUMPROCS = lazy(r"^\s*numprocs\s*[=:]\s*(\d+)\s*$", re.I)


def _numprocs(text: str) -> list[tuple[int, int, int, bool]]:
    """(first line, last line, numprocs, whether it uses ``%(process_num)``) of each program
    section of more than one process."""
    out: list[tuple[int, int, int, bool]] = []
    lines = text.split("\n")
    starts = [k for k, line in enumerate(lines) if _ANY_SECTION.match(line)] + [len(lines)]
    for a, b in itertools.pairwise(starts):
        if not PROGRAM_SECTION.match(lines[a]):
            continue
        body = lines[a + 1 : b]
        count = next((int(m.group(1)) for m in map(_NUMPROCS.match, body) if m), 1)
        if count > 1:
            out.append((a + 1, b, count, any(_NUMBERED_DEVICES.search(line) for line in body)))
    return out


def _copies(dep: Deployment, copied: list[tuple[int, int, int, bool]]) -> Deployment:
    for first, last, count, numbered in copied:
        if first <= dep.line <= last:
            if numbered:  # each copy with its own devices
                return replace(dep, options={**dep.options, RUNS_IN_LOOP: "true"})
            copies = {COPIES: str(count), COPIES_FROM: f"numprocs={count}"}
            return replace(dep, options={**dep.options, **copies})
    return dep


def _as_script(text: str) -> str:
    """The programs' commands as a script with the file's lines and columns: each program's
    header line sets its environment, each ``command=`` line is its command."""
    lines = text.split("\n")
    out = [""] * len(lines)
    previous: list[str] = []
    program = ""
    header = -1
    command = -1  # the last line of the command value being read (continued when indented)
    for k, line in enumerate(lines):
        if command >= 0 and line[:1] in (" ", "\t") and line.strip():
            out[command] += " \\"  # configparser: an indented line continues the value
            out[k], command = _expanded(line, program), k
            continue
        command = -1
        head = PROGRAM_SECTION.match(line)
        if head:
            program, header = head.group(1), k
            out[k] = _unset(previous)
            previous = []
            continue
        if _ANY_SECTION.match(line):
            program = ""
            continue
        m = _KEY.match(line) if program else None
        if m is None:
            continue
        body = line[m.end() :]
        if m.group(1).lower() == "environment":
            assignments = _assignments(body, program)
            previous = [a.split("=", 1)[0] for a in assignments]
            if assignments:
                exports = "export " + " ".join(assignments)
                out[header] = f"{out[header]}; {exports}" if out[header] else exports
            continue
        out[k], command = " " * m.end() + _expanded(body, program), k
    return "\n".join(out)


def _unset(names: list[str]) -> str:
    return f"unset {' '.join(names)}" if names else ""


def _expanded(text: str, program: str) -> str:
    return _EXPR.sub(lambda e: _expression(e, program), text)


def _expression(match: re.Match[str], program: str) -> str:
    """A ``%(name)s`` expression as the shell reads it: ``%(ENV_X)s`` is ``${X}``, the
    program's name and first process number are known, anything else stays unknown."""
    if match.group(1):
        return "${" + match.group(2) + "}"
    if match.group(2) == "program_name":
        return program
    if match.group(2) == "process_num":
        return "0"
    return "${SUPERVISOR_" + match.group(2).upper() + "}"


def _comma_split(text: str) -> list[str]:
    """``A="1",B="x,y"``: items split at commas outside quotes, quotes removed (POSIX shlex with
    the comma as its only separator, as supervisor's ``dict_of_key_value_pairs`` reads it)."""
    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace = ","
    lexer.whitespace_split = True
    return list(lexer)


def _assignments(body: str, program: str) -> list[str]:
    """``environment=A="1",B="two words"`` as shell assignments; an unreadable value gives
    none."""
    try:
        return shell_assignments(_comma_split(_expanded(body, program)))
    except ValueError:
        return []
