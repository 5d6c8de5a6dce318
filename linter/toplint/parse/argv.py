"""Engine command lines -> invocations -> ``Deployment``.

``find_invocations`` finds the engine commands in a sequence of ``Arg`` (a launcher, ``python
-m`` module or console script from the engine registry); ``deployment_from_invocation`` reads
one with the engine's option vocabulary (``toplint.parse.options``), folds in its config file
and environment (``toplint.parse.enginecfg``) and returns the deployment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from toplint.accelerators import RUNTIME_ENV
from toplint.engines.registry import (
    cli_program,
    get_spec,
    image_record,
    launches_of,
    module_spec,
)
from toplint.engines.release import image_repository
from toplint.engines.types import EngineSpec, Launch
from toplint.infra.patterns import lazy
from toplint.model import (
    UNKNOWN_ENGINE_FLAG,
    Deployment,
    Finding,
    Flag,
    Position,
    Unresolved,
)
from toplint.parse import sizing
from toplint.parse.enginecfg import (
    ConfigLoader,
    disk_loader,
    engine_environment,
    fold_engine_config,
    visible_gpus,
)
from toplint.parse.glued import glued_options
from toplint.parse.options import (
    FORWARDED,
    OPTION_SPELLING,
    Arg,
    apply_flags,
    derive,
    env_flags,
    option_name,
    other_backend,
    parse_args,
)
from toplint.record import field, record, replace


@record
class Invocation:
    engine: str  # vocabulary key (toplint.engines.registry.get_spec), e.g. "dynamo-trtllm"
    args: tuple[Arg, ...]  # engine arguments after the entry point
    start: Arg  # first token of the command (for the deployment's position)
    model: Arg | None = None  # positional model (`<engine> serve MODEL`)
    env: Mapping[str, Arg] = field(default_factory=dict)  # NAME=value before the entry point
    gpus: Arg | None = None  # `docker run --gpus` device request ("all", "2", "device=0,1")
    image: str = ""  # the container image that runs it, when known (TL005 and releases)
    via: str = ""  # the wrapper program that starts it from its image (toplint.parse.text.wrapped)
    # The container's /dev/shm (``toplint.parse.containershm``), when a runtime started it.
    dev_shm: Mapping[str, str] = field(default_factory=dict)
    # The GPU vendor a runtime's device flag gives the container (``docker run --device
    # /dev/kfd``: AMD's; ``toplint.hardware.asks``), at the flag's value.
    vendor: Arg | None = None


# Commands whose arguments mention an engine without running it.  The process signallers
# match a name or command line against running processes: pkill(1) and pgrep(1) (procps: "-f,
# --full ... the full command line is used"), killall(1) (psmisc: "kill processes by name").
_NOT_RUNNERS = frozenset(
    {"echo", "printf", "cat", "grep", "pip", "pip3", "which", "ps"}
    | {"kill", "pkill", "pgrep", "killall"}
    | {"curl", "wget", "apt-get", "test"}
)
# Package managers that also run programs: a runner only with these sub-commands (`uv run`,
# `uv tool run`, `pipx run`, `poetry run`, `conda run`); `uv pip install vllm` runs nothing.
_RUN_SUBCOMMANDS = {"uv": ("run", "tool"), "pipx": ("run",), "poetry": ("run",), "conda": ("run",)}
_PY_OPTS_WITH_VALUE = ("-X", "-W")


# What an option that takes a value but is written without one is unresolved by (TL003 words
# it as such: in a shell, a `<placeholder>` after the option reads as a redirection).


def _base(arg: Arg) -> str:
    """The program's name: the last path part of its word.  An unresolved word whose last part
    is written literally (``"$VENV/bin/python"``, ``${HOME}/.venv/bin/vllm``) names its program
    all the same: the unknown directory does not change which program runs."""
    if arg.value is not None:
        return arg.value.rsplit("/", 1)[-1]
    head, slash, last = arg.raw.replace('"', "").replace("'", "").rpartition("/")
    return last if slash and head and "$" not in last and "`" not in last else ""


def runs_nothing(args: Sequence[Arg]) -> bool:
    """The command only mentions what follows (``echo docker run …``, ``grep vllm``)."""
    return not args or _base(args[0]) in _NOT_RUNNERS


def _runs_nothing_at(program: str, before: str | None) -> bool:
    """A word naming ``program`` after the word ``before`` (None: it is the first) starts a
    program that runs nothing.  After an option that takes no ``=value`` it is that option's
    value, no program: ``docker run --name test``, ``uv run --with pip``."""
    if program not in _NOT_RUNNERS:
        return False
    return before is None or not before.startswith("-") or "=" in before


def mentioned_from(words: Sequence[str]) -> int:
    """Index of the first word of a command that is only mentioned: the words after a program,
    run by the wrappers before it, that runs nothing (``mpiexec -hosts H -ppn 1 pkill -f "vllm
    serve"`` signals the servers it names); ``len(words)`` when none does."""
    for i, word in enumerate(words):
        if _runs_nothing_at(word.rsplit("/", 1)[-1], words[i - 1] if i else None):
            return i + 1
    return len(words)


def _is_assignment(arg: Arg) -> bool:
    name, eq, _ = (arg.value or arg.raw).partition("=")
    return bool(eq) and name.isidentifier()


def _python_module(args: Sequence[Arg], i: int) -> tuple[str | None, int]:
    """After a python interpreter at i: (module, index after it) or (None, i).  A script
    path is the module it is inside an engine's source tree (``_script_module``)."""
    j = i + 1
    while j < len(args):
        value = args[j].value or ""
        if value == "-m" and j + 1 < len(args):
            return args[j + 1].value, j + 2
        if value in _PY_OPTS_WITH_VALUE:
            j += 2
        elif value.startswith("-") and len(value) > 1:
            j += 1
        else:
            module = _script_module(value)
            return (module, j + 1) if module else (None, i)
    return None, i


def _script_module(path: str) -> str | None:
    """The engine module a script path is inside the engine's source tree: a fork or checkout
    run as ``python python/sglang/launch_server.py`` is ``python -m sglang.launch_server``
    (sglang's ``python/sglang/launch_server.py``, vLLM's ``vllm/entrypoints/openai/api_server.py``).
    The longest dotted tail of the path that the registry knows as an engine's server module,
    of two parts at least: a repository's own ``launch_server.py`` is no engine's."""
    if not path.endswith(".py"):
        return None
    parts = [p for p in path[:-3].replace("\\", "/").split("/") if p and p != "."]
    for start in range(len(parts) - 1):
        module = ".".join(parts[start:])
        if module_spec(module) is not None:
            return module
    return None


def _positional_model(rest: Sequence[Arg], key: str) -> tuple[Arg | None, tuple[Arg, ...]]:
    """The positional model of ``<engine> serve``: the first word that no option takes
    (argparse takes positionals between options: ``vllm serve --uvicorn-log-level=info org/m``,
    ``vllm serve --trust-remote-code --tensor_parallel_size 2 /models/m``).  Options are read
    with the engine's vocabulary (``key``): ``--opt=value`` and a boolean take no next word; an
    option with a value takes the next one when it is a number (an option of several values,
    ``--served-model-name a b``, may take more: a word after any other value, or after a
    further number, is not claimed); at an option the vocabulary does not know the search stops
    (it may take the next word)."""
    spec = None
    i = 0
    while i < len(rest):
        word = rest[i].value or rest[i].raw
        if not word.startswith("-"):
            if _NUMBER.fullmatch(word):
                break
            return rest[i], (*rest[:i], *rest[i + 1 :])
        i += 1
        if word.startswith("--") and "=" in word:
            continue
        spec = spec or get_spec(key)
        name = option_name(spec, word)
        if name is None or "." in name:
            break
        if spec.options.get(name, False):
            if i < len(rest) and not _NUMBER.fullmatch(rest[i].value or rest[i].raw):
                break
            i += 1
    return None, tuple(rest)


_NUMBER = lazy(r"[0-9]+(\.[0-9]+)?")


def _launch_at(args: Sequence[Arg], i: int, launch: Launch, first: str) -> int | None:
    """Index after ``launch``'s words when they start at token i (whose program is ``first``:
    the token's basename, or the module of ``python -m``), else None; -1: not serving."""
    words = launch.words
    if first != words[0] or i + len(words) > len(args):
        return None
    if any(args[i + k].value != word for k, word in enumerate(words[1:], 1)):
        return None
    after = i + len(words)
    if after < len(args) and args[after].value in launch.not_serving:
        return -1
    return after


Entry = tuple[str, Arg | None, tuple[Arg, ...]]  # spec key, positional model, engine args
# Arguments that ask the program a question and serve nothing when they are all it is given
# (``docker run --rm --gpus "device=$GPU_A" "$VLLM_IMAGE" --version``, a preflight probe:
# tonyd2wild/Qwen3.8-27B-AutoRound-W4A16-2x3090@bfa25155 scripts/preflight.sh:46).
_ASKS_ONLY = frozenset({"--help", "-h", "--version"})


def _launched(args: Sequence[Arg], i: int, first: str) -> tuple[bool, Entry | None]:
    """(a launch's words start at token i, the entry it starts or None when not serving)."""
    for launch in launches_of(first):
        after = _launch_at(args, i, launch, first)
        if after == -1:
            return True, None  # the program runs something other than one serving instance
        if after is not None:
            if args[after:] and all(a.value in _ASKS_ONLY for a in args[after:]):
                return True, None  # ``vllm serve --help``, ``IMAGE --version``: a question
            if not launch.positional_model:
                return True, (launch.spec, None, tuple(args[after:]))
            model, rest = _positional_model(args[after:], launch.spec)
            return True, (launch.spec, model, rest)
    return False, None


def _entry(args: Sequence[Arg], i: int) -> Entry | None:
    """(spec key, positional model, engine args) when an engine starts at token i."""
    matched, found = _launched(args, i, _base(args[i]))
    if matched:
        return found
    if _base(args[i]).startswith("python") or args[i].raw == "sys.executable":
        # ``[sys.executable, "-m", …]``: a Python program's own interpreter, unknown until run
        module, after = _python_module(args, i)
        key = module_spec(module) if module else None
        if key is not None and other_backend(key, args[after:], "") is not None:
            return None  # the program serves through a backend that is not the engine
        if key is not None:
            return key, None, tuple(args[after:])
        if module:  # `python -m lmdeploy serve api_server`: the program run as a module
            return _launched(args, after - 1, cli_program(module) or module)[1]
    return None


def find_invocations(args: Sequence[Arg]) -> list[Invocation]:
    """The engine invocation inside one command's tokens, wrappers skipped.

    Wrappers (``exec``, ``nohup``, ``env``, ``sudo``, ``numactl``, ``mpirun``, ``torchrun``...)
    need no list: the first token that starts an engine wins, unless a program that runs nothing
    (``mentioned_from``) comes first.  ``NAME=value`` tokens before it
    (``CUDA_VISIBLE_DEVICES=0,1 vllm serve``, ``env A=b``) become the engine's environment.
    """
    if runs_nothing(args):
        return []
    runs = _RUN_SUBCOMMANDS.get(_base(args[0]))
    if runs is not None and (len(args) < 2 or args[1].value not in runs):
        return []
    env: dict[str, Arg] = {}
    for i, arg in enumerate(args):
        if i and _runs_nothing_at(_base(arg), args[i - 1].value or args[i - 1].raw):
            return []  # a wrapper runs a program that only mentions the engine (`srun echo`)
        if _is_assignment(arg):
            name, _, value = (arg.value or arg.raw).partition("=")
            env[name] = replace(arg, value=value if arg.value is not None else None)
            continue
        found = _entry(args, i)
        if found:
            key, model, rest = found
            return [Invocation(key, rest, args[i], model, env)]
    return []


def _note_misspelt(dep: Deployment, findings: Sequence[Finding]) -> Deployment:
    """Record ``misspelled.<option>`` = the token written, so a rule about a missing option
    (TGI's implicit sharding) does not propose adding it beside its misspelling."""
    typos = {
        f"misspelled.{f.data['suggestion']}": str(f.data["option"])
        for f in findings
        if f.rule == UNKNOWN_ENGINE_FLAG.code and f.data.get("suggestion")
    }
    return replace(dep, options={**dep.options, **typos}) if typos else dep


def _forwarded(arg: Arg) -> str | None:
    """The variable when ``arg`` is the caller's arguments forwarded whole and unknown here:
    ``"$@"``, ``$*``, ``"${@}"``, ``"${@:2}"`` (a function's are known where it is called), or a
    Python argument list's starred item (``[..., *extra_args]``)."""
    if arg.value is not None:
        return None
    for variable in arg.unresolved:
        name = variable.lstrip("$").strip("{}")
        if name in ("@", "*") or name.startswith(("@:", "*:")):
            return variable
        if variable.startswith("*") and len(variable) > 1 and not variable.startswith("*:"):
            return variable  # ``*ARGS`` of a Python list (shell's ``$*`` starts with ``$``)
    return None


def _forwarded_arguments(dep: Deployment, args: Sequence[Arg]) -> Deployment:
    """Record, once, that the command forwards arguments unknown at lint time: the layout is
    checked as written, but an option passed to the script overrides one written before them
    (argparse keeps the last), so TL003 says so instead of staying silent."""
    for arg in args:
        variable = _forwarded(arg)
        if variable is not None:
            item = Unresolved(FORWARDED, variable, arg.position)
            return replace(dep, unresolved=(*dep.unresolved, item))
    return dep


# An unquoted variable alone in a word: the shell (and compose's string command) splits what it
# holds into words, so it may add any number of arguments -- options among them.  A positional
# parameter too (``$4``, ``${10}``: bash(1), "Word Splitting" applies to every expansion).
_SPLIT_VARIABLE = lazy(r"\$(?:[A-Za-z_]\w*|[0-9]|\{(?:[A-Za-z_]\w*|[0-9]+)\})")


def _split_arguments(dep: Deployment, args: Sequence[Arg]) -> Deployment:
    """Record, once, an unquoted unresolved variable standing where an argument (not an
    option's value) would: ``vllm serve org/m $EXTRA_ARGS``.  Like forwarded arguments it is
    unknown here and overrides what is written before it; read as nothing, it let the checks
    judge a layout it may change without a word."""
    if any(u.field == FORWARDED for u in dep.unresolved):
        return dep
    for i, arg in enumerate(args):
        if arg.value is not None or not _SPLIT_VARIABLE.fullmatch(arg.raw):
            continue
        before = args[i - 1] if i else None
        word = "" if before is None else (before.value or before.raw)
        if word.startswith("-") and "=" not in word:
            continue  # the value of the option before it
        item = Unresolved(FORWARDED, arg.raw, arg.position)
        return replace(dep, unresolved=(*dep.unresolved, item))
    return dep


def _image_environment(image: str, env: Mapping[str, Arg]) -> Mapping[str, Arg]:
    """The environment the engine sees: an image whose entrypoint renames variables
    (``Image.env_aliases``) passes each under the engine's name."""
    if not image or not env:
        return env
    known = image_record(image_repository(image))
    if known is None or not known[1].env_aliases:
        return env
    renamed = dict(env)
    for theirs, ours in known[1].env_aliases:
        if theirs in env:
            renamed[ours] = env[theirs]
    return renamed


def image_invocation(
    image: Arg, args: Sequence[Arg], env: Mapping[str, Arg] | None = None
) -> Invocation | None:
    """The engine an image runs with ``args`` as its command (when its entrypoint is one:
    ``Engine.images``)."""
    name = image.value if image.value is not None else _tag_unresolved(image.raw)
    if name is None:
        return None
    known = image_record(image_repository(name))
    if known is None or not known[1].entrypoint:
        return None
    head = [Arg(word, word, image.position, (), image.anchor) for word in known[1].entrypoint]
    if known[1].splits_args:
        args = [piece for arg in args for piece in split_words(arg)]
    found = find_invocations([*head, *args])
    if not found:
        return None
    inv = found[0]
    return replace(inv, start=image, env={**(env or {}), **inv.env}, image=name)


def _tag_unresolved(raw: str) -> str | None:
    """An image written with its repository literal and only its tag known at run time
    (``vllm/vllm-openai-cpu:${{ inputs.version }}-x86_64``, ``org/img:$TAG``):
    its repository (the tag is not known), or None when a part of the repository is not."""
    text = raw.strip("'\"")
    literal = text.split("$", 1)[0]
    if literal == text or ":" not in literal.rsplit("/", 1)[-1]:
        return None
    return literal[: literal.rindex(":")]


def split_words(arg: Arg) -> list[Arg]:
    """An argument as an entrypoint's unquoted ``$@`` passes it on: split at whitespace, each
    piece placed at its offset in the argument (exact when the argument has no escapes)."""
    if arg.value is None or not any(c in arg.value for c in " \t\n"):
        return [arg]
    out = []
    for m in re.finditer(r"\S+", arg.value):
        line_offset = arg.value.count("\n", 0, m.start())
        column = (
            arg.position.column + m.start()
            if not line_offset
            else m.start() - arg.value.rfind("\n", 0, m.start())
        )
        pos = replace(arg.position, line=arg.position.line + line_offset, column=column)
        out.append(Arg(m.group(), m.group(), pos, (), arg.anchor))
    return out


def deployment_from_invocation(
    inv: Invocation,
    path: str,
    *,
    source_kind: str,
    base: Deployment | None = None,
    env: Mapping[str, Arg] | None = None,
    config_loader: ConfigLoader | None = None,
) -> tuple[Deployment, tuple[Finding, ...]]:
    """A deployment from one engine invocation.

    ``base`` carries orchestrator facts (nodes, GPUs per pod...); ``env`` the container's
    environment (merged under the invocation's own ``NAME=value`` prefixes); ``config_loader``
    reads a ``--config``/``--extra_llm_api_options`` file (see ``toplint.parse.enginecfg``).
    """
    spec = get_spec(inv.engine)
    start = inv.start.position
    dep = base or Deployment(
        path=path, line=start.line, column=start.column, engine=spec.engine_name, model=None
    )
    dep = replace(dep, engine=spec.engine_name, source_kind=dep.source_kind or source_kind)
    environment = _image_environment(inv.image, {**(env or {}), **inv.env})
    pre: list[Flag] = env_flags(spec, environment)
    if inv.model is not None:
        m = inv.model
        at = m.value_at or m.position
        pre.append(Flag("model", m.value, m.raw, m.position, at, m.unresolved, m.anchor))
    parsed = parse_args(inv.engine, inv.args, path, image=inv.image)
    dep = apply_flags(dep, [*pre, *parsed.flags], spec)
    dep = _forwarded_arguments(dep, (*([inv.model] if inv.model else []), *inv.args))
    dep = _split_arguments(dep, inv.args)
    dep = _note_misspelt(dep, parsed.findings)
    dep = visible_gpus(dep, environment, inv.gpus)
    dep = runtime_environment(dep, environment)
    dep = engine_environment(dep, environment)
    if inv.image and "image" not in dep.options:  # the image it runs in (an accelerator's?)
        dep = replace(dep, options={**dep.options, "image": inv.image})
    if inv.dev_shm and "dev_shm" not in dep.options:
        dep = replace(dep, options={**dep.options, **inv.dev_shm})
    if inv.vendor is not None and inv.vendor.value:
        device = {"gpu.vendor": inv.vendor.value, "gpu.device": inv.vendor.raw}
        sources = {**dep.sources, "gpu.vendor": inv.vendor.position}
        dep = replace(dep, options={**dep.options, **device}, sources=sources)
    findings = list(parsed.findings)
    if config_loader is not None:
        dep, found = fold_engine_config(dep, spec, config_loader, inv.image)
        findings.extend(found)
    glued, refused = glued_options(path, inv.args)
    findings.extend(refused)
    dep = _unknown_sizes(derive(dep), inv.args, parsed.findings, spec)
    return _glued_sizes(dep, glued, refused), tuple(findings)


def _glued_sizes(dep: Deployment, glued: Sequence[str], refused: Sequence[Finding]) -> Deployment:
    """A parallel dimension whose option the engine never gets as one (``toplint.parse.glued``)
    is not the engine's default either: the server does not start, and TL012 says why; judged
    at TP 1, the model "did not fit" (akash-network/awesome-akash@0a6f1d55
    Llama-4-Scout-17B-16E-Instruct/deploy.yaml: TL205 and TL201 beside the real cause)."""
    if not refused:
        return dep
    at = Position(refused[0].path, refused[0].line, refused[0].column)
    why = "glued to an escaped space, so the engine refuses the command (TL012)"
    found = [
        Unresolved(sizing.FIELDS[sized], name, at, why=why, reported_by=refused[0].rule)
        for name in glued
        if (sized := sizing.dimension(name)) is not None
    ]
    return sizing.left_unresolved(dep, found)


def _unknown_sizes(
    dep: Deployment, args: Sequence[Arg], findings: Sequence[Finding], spec: EngineSpec
) -> Deployment:
    """An option the engine's vocabulary lacks (TL005) that sizes a parallel dimension
    (``toplint.parse.sizing``) leaves the dimension unresolved; read as absent, the checks
    judged TP 1.  An engine plugin's: Snowflake ArcticInference adds
    ``--ulysses-sequence-parallel-size`` to vLLM's parser, and "4 TP, 2 SP" runs one instance
    on 8 GPUs (snowflakedb/ArcticInference@9d464388 docs/arctic-ulysses.rst,
    arctic_inference/vllm/args.py).  A misspelling of the engine's own option of that
    dimension (``--tensor-paralel-size``) is not: the engine refuses it, and TL005 says which
    option was meant."""
    found: list[Unresolved] = []
    for f in findings:
        token = str(f.data.get("option", "")) if f.rule == UNKNOWN_ENGINE_FLAG.code else ""
        name, _, inline = token.partition("=")
        sized = sizing.dimension(name) if OPTION_SPELLING.fullmatch(name) else None
        if sized is None:
            continue
        meant = f.data.get("suggestion")
        if meant and spec.field_of(str(meant)) == sizing.FIELDS[sized]:
            continue
        value = inline if inline else _value_after(args, f)
        if value is not None and sizing.trivial(value):
            continue
        at = Position(f.path, f.line, f.column)
        shown = f"{name} {value}" if value is not None else name
        why = (
            f"not in toplint's {spec.engine_name} vocabulary (TL005): an engine plugin's "
            "option, and toplint does not model the layout it makes"
        )
        found.append(Unresolved(sizing.FIELDS[sized], shown, at, why=why))
    return sizing.left_unresolved(dep, found)


def _value_after(args: Sequence[Arg], f: Finding) -> str | None:
    """The value written after the option a finding is at (None when unknown)."""
    for i, arg in enumerate(args):
        p = arg.position
        if (p.line, p.column) == (f.line, f.column) and p.path == f.path and i + 1 < len(args):
            nxt = args[i + 1]
            return None if nxt.value is None or nxt.value.startswith("-") else nxt.value
    return None


def runtime_environment(dep: Deployment, environment: Mapping[str, Arg]) -> Deployment:
    """Record a variable only one unpriced runtime reads (``ZE_AFFINITY_MASK``:
    ``toplint.accelerators.RUNTIME_ENV``) in the engine's environment, for
    ``accelerators.of_deployment`` to decline the deployment by."""
    name = next((n for n in environment if n in RUNTIME_ENV), None)
    if name is None or "accelerator.env" in dep.options:
        return dep
    sources = {**dep.sources, "accelerator": environment[name].position}
    return replace(dep, options={**dep.options, "accelerator.env": name}, sources=sources)


def file_deployments(
    invocations: Sequence[Invocation], path: str, source_kind: str
) -> tuple[list[Deployment], list[Finding]]:
    """One deployment per invocation found in a file, each placed where its command starts,
    with the engine config files it names read from beside the file."""

    loader = disk_loader(path)
    deployments: list[Deployment] = []
    findings: list[Finding] = []
    for inv in invocations:
        start = inv.start.position
        base = Deployment(
            path, start.line, start.column, engine="", model=None, source_kind=source_kind
        )
        dep, found = deployment_from_invocation(
            inv, path, source_kind=source_kind, base=base, config_loader=loader
        )
        deployments.append(dep)
        findings.extend(found)
    return deployments, findings


# The shells a script may name as its interpreter, or a command runs a script with (``sh -c``).
SHELLS = ("sh", "bash", "dash", "zsh", "ksh", "ash")


def shell_script(args: Sequence[Arg]) -> int | None:
    """Index of the script in ``sh -c SCRIPT ...`` (``-ec``, ``-xc`` ... too), else None."""
    if len(args) < 3 or (args[0].value or "").rsplit("/", 1)[-1] not in SHELLS:
        return None
    for i in range(1, len(args) - 1):
        opt = args[i].value or ""
        if not opt.startswith("-") or opt.startswith("--"):
            return None
        if "c" in opt[1:]:  # bash -lc -- SCRIPT: "--" ends the shell's options
            return i + 2 if args[i + 1].value == "--" and i + 2 < len(args) else i + 1
    return None


_ALL_POSITIONAL = frozenset({"$@", '"$@"', "${@}", '"${@}"'})


def with_positional(command: list[Arg], positional: Sequence[Arg]) -> list[Arg]:
    """``command`` with a whole-word ``"$@"`` replaced by the script's positional parameters,
    each at the place it is written (none given: the word stays unresolved).  ``sh -c SCRIPT
    NAME ARG...`` gives the script NAME as $0 and the ARGs as its positional parameters (sh(1)
    -c): what a container's ``args``, a Dockerfile's ``CMD`` or a compose ``command`` after an
    ``sh -c`` entrypoint are."""
    if not positional:
        return command
    out: list[Arg] = []
    for arg in command:
        if arg.value is None and arg.raw in _ALL_POSITIONAL:
            out.extend(positional)
        else:
            out.append(arg)
    return out
