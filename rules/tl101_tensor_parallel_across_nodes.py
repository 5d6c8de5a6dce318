"""TL101 tensor-parallel-across-nodes."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.facts import registry as F
from toplint.hardware.linkkinds import NONE
from toplint.hardware.linkkinds import kind as link_kind
from toplint.model import Finding, Fix, Severity
from toplint.rulebook.helpers import (
    layout_fix,
    layout_flags,
    layout_missing,
    release_lacks,
    severity_for,
)
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether a tensor-parallel group spans more than one node (outside an NVLink domain such
as GB200 NVL72).

## Why is this bad?
Tensor parallelism all-reduces the activations twice per layer, plus once for the embedding
(2L+1 all-reduces per step; Megatron-LM, arXiv 1909.08053, Fig. 4). Inside a node these run over
NVLink at 300–900 GB/s per direction; across nodes they run over the network: 12.5 GB/s for
100 Gb/s Ethernet, with ~125 µs per small all-reduce over TCP sockets (nccl#1184). Nothing
crashes; every token just waits on the slowest link. vLLM's own guidance is tensor parallel
inside a node and pipeline parallel across nodes ("Parallelism and Scaling").

Outcome reported (toplint's severity policy): the deployment runs, so never an error. A
**warning** when TP inside each node with PP across the nodes is clearly better at the declared
workload (more than 25% on TTFT or ITL, the other no worse, or it meets the budgets this one
misses; the message says by how much); **info** otherwise (over a fast RDMA fabric, for a small
model, TP across nodes may cost little).

## Example
```bash
# 2 nodes x 4 A100 (NVLink), 100 Gb/s Ethernet between them
vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct --tensor-parallel-size 8
```

## Use instead
```bash
vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct \\
    --tensor-parallel-size 4 --pipeline-parallel-size 2
```
The pipeline boundary sends hidden states and residual once per step (134 MB for a
4096-token prompt, ~11 ms at 12.5 GB/s) instead of 161 all-reduces of 64 MiB.

## Options
None.

## Fix safety
The fix changes the layout (TP = GPUs per node, PP = nodes): it keeps the GPU count but changes
performance characteristics, so it is unsafe.  An engine without pipeline parallelism (TGI) gets
no fix: it has no flag for the stages; nor does an image pinning a release before the engine's
pipeline parallelism (SGLang before 0.4.6): one instance per node is said instead.

## References
- Megatron-LM tensor parallelism, two all-reduces per layer (Fig. 4): https://arxiv.org/abs/1909.08053
- vLLM, parallelism and scaling (TP inside a node, PP across nodes): https://docs.vllm.ai/en/latest/serving/parallelism_scaling/
- Ring all-reduce traffic, 2(n-1)/n of the message per GPU: https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md
- ~125 µs per small all-reduce over TCP sockets between two nodes: https://github.com/NVIDIA/nccl/issues/1184
- Llama-3.1-70B dimensions (hidden size 8192, 80 layers): https://huggingface.co/meta-llama/Llama-3.1-70B-Instruct/blob/main/config.json
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    placement = ctx.placement
    if placement is None:
        return
    group = placement.worst("tp")
    if group is None or not group.crosses_nodes or group.link.scope != "inter":
        return
    if link_kind(group.link.kind).cls == NONE:
        # No network between nodes: the ranks beyond the first node do not exist, so the engine
        # cannot start at all; that is a GPU-count problem (TL201), not a slow link.
        return
    dep = ctx.deployment
    net = group.link.kind
    pos = dep.position_of("tp")
    numbers = _numbers(ctx)
    message = (
        f"tensor-parallel group of {group.size} GPUs spans {len(group.nodes)} nodes over "
        f"{_link(ctx, net, group.link.bandwidth_gb_per_s)}{numbers}"
    )
    layout = _layout(ctx, group.size)
    fix = None
    data = ctx.facts.prefixed(("tp.", "prefill.", "decode."))
    how = ""
    # an engine whose image pins a release before its pipeline parallelism (SGLang before
    # 0.4.6: sgl-project/sglang#5724) has none to offer either
    older = release_lacks(dep, "pp") if layout is not None and layout[1] > 1 else ""
    if layout is not None and not layout_missing(dep.engine, pp=layout[1]) and not older:
        new_tp, new_pp = layout
        how = _how(ctx, new_tp, new_pp)
        note = f"TP inside each node, PP across the {new_pp} stages" + (f": {how}" if how else "")
        fix = layout_fix(dep.engine, tp=new_tp, pp=new_pp, note=note)
        if how:
            message += f"; TP {new_tp} × PP {new_pp} on the same GPUs is better: {how}"
    elif layout is not None:
        # The engine has no pipeline parallelism (Engine.layout): nothing to paste that keeps
        # one instance across the nodes; say what the choice is, when one instance per node
        # runs and is clearly better (judged as TP inside a node, one replica per node).
        how = _how(ctx, layout[0], 1, dp=(dep.dp or 1) * layout[1])
        if how:
            message += f"; one TP {layout[0]} instance per node is better: {how}"
        fix = Fix(
            f"{layout_flags(dep.engine, tp=layout[0])} and one instance per node, if the model "
            f"fits in a node's GPUs ({older or 'the engine'} has no pipeline parallelism to span "
            "nodes)",
            applicability="display",
        )
    # The deployment runs (nothing crashes, docs/severity.md): a warning when TP inside the
    # nodes is clearly better at the declared workload, else info.
    wanted = (
        Severity.WARNING if how or (link_kind(net).tcp and ctx.outcome is None) else Severity.INFO
    )
    yield Finding(
        rule=rule.code,
        name=rule.name,
        severity=severity_for(rule, ctx, wanted),
        path=pos.path,
        line=pos.line,
        column=pos.column,
        message=message,
        fix=fix,
        data=data,
        anchor="tensor-parallel-size",
    )


def _how(ctx: RuleContext, tp: int, pp: int, dp: int | None = None) -> str:
    """How much better TP inside the nodes is, when clearly so (``outcome.judge``)."""
    model, cluster = ctx.model, ctx.cluster
    if model is None or cluster is None or ctx.outcome is None:
        return ""
    import toplint.outcome.judge as judging  # loaded by a run that places (not at start-up)

    alt = judging.judge(
        ctx.deployment, ctx.outcome, cluster, model, ctx.workload, tp=tp, pp=pp, dp=dp
    )
    return judging.clearly_better(ctx.outcome, alt, ctx.budgets)


def _link(ctx: RuleContext, kind: str, per_gpu: float) -> str:
    """The network as the manifest states it, and the share one GPU gets when all send."""
    from toplint.hardware.units import format_bandwidth

    placement = ctx.placement
    if placement is None:
        return f"{kind} ({format_bandwidth(per_gpu)} per GPU per direction)"
    inter = placement.cluster.inter
    node = inter.bandwidth_gb_per_s * inter.nics_per_node
    return (
        f"{kind} ({inter.nics_per_node} × {inter.bandwidth_gb_per_s * 8:g} Gb/s per node = "
        f"{format_bandwidth(node)} per direction, {format_bandwidth(per_gpu)} per GPU)"
    )


def _numbers(ctx: RuleContext) -> str:
    """Prefill and decode cost: the first-order "payload ÷ link bandwidth" (what a person
    computes by hand) beside the ring all-reduce with NCCL costs that ``toplint cost`` shows."""
    from toplint.cost.compute import payload_over_link
    from toplint.hardware.units import format_bytes, format_time_us

    f = ctx.facts
    parts = []
    group = ctx.placement.worst("tp") if ctx.placement is not None else None
    message, layers = f.get(F.TP_PREFILL_MESSAGE_BYTES), f.get(F.MODEL_LAYERS)
    prefill_ms = f.number(F.TP_PREFILL_COMM_MS)
    runs = _tp_runs(ctx)
    if prefill_ms is not None and runs:
        # not every layer all-reduces over the whole group (DP attention: the attention's
        # all-reduce stays within tp/dp ranks, the MLP gathers every DP rank's tokens): say
        # what the cost model runs
        text = f"a {ctx.workload.prompt_tokens}-token prefill runs {runs}"
        parts.append(f"{text}: {format_time_us(prefill_ms * 1000)} with NCCL costs")
    elif prefill_ms is not None and message is not None and layers is not None:
        text = (
            f"a {ctx.workload.prompt_tokens}-token prefill runs {2 * layers + 1} all-reduces of "
            f"{format_bytes(message)}"
        )
        if group is not None and ctx.placement is not None:
            payload, _, ms = payload_over_link(message, layers, group.link, ctx.placement.cluster)
            text += f" (payload {format_bytes(payload)} over {layers} layers)"
            if ms:
                text += f": {format_time_us(ms * 1000)} as payload ÷ link bandwidth"
        text += f", {format_time_us(prefill_ms * 1000)} as a ring all-reduce with NCCL costs"
        parts.append(text)
    decode_ms = f.number(F.TP_DECODE_COMM_MS)
    if decode_ms is not None:
        parts.append(f"decode {format_time_us(decode_ms * 1000)} per step")
    return ": " + "; ".join(parts) if parts else ""


def _tp_runs(ctx: RuleContext) -> str:
    """The prefill's tensor-parallel collectives, said one by one, when they are not the whole
    group's 2L+1 all-reduces ("" otherwise, and without a cost)."""
    from toplint.hardware.units import format_bytes, plural

    if ctx.cost is None:
        return ""
    tp = ctx.deployment.tp or 1
    rows = [
        c
        for c in ctx.cost.collectives
        if c.phase == "prefill" and c.group == "tp" and not c.overlapped and c.count
    ]
    # the whole group's all-reduces (beside the logits' gather) are the 2L+1 the plain text says
    if all(c.ranks == tp and c.op in ("all_reduce", "gather") for c in rows):
        return ""
    return ", ".join(
        f"{plural(c.count, c.op.replace('_', '-'))} of {format_bytes(c.message_bytes)} over "
        f"{c.ranks} GPUs"
        for c in rows
    )


def _layout(ctx: RuleContext, tp: int) -> tuple[int, int] | None:
    """TP = the largest size that fits a node (and divides the heads), PP takes the rest."""
    placement = ctx.placement
    dep = ctx.deployment
    if placement is None or dep.pp is None:
        return None
    per_node = placement.gpus_per_node
    new_tp = max(d for d in range(1, min(tp, per_node) + 1) if tp % d == 0 and per_node % d == 0)
    if ctx.model is not None:
        heads = ctx.model.num_attention_heads
        new_tp = max(d for d in range(1, new_tp + 1) if new_tp % d == 0 and heads % d == 0)
    return new_tp, dep.pp * tp // new_tp


RULE = Rule(
    code="TL101",
    name="tensor-parallel-across-nodes",
    summary="A tensor-parallel group spans nodes: its all-reduces cross the network every layer.",
    severity=Severity.WARNING,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
    # TP on the slow link is why the step budgets blow (and why KV heads replicate).
    explains=("TL105", "TL106", "TL203"),
)
