"""systemd service units that start an engine (``vllm.service``; issue 24, point 5).

A unit's ``[Service]`` section runs ``ExecStart=`` (and ``ExecStartPre=``/``ExecStartPost=``)
command lines with the variables of its ``Environment=`` lines (systemd.service(5) "Command
lines": the first word is the program, ``$VAR``/``${VAR}`` are environment variables, a trailing
``\\`` continues the line; the prefixes ``-``, ``@``, ``:``, ``+``, ``!`` change how it runs,
not what; systemd.exec(5) ``Environment=`` takes space-separated ``VAR=value`` assignments, each
quotable).  ``EnvironmentFile=`` is read outside the repository at run time and stays unknown.
A word of a command line under the unit's ``WorkingDirectory=`` (systemd.exec(5): the directory
its processes run in) names that path relative to it, as a relative word does, and both are read
from the unit's own folder: ``WorkingDirectory=/srv/vllm`` with ``ExecStart=/srv/vllm/serve.sh``
(systemd.service(5) wants an absolute program) runs the repository's ``serve.sh`` installed there.
The unit is rewritten as a shell script with the same lines and columns (every other line blank)
and read by ``toplint.parse.text.shellsrc``, so ``CUDA_VISIBLE_DEVICES`` in ``Environment=``
bounds the engine to those GPUs as an exported variable does, and a script the unit runs
(``ExecStart=/bin/bash serve.sh``) is followed inside the repository.  The manager calls a unit's
command lines with no arguments (systemd.exec(5): a variable neither ``Environment=`` nor the
manager sets expands to nothing), so an engine command whose model is such a variable is not an
entrypoint waiting for its caller's arguments: it is the deployment, with that value unknown.

A unit's Jinja template (``vllm.service.j2``, an Ansible role's ``templates/``) is read as the
unit it renders: its plain ``{{ name }}`` values from the role and the plays that render it
(``toplint.parse.text.rendered``), the rest of its template text inert
(``toplint.parse.text.sourcemap.masked_templates``), and each ``{% if %}``/``{% elif %}``/
``{% else %}`` on a line of its own an arm of a conditional not decided here (Jinja renders
exactly one; which one the inventory's values choose is not read), as the shell reader reads an
``if`` it cannot decide: every arm, each command marked as one that may not run.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable

from toplint.infra.patterns import lazy
from toplint.model import ParseResult
from toplint.parse.base import Source
from toplint.parse.text.makefile import moved_back
from toplint.parse.text.shellsrc import ShellParser

_SUFFIX = "#unit.sh"  # the unit read as a script under this name, then moved back
_KEY = lazy(r"^(\s*)(ExecStart|ExecStartPre|ExecStartPost|Environment)\s*=\s*", re.I)
_WORKDIR = lazy(r"^\s*WorkingDirectory\s*=\s*-?(/[^\s%]*?)/*\s*$", re.I)
_SECTION = lazy(r"^\s*\[([A-Za-z]+)\]\s*$")


class SystemdUnitParser:
    name = "systemd-unit"

    def accepts(self, source: Source) -> bool:
        return source.name.removesuffix(".j2").endswith(".service")

    def parse(self, source: Source) -> ParseResult:
        text, rendered = source.text, dict[str, str]()
        if source.name.endswith(".j2") and ("{{" in text or "{%" in text):
            from toplint.parse.text.rendered import substituted
            from toplint.parse.text.sourcemap import masked_templates

            text, rendered = substituted(text, source.path)
            text = masked_templates(_JINJA_ARM.sub(_arm, text))
        exports, script = _as_script(text)
        exports += [f"{k}={shlex.quote(v)}" for k, v in rendered.items()]
        header = "".join(f"export {a}\n" for a in exports)
        unit = Source.from_text(source.path + _SUFFIX, header + script)
        found = ShellParser(entrypoints=False).parse(unit)
        return moved_back(found, source.path, _SUFFIX, len(exports), "systemd")


# A Jinja conditional's tag on a line of its own, and the shell text that line is read as: an
# ``if`` whose test (a command nothing defines) is never decided here.
_JINJA_ARM = lazy(r"^[ \t]*\{%-?\s*(if|elif|else|endif)\b[^\n]{0,300}?-?%\}[ \t]*$", re.M)
_ARMS = {"if": "if _jinja_; then", "elif": "elif _jinja_; then", "else": "else", "endif": "fi"}
_ARM_LINES = frozenset(_ARMS.values())


def _arm(m: re.Match[str]) -> str:
    return _ARMS[m.group(1)]


def _as_script(text: str) -> tuple[list[str], str]:
    """The ``Environment=`` assignments (quoted for the shell) and the unit's command lines as
    a script with the same lines and columns."""
    exports: list[str] = []
    out: list[str] = []
    section = ""
    continued = False
    here = _working_directory(text)
    for line in text.split("\n"):
        head = _SECTION.match(line)
        if head:
            section, continued = head.group(1).lower(), False
            out.append("")
            continue
        if line in _ARM_LINES:  # a template's conditional, in any section (they nest)
            out.append(line)
            continued = False
            continue
        if continued:
            out.append(here(line))
            continued = line.rstrip().endswith("\\")
            continue
        m = _KEY.match(line) if section == "service" else None
        if m is None:
            out.append("")
            continue
        body = line[m.end() :]
        if m.group(2).lower() == "environment":
            exports.extend(_assignments(body))
            out.append("")
            continue
        stripped = body.lstrip("-@:+!")
        out.append(here(" " * (len(line) - len(stripped)) + stripped))
        continued = line.rstrip().endswith("\\")
    return exports, "\n".join(out)


def _working_directory(text: str) -> Callable[[str], str]:
    """What a command line of the unit reads as from its folder: each word that starts with the
    ``[Service]`` section's ``WorkingDirectory=`` (an absolute path, no ``%`` specifier) as
    ``./`` and the rest, right-aligned so every later column stays where the unit has it."""
    section, found = "", ""
    for line in text.split("\n"):
        head = _SECTION.match(line)
        section = head.group(1).lower() if head else section
        m = _WORKDIR.match(line) if section == "service" else None
        found = m.group(1) if m and m.group(1) else found
    if not found:
        return lambda line: line
    prefix = re.compile(r"(?<!\S)" + re.escape(found) + "/")
    pad = " " * (len(found) - 1) + "./"
    return lambda line: prefix.sub(pad, line)


def _assignments(body: str) -> list[str]:
    """``Environment=A=1 "B=two words"`` as shell assignments; an unreadable line gives none."""
    try:
        return shell_assignments(shlex.split(body))
    except ValueError:
        return []


def shell_assignments(items: Iterable[str]) -> list[str]:
    """``NAME=value`` items (quotes already removed) as shell assignments, each value quoted for
    the shell; an item that assigns no variable is left out."""
    out = []
    for item in items:
        name, eq, value = item.strip().partition("=")
        if eq and name.strip().isidentifier():
            out.append(f"{name.strip()}={shlex.quote(value)}")
    return out
