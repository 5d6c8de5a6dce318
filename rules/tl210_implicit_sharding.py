"""TL210 implicit-sharding."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from toplint.model import Finding, Fix, Severity
from toplint.rulebook.helpers import finding, flag_fix, truthy
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks TGI (`text-generation-launcher`) deployments that do not set `--num-shard`.

## Why is this bad?
Without `--num-shard`, TGI shards the model across every GPU it can see
(`CUDA_VISIBLE_DEVICES`, or all GPUs of the host/pod): the tensor-parallel size then depends
on the machine, not on the config, and a node with more GPUs silently gets a wider TP group
(possibly across PCIe).

## Example
```bash
text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct
```

## Use instead
```bash
text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct --num-shard 1
```

## Options
None.

## Fix safety
Safe when the suggested `--num-shard` equals the GPUs TGI sees today: it writes down the
current behaviour.

## References
- huggingface/text-generation-inference launcher/src/main.rs (`num_shard` defaults to the
  visible GPU count)
- ../shared/reference/engine-vocabulary.md (TGI)
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    if dep.engine != "tgi" or not truthy(dep.options.get("implicit_sharding", "false")):
        return
    visible = dep.tp if dep.tp is not None else dep.gpus_per_node
    if visible is None and ctx.cluster is not None:
        visible = ctx.cluster.gpus_per_node
    count = f"all {visible} visible GPUs" if visible else "every visible GPU"
    yield finding(
        rule,
        ctx,
        next((f for f in ("tp", "gpus_per_node", "gpus") if f in dep.sources), "model"),
        f"TGI without --num-shard shards the model across {count}; the tensor-parallel size "
        "depends on the machine",
        fix=_fix(dep.options, visible),
        data={"visible_gpus": visible},
    )


def _fix(options: Mapping[str, str], visible: int | None) -> Fix | str:
    """Write down today's shard count, unless it is unknown or the config misspells the flag
    (``--num-shards 2``): then the typo's fix (TL005) says what was meant, not this one."""
    typo = options.get("misspelled.num-shard")
    if typo is not None:
        return f"--num-shard (spelled `{typo}` here: correct it, see TL005)"
    if visible is None:
        return "--num-shard N   # N: the GPUs each server should use"
    return flag_fix(f"--num-shard {visible}", {"num-shard": str(visible)}, "safe")


RULE = Rule(
    code="TL210",
    name="implicit-sharding",
    summary="TGI without --num-shard shards across every visible GPU.",
    severity=Severity.WARNING,
    check=check,
    doc=DOC,
    fix_safety="safe",
    origin=__file__,
)
