"""A script that starts a compose file's services (issue 24, point 5: script chains).

``docker compose up [-d] [SERVICE…]`` (also ``docker-compose``, ``podman compose``,
``podman-compose``) runs the compose file docker finds from the working directory up its parent
folders (``compose.yaml``, ``compose.yml``, ``docker-compose.yaml``, ``docker-compose.yml``:
the Compose specification's default names, docs.docker.com/compose/intro/compose-application-model)
or the one ``-f``/``--file`` names.  The script's command is read as those services' deployments:
the compose reader reads the file (inside the repository only, ``infra.readpolicy``), the
services the command names are kept (all when it names none), and each deployment is placed on
the script's command, its options keeping their places in the compose file, with the chain in
its notes (``parse.text.shellsrc.chained_deployment``).  The compose file, when linted itself,
reports its own findings there.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.errors import SourceError
from toplint.infra.readpolicy import read_first
from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.options import Arg
from toplint.record import replace

_RUNNERS = ("docker", "podman")
_STANDALONE = ("docker-compose", "podman-compose")
_NAMES = ("compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml")
_UP = ("up", "start", "run")
# Options of ``compose`` and of ``up`` that take a value (docker compose --help, compose up --help).
_WITH_VALUE_TEXT = (
    "-f --file -p --project-name --profile --env-file --project-directory --ansi --parallel "
    "--progress -t --timeout --wait-timeout --scale --pull --exit-code-from --attach --no-attach"
)
_WITH_VALUE = frozenset(_WITH_VALUE_TEXT.split())
_MAX_PARENTS = 3  # folders up from the script docker's default search may reach in a repository
MAX_FILE_BYTES = 1024 * 1024


def compose_up(args: Sequence[Arg]) -> tuple[list[str], list[str]] | None:
    """(compose files ``-f`` names, services) of a ``compose up`` command, or None."""
    values = [a.value or "" for a in args]
    base = [v.rsplit("/", 1)[-1] for v in values]
    if any(b in _STANDALONE for b in base):
        i = next(k for k, b in enumerate(base) if b in _STANDALONE) + 1
    else:
        k = next((k for k, b in enumerate(base) if b in _RUNNERS), -1)
        if k < 0 or k + 1 >= len(values) or values[k + 1] != "compose":
            return None
        i = k + 2
    files: list[str] = []
    services: list[str] = []
    seen_up, verb = False, ""
    while i < len(values):
        word = values[i]
        name, eq, inline = word.partition("=")
        if word.startswith("-"):
            value = (
                inline
                if eq
                else (values[i + 1] if name in _WITH_VALUE and i + 1 < len(values) else "")
            )
            if name in ("-f", "--file") and value:
                files.append(value)
            i += 1 if eq or name not in _WITH_VALUE else 2
            continue
        if not seen_up:
            if word not in _UP:
                return None  # ``compose down``, ``compose logs``: starts nothing
            seen_up, verb = True, word
        elif word and not (verb == "run" and services):  # ``run SERVICE COMMAND…``
            services.append(word)
        i += 1
    return (files, services) if seen_up else None


def _compose_file(script: str, files: Sequence[str]) -> tuple[str, str] | None:
    """The compose file a command names, or docker's default found from the script's folder up
    a few parents inside the repository."""
    candidates = list(files) or [
        f"{'../' * up}{name}" for up in range(_MAX_PARENTS + 1) for name in _NAMES
    ]
    return read_first(script, candidates, MAX_FILE_BYTES)


def compose_deployments(
    source: Source, commands: Sequence[tuple[list[Arg], tuple[int, int], str]]
) -> ParseResult | None:
    """The deployments of the compose services a script's commands start, or None.
    ``commands``: each command's words, where it is written and how it reads (for the chain)."""
    from toplint.parse.structured.compose import ComposeParser
    from toplint.parse.text.shellsrc import chained_deployment

    found: list[Deployment] = []
    for args, (line, column), shown in commands:
        up = compose_up(args)
        if up is None:
            continue
        files, services = up
        loaded = _compose_file(source.path, files)
        if loaded is None:
            continue
        path, text = loaded
        try:
            parsed = ComposeParser().parse(Source.from_text(path, text))
        except SourceError:
            continue
        via = f"`{shown}` at line {line} ({path.rsplit('/', 1)[-1]})"
        for dep in parsed.deployments:
            if services and dep.name not in services:
                continue
            dep = chained_deployment(dep, (via,))
            found.append(replace(dep, path=source.path, line=line, column=column))
    return ParseResult(source.path, tuple(found), ()) if found else None
