"""TL206 quantization-block-not-divisible."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.catalog_types import ModelSpec, said
from toplint.engines.registry import get_engine
from toplint.model import Deployment, Finding, Fix, Severity
from toplint.rulebook.helpers import finding, flag_fix, layout_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
For block-quantized FP8 checkpoints (`weight_block_size: [128, 128]`: DeepSeek-V3/R1, Kimi-K2,
Qwen3-*-FP8), checks that each tensor-parallel shard of the FFN is a whole number of 128-wide
blocks: `(moe_)intermediate_size / TP_moe % 128 == 0`, where TP_moe is the TP of the expert
weights (1 with vLLM `--enable-expert-parallel`, TP/EP with SGLang `--ep-size`).  DeepSeek's
shared experts (`n_shared_experts x moe_intermediate_size`) are one dense MLP split over all TP
ranks even where expert parallelism places the routed experts whole, so their width / TP is
checked too (vllm-project/vllm#42384: DeepSeek-V4-Pro's 3072 at TP 16 is 192 a rank); Qwen's
one `shared_expert_intermediate_size` expert is not (Qwen3.6-35B-A3B-FP8's 512-wide one starts
at TP 8 with expert parallelism, ROCm/ATOM#1944).  The same
holds for AWQ and GPTQ checkpoints, whose weights are quantized in groups along the input
dimension (`quantization_config.group_size`, 128 by default): each shard of the down
projection must be a whole number of groups.  A group size read from the checkpoint's
config is certain (error); one inferred from an `-AWQ`/`-GPTQ` name is the tools' default
(warning).  The fix is the largest tensor-parallel size whose shards are whole groups and at
which the engine's other start-up checks pass (attention and KV heads divide); when that
size does not start or fit on fewer GPUs and the engine has pipeline parallelism, the ranks it
gives up become pipeline stages on the same GPUs: a stage holds whole layers, each split over
the tensor-parallel ranks only (vLLM's `RowParallelLinear` gives each rank `input_size /
tensor_parallel_world_size` of the down projection, and GPTQ's and AWQ's `create_weights`
check that against the group size).

On GPUs without FP8 tensor cores (Turing, Ampere) vLLM runs an FP8 checkpoint as weight-only
Marlin kernels, which repack each layer's per-rank weight in 16 x 64 tiles: the MLP's merged
gate/up output `2 x intermediate_size / TP` must be a multiple of 64 and the down projection's
input `intermediate_size / TP` a multiple of 16 (the experts alike, at their TP), whatever the
checkpoint's own FP8 scheme; a hybrid Mamba stack's input projection (Nemotron-H, Nemotron 3: one
column-parallel layer of `2 x d_inner + 2 x n_groups x ssm_state_size + mamba_num_heads`
outputs) must leave a multiple of 64 on each rank too.

A weight-only integer checkpoint (GPTQ, AWQ, AutoRound) runs as Marlin kernels outright on any GPU
but Hopper (vLLM's Machete kernel "requires compute capability of 90"), and Marlin refuses a
rank's layer whose output is not a multiple of `min_thread_n` = 64: a Gated DeltaNet stack's
`in_proj_ba` (Qwen3-Next, Qwen3.5, Qwen3.6: `2 x linear_num_value_heads` outputs) must leave a
multiple of 64 on each rank, unless the checkpoint keeps it in 16 bits.

Outcome reported (toplint's severity policy): refuses to start — block-FP8 weights cannot be
split across the TP ranks (error).

## Why is this bad?
vLLM refuses to load the weights: "The output_size of gate's and up's weight = 192 is not
divisible by weight quantization block_n = 128" (vLLM's FP8 layer), seen for
Qwen3-235B-A22B-FP8 at TP 8 (1536 / 8 = 192), MiniMax-M2 and Qwen3-Coder-480B at TP 8.  For
AWQ it stops with "The input size is not aligned with the quantized weight shape. This can be
caused by too large tensor parallel size." (vLLM's awq.py) or, with the Marlin kernels, "Weight
input_size_per_partition = 14784 is not divisible by min_thread_k = 128"
(vllm-project/vllm#13640: Qwen2.5-VL-72B-Instruct-AWQ, intermediate_size 29568, at TP 2; the
same for InternVL3-78B-AWQ in vllm-project/vllm#21695: "29568/128 = 231, which means TP is
currently limited to 1").  Marlin's tiles: "RuntimeError: size_n = 2736 is not divisible by
tile_n_size = 64" (zai-org/GLM-4.5#94: GLM-4.5-Air-FP8, intermediate_size 10944, at TP 8 on
RTX 3090; 2 x 10944 / 8 = 2736).

## Example
```bash
vllm serve Qwen/Qwen3-235B-A22B-FP8 --tensor-parallel-size 8
```

## Use instead
```bash
vllm serve Qwen/Qwen3-235B-A22B-FP8 --tensor-parallel-size 8 --enable-expert-parallel
```

## Options
None.

## Fix safety
Unsafe: expert parallelism changes the communication pattern (all-to-all instead of
all-reduce) and memory balance.

## References
- vLLM FP8 block quantization (`block_n` divisibility check): https://github.com/vllm-project/vllm/blob/main/vllm/model_executor/layers/quantization/fp8.py
- vLLM AWQ group alignment check: https://github.com/vllm-project/vllm/blob/main/vllm/model_executor/layers/quantization/awq.py
- vLLM GPTQ group alignment check: https://github.com/vllm-project/vllm/blob/e5dd90be38faf08d3f841f7ef1f4d7e64a70147d/vllm/model_executor/layers/quantization/gptq.py
- vLLM `RowParallelLinear` (shards over the TP group only): https://github.com/vllm-project/vllm/blob/9e109c9887e38c51fc16b0da89760c5bd7c293c9/vllm/model_executor/layers/linear.py
- Incident (groups on two 32 GB GPUs): https://github.com/QwenLM/Qwen3-VL/issues/231
- Incidents: https://github.com/vllm-project/vllm/issues/13640, https://github.com/vllm-project/vllm/issues/21695
- vLLM Marlin repack tile check (16 x 64): https://github.com/vllm-project/vllm/blob/3e5cec2220a4c18499379210d089c3dbcd08eb79/csrc/quantization/gptq_marlin/gptq_marlin_repack.cu
- vLLM FP8 Marlin fallback (per-rank repack): https://github.com/vllm-project/vllm/blob/02d33ed1cbfcc2cf4b3c864a65cc8f2d22d9b3e6/vllm/model_executor/layers/quantization/utils/marlin_utils_fp8.py
- Incident (Marlin tiles): https://github.com/zai-org/GLM-4.5/issues/94
- vLLM Mamba-2 input projection (one column-parallel layer): https://github.com/vllm-project/vllm/blob/004d4e4cf6dbbc83ba15f889d76c213c94c7207b/vllm/model_executor/layers/mamba/mamba_mixer2.py
- Incident (Mamba in_proj, NVFP4 on L4): https://kenrollins.github.io/gemma-forge/journal/gotchas/nemotron-tp-tiling-error/
- vLLM Marlin shape check (`min_thread_n` 64) and kernel order (Machete on Hopper only): https://github.com/vllm-project/vllm/blob/04aa528e4876f866d0548e3de8e36454c640deb2/vllm/model_executor/layers/quantization/kernels/mixed_precision/marlin.py
- Incident (GDN in_proj_ba, int4 AutoRound at TP 4 on GB10): https://forums.developer.nvidia.com/t/qwen3-5-397b-a17b-int4-autoround-4-x-db10-node-updated-results-37-94-tok-s/362368/16
- vLLM expert parallel deployment: https://docs.vllm.ai/en/latest/serving/expert_parallel_deployment/
"""


def problems(model: ModelSpec, dep: Deployment) -> list[tuple[str, int, int]]:
    """(what, size, its TP) pairs whose shard is not a whole number of blocks (or groups):
    the engine's own check, which the outcome model reads too (``toplint.outcome.starts``)."""
    import toplint.outcome.starts as starts  # loaded by a run that knows a model

    return starts.quant_shards(model, dep)


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None or dep.tp is None:
        return
    yield from _marlin(rule, ctx, model, dep)
    if (model.quant_block or model.quant_group) <= 0:
        return
    found = problems(model, dep)
    if not found:
        return
    block = model.quant_block or model.quant_group
    unit = "FP8 weight block" if model.quant_block else "quantization group"
    guessed = not model.quant_block and "(from the model name)" in model.source
    parts = [f"{what} {size} / TP {split} = {size / split:g}" for what, size, split in found]
    moe_only = all(what == "moe_intermediate_size" for what, _, _ in found)
    layout = get_engine(dep.engine).layout
    fix: Fix | str | None
    if moe_only and layout.ep_switch:
        fix = flag_fix(layout.ep_switch, {layout.ep_switch.lstrip("-"): ""})
    elif moe_only and layout.ep:
        fix = flag_fix(f"{layout.ep} {dep.tp}", {layout.ep.lstrip("-"): str(dep.tp)})
    else:
        best = _largest_starting_tp(ctx, model, dep)
        note = f"the largest valid tensor-parallel size at or below {dep.tp}"
        fix = layout_fix(dep.engine, tp=best, note=note) or f"tensor-parallel size {best} ({note})"
        fix = _same_gpus(ctx, model, dep, best, note, fix)
    yield finding(
        rule,
        ctx,
        "tp",
        f"{'; '.join(parts)}: not a multiple of the {unit} {block} ({said(model, dep.model)}"
        + (", the AWQ/GPTQ default group size assumed from the name" if guessed else "")
        + "); the weights will not load",
        fix=fix,
        severity=Severity.WARNING if guessed else None,
        data={
            "tp": dep.tp,
            "block": block,
            "shards": {what: size / split for what, size, split in found},
        },
    )


def _largest_starting_tp(ctx: RuleContext, model: ModelSpec, dep: Deployment) -> int:
    """The largest TP below the current one at which the engine starts: every quantized shard
    whole groups or blocks, and the engine's other start-up checks (heads, KV heads, tiles:
    ``toplint.outcome.starts``, the outcome model's).  The group alone gave TP 3 for an AWQ
    Qwen2-72B, whose 64 heads TP 3 does not divide (tests/incidents/cases/qwen3-698)."""
    import toplint.outcome.judge as judge  # loaded by a run that knows a model
    import toplint.outcome.starts as starts

    gpu = ctx.cluster.gpu if ctx.cluster is not None else None
    for tp in range((dep.tp or 1) - 1, 1, -1):
        new = judge.changed(dep, tp, None, None)
        if not starts.quant_shards(model, new) and not starts.problems(new, model, gpu):
            return tp
    return 1


def _same_gpus(
    ctx: RuleContext, model: ModelSpec, dep: Deployment, best: int, note: str, fix: Fix | str
) -> Fix | str:
    """``fix`` (TP ``best`` on fewer GPUs), or - when that does not start or fit, or the
    deployment is given exactly its GPUs, and the ranks TP gives up can be pipeline stages - TP
    ``best`` with them as stages on the same GPUs.  A
    pipeline stage holds whole layers, each sharded over the TP ranks only, so the groups split
    by TP alone (vLLM's ``RowParallelLinear`` gives each rank ``input_size / tp_size`` of the
    down projection, which GPTQ/AWQ ``create_weights`` checks against the group size)."""
    tp = dep.tp or 1
    if not isinstance(fix, Fix) or tp % best or ctx.cluster is None or ctx.outcome is None:
        return fix
    pp = (dep.pp or 1) * (tp // best)
    stages = layout_fix(dep.engine, tp=best, pp=pp, note=note + ", on the same GPUs")
    if stages is None:
        return fix
    import toplint.outcome.judge as judge  # loaded by a run that places (not at start-up)

    def why(new_tp: int, new_pp: int) -> str:
        new = judge.changed(dep, new_tp, new_pp, dep.dp)
        cluster, workload = ctx.cluster, ctx.workload
        assert cluster is not None
        return judge.judge_deployment(
            dep, new, ctx.outcome, cluster, model, workload, keep_speed=False
        ).why

    if why(best, pp):
        return fix  # the stages do not start or fit: TP ``best`` on fewer GPUs
    # GPUs the deployment is given (CUDA_VISIBLE_DEVICES, a GPU request) stay in use: on fewer
    # of them the others would sit idle, which TL201 reports
    given = dep.gpus is not None and dep.gpus == dep.world_size
    return stages if given or why(best, dep.pp or 1) else fix


def _marlin(rule: Rule, ctx: RuleContext, model: ModelSpec, dep: Deployment) -> Iterator[Finding]:
    """The weight-only Marlin fallback's tiles (``toplint.outcome.marlin``)."""
    if ctx.cluster is None:  # the fallback is the GPU's: nothing to judge without one
        return
    import toplint.outcome.marlin as marlin  # loaded by a run that places the deployment
    import toplint.outcome.starts as starts

    gpu = ctx.cluster.gpu
    found = marlin.marlin_shards(model, dep, gpu, starts.moe_tp(dep))
    unlisted = not found  # the gates, where the checkpoint may keep them in 16 bits unseen
    found = found or marlin.unlisted_gates(model, dep, gpu)
    if not found:
        return
    tp, kv = dep.tp or 1, model.num_kv_heads
    # an MLP shard fits both tiles when it is a multiple of 32 (2 x shard of 64, shard of 16); the
    # Mamba in_proj's shard is itself a layer's output (a multiple of 64, and TP divides groups)
    whole = ("Mamba in_proj", "GDN in_proj_ba")  # a layer's own output, not a merged gate/up
    sizes = [(size, 64 if what in whole else 32) for what, size, _, _ in found]
    groups = model.mamba_groups

    def starts_at(d: int) -> bool:  # every flagged shard whole tiles, heads and KV heads divide
        tiles = all(size % d == 0 and (size // d) % tile == 0 for size, tile in sizes)
        tiles = tiles and (not groups or groups % d == 0)
        heads = model.num_attention_heads % d == 0 and (not kv or kv % d == 0 or d % kv == 0)
        return tiles and heads

    best = max((d for d in range(1, tp + 1) if starts_at(d)), default=1)
    # the same GPUs: the ranks TP gives up become pipeline stages (when the engine has them)
    pp = (dep.pp or 1) * (tp // best) if tp % best == 0 else dep.pp or 1
    note = "the largest tensor-parallel size at or below the current one whose shards fit the tiles"
    fix = (
        layout_fix(dep.engine, tp=best, pp=pp, note=note + ", on the same GPUs")
        or layout_fix(dep.engine, tp=best, note=note)
        or f"tensor-parallel size {best} ({note})"
    )
    parts = [f"{what} {size} / TP {split}: {why}" for what, size, split, why in found]
    gpu_name = gpu.name
    yield finding(
        rule,
        ctx,
        "tp",
        f"{'; '.join(parts)} ({said(model, dep.model)} runs as weight-only Marlin kernels on "
        f"{gpu_name}, which repack each rank's weight in 16 x 64 tiles); the weights will not load"
        + (
            " unless the checkpoint keeps in_proj_a and in_proj_b in 16 bits (its"
            " quantization_config lists no layers it keeps)"
            if unlisted
            else ""
        ),
        fix=fix,
        severity=Severity.WARNING if unlisted else None,
        data={"tp": dep.tp, "marlin": {what: size / split for what, size, split, _ in found}},
    )


RULE = Rule(
    code="TL206",
    name="quantization-block-not-divisible",
    summary="An FP8 block or AWQ/GPTQ group does not divide the FFN shard of each TP rank.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="any",
)
