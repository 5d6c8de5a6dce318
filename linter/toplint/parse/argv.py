"""Engine invocations -> ``Deployment``.

``deployment_from_invocation`` reads one invocation (``toplint.parse.invocation`` finds them in
a command's words) with the engine's option vocabulary (``toplint.parse.options``), folds in its
config file and environment (``toplint.parse.enginecfg``) and returns the deployment; what the
command leaves unknown (forwarded arguments, an option outside the vocabulary that sizes a
parallel dimension) is recorded as unresolved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from toplint.accelerators import by_tool, runs_unpriced
from toplint.engines.registry import get_spec, image_record
from toplint.engines.release import image_repository
from toplint.engines.types import EngineSpec
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
from toplint.parse.binds import MODEL_HOST, host_path
from toplint.parse.enginecfg import (
    ConfigLoader,
    disk_loader,
    engine_environment,
    fold_engine_config,
    visible_gpus,
)
from toplint.parse.flagfields import apply_flags, derive, env_flags
from toplint.parse.glued import glued_options
from toplint.parse.invocation import Invocation
from toplint.parse.options import FORWARDED, OPTION_SPELLING, Arg, parse_args
from toplint.record import replace


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
# An array's elements, ``"${ARGS[@]}"`` (bash(1), "Arrays": each element one word), quoted or not:
# any number of arguments, whose values are not known here when the array was set where the
# interpreter does not follow (``eval "$(python …)"``, a file it does not read).
_ARRAY_ELEMENTS = lazy(r"\"?\$\{[A-Za-z_]\w*\[[@*]\]\}\"?")


def _data_expression(arg: Arg) -> bool:
    """An argument a data file writes as one expression it does not evaluate (a Nomad job's
    ``args = ${VLLM_ARGS}``, Terraform's ``args = concat([...], var.extra)``): its readers keep
    the expression as the word and as its one unknown (``parse.generic.scopeargs``)."""
    return arg.raw.startswith("${") and arg.raw.endswith("}") and arg.unresolved == (arg.raw,)


def _split_arguments(dep: Deployment, args: Sequence[Arg]) -> Deployment:
    """Record, once, an unquoted unresolved variable standing where an argument (not an
    option's value) would: ``vllm serve org/m $EXTRA_ARGS``, or an array's elements not known
    here, ``"${ARGS[@]}"``.  Like forwarded arguments it is
    unknown here and overrides what is written before it; read as nothing, it let the checks
    judge a layout it may change without a word."""
    if any(u.field == FORWARDED for u in dep.unresolved):
        return dep
    for i, arg in enumerate(args):
        if arg.value is not None or not (
            _SPLIT_VARIABLE.fullmatch(arg.raw)
            or _ARRAY_ELEMENTS.fullmatch(arg.raw)
            or _data_expression(arg)
        ):
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
    host = host_path(dep.model, inv.binds) if inv.binds else None
    if host is not None:  # the model's container path is a host folder mounted in
        note = f"the model {dep.model} is the host folder {host}, mounted there"
        dep = replace(dep, options={**dep.options, MODEL_HOST: host}, notes=(*dep.notes, note))
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
    ``toplint.accelerators.RUNTIME_ENV``), or AMD LLVM targets outside the catalog
    (``PYTORCH_ROCM_ARCH=gfx1030``: ``accelerators.runs_unpriced``), in the engine's environment,
    for ``accelerators.of_deployment`` to decline the deployment by."""
    name = next((n for n, a in environment.items() if runs_unpriced(n, a.value)), None)
    if name is None or "accelerator.env" in dep.options:
        return dep
    sources = {**dep.sources, "accelerator": environment[name].position}
    return replace(dep, options={**dep.options, "accelerator.env": name}, sources=sources)


def device_tool(dep: Deployment, word: str, position: Position) -> Deployment:
    """Record that the program starting the engine also runs an unpriced vendor's
    device-management command (``npu-smi``: ``toplint.accelerators.by_tool``), for
    ``accelerators.of_deployment`` to decline the deployment by."""
    if by_tool(word) is None or "accelerator.tool" in dep.options:
        return dep
    sources = {**dep.sources, "accelerator": position}
    return replace(dep, options={**dep.options, "accelerator.tool": word}, sources=sources)


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
