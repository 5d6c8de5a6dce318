"""TL201 gpu-count-mismatch."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from toplint.engines.registry import get_engine
from toplint.engines.release import Releases, holds
from toplint.model import Deployment, Finding, Fix, Intent, Severity
from toplint.optionkeys import RAY_BY_DEFAULT, WORKERS_GPUS
from toplint.rulebook.helpers import (
    expected_gpus,
    finding,
    flag_fix,
    layout_fix,
    layout_flags,
    severity_for,
)
from toplint.rulebook.types import Rule, RuleContext
from toplint.sourcekinds import source_kind

DOC = """\
## What it does
Compares the GPUs a deployment requests (`nvidia.com/gpu` × pods, Helm values, compose device
reservations, `CUDA_VISIBLE_DEVICES`, `--nnodes` × GPUs per node) with the GPUs its layout
uses: TP × PP × DP (vLLM; EP adds none), TP × PP with DP attention (SGLang), TP for TGI. It also
checks `--data-parallel-size-local` × TP × PP against the GPUs of one node, and the layout
against the GPUs of the cluster it is assigned to.  A process a shell script starts with
`CUDA_VISIBLE_DEVICES=0,1` (or `NVIDIA_VISIBLE_DEVICES`) sees those GPUs only: unless a
launcher, `--nnodes` or the Ray executor joins other hosts, its whole layout must fit them.
An engine started beside a Ray cluster with no executor written reaches the cluster's GPUs
only through a default some releases dropped: vLLM up to 0.11.0 picks Ray when TP × PP exceeds
the node's GPUs, 0.11.1 and later refuse unless `--distributed-executor-backend ray` is set
(an error when the image pins such a release, a warning when it pins none).

Outcome reported (toplint's severity policy): the engine refuses to start (more GPUs in the
layout than granted: error) or runs with GPUs left idle (warning); a fix is offered only when
the deployment it makes starts and fits.

## Why is this bad?
Too few GPUs and vLLM stops at start-up ("World size (8) is larger than the number of
available GPUs (4) in this node") or waits for Ray placement groups forever; too many and the
extra GPUs sit idle while still being billed and reserved.

No GPU requested at all (a Helm chart's `requestGPU` left out or commented out, so the chart
renders no `nvidia.com/gpu`) is a **warning**, not an error: the pod still starts where the
node's default container runtime is NVIDIA's, which exposes the GPUs the image's
`NVIDIA_VISIBLE_DEVICES` names (`all` in the CUDA base images), and tutorials rely on that
with `CUDA_VISIBLE_DEVICES` per pod. The scheduler does not count those GPUs, so it may place
another GPU pod on the same ones, and on a node without that default runtime the pod sees none.

## Example
```yaml
args: ["--tensor-parallel-size", "8"]
resources:
  limits:
    nvidia.com/gpu: 4
```

## Use instead
```yaml
args: ["--tensor-parallel-size", "4"]
resources:
  limits:
    nvidia.com/gpu: 4
```

## Options
None.

## Fix safety
Unsafe: either the GPU request or the layout changes. A request is never raised above the
GPUs of one node (a pod runs on one node); that case gets advice (more pods, LeaderWorkerSet
size, `--nnodes`) instead of an edit.

## References
- vLLM parallel configuration (world size = TP × PP × DP): https://github.com/vllm-project/vllm/blob/main/vllm/config/parallel.py
- vLLM data parallel deployment (`--data-parallel-size-local`): https://docs.vllm.ai/en/latest/serving/data_parallel_deployment/
- production-stack, GPUs only when `requestGPU` > 0 (`chart.resources`, a6c01db05f65): https://github.com/vllm-project/production-stack/blob/main/helm/templates/_helpers.tpl
- vLLM's Ray fallback, removed in 0.11.1 (vllm#25775, explained by #30140): https://github.com/vllm-project/vllm/pull/30140
- NVIDIA Container Toolkit, `NVIDIA_VISIBLE_DEVICES`: https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    world = expected_gpus(dep)
    if world is None:
        return
    layout = f"TP {dep.tp} × PP {dep.pp or 1} × DP {dep.dp or 1} = {world}"
    data = {"tp": dep.tp, "pp": dep.pp, "dp": dep.dp, "world_size": world}
    if dep.options.get(RAY_BY_DEFAULT):
        refused = _ray_by_default(rule, ctx, layout, data)
        if refused is not None:
            yield refused
            return
    if dep.gpus == 0:
        if "ignored.requestGPU" not in dep.options:  # a fraction the chart drops: TL209's
            yield _none_requested(rule, ctx, world, layout, data)
        return
    if any(k.startswith("ignored.parallelism.") for k in dep.options):
        return  # parallelism the template drops explains the count: TL209's finding
    if dep.gpus is not None and dep.gpus != world:
        from toplint.hardware.units import plural

        visible = dep.options.get("gpus_from")  # CUDA_VISIBLE_DEVICES bounds what it sees
        yield finding(
            rule,
            ctx,
            "gpus" if "gpus" in dep.sources else "gpus_per_node",
            f"{plural(dep.gpus, 'GPU')} "
            + (f"visible ({visible})" if visible else "requested")
            + f" but the layout uses {world} ({layout})",
            fix=_visible_fix(dep, visible, world) if visible else _fix(ctx, dep.gpus, world),
            data={**data, "gpus_requested": dep.gpus},
            severity=_idle(dep.gpus, world),
        )
        return
    if dep.gpus is None and dep.nodes is not None and dep.gpus_per_node is not None:
        total = dep.nodes * dep.gpus_per_node
        if total != world:
            yield finding(
                rule,
                ctx,
                "gpus_per_node",
                f"{dep.nodes} nodes × {dep.gpus_per_node} GPUs = {total} GPUs, but the layout "
                f"uses {world} ({layout})",
                fix=_fix(ctx, total, world),
                data={**data, "nodes": dep.nodes, "gpus_per_node": dep.gpus_per_node},
            )
            return
    yield from _local(rule, ctx, world, data)


def _local(
    rule: Rule, ctx: RuleContext, world: int, data: Mapping[str, object]
) -> Iterator[Finding]:
    dep = ctx.deployment
    layout = f"TP {dep.tp} × PP {dep.pp or 1} × DP {dep.dp or 1} = {world}"
    per_node = dep.gpus_per_node
    if per_node is None and ctx.cluster is not None:
        per_node = ctx.cluster.gpus_per_node
    if dep.dp_local is not None and per_node is not None and dep.tp is not None:
        local = dep.dp_local * dep.tp * (dep.pp or 1)
        if local > per_node:
            yield finding(
                rule,
                ctx,
                "dp_local",
                f"data-parallel-size-local {dep.dp_local} × TP {dep.tp} × PP {dep.pp or 1} = "
                f"{local} GPUs on one node, which has {per_node}",
                fix=_local_fix(max(per_node // (dep.tp * (dep.pp or 1)), 1)),
                data={**data, "dp_local": dep.dp_local, "gpus_per_node": per_node},
            )
            return
    if ctx.cluster is not None and dep.gpus is None:
        total = ctx.cluster.total_gpus
        if world > total:
            yield finding(
                rule,
                ctx,
                "tp",
                f"the layout uses {world} GPUs ({layout}) but cluster "
                f"`{ctx.cluster.name}` has {total}",
                fix=layout_fix(dep.engine, tp=min(dep.tp or 1, total))
                or layout_flags(dep.engine, tp=min(dep.tp or 1, total)),
                data={**data, "cluster_gpus": total},
            )


def _ray_by_default(
    rule: Rule, ctx: RuleContext, layout: str, data: Mapping[str, object]
) -> Finding | None:
    """An engine on a Ray cluster only through its default executor (``RAY_BY_DEFAULT``), which
    releases from ``Engine.ray_fallback_until`` dropped: those refuse a layout beyond the node's
    GPUs unless the executor is written.  An error on a pinned release that refuses, a warning
    when none is pinned (``toplint.engines.release.holds``: unknown is judged as refusing),
    nothing on an earlier one (it picks Ray itself)."""
    dep = ctx.deployment
    engine = get_engine(dep.engine)
    if not engine.ray_fallback_until or engine.ray_executor is None:
        return None
    refusing = holds(dep, Releases(since=engine.ray_fallback_until))
    if not refusing.judged:
        return None
    flag, value = engine.ray_executor
    node = f"the {dep.gpus_per_node} GPUs of" if dep.gpus_per_node else "the GPUs of"
    since = f"{engine.title} {engine.ray_fallback_until} and later"
    return finding(
        rule,
        ctx,
        "tp",
        f"the layout ({layout}) exceeds {node} the node the engine starts on and reaches the "
        f"Ray cluster only through the default executor, with no --{flag} written: {since} "
        "refuse to start"
        + (
            ""
            if refusing.certain
            else f"; earlier releases pick Ray themselves ({refusing.doubt()})"
        ),
        fix=flag_fix(f"--{flag} {value}", {flag: value}),
        data={**data, "ray_fallback_until": engine.ray_fallback_until},
        severity=None if refusing.certain else severity_for(rule, ctx, Severity.WARNING),
    )


def _none_requested(
    rule: Rule, ctx: RuleContext, world: int, layout: str, data: Mapping[str, object]
) -> Finding:
    """No GPU requested at all (a chart's ``requestGPU`` left out or commented out): the pod
    still runs where the node's default container runtime is NVIDIA's, which hands it the GPUs
    its image's ``NVIDIA_VISIBLE_DEVICES`` names (``all`` in the CUDA images), unseen by the
    scheduler; elsewhere it gets none.  Fragile, not certain to fail: a warning."""
    dep = ctx.deployment
    return finding(
        rule,
        ctx,
        "gpus" if "gpus" in dep.sources else "gpus_per_node",
        f"no GPU requested, but the layout uses {world} ({layout}): the pod gets GPUs only "
        "where the node's default container runtime exposes them, unseen by the scheduler, "
        "which may give the same GPUs to another pod",
        # advice: the key is not written (or commented out), so there is no value to edit
        fix=f"{_resource_key(dep)}: {world}",
        data={**data, "gpus_requested": 0},
        severity=severity_for(rule, ctx, Severity.WARNING),
    )


def _idle(granted: int, world: int) -> Severity | None:
    """More GPUs granted than the layout uses: it starts and leaves some idle (a warning, the
    policy above); fewer: it refuses to start (the rule's error)."""
    return Severity.WARNING if granted > world else None


def _visible_fix(dep: Deployment, variable: str, world: int) -> Fix | str:
    """The layout the visible GPUs hold (TP alone: the visible count), else advice; which
    device ids to add to the variable is the machine's to say, never guessed."""
    from toplint.hardware.units import plural

    gpus = dep.gpus or 0
    more = f"list {plural(world, 'device')} in {variable}"
    if (dep.pp or 1) == 1 and (dep.dp or 1) == 1 and gpus >= 1:
        fix = layout_fix(dep.engine, tp=gpus, note=f"or {more}")
        if fix is not None:
            return fix
    return f"{more}, or use a layout of {gpus} GPUs"


def _local_fix(local: int) -> Fix:
    return flag_fix(f"--data-parallel-size-local {local}", {"data-parallel-size-local": str(local)})


def _fix(ctx: RuleContext, requested: int, world: int) -> Fix | str:
    """The GPU request to write per pod, in the source's own key (Helm values: ``requestGPU``).

    A pod runs on one node: a request above the node's GPU count never schedules, so that
    case gets advice (more pods/nodes) instead of an edit.
    """
    dep = ctx.deployment
    nodes = dep.nodes if dep.nodes and dep.nodes > 1 and world % dep.nodes == 0 else 1
    per_pod = world // nodes
    key = _resource_key(dep)
    node_gpus = ctx.cluster.gpus_per_node if ctx.cluster is not None else None
    if node_gpus is not None and per_pod > node_gpus:
        pods = -(-world // node_gpus)
        return (
            f"the layout needs {world} GPUs, more than one {node_gpus}-GPU node: spread it over "
            f"{pods} pods of {node_gpus} GPUs (LeaderWorkerSet size, --nnodes) or use a layout "
            f"of {requested} GPUs"
        )
    kind = source_kind(dep.source_kind)
    if kind.runs_in in ("container", "service"):  # one container: its own spelling, as advice
        return f"{key} {per_pod}" if key.startswith("--") else f"{key}: {per_pod}"
    where = "gpus_per_node" if nodes > 1 and "gpus_per_node" in dep.sources else "gpus"
    if kind.gpus_by == "allocation":  # a batch allocation (#SBATCH, #PBS): its own words
        line = f" where line {dep.position_of(where).line} asks" if where in dep.sources else ""
        each = f"{per_pod} GPUs per node × {nodes} nodes" if nodes > 1 else f"{per_pod} GPUs"
        return f"allocate {each}{line}, or use a layout of {requested} GPUs"
    if where not in dep.sources:
        return f"{key}: {per_pod}"
    message = f"{key}: {per_pod}" + (
        f"   # per pod/node, × {nodes} = {world}"
        if nodes > 1
        else ""
        if requested == 0
        else f"   # or a layout using {requested} GPUs"
    )
    intents = [Intent("set-resource", key, str(per_pod), dep.position_of(where))]
    if where == "gpus_per_node" and WORKERS_GPUS in dep.sources:  # every pod of the group
        intents.append(Intent("set-resource", key, str(per_pod), dep.position_of(WORKERS_GPUS)))
    return Fix(message, applicability="unsafe", intents=tuple(intents))


def _resource_key(dep: Deployment) -> str:
    """The key that asks for the deployment's GPUs (``toplint.sourcekinds``); a launcher's
    allocation has none of its own, so a note about a missing request names the pod's."""
    key = source_kind(dep.source_kind).gpus_by
    return "nvidia.com/gpu" if key == "allocation" else key


RULE = Rule(
    code="TL201",
    name="gpu-count-mismatch",
    summary="GPUs requested differ from the GPUs the parallel layout uses.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
)
