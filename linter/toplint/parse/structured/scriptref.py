"""A data file whose start command runs a script of the repository (issue 24, point 5).

Platforms start a container with a command that runs a script shipped beside the config
(``docker_server: {start_command: sh -c /app/data/do.sh}``, ``command: [bash, start.sh]``).
When nothing else read a deployment from the file, each command under a command-like key that
runs a script (``toplint.parse.text.chains.script_run``: ``bash x.sh``, ``./x.sh``, a script
path after ``sh -c``) is followed into that script, read as any shell script is, and its engine
commands are the file's deployments, with the GPUs and nodes of the mapping around the command
(``toplint.parse.infer.scoping``) and the chain in their notes and provenance.

The script is looked up beside the file: through a bind mount of the service when one explains
it (``volumes: ["./scripts:/app"]``), else a relative path as written, an absolute path (the
container's, ``/app/data/do.sh``) by its trailing parts (``data/do.sh``, then ``do.sh``), only
inside the repository and size-capped (``toplint.infra.readpolicy``).
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from typing import Any

from toplint.errors import SourceError
from toplint.infra.readpolicy import ReadRefused, read_reference
from toplint.infra.yamlsafe import Document, load_documents
from toplint.model import Deployment, Finding, ParseResult
from toplint.parse.base import Source
from toplint.parse.infer.scoping import scoped
from toplint.parse.structured.anywhere import commands_in
from toplint.parse.text.chains import SHELLS, script_run
from toplint.record import replace

Path = tuple[str | int, ...]
# Keys that start the container or server; CI vocabulary (`run:` steps, `script:`) is not here:
# a CI job's scripts test and build, they do not deploy.
_COMMAND_KEYS = frozenset({"startcommand", "command", "cmd", "entrypoint", "startscript"})
_MAX_MAPPINGS = 5000
_MAX_SCRIPT_BYTES = 256 * 1024


def script_deployments(source: Source) -> ParseResult | None:
    """The deployments of the scripts the file's commands run, or None when there are none."""
    try:
        docs = load_documents(source.text, source.path)
    except (SourceError, RecursionError):
        return None
    deployments: list[Deployment] = []
    findings: list[Finding] = []
    for doc in docs:
        for at, value in _commands(doc.data):
            for script in _scripts(source, doc, at, value):
                host = mounted(doc.data, at, script)
                found = (_read(source.path, host) if host else None) or _read(source.path, script)
                if found is None:
                    continue
                full, result = found
                start = doc.value_position(at)
                for dep in result.deployments:
                    dep = replace(dep, path=source.path, line=start.line, column=start.column)
                    deployments.append(_chained(scoped(doc, at, dep), script, full))
                findings.extend(f for f in result.findings if f.path == source.path)
    if not deployments:
        return None
    return ParseResult(source.path, tuple(deployments), tuple(findings))


def _commands(data: Any) -> Iterator[tuple[Path, Any]]:
    """(path, value) of each string or list under a command-like key, pre-order, bounded."""
    stack: list[tuple[Path, Any]] = [((), data)]
    seen = 0
    while stack and seen < _MAX_MAPPINGS:
        at, node = stack.pop()
        if isinstance(node, dict):
            seen += 1
            for key, value in node.items():
                norm = str(key).replace("_", "").replace("-", "").lower()
                if norm in _COMMAND_KEYS and isinstance(value, (str, list)):
                    yield (*at, key), value
                elif isinstance(value, (dict, list)):
                    stack.append(((*at, key), value))
        elif isinstance(node, list):
            stack.extend(((*at, i), v) for i, v in reversed(list(enumerate(node))))


def _scripts(source: Source, doc: Document, at: Path, value: Any) -> Iterator[str]:
    """The script paths a command value runs."""
    if isinstance(value, list):
        if not all(isinstance(v, str) for v in value) or len(value) > 200:
            return
        value = " ".join(value)
    if len(value) > 4000:
        return
    for command in commands_in(value, doc.value_position(at), {}, source.text, source.path):
        words = [w for w in command if w.value is not None]
        k = script_run(words, 0) if words else None  # type: ignore[arg-type]
        script = str(words[k].value or "") if k is not None else ""
        parts = script.split()
        if len(parts) > 1:  # ``zsh -c "zsh app/run.sh"``: the script the -c string runs
            shell = parts[0].rsplit("/", 1)[-1] in SHELLS
            script = next((w for w in parts[1:] if w[:1] != "-"), "") if shell else parts[0]
        if script:
            yield script


def mounted(data: Any, at: Path, script: str) -> str | None:
    """The repository path of a script the container sees through a bind mount of its service
    (compose ``volumes: ["./scripts:/app"]`` with ``command: bash app/run.sh`` or
    ``/app/run.sh``; the short syntax ``HOST:CONTAINER[:MODE]``, a relative ``HOST`` being the
    compose file's folder's, compose-spec ``services.volumes``); a relative script path is the
    service's ``working_dir``'s, else the image's root.  None when no mount explains it."""
    service: Any = data
    for key in at[:-1]:
        if isinstance(service, dict):
            service = service.get(key)
        elif isinstance(service, list) and isinstance(key, int) and key < len(service):
            service = service[key]
        else:
            return None
    if not isinstance(service, dict) or not isinstance(service.get("volumes"), list):
        return None
    workdir = service.get("working_dir")
    base = workdir if isinstance(workdir, str) and workdir.startswith("/") else "/"
    target = posixpath.normpath(posixpath.join(base, script))
    for volume in service["volumes"]:
        host, _, rest = volume.partition(":") if isinstance(volume, str) else ("", "", "")
        inside = rest.split(":", 1)[0].rstrip("/")
        if not host.startswith(".") or not inside.startswith("/"):
            continue  # a named volume or an absolute host path: not the repository's files
        if target == inside or target.startswith(inside + "/"):
            return posixpath.normpath(posixpath.join(host, target[len(inside) + 1 :]))
    return None


def _read(referrer: str, script: str) -> tuple[str, ParseResult] | None:
    """The script (by its path beside the file, or an absolute path's trailing parts) parsed."""
    from toplint.parse.text.shellsrc import ShellParser

    parts = [p for p in script.split("/") if p not in ("", ".")]
    if ".." in parts or not parts:
        return None
    # an absolute path is the container's: its trailing parts, longest first, beside the file
    absolute = script.startswith("/")
    tries = ["/".join(parts[i:]) for i in range(len(parts))] if absolute else ["/".join(parts)]
    for ref in tries:
        try:
            full, text = read_reference(referrer, ref, _MAX_SCRIPT_BYTES)
        except (ReadRefused, OSError, ValueError):
            continue
        return full, ShellParser().parse(Source.from_text(full, text))
    return None


def _chained(dep: Deployment, script: str, full: str) -> Deployment:
    note = f"engine command in {full.rsplit('/', 1)[-1]}, run by the start command (`{script}`)"
    prov = {**dep.provenance, "engine": f"`{script}` run by the start command"}
    return replace(dep, notes=(*dep.notes, note), provenance=prov)


# The command-like values of a document (a RayJob's ``entrypoint``, a container's ``command``),
# for the reader of scripts a manifest carries itself (``toplint.parse.generic.embedded``).
commands = _commands
