"""Engine command lines -> invocations: which words of a command start an engine.

``find_invocations`` finds the engine command in a sequence of ``Arg`` (a launcher, ``python
-m`` module or console script from the engine registry), wrappers skipped and a program that
only mentions the engine refused; ``image_invocation`` finds the one an image's entrypoint runs
with a command as its arguments; ``shell_script`` and ``with_positional`` read ``sh -c SCRIPT
ARG...``.  ``toplint.parse.argv`` reads the invocation found into a deployment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from toplint.engines.registry import (
    cli_program,
    get_spec,
    image_record,
    launches_of,
    module_spec,
)
from toplint.engines.release import image_repository
from toplint.engines.types import Launch
from toplint.infra.patterns import lazy
from toplint.model import Position
from toplint.parse.options import Arg, option_name, other_backend, parse_args
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
    # The container's bind mounts, (host source, container target) (``toplint.parse.binds``):
    # where a model given as a container path lives on the host.
    binds: tuple[tuple[str, str], ...] = ()


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


def _chosen(args: Sequence[Arg], launch: Launch) -> bool:
    """Whether a platform's option names this launch's engine (``Launch.when``)."""
    option, engine = launch.when[0], launch.when[1]
    flags = parse_args(launch.spec, args, "", unknown_rule=False).flags
    chosen = [f for f in flags if f.name == option]
    return bool(chosen) and (chosen[-1].value or "").strip("'\"").lower() == engine


def _launched(args: Sequence[Arg], i: int, first: str) -> tuple[bool, Entry | None]:
    """(a launch's words start at token i, the entry it starts or None when not serving)."""
    platform = False  # a platform's command matched whose option chose no engine read here
    for launch in launches_of(first):
        after = _launch_at(args, i, launch, first)
        if after == -1:
            return True, None  # the program runs something other than one serving instance
        if after is not None and launch.when and not _chosen(args[after:], launch):
            platform = True
            continue
        if after is not None:
            if args[after:] and all(a.value in _ASKS_ONLY for a in args[after:]):
                return True, None  # ``vllm serve --help``, ``IMAGE --version``: a question
            if launch.key_values:  # lighteval's one word of settings
                import toplint.parse.keyvalues  # loaded by the launchers that take one

                keyvalues = toplint.parse.keyvalues
                settings = keyvalues.key_value_args(args[after:], get_spec(launch.spec))
                return True, (launch.spec, None, settings)
            if not launch.positional_model:
                return True, (launch.spec, None, tuple(args[after:]))
            model, rest = _positional_model(args[after:], launch.spec)
            return True, (launch.spec, model, rest)
    return platform, None


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


def inner_script(command: Sequence[Arg]) -> tuple[str, Position] | None:
    """The script an ``sh -c SCRIPT`` command runs, as written, and where its first character
    is in the file; None when the command runs none.  The text is the word's value, or (when a
    ``$(...)`` in it left the value unresolved) its text without the quotes, so the commands in
    it are still read and only what the substitution sets stays unknown."""
    at = shell_script(command)
    if at is None:
        return None
    word = command[at]
    raw, text = word.raw, word.value
    if text is None and len(raw) >= 2 and raw[0] == raw[-1] == "'":
        text = raw[1:-1]
    elif text is None and len(raw) >= 2 and raw[0] == raw[-1] == '"':
        text = re.sub(r'\\([\\"$`])', r"\1", raw[1:-1])
    if text is None:
        return None
    quoted = raw[:1] in ("'", '"')
    return text, replace(word.position, column=word.position.column + (1 if quoted else 0))


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
