"""Engine commands wherever a YAML, JSON or TOML file writes them (formats toplint never heard of).

When no parser found a deployment in a data file whose text names an engine command, every
value in it is looked at:

* a string that starts an engine (``vllm serve …``, ``python -m sglang.launch_server …``), or a
  script that does (a ``run: |`` block, ``"cmd": "bash -c '…'"``), is lexed as shell with its
  words positioned in the file (``toplint.parse.text.shellsrc.lex_embedded``);
* a list of scalars that starts an engine is an argument vector (each element exactly placed);
* a mapping's ``command``/``cmd``/``entrypoint`` list followed by its ``args``/``arguments`` list
  (the Kubernetes and Docker convention many platforms copy) is one argument vector.

A GitHub Actions workflow is read job by job: a job that names an ``environment:`` is a
deployment job and is read; any other job that starts an engine is a CI test of it, not a
deployment, and a file whose engines run only in such jobs gets one TL008 note (info).

Nothing about the platform is known, so these deployments carry no GPU count or node count:
what the command itself says is all that is read.  A format is recognised by what it contains
(``toplint.parse.run`` calls this whatever the file is named).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from typing import Any

from toplint.engines.registry import all_engines
from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import load_documents
from toplint.model import Deployment, Finding, ParseResult, Position, unparsable
from toplint.parse.argv import file_deployments
from toplint.parse.base import Source
from toplint.parse.builtengine import builds_engines, built_from
from toplint.parse.infer.scopevars import environment_above
from toplint.parse.infer.scoping import dotenv_beside, other_commands, scoped
from toplint.parse.invocation import Invocation, find_invocations
from toplint.parse.k8s.configmap import environment_entry
from toplint.parse.k8s.container import token_arg
from toplint.parse.k8s.manifest import looks_like_k8s
from toplint.parse.options import Arg
from toplint.parse.structured.tomlpos import TomlStrings
from toplint.parse.text.shellsrc import lex_embedded
from toplint.parse.textpos import offset_of
from toplint.record import replace

_HEADS = ("command", "cmd", "entrypoint", "entryPoint")
_TAILS = ("args", "arguments", "argv")
MAX_VALUES = 50_000  # values looked at in one file (a huge data file is not a config)


@cache
def _engine_words() -> tuple[str, ...]:
    """The words that start an engine: launch commands and ``python -m`` modules."""

    words: set[str] = set()
    for engine in all_engines():
        words.update(launch.words[0] for launch in engine.launches)
        words.update(engine.modules)
        words.update(engine.cli_modules)
    return tuple(sorted(words, key=len, reverse=True))


@lru_cache(maxsize=64)
def _starting(words: tuple[str, ...]) -> re.Pattern[str]:
    """One of ``words`` where a command or module starts (compiled per set of words a text
    holds: the alternation of every engine's words took ~1 ms to compile for one value)."""
    alternatives = "|".join(re.escape(w) for w in words)
    return re.compile(rf"(?:^|[\s\"'/=\[,]|-m\s+)(?:{alternatives})(?=$|[\s\"',\]])")


@cache
def _engine_images() -> tuple[str, ...]:
    """The repositories of images whose entrypoint is an engine (``docker run vllm/vllm-openai``
    starts it): a plain substring test, no pattern to compile."""
    return tuple(sorted({i.repository for e in all_engines() for i in e.images if i.entrypoint}))


def mentions_engine(text: str) -> bool:
    """True when some word of ``text`` could start an engine."""
    # An alternative matches only where its word is written: the pattern holds those alone.
    present = tuple(w for w in _engine_words() if w in text)
    if present and _starting(present).search(text) is not None:
        return True
    return any(r in text for r in _engine_images())


def scan(source: Source) -> ParseResult:
    """Deployments of every engine command in a YAML/JSON (or TOML) file; empty when the text
    is none of those."""
    ci: list[tuple[str, Invocation]] = []
    deployments: list[Deployment] = []
    findings: list[Finding] = []
    values = list(_values(source, ci))
    for args, doc, at in values:
        env = environment_above(doc, at) if doc is not None else {}
        invocations = [replace(inv, env={**env, **inv.env}) for inv in _invocations(args)]
        # a container runtime's ``run`` (its /dev/shm read) is a docker-run deployment wherever
        # it is written: its GPUs are ``--gpus``, its /dev/shm set with ``--ipc``/``--shm-size``
        kind = "docker-run" if invocations and invocations[0].dev_shm else "embedded"
        found, more = file_deployments(invocations, source.path, kind)
        others = other_commands(at, [p for _, d, p in values if d is doc])
        if builds_engines(found):  # the value's script may convert and build it (builtengine)
            script = [a for a, e, w in values if e is doc and w == at]
            found = [built_from(dep, script) for dep in found]
        deployments.extend(scoped(doc, at, dep, others) for dep in found)
        findings.extend(more)
    if ci and not deployments:
        from toplint.parse.structured.workflows import ci_only

        findings.append(ci_only(source, *ci[0]))
    return ParseResult(source.path, tuple(deployments), tuple(findings))


def _invocations(args: list[Arg]) -> list[Invocation]:
    """The engine commands of one argument vector: a ``docker run`` first, as the shell reader
    reads one (``parse.text.dockerrun.docker_run``: the container's env, GPUs, /dev/shm and
    device flags, and an image whose entrypoint is the engine), else an engine's own."""
    from toplint.parse.text.dockerrun import docker_run

    inv = docker_run(args)
    return [inv] if inv is not None else find_invocations(args)


def _local_action(
    source: Source, doc: Any, job: dict[str, Any], at: tuple[str | int, ...], budget: list[int]
) -> Invocation | None:
    """The first engine a job starts through an action of its repository (``uses: ./``)."""
    from toplint.parse.structured.workflows import first_start

    def starts(action: Source, a_doc: Any, node: Any, a_at: tuple[str | int, ...]) -> Any:
        return (i for a, _ in _walk(action, a_doc, node, a_at, budget, {}) for i in _invocations(a))

    return first_start(source, doc, job, at, starts)


def _workflow_jobs(data: Any) -> dict[Any, dict[str, Any]] | None:
    """A GitHub Actions workflow's jobs (``parse.structured.workflows``, imported only for a
    document with ``jobs``)."""
    if not isinstance(data, dict) or "jobs" not in data:
        return None
    from toplint.parse.structured.workflows import workflow_jobs

    return workflow_jobs(data)


def _values(
    source: Source, ci: list[tuple[str, Invocation]]
) -> Iterator[tuple[list[Arg], Any, tuple[str | int, ...]]]:
    """Argument vectors of the file's values that mention an engine, each with its document
    and path (``ci`` collects the engines GitHub Actions CI jobs start: tests, not
    deployments)."""

    if source.name.endswith(".toml"):
        yield from ((args, None, ()) for args in _toml_values(source))
        return
    try:
        docs = load_documents(source.text, source.path)
    except SourceError:
        return
    budget = [MAX_VALUES]
    start = dotenv_beside(source.path)
    for doc in docs:
        jobs = _workflow_jobs(doc.data)
        if jobs is None:
            yield from ((a, doc, p) for a, p in _walk(source, doc, doc.data, (), budget, start))
            continue
        for name, job in jobs.items():
            at = ("jobs", name)
            if "environment" in job:  # GitHub's deployment job: it deploys to an environment
                yield from ((a, doc, p) for a, p in _walk(source, doc, job, at, budget, {}))
                continue
            started = (
                inv for a, _ in _walk(source, doc, job, at, budget, {}) for inv in _invocations(a)
            )
            first = next(started, None) or _local_action(source, doc, job, at, budget)
            if first is not None:
                ci.append((str(name), first))


def _walk(
    source: Source,
    doc: Any,
    node: Any,
    at: tuple[str | int, ...],
    budget: list[int],
    env: Mapping[str, str],
) -> Iterator[tuple[list[Arg], tuple[str | int, ...]]]:
    """Argument vectors under ``node``; ``env`` holds the variables the mappings above it set
    (``env: [MODEL_ID=...]``, ``environment: {TP: "4"}``: ``toplint.parse.infer.scopevars``)."""
    budget[0] -= 1
    if budget[0] < 0:
        return
    if isinstance(node, str):
        if mentions_engine(node) and not environment_entry(doc.data, at, node):
            yield from ((a, at) for a in _script(source, node, doc.value_position(at), env))
    elif isinstance(node, list):
        if node and all(_scalar(v) for v in node):
            args = [_arg(source, doc, v, (*at, i)) for i, v in enumerate(node)]
            if find_invocations(args):
                yield args, at
                return
        for i, item in enumerate(node):
            yield from _walk(source, doc, item, (*at, i), budget, env)
    elif isinstance(node, dict):
        from toplint.parse.infer.scopevars import declared

        env = {**env, **declared(node)}
        joined = _command_and_args(source, doc, node, at, env)
        if joined is not None:
            yield joined, at
            return
        for key, value in node.items():
            yield from _walk(source, doc, value, (*at, key), budget, env)


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


def _arg(source: Source, doc: Any, value: Any, at: tuple[str | int, ...]) -> Arg:
    """One element; its position is its first character (after an opening quote)."""

    text = str(value)
    pos = doc.value_position(at)
    offset = offset_of(source.text, pos.line, pos.column)
    if offset < len(source.text) and source.text[offset] in "'\"":
        pos = replace(pos, column=pos.column + 1)
    return _element(text, pos, _anchor(at))


# A variable reference the platform expands before the engine runs: Kubernetes ``$(NAME)``,
# shell-style ``${NAME}`` / ``$NAME``.  Nothing here knows the platform's values (an operator
# such as LeaderWorkerSet injects LWS_GROUP_SIZE), so the element is unresolved, never read
# as the literal text.
_REFERENCE = lazy(r"\$\(([A-Za-z_]\w*)\)|\$\{([^}]*)\}|\$([A-Za-z_]\w*)")


def _element(text: str, pos: Position, anchor: str = "") -> Arg:
    """One argument-list element; references and template text (``{{ … }}``) are unresolved."""

    refs = tuple(next(g for g in m.groups() if g is not None) for m in _REFERENCE.finditer(text))
    return token_arg(text, text, pos, refs, anchor)


def _anchor(at: tuple[str | int, ...]) -> str:
    return ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in at).replace(".[", "[")


def _command_and_args(
    source: Source,
    doc: Any,
    node: dict[str, Any],
    at: tuple[str | int, ...],
    env: Mapping[str, str],
) -> list[Arg] | None:
    """``command`` + ``args`` of one mapping as one argument vector; each may be a list or a
    string (a string is split as the shell splits a command line)."""
    head = next((k for k in _HEADS if isinstance(node.get(k), (list, str))), None)
    tail = next((k for k in _TAILS if isinstance(node.get(k), (list, str))), None)
    if head is None or tail is None:
        return None
    args = _words(source, doc, node[head], (*at, head), env)
    rest = _words(source, doc, node[tail], (*at, tail), env)
    if args is None or rest is None:
        return None
    return args + rest if find_invocations(args + rest) else None


def _words(
    source: Source, doc: Any, value: Any, at: tuple[str | int, ...], env: Mapping[str, str]
) -> list[Arg] | None:
    if isinstance(value, str):
        commands = list(_script(source, value, doc.value_position(at), env))
        return commands[0] if len(commands) == 1 else None
    if not all(_scalar(v) for v in value):
        return None
    return [_arg(source, doc, v, (*at, i)) for i, v in enumerate(value)]


def _script(
    source: Source, value: str, pos: Position, env: Mapping[str, str] | None = None, depth: int = 0
) -> Iterator[list[Arg]]:
    """The commands of a script held in a value; an ``sh -c SCRIPT`` command is read as the
    script it runs (``start_command: sh -c "... python3 -m sglang.launch_server ..."``)."""
    from toplint.parse.invocation import inner_script

    try:
        commands = lex_embedded(value, env or {}, source.text, source.path, pos.line, pos.column)
    except SourceError:
        return  # not shell (prose that names an engine); nothing to read
    for command in commands:
        found = inner_script(command) if depth < 3 else None
        if found is None or not mentions_engine(found[0]):
            yield command
            continue
        yield from _script(source, found[0], found[1], env, depth + 1)


def commands_in(
    value: str, pos: Position, env: Mapping[str, str], text: str, path: str
) -> list[list[Arg]]:
    """The commands of a script held in a value at ``pos`` of the file ``text``."""
    return list(_script(Source.from_text(path, text), value, pos, env))


def _toml_values(source: Source) -> Iterator[list[Arg]]:
    """TOML strings and string arrays that start an engine (Python 3.11+: ``tomllib``).

    TOML parsers keep no positions: a value is placed at the first string literal in the file
    that holds it (``tomlpos.TomlStrings``, one scan of the file).
    """
    try:
        import tomllib
    except ImportError:  # Python 3.10: TOML is not read
        return
    try:
        data = tomllib.loads(source.text)
    except (ValueError, RecursionError):  # TOMLDecodeError, and integers beyond int()'s digits
        return
    strings: list[TomlStrings] = []
    stack: list[Any] = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(reversed(list(node.values())))
        elif isinstance(node, list) and node and all(isinstance(v, str) for v in node):
            args = [_element(v, _find(source, strings, v)) for v in node]
            if find_invocations(args):
                yield args
        elif isinstance(node, list):
            stack.extend(reversed(node))
        elif isinstance(node, str) and mentions_engine(node):
            yield from _script(source, node, _find(source, strings, node, quoted=True))


def _find(source: Source, strings: list[TomlStrings], value: str, quoted: bool = False) -> Position:
    """Where ``value``'s first line is written (at its opening quote when ``quoted``); the
    file's first character when no literal holds it.  ``strings`` holds the file's index once
    it is made (most TOML files start no engine and need none)."""
    if not strings:
        strings.append(TomlStrings(source.text))
    line, column = strings[0].find(value, quoted) or (1, 1)
    return Position(source.path, line, column)


_TOML_AT = lazy(r"\(at line (\d+), column (\d+)\)")


def data_syntax_error(source: Source, named_engine: bool = False) -> Finding | None:
    """TL001 at the JSON or TOML parser's error, for a file toplint would have read: one that
    names an engine (``named_engine``, or a command ``scan`` looks for) or is a Kubernetes
    manifest.  Other JSON (``package.json``, JSONC settings with comments) is not toplint's."""

    text = source.text
    if not (named_engine or mentions_engine(text) or looks_like_k8s(text)):
        return None
    if source.name.endswith(".toml"):
        try:
            import tomllib
        except ImportError:  # Python 3.10: TOML is not read (nor judged)
            return None
        try:
            tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            at = _TOML_AT.search(str(exc))
            line, column = (int(at[1]), int(at[2])) if at else _end(text)
            reason = _TOML_AT.sub("", str(exc)).replace("(at end of document)", "").strip()
            return unparsable(source.path, f"invalid TOML: {reason}", line, column)
        except (ValueError, RecursionError):  # integers beyond int()'s digits, deep nesting
            return unparsable(source.path, "invalid TOML: a value cannot be read")
        return None
    import json

    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return unparsable(source.path, f"invalid JSON: {exc.msg}", exc.lineno, exc.colno)
    except (ValueError, RecursionError):
        return unparsable(source.path, "invalid JSON: nested too deeply or a value too large")
    return None


def _end(text: str) -> tuple[int, int]:
    """Line and column just past the end of ``text`` (where "at end of document" points)."""
    line = text.count("\n") + 1
    return line, len(text) - (text.rfind("\n") + 1) + 1


# One argument-list element, for the readers of options as data (``parse.generic.data``).
element = _element
