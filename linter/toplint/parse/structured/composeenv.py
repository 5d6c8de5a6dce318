"""The variables an env file (``.env``) sets: what a compose file is interpolated with, and what
a Python module that calls python-dotenv's ``load_dotenv()`` reads into its environment.

Docker Compose reads ``.env`` from the project directory, the folder of the (first) compose
file, and interpolates ``${VAR}``, ``$VAR`` and ``${VAR:-default}`` in the file with it, a
variable set in the shell taking precedence (docs.docker.com, "Set, use, and manage variables
in a Compose file with interpolation": ".env file", "Interpolation"; the shell's environment
is not known when linting, as with ``${VAR:-default}`` the file's value is what runs unless the
shell overrides it).  Its syntax, from the same page ("Env file syntax"), which python-dotenv
reads alike (its README, "File format"): one ``KEY=VALUE`` per line, optionally after
``export``; a line starting with ``#`` and a blank line are skipped; a value may be
single-quoted (taken literally), double-quoted or unquoted (both interpolated with the variables
above it); an unquoted value's comment starts at `` #``.  A line outside that syntax, and a value
that names a variable the file does not set, is left out: that variable stays unresolved, never
guessed.  A file with no readable ``.env`` beside it (none in the repository, or stdin) has no
such variables.
"""

from __future__ import annotations

import os

from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import ReadRefused, read_reference
from toplint.parse.text.expand import expand_text

__all__ = ["env_lines", "parse_env", "project_variables"]

_LINE = lazy(r"^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*(.*?)[ \t]*$")
MAX_ENV_BYTES = 64 * 1024


def project_variables(compose_path: str) -> dict[str, str]:
    """``.env``'s variables for the compose file at ``compose_path`` ({} when there is none).
    One ``lstat`` says most folders have none, before the read policy resolves the repository
    root for the read (a third of the cost of reading a tree of compose files otherwise)."""
    if compose_path in ("-", "<stdin>") or not os.path.lexists(
        os.path.join(os.path.dirname(compose_path), ".env")
    ):
        return {}
    try:
        _, text = read_reference(compose_path, ".env", MAX_ENV_BYTES)
    except (ReadRefused, OSError, ValueError):
        return {}
    return parse_env(text)


def parse_env(text: str) -> dict[str, str]:
    """The ``KEY=VALUE`` lines of an env file, each value as Compose reads it."""
    return {name: value for name, (value, _) in env_lines(text).items()}


def env_lines(text: str) -> dict[str, tuple[str, int]]:
    """Each variable of an env file with its value and the (1-based) line that sets it."""
    found: dict[str, tuple[str, int]] = {}
    values: dict[str, str] = {}
    for n, line in enumerate(text.split("\n"), 1):
        m = _LINE.match(line)
        if m is None or line.lstrip().startswith("#"):
            continue
        value = _value(m.group(2), values)
        if value is not None:
            values[m.group(1)] = value
            found[m.group(1)] = (value, n)
    return found


def _value(raw: str, known: dict[str, str]) -> str | None:
    """The value of one line; None when it is not closed or names an unknown variable."""
    if raw[:1] == "'":
        end = raw.find("'", 1)
        return raw[1:end] if end > 0 else None
    if raw[:1] == '"':
        end = raw.find('"', 1)
        return _expanded(raw[1:end], known) if end > 0 else None
    bare = raw.split(" #", 1)[0].split("\t#", 1)[0].rstrip()
    return _expanded(bare, known)


def _expanded(text: str, known: dict[str, str]) -> str | None:
    if "$" not in text:
        return text
    value, unresolved = expand_text(text, known)
    return value if not unresolved else None
