"""TL210 implicit-sharding."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.model import Deployment, Finding, Fix, Severity
from toplint.parse.options import FORWARDED
from toplint.rulebook.helpers import finding, layout_fix, truthy
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks TGI (`text-generation-launcher`) deployments that do not set `--num-shard`.

Outcome reported (toplint's severity policy): runs — but the layout depends on the machine it
lands on (warning).

## Why is this bad?
Without `--num-shard`, TGI shards the model across the devices its environment lists (its
launcher counts the entries of `CUDA_VISIBLE_DEVICES`, else `NVIDIA_VISIBLE_DEVICES`; a pod's
device-plugin allocation lists each GPU): the tensor-parallel size then depends on the machine,
not on the config, and a node with more GPUs silently gets a wider TP group (possibly across
PCIe).  A deployment that makes exactly one GPU visible (a pod requesting one,
`CUDA_VISIBLE_DEVICES=0`) has nothing to shard and is not reported, nor is one whose command
forwards arguments given at run time (`text-generation-launcher "$@"` in an image's entrypoint
script), nor one whose layout a wrapper or an image's runscript chooses where it runs
(`singularity run text-generation-inference_latest.sif --model-id …`): `--num-shard` may come
with them, and TL003 says they are unknown.

With `docker run --gpus all` (compose `count: all`) the container gets
`NVIDIA_VISIBLE_DEVICES=all`, which TGI up to 3.3.6 counts as a single entry, and a launcher a
script starts on a host sees no list at all, so TGI runs **one** shard and the node's other GPUs
sit idle (huggingface/text-generation-inference#866: Flan-UL2 on four V100s ran out of memory
until `--num-shard 4`); a model larger than one GPU then does not fit (TL205).  From 3.3.7
(huggingface/text-generation-inference@dfb3fbe7) the launcher counts every GPU `nvidia-smi`
lists for `all`: an image pinned to 3.3.7, or not pinned (`latest` is 3.3.7), shards across the
whole machine, whose size the file does not say.  On a manifest whose nodes have one GPU, one
shard is every GPU there is, and nothing is reported.

## Example
```bash
# on an 8-GPU host: one shard, seven GPUs idle
text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct
```

## Use instead
```bash
text-generation-launcher --model-id meta-llama/Llama-3.1-8B-Instruct --num-shard 8
```

## Options
None.

## Fix safety
Safe when the suggested `--num-shard` equals the GPUs TGI shards over today (it writes down the
current behaviour); where it runs one shard, `--num-shard` with the node's GPU count changes
the layout (unsafe, and judged like every layout fix).

## References
- TGI launcher (`find_num_shards`: `num_cuda_devices().unwrap_or(1)`): https://github.com/huggingface/text-generation-inference/blob/main/launcher/src/main.rs
- Docker `--gpus all` sets `NVIDIA_VISIBLE_DEVICES=all` (moby `setNvidiaGPUs`): https://github.com/moby/moby/blob/master/daemon/nvidia_linux.go
- TGI 3.3.7 counts `all` as every GPU (#3346): https://github.com/huggingface/text-generation-inference/commit/dfb3fbe78e0d1d69251bd33065591c61bafdfaa8
- Incident: https://github.com/huggingface/text-generation-inference/issues/866
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    if any(u.field == FORWARDED for u in dep.unresolved):
        return  # arguments given at run time may carry the option (TL003 says so)
    if dep.tp is None and any(u.field == "tp" for u in dep.unresolved):
        return  # the layout is chosen where it runs (a wrapper, a runscript): TL003 says so
    if dep.options.get("implicit_sharding", "").startswith("one-"):
        yield from _one_shard(rule, ctx)
        return
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


def _one_shard(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    """No ``--num-shard`` where nothing lists the GPUs (``--gpus all``: TGI counts
    ``NVIDIA_VISIBLE_DEVICES=all`` as one device; a script on a host): TGI runs one shard
    (``toplint.engines.tgi.derive``); the node's other GPUs idle."""
    dep, engine = ctx.deployment, get_engine(ctx.deployment.engine)
    node = ctx.cluster.gpus_per_node if ctx.cluster is not None else None
    if node == 1:
        return  # one shard is every GPU the node has: it runs as written
    idle = f"; the node's other {node - 1} GPUs sit idle" if node and node > 1 else ""
    fix: Fix | str | None = None
    if dep.options.get(f"misspelled.{engine.layout.tp.lstrip('-')}") is not None:
        fix = _fix(dep, None)  # the typo's fix (TL005) says what was meant
    elif node and node > 1:
        fix = layout_fix(dep.engine, tp=node)
    why = (
        "`--gpus all` gives the container NVIDIA_VISIBLE_DEVICES=all, which its launcher counts "
        "as one device"
        if dep.options.get("implicit_sharding") == "one-all"
        else "its launcher counts the devices CUDA_VISIBLE_DEVICES (or NVIDIA_VISIBLE_DEVICES) "
        "lists and defaults to one when nothing lists them, as here (a Kubernetes pod's device "
        "plugin would list its GPUs)"
    )
    yield finding(
        rule,
        ctx,
        next((f for f in ("gpus_per_node", "gpus") if f in dep.sources), "model"),
        f"{engine.title} without {engine.layout.tp} runs one shard here: {why}{idle}",
        fix=fix or f"{engine.layout.tp} N   # N: the GPUs each server should use",
        data={"visible_gpus": 1, "node_gpus": node},
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
    accelerators="gpu",
)
