"""TL206 quantization-block-not-divisible."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.model import Deployment, Finding, Fix, Severity
from toplint.rulebook.helpers import finding, flag_fix, layout_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
For block-quantized FP8 checkpoints (`weight_block_size: [128, 128]`: DeepSeek-V3/R1, Kimi-K2,
Qwen3-*-FP8), checks that each tensor-parallel shard of the FFN is a whole number of 128-wide
blocks: `(moe_)intermediate_size / TP_moe % 128 == 0`, where TP_moe is the TP of the expert
weights (1 with vLLM `--enable-expert-parallel`, TP/EP with SGLang `--ep-size`).  The same
holds for AWQ and GPTQ checkpoints, whose weights are quantized in groups along the input
dimension (`quantization_config.group_size`, 128 by default): each shard of the down
projection must be a whole number of groups.  A group size read from the checkpoint's
config is certain (error); one inferred from an `-AWQ`/`-GPTQ` name is the tools' default
(warning).

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
currently limited to 1").

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
- Incidents: https://github.com/vllm-project/vllm/issues/13640, https://github.com/vllm-project/vllm/issues/21695
- vLLM expert parallel deployment: https://docs.vllm.ai/en/latest/serving/expert_parallel_deployment/
"""


def problems(model: ModelSpec, dep: Deployment) -> list[tuple[str, int, int]]:
    """(what, size, its TP) pairs whose shard is not a whole number of blocks (or groups):
    the engine's own check, which the outcome model reads too (``toplint.outcome.starts``)."""
    import toplint.outcome.starts as starts  # loaded by a run that knows a model

    return starts.quant_shards(model, dep)


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None or (model.quant_block or model.quant_group) <= 0 or dep.tp is None:
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
        size = found[0][1]
        tps = [d for d in range(1, dep.tp + 1) if size % d == 0 and (size // d) % block == 0]
        best = tps[-1] if tps else 1
        note = f"the largest valid tensor-parallel size at or below {dep.tp}"
        fix = layout_fix(dep.engine, tp=best, note=note) or f"tensor-parallel size {best} ({note})"
    yield finding(
        rule,
        ctx,
        "tp",
        f"{'; '.join(parts)}: not a multiple of the {unit} {block} ({model.id}"
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


RULE = Rule(
    code="TL206",
    name="quantization-block-not-divisible",
    summary="An FP8 block or AWQ/GPTQ group does not divide the FFN shard of each TP rank.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
)
