"""TL210 implicit-sharding."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.model import Deployment, Finding, Fix, Severity
from toplint.rulebook.helpers import finding, layout_fix, truthy
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks TGI (`text-generation-launcher`) deployments that do not set `--num-shard`.

Outcome reported (toplint's severity policy): runs — but the layout depends on the machine it
lands on (warning).

## Why is this bad?
Without `--num-shard`, TGI shards the model across every GPU it can see
(`CUDA_VISIBLE_DEVICES`, or all GPUs of the host/pod): the tensor-parallel size then depends
on the machine, not on the config, and a node with more GPUs silently gets a wider TP group
(possibly across PCIe).  A deployment that makes exactly one GPU visible (a pod requesting
one, `CUDA_VISIBLE_DEVICES=0`) has nothing to shard and is not reported.

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
- TGI launcher (`num_shard` defaults to the visible GPU count): https://github.com/huggingface/text-generation-inference/blob/main/launcher/src/main.rs
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    # set by the derive of an engine that shards over every visible GPU by default
    if not truthy(dep.options.get("implicit_sharding", "false")):
        return
    if dep.gpus_per_node == 1:
        # The deployment itself makes one GPU visible (a pod requesting 1, one device in
        # CUDA_VISIBLE_DEVICES or `--gpus`): TGI shards over that one on every machine.
        return
    engine = get_engine(dep.engine)
    visible = dep.tp if dep.tp is not None else dep.gpus_per_node
    if visible is None and ctx.cluster is not None:
        visible = ctx.cluster.gpus_per_node
    count = f"all {visible} visible GPUs" if visible else "every visible GPU"
    yield finding(
        rule,
        ctx,
        next((f for f in ("tp", "gpus_per_node", "gpus") if f in dep.sources), "model"),
        f"{engine.title} without {engine.layout.tp} shards the model across {count}; the "
        "tensor-parallel size depends on the machine",
        fix=_fix(dep, visible),
        data={"visible_gpus": visible},
    )


def _fix(dep: Deployment, visible: int | None) -> Fix | str:
    """Write down today's shard count, unless it is unknown or the config misspells the flag
    (``--num-shards 2``): then the typo's fix (TL005) says what was meant, not this one."""
    flag = get_engine(dep.engine).layout.tp
    typo = dep.options.get(f"misspelled.{flag.lstrip('-')}")
    if typo is not None:
        return f"{flag} (spelled `{typo}` here: correct it, see TL005)"
    if visible is None:
        return f"{flag} N   # N: the GPUs each server should use"
    return layout_fix(dep.engine, tp=visible, applicability="safe") or f"{flag} {visible}"


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
