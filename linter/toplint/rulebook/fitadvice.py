"""What would fit, for a deployment whose weights do not (TL205's advice): more GPUs of the
same kind (tensor parallel within the node when it has them and that layout starts and fits,
else pipeline stages across nodes), an FP8 checkpoint on GPUs the engine runs FP8 on, or a
larger memory setting when the start-up working memory alone fills the budget."""

from __future__ import annotations

import math

from toplint.engines.registry import get_engine
from toplint.hardware.types import GpuSpec
from toplint.outcome.types import GIB, Memory
from toplint.record import replace
from toplint.rulebook.helpers import layout_flags
from toplint.rulebook.types import RuleContext

__all__ = ["what_would_fit"]


def _gib(value: float) -> str:
    return f"{value / GIB:.1f} GiB"


def what_would_fit(ctx: RuleContext, m: Memory) -> str:
    model, placement, dep = ctx.model, ctx.placement, ctx.deployment
    assert model is not None and placement is not None
    gpus = (dep.tp or 1) * (dep.pp or 1)
    room = m.budget - m.working
    total = m.weights * gpus  # the weights this layout spreads (replicated parts counted)
    if room <= 0.05 * m.budget:
        # the start-up working memory alone fills (nearly) all the budget: no number of GPUs
        # sharing the weights makes room (vllm-project/vllm#19125: 3.5 of 3.4 GiB at 0.4 of an
        # 8 GB card, where a count of ~10^9 GPUs was offered)
        working = f"the start-up working memory, {_gib(m.working)}, needs it"
        return _larger_share(ctx, m, working) or (
            f"a larger memory setting than {m.setting} or a GPU with more memory: the start-up "
            f"working memory alone ({_gib(m.working)}) is more than the {_gib(m.budget)} this "
            "setting gives each GPU"
        )
    more = math.ceil(total / (room * 0.9))  # 10% of each GPU left for the KV cache
    # a larger share of the same GPUs, where one fits by the engine's own accounting (a
    # server started at 0.2 of a 24 GB card: poorman/SynapseStrike@f26b6161), comes first
    need = f"the weights, {_gib(m.weights)}, and working memory, {_gib(m.working)}, need it"
    larger = _larger_share(ctx, m, need)
    options = [larger] if larger else []
    if m.state_fixed:  # the weights fit; a release's fixed count of state slots does not
        options.append(
            "fewer recurrent-state slots (`--max-running-requests` or `--max-mamba-cache-size` "
            "sets their count), or a release that sizes them as a share of the pool"
        )
        if more <= gpus:
            return "; or ".join(options)
    # GPUs of a mixed node (``toplint.hardware.mixed``) are named by the memory that decides
    mixed = placement.cluster.mixed
    kind = f"GPUs of {_gib(m.capacity)} or more" if mixed else f"{placement.cluster.gpu.name} GPUs"
    options.append(f"≥{more} {kind} for one instance")
    within = _within_node(ctx, more) if more > gpus else None
    stages = (dep.pp or 1) * 2 ** math.ceil(math.log2(max(more / gpus, 1.0)))
    spelled = layout_flags(dep.engine, pp=stages) if more > gpus and within is None else ""
    if within is not None:
        options[-1] += f" ({within})"
    elif spelled:
        options[-1] += f" ({spelled} across more nodes)"
    if model.weight_bytes >= 2 and _fp8_runs(dep.engine, placement.cluster.gpu):
        import toplint.outcome.memory as memory

        fp8 = memory.weight_bytes(replace(model, weight_bytes=1.0))
        share = m.weights * fp8 / memory.weight_bytes(model)
        if share < room * 0.9:
            options.append(f"an FP8 checkpoint ({_gib(share)} of weights per GPU)")
    return "; or ".join(options)


def _larger_share(ctx: RuleContext, m: Memory, why: str) -> str | None:
    """The smallest memory setting with which the deployment fits by its engine's own
    accounting (``toplint.outcome.fitting.larger_share``); with other servers on its GPU, only
    a share they leave (their vLLM shares count)."""
    import toplint.outcome.fitting as fitting  # loaded by a run that places

    dep = ctx.deployment
    acc = get_engine(dep.engine).memory
    limit = 0.95
    shared = ctx.shared_gpu  # servers beside it on its GPU keep their shares (TL217)
    if shared is not None:
        # only where every server there requests its share of the total (vLLM) is what the
        # others leave a share; one that takes what is free leaves no share to name
        if any(p.beside != "requests" for p in shared.processes):
            return None
        others = (p for k, p in enumerate(shared.processes) if k != shared.this)
        limit = min(limit, 1.0 - sum(p.fraction for p in others))
    gpu = ctx.placement.cluster.gpu.name if ctx.placement is not None else ""
    share = fitting.larger_share(dep, ctx.model, m.capacity / GIB, limit, gpu)
    if share is None:
        return None
    flag = "--" + acc.keys[0].replace("_", "-")
    return f"{flag} {share:g} ({why})"


def _fp8_runs(engine: str, gpu: GpuSpec) -> bool:
    """The engine serves an FP8 checkpoint on this GPU: natively (Ada, Hopper, Blackwell) or as
    the weight-only kernels its record names (``Engine.low_precision_fallback``: vLLM's Marlin
    from Ampere); a V100 or T4 runs neither, so an FP8 checkpoint is no fix there."""
    import toplint.hardware.archs as archs  # loaded by a run that places
    import toplint.hardware.formats as formats

    arch = archs.of_gpu(gpu.arch, gpu.name).name
    fallback = get_engine(engine).low_precision_fallback.get("fp8", frozenset())
    return bool(arch) and (formats.native("fp8", arch) or arch in fallback)


def _within_node(ctx: RuleContext, more: int) -> str | None:
    """Tensor parallelism over more of the node's GPUs, when the node has the ``more`` GPUs the
    weights need and that layout starts and fits (a one-GPU deployment on a 2-GPU node:
    gpustack/gpustack#522); None otherwise."""
    dep, cluster, model = ctx.deployment, ctx.cluster, ctx.model
    if cluster is None or model is None or (dep.pp or 1) > 1 or (dep.dp or 1) > 1:
        return None
    node = cluster.gpus_per_node
    import toplint.outcome.judge as judging  # loaded by a run that places

    for tp in (t for t in range(more, node + 1) if node % t == 0):  # the narrowest that runs
        if judging.judge(dep, ctx.outcome, cluster, model, ctx.workload, tp=tp).outcome.runs:
            flags = layout_flags(dep.engine, tp=tp)
            return f"{flags} within one {node}-GPU node" if flags else None
    return None
