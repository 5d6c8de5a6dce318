"""Dockerfiles (``CMD``/``ENTRYPOINT``) and the engine images whose entrypoint is the engine.

``ENV``/``ARG`` values feed the expansion of shell-form instructions; exec-form (JSON) elements
are argv tokens as written.  An exec-form ``ENTRYPOINT`` gets ``CMD`` appended (Docker's rule); a
shell-form one ignores ``CMD``.  Without an ``ENTRYPOINT``, an engine image in ``FROM``
supplies one (``Engine.images``).  With neither, the Dockerfile builds an image and runs nothing
of its own (no deployment).  A ``CMD``/``ENTRYPOINT`` that runs a script of the repository is read
through that script (``toplint.parse.text.dockerchain``); one that runs a Python file of it (an
interpreter's script, a serving CLI's module) is read through that file by
``toplint.parse.generic.pyapps`` from ``image_command``.  A TensorRT-LLM engine the last stage's
``RUN`` lines (or the started script) convert and build is served at the converted layout
(``build_commands``, ``toplint.parse.builtengine.built_from``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from toplint.infra.patterns import lazy
from toplint.model import Deployment, Finding, ParseResult, Position
from toplint.parse.argv import file_deployments
from toplint.parse.base import Source
from toplint.parse.builtengine import builds_engines, built_from
from toplint.parse.invocation import (
    Invocation,
    find_invocations,
    image_invocation,
    shell_script,
    with_positional,
)
from toplint.parse.options import Arg
from toplint.parse.text.dockerchain import Layout, chained, script_at, written_scripts
from toplint.parse.text.shellrun import lex
from toplint.parse.text.sourcemap import command_args
from toplint.record import field, record, replace

_NAMES = ("dockerfile", "containerfile")
_INSTRUCTION = lazy(r"^[ \t]*([A-Za-z]+)[ \t]+", re.M)
_FROM = lazy(r"^\s*(?:#[^\n]*\n\s*|ARG[^\n]*\n\s*)*FROM\s+\S+", re.I)
_JSON_STRING = lazy(r'"((?:[^"\\]|\\.)*)"')


@record
class Instruction:
    keyword: str  # upper-cased
    text: str  # the arguments, continuation lines included as written
    line: int  # of the first argument character
    column: int


def instructions(text: str) -> list[Instruction]:
    """Instructions with their argument text; backslash-newline continues an instruction."""
    out: list[Instruction] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        m = _INSTRUCTION.match(line)
        start = i
        if not m or line.lstrip().startswith("#"):
            i += 1
            continue
        body = [line[m.end() :]]
        while body[-1].rstrip().endswith("\\") and i + 1 < len(lines):
            i += 1
            body.append(lines[i])
        out.append(Instruction(m.group(1).upper(), "\n".join(body), start + 1, m.end() + 1))
        i += 1
    return out


def exec_form(ins: Instruction, path: str) -> list[Arg] | None:
    """The JSON array of an exec-form instruction as args (None for shell form)."""
    stripped = ins.text.strip()
    if not stripped.startswith("["):
        return None
    import json  # here: a shell script or k8s manifest never needs it

    try:
        values = json.loads(stripped.replace("\\\n", ""))
    except ValueError:
        return None  # Docker treats an invalid JSON array as shell form
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        return None
    matches = list(_JSON_STRING.finditer(ins.text))
    args = []
    for k, value in enumerate(values):
        at = matches[k].start() if k < len(matches) else 0
        pos = _position(ins, at, path)
        args.append(Arg(value, json.dumps(value), pos, anchor=f"{ins.keyword}[{k}]"))
    return args


def _position(ins: Instruction, offset: int, path: str) -> Position:
    before = ins.text[:offset]
    nl = before.count("\n")
    if nl == 0:
        return Position(path, ins.line, ins.column + offset)
    return Position(path, ins.line + nl, offset - before.rfind("\n"))


def shell_form(ins: Instruction, path: str, env: Mapping[str, str]) -> list[Arg]:
    """A shell-form instruction (run by ``/bin/sh -c``), lexed with positions in the file."""
    return [a for command in _shell_commands(ins, path, env) for a in command]


def _shell_commands(ins: Instruction, path: str, env: Mapping[str, str]) -> list[list[Arg]]:
    """The commands of a shell-form instruction, each lexed with positions in the file."""
    padded = "\n" * (ins.line - 1) + " " * (ins.column - 1) + ins.text
    return [command_args(command, path) for command in lex(padded, env)]


def _env_assignments(text: str) -> dict[str, str]:
    """``ENV A=1 B="x y"`` or the legacy ``ENV A 1``."""

    words = [w for c in lex(text.replace("\\\n", " ")) for w in c.words]
    if words and words[0].value is not None and "=" not in words[0].raw:
        return {words[0].value: " ".join(w.value or "" for w in words[1:])}
    out = {}
    for w in words:
        if w.value is not None and "=" in w.value:
            name, _, value = w.value.partition("=")
            out[name] = value
    return out


class DockerfileParser:
    name = "dockerfile"

    def accepts(self, source: Source) -> bool:
        base = source.name
        if base in _NAMES or base.endswith(".dockerfile") or base.startswith("dockerfile."):
            return True
        return bool(_FROM.match(source.text)) and "\nCMD" in source.text.upper()

    def parse(self, source: Source) -> ParseResult:
        deployments, findings = [], []
        for run in image_runs(source):
            deps, notes = file_deployments([run.invocation], source.path, "dockerfile")
            for dep in deps:
                if not run.given and run.at is None:  # ``ENTRYPOINT [engine…]``, no CMD
                    note = _entrypoint(dep)
                    if note is not None:
                        findings.append(note)
                        continue
                if run.at is not None:  # through a script: placed at the instruction
                    from toplint.parse.text.shellsrc import chained_deployment  # a chain only

                    dep = chained_deployment(dep, run.via)
                    dep = replace(dep, line=run.at.line, column=run.at.column)
                deployments.append(dep)
            findings.extend(notes)
        if builds_engines(deployments):  # an engine its RUN lines or its script build
            commands = build_commands(source)
            deployments = [built_from(dep, commands) for dep in deployments]
        return ParseResult(source.path, tuple(deployments), tuple(findings))


def _entrypoint(dep: Deployment) -> Finding | None:
    """TL008 (info) for an image whose exec-form ``ENTRYPOINT`` is the engine itself with no
    ``CMD``, model or layout (``ENTRYPOINT ["python3", "-m", "vllm.entrypoints.openai.
    api_server"]``: informatico-madrid/blackwell-linux-infra-optimizer@4a11ae4a Dockerfile:41):
    ``docker run IMAGE ARGS`` (a compose service's ``command``, a pod's ``args``) gives them, and
    the deployment is there, not an engine that names no model.  (A script the ``ENTRYPOINT``
    runs, forwarding ``"$@"``, stays a deployment whose arguments are unresolved: TL003.)"""
    from toplint.parse.mentions import entrypoint_note  # rare path
    from toplint.parse.text.entrynote import takes_its_layout

    if dep.unresolved or not takes_its_layout(dep):
        return None

    why = (
        "its ENTRYPOINT starts the engine with no CMD, model or layout: they come with the "
        "arguments the image is run with (an entrypoint; a compose service's command, `docker "
        "run IMAGE ARGS`, a pod's args), and the deployment is checked there"
    )
    return entrypoint_note(dep.path, dep.line, dep.column, dep.engine, why)


@record
class ImageRun:
    """An engine the image starts: its invocation and, when the ``CMD``/``ENTRYPOINT`` runs a
    script of the repository, the chain it ran through and the instruction's position.
    ``given``: False when an exec-form ``ENTRYPOINT`` has no ``CMD`` (the image is run with the
    arguments it is given)."""

    invocation: Invocation
    via: tuple[str, ...] = ()
    at: Position | None = None
    given: bool = True


@record(frozen=False)
class _Stage:
    """What the last stage's instructions leave: its image, ``ENV``/``ARG`` values (``ENV``'s
    also as arguments: they persist in the container), ``ENTRYPOINT``, ``CMD`` and layout."""

    env: dict[str, str] = field(default_factory=dict)
    persisted: dict[str, Arg] = field(default_factory=dict)
    image: Arg | None = None
    entry: list[Arg] | None = None
    cmd: list[Arg] | None = None
    entry_shell: bool = False
    layout: Layout = field(default_factory=Layout)
    # for ``build_commands``: the ``RUN`` lines with the ``ENV``/``ARG`` values at each, and the
    # ``ENTRYPOINT`` and ``CMD`` instructions themselves
    runs: list[tuple[Instruction, dict[str, str]]] = field(default_factory=list)
    entry_at: Instruction | None = None
    cmd_at: Instruction | None = None


def _last_stage(source: Source, extra: Mapping[str, str]) -> _Stage:
    path = source.path
    stage = _Stage()
    for ins in instructions(source.text):
        stage.layout = stage.layout.after(ins.keyword, ins.text)
        if ins.keyword == "FROM":
            words = ins.text.split()
            pos = Position(path, ins.line, ins.column)
            stage = _Stage(image=Arg(words[0], words[0], pos) if words else None)
        elif ins.keyword in ("ENV", "ARG"):
            assigned = _env_assignments(ins.text)
            stage.env.update(assigned)
            if ins.keyword == "ENV":
                at = Position(path, ins.line, ins.column)
                stage.persisted.update({k: Arg(v, f"{k}={v}", at) for k, v in assigned.items()})
        elif ins.keyword == "RUN":
            stage.runs.append((ins, dict(stage.env)))
        elif ins.keyword == "ENTRYPOINT":
            stage.entry_at, stage.cmd_at = ins, None
            entry = exec_form(ins, path)
            stage.entry_shell = entry is None
            stage.entry = (
                entry if entry is not None else shell_form(ins, path, {**stage.env, **extra})
            )
            stage.cmd = None  # Docker: setting ENTRYPOINT resets an inherited CMD
        elif ins.keyword == "CMD":
            stage.cmd_at = ins
            cmd = exec_form(ins, path)
            stage.cmd = cmd if cmd is not None else shell_form(ins, path, {**stage.env, **extra})
    return stage


def image_command(source: Source) -> tuple[list[Arg], Layout] | None:
    """The words the image runs when started with no arguments (``ENTRYPOINT`` and ``CMD`` as
    Docker joins them) and where its files come from; None when it runs nothing of its own."""
    stage = _last_stage(source, {})
    if stage.entry is None and stage.cmd is None:
        return None
    argv = (stage.entry or []) + ([] if stage.entry_shell else (stage.cmd or []))
    return argv, stage.layout


def image_runs(
    source: Source,
    runtime: Mapping[str, str] | None = None,
    command: Sequence[Arg] | None = None,
) -> list[ImageRun]:
    """The engines the Dockerfile's image starts (its last stage's ``CMD``/``ENTRYPOINT``).
    ``runtime``: the container's environment (``docker run -e``, compose ``environment``),
    which overrides the image's ``ENV`` where the command and its script expand variables.
    ``command``: the arguments the container is given (a compose service's ``command``),
    which replace the image's ``CMD`` after an exec-form ``ENTRYPOINT`` (Dockerfile reference,
    "Understand how CMD and ENTRYPOINT interact"); None when it is given none, and no runs
    when the image has no such ``ENTRYPOINT`` (the command alone is what runs then)."""
    extra = dict(runtime or {})
    stage = _last_stage(source, extra)
    entry, cmd, entry_shell, env = stage.entry, stage.cmd, stage.entry_shell, stage.env
    if command is not None:
        if entry is None or entry_shell:
            return []  # the command replaces the image's; a shell-form ENTRYPOINT ignores it
        cmd = list(command)
    if entry is None and cmd is None:
        # A build image (``FROM vllm/vllm-openai`` + ``RUN pip install``): what it runs is
        # given where it is run; TL008 says so when it names an engine image.
        return []
    env.update(extra)
    argv = (entry or []) + ([] if entry_shell else (cmd or []))
    script = _sh_c(argv)
    if script is not None:  # ``["sh", "-c", "vllm serve $MODEL ..."]``: the script runs
        # ``ENTRYPOINT ["sh", "-c", "exec vllm serve \"$@\"", "--"]`` + ``CMD [...]``: the
        # words after the script are its $0 and positional parameters (sh(1) -c)
        argv = with_positional(_lexed(source, script[0], env), script[1])
    image = stage.image
    base_image = image.value or "" if image is not None else ""
    if script_at(argv) is not None and not find_invocations(argv):
        # exec-form ENTRYPOINT with no CMD: ``docker run IMAGE ARGS…`` gives the script its
        # arguments, unknown here (Dockerfile reference, "Understand how CMD and ENTRYPOINT
        # interact")
        given = not (entry is not None and not entry_shell and cmd is None)
        runs = _script_runs(source, argv, env, base_image, stage.layout, given)
        return [_with_runtime_env(run, stage.persisted) for run in runs]
    open_args = entry is not None and not entry_shell and cmd is None
    return [
        _with_runtime_env(replace(run, given=not open_args), stage.persisted)
        for run in _runs(argv, image if entry is None else None, base_image)
    ]


def build_commands(source: Source) -> list[list[Arg]]:
    """The commands of the last stage's ``RUN`` lines (run at build time: an engine they build
    is in the image), then those of the script its ``CMD``/``ENTRYPOINT`` runs, in that order,
    each with the stage's ``ENV``/``ARG`` values: where ``toplint.parse.builtengine`` reads the
    converter and builder commands of the engine the image serves."""
    stage = _last_stage(source, {})
    runs = [c for ins, env in stage.runs for c in _commands(source, ins, env)]
    entry, cmd = stage.entry_at, stage.cmd_at
    after = cmd and exec_form(cmd, source.path) if entry is not None else None
    started = entry or cmd
    if started is None:
        return runs
    return runs + _commands(source, started, stage.env, after or [])


def _commands(
    source: Source, ins: Instruction, env: Mapping[str, str], after: list[Arg] | None = None
) -> list[list[Arg]]:
    """One instruction's commands: a shell form's, an exec form's (``after``: an exec-form
    ``CMD`` an exec-form ``ENTRYPOINT`` is given) ``sh -c`` script's, else its array."""
    argv = exec_form(ins, source.path)
    if argv is None:
        return _shell_commands(ins, source.path, env)
    script = _sh_c(argv + (after or []))
    if script is None:
        return [argv + (after or [])]
    from toplint.parse.text.shellsrc import lex_embedded

    pos = script[0].position
    value = script[0].value or ""
    return lex_embedded(value, env, source.text, source.path, pos.line, pos.column + 1)


def _with_runtime_env(run: ImageRun, persisted: Mapping[str, Arg]) -> ImageRun:
    """The image's ``ENV`` values of an unpriced accelerator's runtime
    (``toplint.accelerators.RUNTIME_ENV``: ``ZE_AFFINITY_MASK``, ``HSA_OVERRIDE_GFX_VERSION``)
    in the environment of the process the image starts: "The environment variables set using
    ENV will persist when a container is run from the resulting image" (Dockerfile reference,
    ENV).  The variables the command line itself sets win."""
    from toplint.accelerators import RUNTIME_ENV

    carried = {k: a for k, a in persisted.items() if k in RUNTIME_ENV and a.value}
    if not carried:
        return run
    inv = run.invocation
    return replace(run, invocation=replace(inv, env={**carried, **inv.env}))


def _sh_c(argv: list[Arg]) -> tuple[Arg, list[Arg]] | None:
    """The script of an exec-form ``["/bin/sh", "-c", SCRIPT, NAME, ARG...]`` (``-ec``, ``-lc``
    too: ``toplint.parse.invocation.shell_script``) and its positional parameters (the ARGs)."""
    at = shell_script(argv)
    if at is None or argv[at].value is None:
        return None
    return argv[at], argv[at + 2 :]


def _lexed(source: Source, script: Arg, env: Mapping[str, str]) -> list[Arg]:
    """The script's commands, joined as one argv (an engine among them is found there), with
    the Dockerfile's ``ENV``/``ARG`` values and positions inside the JSON string."""
    from toplint.parse.text.shellsrc import lex_embedded

    pos = script.position
    value = script.value or ""
    commands = lex_embedded(value, env, source.text, source.path, pos.line, pos.column + 1)
    return [a for args in commands for a in args]


def _script_runs(
    source: Source,
    argv: list[Arg],
    env: Mapping[str, str],
    from_image: str,
    layout: Layout,
    given: bool = True,
) -> list[ImageRun]:
    """The engines of the repository's script the image runs (``CMD ["sh", "start.sh"]``),
    naming the chain (``toplint.parse.text.dockerchain``)."""
    at = argv[0].position
    runs = []
    written = written_scripts(source.text) if "<<" in source.text else None
    for command in chained(argv, env, source.path, layout, given, written):
        for inv in find_invocations(command.args):
            runs.append(ImageRun(replace(inv, image=inv.image or from_image), command.via, at))
    return runs


def _runs(argv: list[Arg], image: Arg | None, from_image: str = "") -> list[ImageRun]:
    invocations = [replace(inv, image=inv.image or from_image) for inv in find_invocations(argv)]
    if not invocations and image is not None:
        inv = image_invocation(image, argv)
        invocations = [inv] if inv else []
    return [ImageRun(inv) for inv in invocations]
