"""A script that runs a Python file of the repository, or a program a declarative reader knows
(issue 24, point 5: script chains).

``python3 infer.py``, ``singularity exec --nv IMG python3 infer.py``, ``srun python -u
serve.py``, ``uv run bentoml serve service:VLLM`` (BentoML's CLI imports the service from the
module ``service`` of its working directory: docs.bentoml.com, "bentoml serve": "BENTO is the
serving target ... the import path of a bentoml.Service: service:svc"): when no engine command
is in the line, the Python file it runs (relative to the
script's folder, inside the repository only: ``infra.readpolicy``) is read by the Python
reader (``toplint.parse.generic.pyparser``, ``ast``, never imported or run) and each engine it
builds there (``vllm.LLM(tensor_parallel_size=8)``, an argument vector) is a deployment of the
script, placed on the script's command: the allocation the script's launchers and batch
directives grant and the GPU-visibility variables the process inherits apply, the options keep
their places in the Python file, and the chain is in the deployment's notes.  The Python file,
when linted itself, reports its own findings there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from toplint.engines.registry import get_engine
from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import ReadRefused, read_reference, shown_path
from toplint.model import Deployment, Finding, ParseResult
from toplint.parse.base import Source
from toplint.parse.enginecfg import one_host
from toplint.parse.options import Arg
from toplint.parse.text.granted import apply_allocation
from toplint.parse.text.launchers import Allocation, launcher_allocation
from toplint.record import replace

MAX_FILE_BYTES = 1024 * 1024
# Interpreter options that take the next word (python3 --help: -W arg, -X opt, -c cmd, -m mod).
_WITH_VALUE = frozenset({"-W", "-X", "--check-hash-based-pycs"})


def _is_python(word: str) -> bool:
    base = word.rsplit("/", 1)[-1]
    if not base.startswith("python"):
        return False
    version = base.removeprefix("python")
    return all(part.isdigit() for part in version.split(".")) if version else True


def python_script(args: Sequence[Arg]) -> int | None:
    """Index of the ``.py`` file the first Python interpreter of a command runs (its options
    skipped), or None (``python -m x``, ``python -c …``, no interpreter)."""
    for i, arg in enumerate(args):
        if not _is_python(arg.value or ""):
            continue
        j = i + 1
        while j < len(args):
            value = args[j].value or ""
            if value in ("-m", "-c", "-"):
                return None
            if value in _WITH_VALUE:
                j += 2
            elif value.startswith("-") and len(value) > 1:
                j += 1
            else:
                return j if value.endswith(".py") and not args[j].unresolved else None
        return None
    return None


# Serving CLIs that import the application from a module of their working directory, by the
# words that start them: the target is the first ``module:attribute`` word after them.
_MODULE_SERVERS = (("bentoml", "serve"),)
# A word one of which a command that runs a Python file of the repository holds.
RUNS_PYTHON = ("python", *(words[0] for words in _MODULE_SERVERS))
_IMPORT_PATH = lazy(
    r"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*):[A-Za-z_][A-Za-z0-9_.]*"
)


def python_file(args: Sequence[Arg]) -> tuple[int, str] | None:
    """Where a command names the Python file it runs, and that file's path as the command's
    working directory sees it: the script an interpreter runs (``python_script``), or the
    module a serving CLI imports its application from (``bentoml serve service:VLLM``:
    ``service.py``); None for neither."""
    at = python_script(args)
    if at is not None:
        return at, args[at].value or ""
    words = [a.value or "" for a in args]
    for i in range(len(words) - 1):
        if (words[i].rsplit("/", 1)[-1], words[i + 1]) not in _MODULE_SERVERS:
            continue
        for j in range(i + 2, len(words)):
            m = _IMPORT_PATH.fullmatch(words[j])
            if m is not None and not args[j].unresolved:
                return j, m.group(1).replace(".", "/") + ".py"
        return None
    return None


def environment(args: Sequence[Arg], end: int) -> dict[str, Arg]:
    """``NAME=value`` words before index ``end`` (``CUDA_VISIBLE_DEVICES=0,1 python x.py``)."""
    out: dict[str, Arg] = {}
    for arg in args[:end]:
        name, eq, value = (arg.value or arg.raw).partition("=")
        if eq and name.isidentifier():
            out[name] = replace(arg, value=value if arg.value is not None else None)
    return out


def python_deployments(
    args: Sequence[Arg], path: str, ran: tuple[int, str], env: Mapping[str, Arg]
) -> list[Deployment]:
    """The engines the Python file ``ran`` (the index of the word naming it in ``args``, its
    path relative to ``path``'s folder) builds, as deployments of the command that runs it (at
    ``args[0]``'s place in ``path``), with the chain in their notes and the process's
    GPU-visibility variables ``env`` applied.  Empty when the file cannot be read or builds no
    engine (the caller applies its launchers' allocation, then ``enginecfg.one_host``)."""
    from toplint.parse.argv import runtime_environment
    from toplint.parse.enginecfg import visible_gpus
    from toplint.parse.generic.pyparser import PythonParser
    from toplint.parse.text.shellsrc import chained_deployment

    at, file = ran
    if path in ("-", "<stdin>"):
        return []  # a script read from stdin has no folder: nothing beside it is read
    try:
        full, text = read_reference(path, file, MAX_FILE_BYTES)
    except (ReadRefused, OSError):
        return []
    shown = shown_path(full)
    try:
        parsed = PythonParser().parse(Source.from_text(shown, text))
    except SourceError:
        return []
    start = args[0].position
    line = " ".join(a.raw for a in args[: at + 1])[:120]
    via = f"`{line}` at line {start.line} ({shown.rsplit('/', 1)[-1]})"
    out = []
    for dep in parsed.deployments:
        dep = chained_deployment(dep, (via,))
        dep = replace(dep, path=path, line=start.line, column=start.column)
        if env:
            dep = runtime_environment(visible_gpus(dep, env), env)
        out.append(dep)
    return out


def script_deployments(source: Source) -> ParseResult | None:
    """The engines a shell script that starts none itself starts through files of its
    repository: the Python files its commands run (``python3 infer.py``), and what a reader of
    the program a command runs reads from its overrides (``python -m X key=value``), each with
    the command's allocation, environment and chain; None when there are none."""
    from toplint.parse.text.shellsrc import allocated_commands, chained_deployment

    deployments: list[Deployment] = []
    findings: list[Finding] = []
    for args, site, granted, exported, via in allocated_commands(source):
        found, more = _runs(args, source.path, granted, exported)
        findings.extend(more)
        for dep in found:
            dep = chained_deployment(dep, via) if via else dep
            deployments.append(replace(dep, line=site[0], column=site[1]) if site else dep)
    if not deployments:
        return None
    return ParseResult(source.path, tuple(deployments), tuple(findings))


def _runs(
    args: list[Arg], path: str, granted: Allocation, exported: dict[str, Arg]
) -> tuple[list[Deployment], list[Finding]]:
    ran = python_file(args)
    if ran is None:
        return _program_runs(args, path, granted)
    at = ran[0]
    env = {**exported, **environment(args, at)}
    alloc = launcher_allocation([(a.value, a.position) for a in args[:at]]).over(granted)
    out = []
    for dep in python_deployments(args, path, ran, env):
        dep = apply_allocation(dep, alloc, get_engine(dep.engine).rank_per_gpu)
        out.append(one_host(dep))
    return out, []


def _program_runs(
    args: list[Arg], path: str, granted: Allocation
) -> tuple[list[Deployment], list[Finding]]:
    """``python -m PROGRAM key.sub=value …``: what a declarative reader of that program reads
    from its overrides (``toplint.parse.generic.overrides``), with this command's allocation."""
    if not any("=" in (a.value or "") for a in args):
        return [], []
    from toplint.parse.generic.overrides import program_deployments

    found = program_deployments(args, path)
    if found is None:
        return [], []
    deps, findings = found
    # Started by the script on a host, whatever format the reader reads (TL211 speaks of the
    # host's GPUs per node, not of a pod's request).
    deps = [replace(d, source_kind="shell") for d in deps]
    out = [one_host(apply_allocation(d, granted, get_engine(d.engine).rank_per_gpu)) for d in deps]
    return out, findings
