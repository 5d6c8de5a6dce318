"""Engine command lines -> flags -> ``Deployment``.

Input is a sequence of ``Arg`` (one argv token with its position), whatever it came from: a
shell word, an element of a Kubernetes ``args`` list, a compose ``command`` string.  Option names
are resolved as the engine's own parser would: ``--flag=value`` and ``--flag value``,
underscores for dashes (vLLM, SGLang), short aliases, unique prefixes (argparse
``allow_abbrev``), booleans with ``--no-`` forms; repeated options: the last one wins.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass, replace

from toplint.model import Deployment, Finding, Flag, Position, Severity, Unresolved
from toplint.parse.engines import ENGINES, EngineSpec


@dataclass(frozen=True)
class Arg:
    value: str | None  # None when unresolved
    raw: str
    position: Position
    unresolved: tuple[str, ...] = ()
    anchor: str = ""


@dataclass(frozen=True)
class Invocation:
    engine: str
    args: tuple[Arg, ...]  # engine arguments after the entry point
    start: Arg  # first token of the command (for the deployment's position)
    model: Arg | None = None  # positional model (vllm serve MODEL)


# Entry points: token sequences (matched on the basename of the first token) -> engine.
_PYTHON = ("python", "python3")
_MODULES = {
    "vllm.entrypoints.openai.api_server": "vllm",
    "vllm.entrypoints.api_server": "vllm",
}


def _base(arg: Arg) -> str:
    return (arg.value or "").rsplit("/", 1)[-1]


def find_invocations(args: Sequence[Arg]) -> list[Invocation]:
    """Every engine invocation inside one command's tokens (wrappers such as ``exec`` skipped)."""
    found: list[Invocation] = []
    i = 0
    while i < len(args):
        name = _base(args[i])
        if name == "vllm" and i + 1 < len(args) and args[i + 1].value == "serve":
            rest = args[i + 2 :]
            model = rest[0] if rest and not (rest[0].value or "-").startswith("-") else None
            found.append(Invocation("vllm", tuple(rest[1:] if model else rest), args[i], model))
            break
        if name.startswith(_PYTHON) and i + 2 < len(args) and args[i + 1].value == "-m":
            engine = _MODULES.get(args[i + 2].value or "")
            if engine:
                found.append(Invocation(engine, tuple(args[i + 3 :]), args[i]))
                break
        i += 1
    return found


@dataclass(frozen=True)
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
        name = name.replace("_", "-")
    if name in spec.options:
        return name, "exact"
    if name.startswith("no-") and name[3:] in spec.negatable:
        return name[3:], "negated"
    if spec.allow_abbrev:
        matches = [o for o in spec.options if o.startswith(name)]
        if len(matches) == 1:
            return matches[0], "prefix"
    return None, "unknown"


def parse_args(
    engine: str, args: Sequence[Arg], path: str, *, unknown_rule: bool = True
) -> ParsedArgs:
    """Options of an engine command line, in order, plus TL005 findings for unknown options."""
    spec = ENGINES[engine]
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
        if canonical is None:
            if unknown_rule and token.startswith("--"):
                findings.append(_unknown_flag(spec, name_part, arg))
            # An unknown option may take a value: skip a following non-option token.
            if not eq and i < len(args) and not (args[i].value or "-").startswith("-"):
                i += 1
            continue
        takes_value = spec.options.get(canonical, False)
        value: str | None
        value_arg: Arg | None = None
        unresolved: tuple[str, ...] = ()
        if how == "negated":
            value = "false"
        elif eq:
            value = inline if arg.value is not None else None
            unresolved = arg.unresolved
            value_arg = arg
        elif takes_value and i < len(args):
            value_arg = args[i]
            value, unresolved = value_arg.value, value_arg.unresolved
            i += 1
        elif takes_value:
            value = None
            unresolved = ("<missing value>",)
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


def _unknown_flag(spec: EngineSpec, token: str, arg: Arg) -> Finding:
    name = token[2:].replace("_", "-") if spec.underscores_are_dashes else token[2:]
    close = difflib.get_close_matches(name, list(spec.options), n=1, cutoff=0.75)
    hint = f"; did you mean `--{close[0]}`?" if close else ""
    from toplint.model import Fix

    fix = Fix(f"--{close[0]}") if close else None
    return Finding(
        rule="TL005",
        name="unknown-engine-flag",
        severity=Severity.WARNING,
        path=arg.position.path,
        line=arg.position.line,
        column=arg.position.column,
        message=f"{spec.name} does not know the option `{token}`{hint}",
        fix=fix,
        anchor=arg.anchor or token,
    )


_INT_FIELDS = ("tp", "pp", "dp", "dp_local", "ep", "nodes", "gpus_per_node", "gpus")


def apply_flags(base: Deployment, flags: Sequence[Flag], spec: EngineSpec) -> Deployment:
    """Fold flags (last wins) into a deployment: fields, options, sources and unresolved."""
    values: dict[str, object] = {}
    sources = dict(base.sources)
    options = dict(base.options)
    unresolved = list(base.unresolved)
    for flag in flags:
        field_name = spec.fields.get(flag.name, flag.name.replace("-", "_"))
        sources[field_name] = flag.position
        if flag.value is None:
            values[field_name] = None
            unresolved.extend(
                Unresolved(field_name, var, flag.value_position or flag.position)
                for var in flag.unresolved or ("<unresolved>",)
            )
            continue
        unresolved = [u for u in unresolved if u.field != field_name]
        if field_name in _INT_FIELDS:
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
        **values,  # type: ignore[arg-type]
    )
    return derive_expert_parallel(dep)


def _to_int(text: str) -> int | None:
    try:
        return int(text.strip().strip("'\""))
    except ValueError:
        return None


def derive_expert_parallel(dep: Deployment) -> Deployment:
    """vLLM: EP is not a size; with --enable-expert-parallel EP = TP x DP (engine-vocabulary §1)."""
    if dep.engine != "vllm":
        return dep
    if not dep.ep_enabled:
        return replace(dep, ep=1)
    if dep.tp is None or dep.dp is None:
        return replace(dep, ep=None)
    return replace(dep, ep=dep.tp * dep.dp)


def deployment_from_invocation(
    inv: Invocation, path: str, *, source_kind: str, base: Deployment | None = None
) -> tuple[Deployment, tuple[Finding, ...]]:
    """A deployment from one engine invocation (``base`` carries orchestrator facts)."""
    spec = ENGINES[inv.engine]
    start = inv.start.position
    dep = base or Deployment(
        path=path, line=start.line, column=start.column, engine=inv.engine, model=None
    )
    dep = replace(dep, engine=inv.engine, source_kind=dep.source_kind or source_kind)
    if inv.model is not None:
        model_flag = Flag(
            "model",
            inv.model.value,
            inv.model.raw,
            inv.model.position,
            inv.model.position,
            inv.model.unresolved,
            inv.model.anchor,
        )
        dep = apply_flags(dep, [model_flag], spec)
        dep = replace(dep, flags=())  # the positional model is not an option
    parsed = parse_args(inv.engine, inv.args, path)
    return apply_flags(dep, parsed.flags, spec), parsed.findings
