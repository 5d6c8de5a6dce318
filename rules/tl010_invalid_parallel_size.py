"""TL010 invalid-parallel-size."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_spec
from toplint.engines.types import EngineSpec
from toplint.model import INVALID_PARALLEL_SIZE, Finding, Flag
from toplint.parse.flagfields import MAX_PARALLEL_SIZE
from toplint.rulebook.helpers import finding_at
from toplint.rulebook.types import Rule, RuleContext

DOC = f"""\
## What it does
Reports a parallel size or count (tensor-, pipeline-, data- or expert-parallel size, nodes,
GPUs per node) written as something that is not a whole number from 1 to {MAX_PARALLEL_SIZE:,}:
`nan`, `inf`, `-1`, `0`, `2.5`, a list, a word, or a number of absurd size.  A count written
in a Kubernetes manifest (a GPU request, `replicas`, a LeaderWorkerSet `size`, a wrapper's
node or worker count) that is a number outside 0 to 1,048,576
(`toplint.parse.k8s.context.MAX_COUNT`) is reported too, at the value: the deployment's GPUs and
nodes are then unknown, never guessed.

Outcome reported (toplint's severity policy): refuses to start — the engine rejects a parallel
size that is not a whole number it accepts (error).

## Why is this bad?
The engine refuses to start (vLLM and SGLang: argparse "invalid int value", or
`ParallelConfig` validation for zero and negative sizes), so the deployment crash-loops. toplint
cannot place such a layout either: every topology and capacity check of the deployment is
skipped, and saying nothing would pass it as checked.

## Example
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 0
```

## Use instead
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4
```

## Options
None. The upper bound ({MAX_PARALLEL_SIZE:,}) is `toplint.parse.flagfields.MAX_PARALLEL_SIZE`: no
cluster built holds that many GPUs for one serving instance.

## References
- vLLM engine arguments (https://docs.vllm.ai/en/latest/configuration/engine_args.html)
- SGLang server arguments (https://docs.sglang.ai/advanced_features/server_arguments.html)
"""

# Deployment fields that hold a size written by the user (``toplint.parse.flagfields._INT_FIELDS``).
_FIELDS = ("tp", "pp", "dp", "dp_local", "ep", "nodes", "gpus_per_node", "gpus")


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    unresolved = {u.field for u in dep.unresolved}
    for name in _FIELDS:
        where = dep.sources.get(name)
        if getattr(dep, name) is not None or where is None or name in unresolved:
            continue
        flag = _flag_at(dep.flags, where, name, get_spec(dep.engine))
        if flag is None or flag.value is None:
            continue
        yield finding_at(
            rule,
            ctx,
            flag.value_position or where,
            f"{flag.raw.split('=', 1)[0]} {_quoted(flag.value)} is not a whole number from 1 "
            f"to {MAX_PARALLEL_SIZE:,}; the engine refuses to start and toplint cannot check "
            "this layout",
            anchor=flag.anchor or name,
        )


def _flag_at(flags: tuple[Flag, ...], where: object, name: str, spec: EngineSpec) -> Flag | None:
    """The last flag written at ``where`` that sets field ``name``: flags a reader synthesises
    share one position (KAITO's parallelism, written at the instance type), so the position
    alone may name another flag (`--distributed-executor-backend ray` was called a bad size)."""
    return next(
        (f for f in reversed(flags) if f.position == where and spec.field_of(f.name) == name),
        None,
    )


def _quoted(value: str) -> str:
    """The written value, shortened: a 4,000-digit number is not worth quoting whole."""
    short = value if len(value) <= 24 else f"{value[:12]}…({len(value):,} characters)"
    return f"`{short}`"


# Raised by a stage (and by this rule's check): the code, name and severity are written once, in
# toplint.model.INVALID_PARALLEL_SIZE (the one constructor of its findings).
RULE = Rule(
    code=INVALID_PARALLEL_SIZE.code,
    name=INVALID_PARALLEL_SIZE.name,
    summary="A parallel size is not a whole number the engine accepts.",
    severity=INVALID_PARALLEL_SIZE.severity,
    check=check,
    doc=DOC,
    origin=__file__,
    accelerators="any",
)
