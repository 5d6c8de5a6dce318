"""Python deployment scripts and SDK apps, read and never run (issue 24, point 4).

A ``.py`` file is read when its text names an engine.  Three things in it are deployments:

* a list of strings that starts an engine (``["vllm", "serve", MODEL, "--tensor-parallel-size",
  str(N_GPU)]``, then ``cmd += [...]``): an argument vector, as a shell command would be
  (``toplint.parse.generic.pycommands``, with strings the module builds whole);
* a call or ``dict`` whose keyword arguments are an engine's options (``AsyncEngineArgs(
  tensor_parallel_size=2)``, ``engine_kwargs=dict(...)``), or that names its engine and holds
  flags or a model (``VLLMAppEnvironment(extra_args=[...])``): ``toplint.parse.structured``;
* GPUs from the nearest scope that writes them (``@app.function(gpu="H100:2")`` around the
  function that builds the command, ``resources=Resources(gpu="L40s:4")`` beside the options).

Names imported from an engine's package (``from vllm import AsyncEngineArgs``) make their calls
that engine's; a name imported from a module no engine owns (``from aurora_swarm import
VLLMPool``) names no engine by itself.  A file that imports an engine, or calls such a name,
but whose deployment cannot be read gets one TL008, never silence.

In a module that starts a process (``subprocess``, ``os.system``, ``os.exec*``), names imported
from a sibling module of the repository (``from bench_lib import SERVER_ARGS, GPU_TYPE`` with
``bench_lib.py`` in the same folder, as Python finds it from the script's folder and Modal ships
it with ``add_local_python_source``) hold the values that module gives them
(``pytree.imported_values``, read within the read policy): an app that runs an imported command
is a deployment at its own line, its options at their places in the module.
"""

from __future__ import annotations

from functools import cache, lru_cache

from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import read_first
from toplint.model import Deployment, Finding, ParseResult, Severity
from toplint.parse.argv import runtime_environment
from toplint.parse.base import Source
from toplint.parse.enginecfg import one_host, visible_gpus
from toplint.parse.generic import data as structured
from toplint.parse.generic import evidence as ev
from toplint.parse.generic import pyimports
from toplint.parse.generic.pycommands import argv_deployments, string_deployments
from toplint.parse.generic.pyconstants import without_constants_of_calls
from toplint.parse.generic.pydotenv import dotenv_environment
from toplint.parse.generic.pyexpr import Built, Environment, Ref
from toplint.parse.generic.pytree import DEFINED, PyTree, build, imported_values
from toplint.parse.generic.scope import imported_call
from toplint.parse.generic.tree import CALL
from toplint.parse.generic.treewalk import mappings
from toplint.parse.mentions import no_deployment
from toplint.parse.options import Arg
from toplint.parse.text.shell import CARRIED
from toplint.record import replace


@cache
def _engine_words() -> tuple[str, ...]:
    """Lower-case words one of which a Python file must contain to be read: each engine's
    name, title and launch command, as identifiers spell them (``tensorrt_llm``)."""
    out: set[str] = set()
    for _, name, sub in ev.names():
        if sub:
            out.add(name)
    return tuple(sorted(out))


def _names_engine(text: str) -> bool:
    low = text.lower()
    if any(w in low for w in _engine_words()):
        return True
    flat = low.replace("_", "").replace("-", "")  # tensorrt_llm, text-generation-launcher
    return any(w in flat for w in _engine_words())


class PythonParser:
    name = "python"

    def accepts(self, source: Source) -> bool:
        return source.name.endswith(".py")

    def parse(self, source: Source, environment: Environment | None = None) -> ParseResult:
        """``environment``: the variables the module runs with when another file says so (a
        Ray Serve application's ``runtime_env.env_vars``: ``toplint.parse.generic.rayapp``)."""
        if "@app.cell" in source.text:  # a marimo notebook: its cells' code, as marimo runs it
            from toplint.parse.generic.marimo import flattened

            flat = flattened(source.text)
            if flat is not None:
                return _marimo(self, source, environment, *flat)
        # a module that starts a process may run a command a sibling module writes; one that
        # neither does that nor names an engine builds none
        runs = _RUNS.search(source.text) is not None
        if not runs and not _names_engine(source.text):
            return ParseResult(source.path)
        siblings = _Siblings(source.path) if runs else None
        if environment is None and "load_dotenv" in source.text:
            environment = dotenv_environment(source.path, source.text)
        tree = build(source.text, source.path, environment, siblings, _names_engine)
        if tree is None:
            return ParseResult(source.path, (), _unparsed(source))
        calls, foreign = pyimports.imported(tree.imports), pyimports.foreign(tree.imports)
        deployments, findings, commands = argv_deployments(tree)
        found, more = structured.read(
            tree,
            source.path,
            _file_evidence(tree, calls),
            "python",
            known_calls=calls,
            commands=commands,
            foreign_calls=foreign | _own_functions(tree),
        )
        starts = {(d.line, d.column) for d in deployments}
        read = [_option_spots(d) for d in deployments]
        deployments.extend(
            d
            for d in without_constants_of_calls(tree, found)
            if (d.line, d.column) not in starts and not _read_already(_option_spots(d), read)
        )
        findings.extend(more)
        # ``os.system("vllm serve " + MODEL)``: a command line in a string, read when nothing
        # else was, and beside what was on a line of its own (a notebook's server started from a
        # string before the in-process engine a later cell builds)
        strings, more = string_deployments(tree, source)
        if not deployments:
            deployments = strings
            findings.extend(more)
        else:
            lines = {d.line for d in deployments}
            deployments.extend(
                d
                for d in strings
                if d.line not in lines and not _read_already(_option_spots(d), read)
            )
        if tree.environ:
            deployments = [_environment(tree, d) for d in deployments]
        called = _called(tree, calls) if not deployments and calls else None
        if called is not None:
            engine = imported_call(called, calls) or ""
            findings.append(_unread(source, called, engine))
        if not deployments and not findings:
            from toplint.parse.generic.pymention import python_mention

            mention = python_mention(source)  # never silent on a module naming an engine
            mention = mention or _named_call(source, tree, foreign)
            findings.extend(() if mention is None else (mention,))
        return ParseResult(source.path, tuple(deployments), tuple(findings))


def _marimo(
    parser: PythonParser,
    source: Source,
    environment: Environment | None,
    text: str,
    shifts: dict[int, int],
) -> ParseResult:
    """A marimo notebook read as its cells' code at module level (``parse.generic.marimo``),
    each position moved back to its column in the file."""
    from toplint.parse.moveback import Mover

    found = parser.parse(replace(source, text=text), environment)

    def point(line: int, column: int) -> tuple[int, int]:
        return line, column + shifts.get(line, 0)

    return Mover(source.path, source.path, point).result(found)


def _unparsed(source: Source) -> tuple[Finding, ...]:
    """TL008 for a module that names an engine and that this interpreter cannot parse (a
    grammar newer than its own: PEP 701 lets a Python 3.12 f-string reuse its quotes inside
    ``{}``, a SyntaxError before 3.12): what it starts is not read, and the file says so rather
    than passing as read."""
    import sys

    from toplint.parse.generic import pysource

    if not _names_engine(source.text):
        return ()
    try:
        pysource.parse(source.text)
    except SyntaxError as exc:
        line, column, what = exc.lineno or 1, exc.offset or 1, exc.msg
    except (ValueError, RecursionError, MemoryError) as exc:
        line, column, what = 1, 1, type(exc).__name__
    else:
        return ()
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    why = (
        f"names an engine, but Python {version} cannot parse it ({what}, line {line}): what "
        "it starts was not read"
    )
    return (no_deployment(source.path, line, column, why, anchor="unparsed"),)


def _own_functions(tree: PyTree) -> frozenset[str]:
    """The functions the module defines at its top level (snake_case, PEP 8's function names;
    a CapWords name is a class, which may wrap the engine it names): a call of one names no
    engine by its own name, as a call of a name imported from a module no engine owns does not
    (``scopes._own``): ``vllm_config = get_vllm_config(model, gpu)`` gets the module's own
    settings, and what the function builds is read in its body
    (realblehhguh/modal-vllm-server@4e68f04 vllmserver.py ``info``, which only prints them)."""
    return frozenset(
        key
        for key in tree.data
        if isinstance(key, str) and not key[:1].isupper() and (key, DEFINED) in tree.positions
    )


# What starts a process from Python (``subprocess.Popen``, ``os.system``, ``os.execvp``).
_RUNS = lazy(r"\b(?:subprocess|Popen|os\.system|os\.exec\w+|os\.spawn\w+)\b")


class _Siblings:
    """What the sibling modules of ``path`` give the names it imports from them: a module
    beside it that names an engine, read under the read policy and built once per text
    (``_tree``)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __call__(self, module: str, names: list[str]) -> dict[str, Built]:
        # read each time (a fix re-checks with the module as it is now); built once per text
        found = read_first(self.path, [f"{module}.py"])
        if found is None or not _names_engine(found[1]):
            return {}
        tree = _tree(found[0], found[1])
        return imported_values(tree, names) if tree is not None else {}


@lru_cache(maxsize=64)  # a module many apps of a tree import is built once per run
def _tree(path: str, text: str) -> PyTree | None:
    return build(text, path)


# Facts a deployment takes from around its command (its scope's GPUs, nodes and accelerator):
# two readings of one command share them, so they say nothing about which command was read.
_SCOPE_FACTS = frozenset({"gpus", "gpus_per_node", "nodes", "accelerator"})


def _option_spots(dep: Deployment) -> frozenset[tuple[int, int]]:
    """Where a deployment's options were written (line, column), scope facts aside."""
    return frozenset(
        (p.line, p.column)
        for key, p in dep.sources.items()
        if key not in _SCOPE_FACTS and p.path == dep.path
    )


def _read_already(
    spots: frozenset[tuple[int, int]], read: list[frozenset[tuple[int, int]]]
) -> bool:
    """A mapping read as options whose every option sits in an argument vector already read as
    a command (the function that builds ``cmd = [...]``, named after its engine) is that
    command read a second time, not a second deployment."""
    return bool(spots) and any(spots <= seen for seen in read)


def _environment(tree: PyTree, dep: Deployment) -> Deployment:
    """The engine started by this process, or by a process it starts, with the variables the
    module sets in ``os.environ`` before it (the last value set on an earlier line): the GPUs
    ``CUDA_VISIBLE_DEVICES`` leaves it, on one host (``enginecfg.visible_gpus``, ``one_host``),
    and a runtime's device variable (``argv.runtime_environment``)."""
    env: dict[str, Arg] = {}
    for name, values in tree.environ.items():
        if name not in CARRIED:
            continue
        earlier = [(v, p) for v, p in values if p.line < dep.line]
        if not earlier:
            continue
        value, pos = earlier[-1]
        known = isinstance(value, (str, int)) and not isinstance(value, bool)
        text = str(value)
        unresolved = () if known else (value.variables if isinstance(value, Ref) else (text,))
        env[name] = Arg(text if known else None, text, pos, unresolved)
    if not env:
        return dep
    found = one_host(runtime_environment(visible_gpus(dep, env), env))
    if found.sources.get("gpus_per_node") != dep.sources.get("gpus_per_node"):
        at = found.sources["gpus_per_node"]
        variable = found.options.get("gpus_from", "CUDA_VISIBLE_DEVICES")
        provenance = {**found.provenance, "gpus": f'`os.environ["{variable}"]` at line {at.line}'}
        found = replace(found, provenance=provenance)
    return found


def _file_evidence(tree: PyTree, calls: dict[str, str]) -> ev.Evidence | None:
    engines = set(calls.values())
    if len(engines) != 1:
        return None
    name = next(iter(calls))
    return ev.Evidence(engines.pop(), f"`from {tree.imports[name]} import {name}`")


def _called(tree: PyTree, calls: dict[str, str]) -> str | None:
    """The first engine class or function the file calls (a module that only imports one, for
    its types, builds no engine and is no deployment)."""
    for _, node in mappings(tree.data):
        name = node.get(CALL)
        if isinstance(name, str) and imported_call(name, calls) is not None:
            return name
    return None


def _unread(source: Source, name: str, engine: str) -> Finding:
    why = (
        f"calls `{name}` of {engine}, but no engine options, flags or command written as "
        "literals were found (values computed at run time are not read)"
    )
    return no_deployment(source.path, 1, 1, why, anchor=f"call:{name}", severity=Severity.INFO)


def _named_call(source: Source, tree: PyTree, foreign: frozenset[str]) -> Finding | None:
    """TL008 at info for the first call named after an engine of a name imported from a module
    no engine owns (``pyimports.foreign``), read as no engine: ``VLLMPool(endpoints, model=...)``
    after ``from aurora_swarm import VLLMPool``, a client of running servers."""
    for _, node in mappings(tree.data):
        name = node.get(CALL)
        if not isinstance(name, str) or name.split(".", 1)[0] not in foreign:
            continue
        engine = ev.named(name.rsplit(".", 1)[-1])
        if engine is not None:
            head = name.split(".", 1)[0]
            why = (
                f"calls `{name}` of `{tree.imports[head]}`: named after {engine}, but from no "
                "package of it and with too few of its options to be read as one"
            )
            return no_deployment(
                source.path, 1, 1, why, anchor=f"named:{name}", severity=Severity.INFO
            )
    return None
