"""TL003 unresolved-value."""

from __future__ import annotations

import re
from collections.abc import Iterator

from toplint.engines.registry import get_spec
from toplint.model import Deployment, Finding, Fix, Position, Severity, Unresolved
from toplint.optionkeys import CHOSEN_AT
from toplint.parse import sizing
from toplint.parse.options import CHOSEN_BY, FORWARDED, MISSING_VALUE
from toplint.rulebook.helpers import finding_at
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Reports, once per variable per deployment, a value toplint needs but cannot resolve: a shell
variable set outside the file, a positional parameter (`$1`), a Helm template expression. It
names the variable and the setting it feeds; the checks that need that value are skipped.
Besides the parallel layout and the model, that covers every option the engine's memory
accounting sizes memory from (`--gpu-memory-utilization $GMU`, `--max-model-len`,
`--max-num-seqs`, a `--speculative-config` from a variable with no value): the memory fit is
then not judged, rather than computed with the engine's default in the value's place.

A number (a size, a count) that the script sets only where a test it does not decide chooses
(`TP=8; [[ -n "$EXTRA" ]] && TP=16`, an `if`/`case` on a variable from the environment, a
loop's body that may run no time) is unresolved too, never its last assignment: the finding
names the line of that test. A default (`TP=${TP:-8}`, `[ -z "$TP" ] && TP=8`) is the
script's value. toplint.yaml has no setting for a script's environment: set the value, or
what the test reads, in the script.

A script that forwards its own arguments into the engine command (`"$@"`, `$*`) gets one info
finding too: what a caller passes is unknown here, so the checks use the layout written in the
script, and an option passed to it overrides the same option written before `"$@"` (argparse
keeps the last occurrence). Arguments a function forwards are known where it is called, and
are not reported; a script that writes neither a model nor a layout is an entrypoint, not a
deployment (TL008, info).

A setting that sizes a parallel dimension but that the engine does not read is reported the
same way, and its layout is left unresolved instead of read as TP 1: a wrapper's key beside
the engine's options (`vllm_tp: 4` in a block that names `vllm`; its `set:` in a reader under
`readers:` in toplint.yaml tells toplint what it means), or an engine plugin's option that the
engine's vocabulary lacks (Snowflake ArcticInference's `--ulysses-sequence-parallel-size 8`,
which TL005 also reports). Megatron's spelling of a degree inside a block that names its
engine (`tensor_model_parallel_size`, verl's rollout) is read as the engine's own.

A layout left to what runs the engine is reported too: a repository's wrapper program that may
size it itself, or the entrypoint of a container image toplint knows only by its name (`docker run
vllm-cpu-env:latest --model m`: a rebuild whose entrypoint is not read); writing the sizes among
the engine's arguments there resolves it. So is a folder trtllm-serve's TensorRT backend
serves (`--backend tensorrt`, the default before 1.0) with no size written and no build of it
in the file: an engine built elsewhere runs the sizes its trtllm-build was given, not TP 1.

Outcome reported (toplint's severity policy): unknown — the checks that need the value are
skipped (info).

## Why is this bad?
toplint never guesses: a layout it cannot resolve is a layout it cannot check. An info finding
makes the gap visible instead of reporting a clean run that checked nothing.

## Example
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size "$TP"
```

## Use instead
```bash
TP=4
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size "$TP"
```
or give the variable a default in the script (`TP=${TP:-4}`).

## Options
None.

## Fix safety
Display only: toplint cannot know which value you meant.

## References
- Shell parameter expansion (`${TP:-4}`): https://www.gnu.org/software/bash/manual/html_node/Shell-Parameter-Expansion.html
- Compose variable interpolation: https://docs.docker.com/reference/compose-file/interpolation/
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    by_variable: dict[str, list[str]] = {}
    first: dict[str, Position] = {}
    unread: dict[str, Unresolved] = {}
    for item in dep.unresolved:
        if item.reported_by:
            continue  # one root cause, one finding: that rule says why
        if item.why:
            unread.setdefault(item.variable, item)
            continue
        fields = by_variable.setdefault(item.variable, [])
        if item.field not in fields:
            fields.append(item.field)
        first.setdefault(item.variable, item.position)
    for variable, fields in by_variable.items():
        set_fields = [f for f in fields if f != FORWARDED]
        names = ", ".join(f"`{f}`" for f in set_fields)
        parts = []
        if set_fields and variable == MISSING_VALUE:
            parts.append(
                f"the option that sets {names} is written without a value (in a shell, a "
                "`<placeholder>` after it reads as a redirection), so the checks that need it "
                "are skipped"
            )
        elif set_fields and CHOSEN_AT in variable:
            name, _, line = variable.partition(CHOSEN_AT)
            parts.append(
                f"`{name}` holds one of several values: the script sets it only where the test "
                f"at line {line}, which its own values do not decide, chooses; it sets {names}, "
                "so the checks that need it are skipped"
            )
        elif set_fields:
            parts.append(
                f"`{variable}` cannot be resolved here; it sets {names}, so the checks that "
                "need it are skipped"
            )
        if FORWARDED in fields:
            parts.append(_forwarded_message(variable, dep, bool(set_fields)))
        yield finding_at(
            rule,
            ctx,
            first[variable],
            "; ".join(parts),
            fix=_forwarded_fix(variable, dep)
            if not set_fields
            else Fix("write the option's value after it", applicability="display")
            if variable == MISSING_VALUE
            else _literal_fix(variable, dep),
            data={"variable": variable, "fields": list(fields)},
            anchor=variable,
        )
    for item in unread.values():
        yield _unread(rule, ctx, item)


def _unread(rule: Rule, ctx: RuleContext, item: Unresolved) -> Finding:
    """A setting that sizes a parallel dimension but that the engine does not read: the layout
    is unknown, not guessed (``toplint.parse.sizing``)."""
    key = re.split(r"[:=\s]", item.variable, maxsplit=1)[0]
    dimension = sizing.dimension(key)
    sizes = f"the {dimension}-parallel degree" if dimension else "a parallel degree"
    message = (
        f"`{item.variable}` sizes {sizes} but is {item.why}, so "
        f"{_UNKNOWN.get(item.field, 'the layout')} is not resolved and the checks that need it "
        "are skipped"
    )
    option = sizing.OPTIONS.get(dimension or "")
    # A dimension no engine option spells (Ulysses, context) has no reader line to write, and
    # an option the engine reads needs none (SGLang's --dp-size beside --attn-dp-size: read,
    # but as replicas toplint does not model).
    if key.startswith("--") and key[2:] in get_spec(ctx.deployment.engine).long_options():
        option = None
    fix = (
        Fix(
            "describe this format to toplint: a reader under `readers:` in toplint.yaml whose "
            f"`set:` maps `{option}` to `{key}`",
            applicability="display",
        )
        if option
        else None
    )
    return finding_at(
        rule,
        ctx,
        item.position,
        message,
        fix=fix,
        data={"variable": key, "fields": [item.field], "why": item.why},
        anchor=key,
    )


# What a degree left unresolved leaves unknown, by the field it sizes.
_UNKNOWN = {
    "tp": "the layout (GPUs per instance, how the weights are split)",
    "pp": "the layout (GPUs per instance, the pipeline stages)",
    "dp": "the layout (GPUs per instance, the replicas)",
    "ep": "how the experts are split",
}


def _literal_fix(variable: str, dep: Deployment) -> Fix:
    if CHOSEN_AT in variable:
        # toplint.yaml has no setting for a script's environment: the script decides or not.
        name, _, line = variable.partition(CHOSEN_AT)
        bare = name.lstrip("$").strip("{}")
        return Fix(
            f"set `{bare}` where the test at line {line} cannot skip it, or set in the script "
            "what that test reads, so toplint can tell which value it takes",
            applicability="display",
        )
    if variable.startswith(CHOSEN_BY):
        # No variable sets it: the wrapper or the image's entrypoint decides at run time.
        return Fix(
            "write the engine's parallel sizes among the arguments it is given here "
            "(`--tensor-parallel-size N`): they are read as written",
            applicability="display",
        )
    if variable.startswith("${") and dep.source_kind.startswith("k8s"):
        # The kubelet expands only $(NAME): a ${NAME} in a manifest is filled in before it is
        # applied (envsubst, Flux post-build), unless it sits in a container's shell script,
        # whose shell reads it from the container's env.  The record does not say which, so
        # the fix names both.
        name = variable[2:-1].split(":", 1)[0].split("-", 1)[0]
        env = f"set `{name}` under `env:`" if name.isidentifier() else "set it under `env:`"
        return Fix(
            f"`{variable}` is a template placeholder (lint the manifest as it is applied: "
            f"`envsubst < {dep.path.rsplit('/', 1)[-1]} | toplint check -`) or, in a "
            f"container's shell script, read from the container's environment ({env}); or "
            "write the value in this file",
            applicability="display",
        )
    if variable.startswith("{{") and variable.endswith("}}"):
        # A Jinja/Go template's value: the renderer writes it before anything runs the file.
        return Fix(
            f"`{variable}` is filled when the template is rendered: lint a rendered copy "
            f"(`toplint check -` reads one from standard input), or write the value in place "
            "of the expression",
            applicability="display",
        )
    return Fix(
        f"give `{variable}` a literal value (or a default) in this file", applicability="display"
    )


def _forwarded_message(variable: str, dep: Deployment, also: bool) -> str:
    """Arguments the script is called with are forwarded into the engine command: unknown at
    lint time, and an option among them overrides the same option written before them
    (argparse keeps the last occurrence)."""
    name = variable.lstrip("$").strip("{}")
    script = name in ("@", "*") or name.startswith(("@:", "*:"))  # the script's own "$@"
    passed = "an option passed to the script" if script else "an option among them"
    overrides = f"{passed} overrides one written before `{variable}`"
    if script:
        forwards = "forwards the arguments the script is called with"
    elif variable.startswith("*"):
        forwards = "adds arguments built at run time"  # a Python list's starred item
    elif _whole_list(dep):
        forwards = "stands for the whole argument list, filled in before the file is used"
    else:
        forwards = "is unquoted, so what it holds is split into arguments"
    if also:
        return f"it also {forwards}: {overrides}"
    if _whole_list(dep):
        return (
            f"`{variable}` {forwards}, unknown here: the model and the layout are among them, "
            "so the deployment is not checked"
        )
    if dep.model is None:  # no model written: it may be among them (coverage: unresolved)
        return (
            f"`{variable}` {forwards}, unknown here, and no model is written: the model may be "
            f"among them, so the deployment is not checked; {overrides}"
        )
    layout = ", ".join(
        f"{name} {'?' if value is None else value}"
        for name, value in (("TP", dep.tp), ("PP", dep.pp), ("DP", dep.dp))
    )
    return (
        f"`{variable}` {forwards}, unknown here: the checks use the layout written here "
        f"({layout}); {overrides}"
    )


def _whole_list(dep: Deployment) -> bool:
    """The variable is a data file's whole argument list (``args = ${VLLM_ARGS}`` beside an
    image, filled in before the file is used): nothing is written beside it, so the model and
    the layout are among what it holds and nothing is written "after" it."""
    return dep.source_kind == "structured" and not dep.flags and dep.model is None


def _forwarded_fix(variable: str, dep: Deployment) -> Fix:
    if _whole_list(dep):
        return Fix(
            f"write the arguments `{variable}` is filled with (the model and the layout "
            "options) as the list here, so it can be checked",
            applicability="display",
        )
    if dep.model is None:
        return Fix(
            f"write the model and the layout options the deployment runs with after "
            f"`{variable}` (they then win), so it can be checked",
            applicability="display",
        )
    return Fix(
        "write the layout options the deployment runs with after "
        f"`{variable}` (they then win), or keep this note if callers pass none",
        applicability="display",
    )


RULE = Rule(
    code="TL003",
    name="unresolved-value",
    summary="A value a check needs cannot be resolved; the checks needing it are skipped.",
    severity=Severity.INFO,
    check=check,
    doc=DOC,
    fix_safety="display",
    origin=__file__,
    accelerators="any",
)
