"""Engine command lines -> flags -> ``Deployment``.

Input is a sequence of ``Arg`` (one argv token with its position), whatever it came from: a
shell word, an element of a Kubernetes ``args`` list, a compose ``command`` string.  Option names
are resolved as the engine's own parser would: ``--flag=value`` and ``--flag value``,
underscores for dashes (vLLM), short aliases, unique prefixes (argparse ``allow_abbrev``; click
and clap have none), booleans with ``--no-`` forms; repeated options: the last one wins (every
occurrence is kept in ``Deployment.flags``).
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Mapping, Sequence

from toplint.engines.registry import get_spec, launches_of, module_spec
from toplint.engines.release import newer_image
from toplint.engines.types import EngineSpec, Launch
from toplint.model import (
    UNKNOWN_ENGINE_FLAG,
    Deployment,
    Finding,
    Fix,
    Flag,
    Intent,
    Position,
    Severity,
    Unresolved,
)
from toplint.parse.enginecfg import ConfigLoader, derive, fold_engine_config, visible_gpus
from toplint.record import field, record, replace


@record
class Arg:
    value: str | None  # None when unresolved
    raw: str
    position: Position
    unresolved: tuple[str, ...] = ()
    anchor: str = ""


@record
class Invocation:
    engine: str  # vocabulary key (toplint.engines.registry.get_spec), e.g. "dynamo-trtllm"
    args: tuple[Arg, ...]  # engine arguments after the entry point
    start: Arg  # first token of the command (for the deployment's position)
    model: Arg | None = None  # positional model (`<engine> serve MODEL`)
    env: Mapping[str, Arg] = field(default_factory=dict)  # NAME=value before the entry point
    gpus: Arg | None = None  # `docker run --gpus` device request ("all", "2", "device=0,1")
    image: str = ""  # the container image that runs it, when known (TL005 and releases)


# Commands whose arguments mention an engine without running it.
_NOT_RUNNERS = frozenset(
    {"echo", "printf", "cat", "grep", "pip", "pip3", "which", "kill", "pkill", "pgrep", "ps"}
    | {"curl", "wget", "apt-get", "test"}
)
# Package managers that also run programs: a runner only with these sub-commands (`uv run`,
# `uv tool run`, `pipx run`, `poetry run`, `conda run`); `uv pip install vllm` runs nothing.
_RUN_SUBCOMMANDS = {"uv": ("run", "tool"), "pipx": ("run",), "poetry": ("run",), "conda": ("run",)}
_PY_OPTS_WITH_VALUE = ("-X", "-W")


# What an option that takes a value but is written without one is unresolved by (TL003 words
# it as such: in a shell, a `<placeholder>` after the option reads as a redirection).
MISSING_VALUE = "<missing value>"


def _base(arg: Arg) -> str:
    return (arg.value or "").rsplit("/", 1)[-1]


def _is_assignment(arg: Arg) -> bool:
    name, eq, _ = (arg.value or arg.raw).partition("=")
    return bool(eq) and name.isidentifier()


def _python_module(args: Sequence[Arg], i: int) -> tuple[str | None, int]:
    """After a python interpreter at i: (module, index after it) or (None, i)."""
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
            return None, i
    return None, i


def _positional_model(rest: Sequence[Arg]) -> tuple[Arg | None, tuple[Arg, ...]]:
    if rest and not (rest[0].value or rest[0].raw).startswith("-"):
        return rest[0], tuple(rest[1:])
    return None, tuple(rest)


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


def _launched(args: Sequence[Arg], i: int, first: str) -> tuple[bool, Entry | None]:
    """(a launch's words start at token i, the entry it starts or None when not serving)."""
    for launch in launches_of(first):
        after = _launch_at(args, i, launch, first)
        if after == -1:
            return True, None  # the program runs something other than one serving instance
        if after is not None:
            if not launch.positional_model:
                return True, (launch.spec, None, tuple(args[after:]))
            model, rest = _positional_model(args[after:])
            return True, (launch.spec, model, rest)
    return False, None


def _entry(args: Sequence[Arg], i: int) -> Entry | None:
    """(spec key, positional model, engine args) when an engine starts at token i."""
    matched, found = _launched(args, i, _base(args[i]))
    if matched:
        return found
    if _base(args[i]).startswith("python"):
        module, after = _python_module(args, i)
        key = module_spec(module) if module else None
        if key is not None:
            return key, None, tuple(args[after:])
        if module:  # `python -m lmdeploy serve api_server`: the program run as a module
            return _launched(args, after - 1, module)[1]
    return None


def find_invocations(args: Sequence[Arg]) -> list[Invocation]:
    """The engine invocation inside one command's tokens, wrappers skipped.

    Wrappers (``exec``, ``nohup``, ``env``, ``sudo``, ``numactl``, ``mpirun``, ``torchrun``...)
    need no list: the first token that starts an engine wins.  ``NAME=value`` tokens before it
    (``CUDA_VISIBLE_DEVICES=0,1 vllm serve``, ``env A=b``) become the engine's environment.
    """
    if not args or _base(args[0]) in _NOT_RUNNERS:
        return []
    runs = _RUN_SUBCOMMANDS.get(_base(args[0]))
    if runs is not None and (len(args) < 2 or args[1].value not in runs):
        return []
    env: dict[str, Arg] = {}
    for i, arg in enumerate(args):
        if _is_assignment(arg):
            name, _, value = (arg.value or arg.raw).partition("=")
            env[name] = replace(arg, value=value if arg.value is not None else None)
            continue
        found = _entry(args, i)
        if found:
            key, model, rest = found
            return [Invocation(key, rest, args[i], model, env)]
    return []


@record
class ParsedArgs:
    flags: tuple[Flag, ...]
    findings: tuple[Finding, ...]


def _canonical(spec: EngineSpec, token: str) -> tuple[str | None, str]:
    """(canonical name or None, how it was resolved: exact|alias|prefix|negated|unknown)."""
    if token in spec.aliases:
        return spec.aliases[token], "alias"
    if not token.startswith("--"):
        return None, "unknown"
    name = token[2:]
    if spec.underscores_are_dashes:
        # FlexibleArgumentParser rewrites only the part before the first "." (dotted JSON
        # sub-keys keep theirs).
        head, dot, tail = name.partition(".")
        name = head.replace("_", "-") + dot + tail
    longs = spec.long_options()
    if name in longs:
        return longs[name], "exact"
    head, dot, tail = name.partition(".")
    if dot and head in longs and spec.options.get(longs[head]):
        return f"{longs[head]}.{tail}", "dotted"  # --eplb-config.window_size 1000
    if name.startswith("no-") and name[3:] in spec.negatable:
        return name[3:], "negated"
    if spec.allow_abbrev:
        match = _unique_prefix(spec, longs, name)
        if match is not None:
            return match, "prefix"
    return None, "unknown"


# Per engine: its long options sorted, and their canonical names (for prefix look-ups).
_SORTED: dict[str, tuple[list[str], list[str]]] = {}


def _unique_prefix(spec: EngineSpec, longs: Mapping[str, str], name: str) -> str | None:
    """argparse's abbreviation: the one option ``name`` is a prefix of, else None.

    A binary search in the sorted options (the options starting with ``name`` are adjacent),
    not a pass over all of them per token: 4 MiB of unknown flags took seconds that way.
    """
    if spec.engine_name not in _SORTED:
        spelled = sorted(longs)
        _SORTED[spec.engine_name] = (spelled, [longs[s] for s in spelled])
    spelled, canonical = _SORTED[spec.engine_name]
    found: set[str] = set()
    j = bisect.bisect_left(spelled, name)
    while j < len(spelled) and spelled[j].startswith(name):
        found.add(canonical[j])
        if len(found) > 1:
            return None
        j += 1
    return found.pop() if found else None


def _short_attached(spec: EngineSpec, token: str) -> tuple[str, str] | None:
    """``-O3`` -> ("optimization-level", "3"): a one-letter alias with its value attached."""
    alias = token[:2]
    if len(token) > 2 and not token.startswith("--") and alias in spec.aliases:
        canonical = spec.aliases[alias]
        if spec.options.get(canonical):
            return canonical, token[2:]
    return None


def _looks_like_option(arg: Arg) -> bool:
    text = arg.value if arg.value is not None else arg.raw
    return text.startswith("-") and len(text) > 1 and not text[1:2].isdigit()


def parse_args(
    engine: str, args: Sequence[Arg], path: str, *, unknown_rule: bool = True, image: str = ""
) -> ParsedArgs:
    """Options of an engine command line, in order, plus TL005 findings for unknown options
    (info when ``image`` is a newer release of the engine than its vocabulary)."""
    spec = get_spec(engine)
    newer: str | None = None
    if image:
        newer = newer_image(spec, image)
    flags: list[Flag] = []
    findings: list[Finding] = []
    i = 0
    while i < len(args):
        arg = args[i]
        token = arg.value if arg.value is not None else arg.raw
        i += 1
        if not token.startswith("-") or token in ("-", "--"):
            continue  # a positional (model given twice, or a wrapper's own argument)
        name_part, eq, inline = token.partition("=")
        canonical, how = _canonical(spec, name_part)
        attached = None if canonical else _short_attached(spec, name_part)
        if attached:
            flags.append(Flag(attached[0], attached[1], token, arg.position, arg.position))
            continue
        if canonical is None:
            if unknown_rule and token.startswith("--"):
                findings.append(_unknown_flag(spec, name_part, arg, newer))
            # An unknown option may take a value: skip a following non-option token.
            if not eq and i < len(args) and not _looks_like_option(args[i]):
                i += 1
            continue
        takes_value = how == "dotted" or spec.options.get(canonical, False)
        value: str | None
        value_arg: Arg | None = None
        unresolved: tuple[str, ...] = ()
        if how == "negated":
            value = "false"
        elif eq:
            value = inline if arg.value is not None else None
            unresolved = arg.unresolved
            value_arg = arg
        elif (
            takes_value
            and i < len(args)
            and not (_looks_like_option(args[i]) and args[i].value is not None)
        ):
            value_arg = args[i]
            value, unresolved = value_arg.value, value_arg.unresolved
            i += 1
        elif takes_value:
            value = None
            unresolved = (MISSING_VALUE,)
        else:
            value = "true"
        flags.append(
            Flag(
                name=canonical,
                value=value,
                raw=name_part,
                position=arg.position,
                value_position=value_arg.position if value_arg else None,
                unresolved=unresolved,
                anchor=arg.anchor,
            )
        )
    return ParsedArgs(tuple(flags), tuple(findings))


def closest_option(spec: EngineSpec, name: str) -> str | None:
    """The known long option nearest to ``name`` (without dashes), for "did you mean".

    Within ``toplint.infra.budgets``: a name longer than any option could be is not compared,
    and a file gets at most ``SUGGESTIONS_PER_FILE`` distinct comparisons (each costs a pass
    over every option: 4 MiB of unknown flags took 70 s); the findings remain, without a hint.
    """
    if spec.underscores_are_dashes:
        name = name.replace("_", "-")
    from toplint.infra.budgets import SUGGESTION_NAME_CHARS, meter

    if len(name) > SUGGESTION_NAME_CHARS or not meter().may_suggest():
        return None
    return _closest(spec.engine_name, tuple(spec.long_options()), name)


# Prefixes that give an option its polarity: a typo fix never turns one into another
# (`--disable-log-stats` is not a misspelling of `--enable-log-outputs`).
_POLARITY = ("disable-", "enable-", "no-", "use-", "skip-", "force-")


def _polarity(name: str) -> str:
    return next((p for p in _POLARITY if name.startswith(p)), "")


@functools.lru_cache(maxsize=4096)
def _closest(engine: str, options: tuple[str, ...], name: str) -> str | None:
    """The close option of the same polarity: the stems (the name without its polarity
    prefix) must match as closely as the whole names (``difflib`` ratio 0.75)."""
    import difflib

    sign = _polarity(name)
    same = [o for o in options if _polarity(o) == sign]
    for close in difflib.get_close_matches(name, same, n=3, cutoff=0.75):
        stem = difflib.SequenceMatcher(None, name[len(sign) :], close[len(sign) :])
        if stem.ratio() >= 0.75:
            return close
    return None


def _unknown_flag(spec: EngineSpec, token: str, arg: Arg, newer: str | None = None) -> Finding:
    close = closest_option(spec, token[2:])
    hint = f"; did you mean `--{close}`?" if close else ""
    message = f"{spec.engine_name} does not know the option `{token}`{hint}"
    if newer is not None:
        # The image is a newer release than the vocabulary: the option may be real there.
        message = (
            f"`{token}` is not in toplint's {spec.engine_name} {spec.release} vocabulary; the "
            f"image is {newer}, which may have it{hint}"
        )
    return UNKNOWN_ENGINE_FLAG.finding(
        arg.position.path,
        arg.position.line,
        arg.position.column,
        message,
        severity=Severity.INFO if newer is not None else Severity.WARNING,
        # Renaming a misspelt option changes what runs (today the engine refuses the unknown
        # option, or ignores it): unsafe.
        fix=Fix(
            f"--{close} (instead of `{token}`)",
            applicability="unsafe",
            intents=(Intent("rename-flag", close, f"--{close}", arg.position),),
        )
        if close
        else None,
        data={"option": token, "suggestion": close} if close else {},
        anchor=arg.anchor or token,
    )


# The ``Unresolved.field`` of arguments forwarded from the caller (``"$@"``): they set no field
# the checks read, but may override any option written before them.
FORWARDED = "arguments"
_INT_FIELDS = ("tp", "pp", "dp", "dp_local", "ep", "nodes", "gpus_per_node", "gpus")
# Options whose unresolved value is reported (TL003) besides the Deployment fields.
_REPORTED = frozenset(
    {*_INT_FIELDS, "model", "ep_enabled", "all2all_backend", "moe_a2a_backend", "node_rank"}
    | {"data_parallel_start_rank", "data_parallel_rank", "distributed_executor_backend"}
)


def apply_flags(base: Deployment, flags: Sequence[Flag], spec: EngineSpec) -> Deployment:
    """Fold flags (last wins) into a deployment: fields, options, sources and unresolved."""
    values: dict[str, object] = {}
    sources = dict(base.sources)
    options = dict(base.options)
    unresolved = list(base.unresolved)
    for flag in flags:
        field_name = spec.fields.get(flag.name, flag.name.replace("-", "_"))
        # The option token (`--tensor-parallel-size`): findings point at the offending name.
        sources[field_name] = flag.position
        unresolved = [u for u in unresolved if u.field != field_name]
        if flag.value is None:
            if field_name in (*_INT_FIELDS, "model"):
                values[field_name] = None
            options.pop(field_name, None)
            if field_name not in _REPORTED and field_name not in spec.fields.values():
                continue  # an unresolved port or path does not matter to any check
            unresolved.extend(
                Unresolved(field_name, var, flag.value_position or flag.position)
                for var in flag.unresolved or ("<unresolved>",)
            )
        elif field_name in _INT_FIELDS:
            values[field_name] = _to_int(flag.value)
        elif field_name == "ep_enabled":
            values[field_name] = flag.value.lower() not in ("false", "0", "no")
        elif field_name == "model":
            values[field_name] = flag.value
        else:
            options[field_name] = flag.value
    dep = replace(
        base,
        flags=base.flags + tuple(flags),
        options=options,
        sources=sources,
        unresolved=tuple(unresolved),
        **values,
    )
    return derive(dep)


# The largest parallel size or count toplint believes: the largest GPU clusters built hold about
# 100,000 GPUs, so no serving instance spans more than 2^16 on any axis.  A larger, zero,
# negative or non-integer value is left unset (None) with its position kept in ``sources``,
# which TL010 reports; no later stage does arithmetic on it.
MAX_PARALLEL_SIZE = 1 << 16


def _to_int(text: str) -> int | None:
    """A size from 1 to ``MAX_PARALLEL_SIZE`` written as a decimal integer, else None."""
    digits = text.strip().strip("'\"").removeprefix("+")
    # Refuses "nan", "-1", "2.0", "[2]" and 4,000-digit numbers before int() sees them.
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 6:
        return None
    value = int(digits)
    return value if 1 <= value <= MAX_PARALLEL_SIZE else None


def env_flags(spec: EngineSpec, env: Mapping[str, Arg]) -> list[Flag]:
    """Options an engine reads from environment variables (clap ``env``: ``NUM_SHARD``)."""
    out: list[Flag] = []
    for name, arg in env.items():
        canonical = spec.env.get(name)
        if canonical is None:
            continue
        value = arg.value
        if value is not None and not spec.options.get(canonical, False):
            value = "true" if value.lower() not in ("false", "0", "") else "false"
        out.append(
            Flag(canonical, value, name, arg.position, arg.position, arg.unresolved, arg.anchor)
        )
    return out


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
    ``"$@"``, ``$*``, ``"${@}"``, ``"${@:2}"`` (a function's are known where it is called)."""
    if arg.value is not None:
        return None
    for variable in arg.unresolved:
        name = variable.lstrip("$").strip("{}")
        if name in ("@", "*") or name.startswith(("@:", "*:")):
            return variable
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


def _image_environment(image: str, env: Mapping[str, Arg]) -> Mapping[str, Arg]:
    """The environment the engine sees: an image whose entrypoint renames variables
    (``Image.env_aliases``) passes each under the engine's name."""
    if not image or not env:
        return env
    from toplint.engines.registry import image_record
    from toplint.parse.dockerfile import image_repository

    known = image_record(image_repository(image))
    if known is None or not known[1].env_aliases:
        return env
    renamed = dict(env)
    for theirs, ours in known[1].env_aliases:
        if theirs in env:
            renamed[ours] = env[theirs]
    return renamed


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
        pre.append(Flag("model", m.value, m.raw, m.position, m.position, m.unresolved, m.anchor))
    parsed = parse_args(inv.engine, inv.args, path, image=inv.image)
    dep = apply_flags(dep, [*pre, *parsed.flags], spec)
    dep = _forwarded_arguments(dep, (*([inv.model] if inv.model else []), *inv.args))
    dep = _note_misspelt(dep, parsed.findings)
    dep = visible_gpus(dep, environment, inv.gpus)
    if inv.image and "image" not in dep.options:  # the image it runs in (an accelerator's?)
        dep = replace(dep, options={**dep.options, "image": inv.image})
    findings = list(parsed.findings)
    if config_loader is not None:
        dep, found = fold_engine_config(dep, spec, config_loader, inv.image)
        findings.extend(found)
    return derive(dep), tuple(findings)


def file_deployments(
    invocations: Sequence[Invocation], path: str, source_kind: str
) -> tuple[list[Deployment], list[Finding]]:
    """One deployment per invocation found in a file, each placed where its command starts,
    with the engine config files it names read from beside the file."""
    from toplint.parse.enginecfg import disk_loader

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
