"""TL205 model-does-not-fit."""

from __future__ import annotations

import math
from collections.abc import Iterator

from toplint.catalog_types import ModelSpec
from toplint.model import Deployment, Finding, Fix, Severity
from toplint.record import record
from toplint.rulebook.helpers import attention_tp, finding, flag_fix, layout_flags, opt_float
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Estimates memory per GPU the way vLLM budgets it and checks that the weights, a fixed
overhead and the KV cache of one `max-model-len` sequence fit in
`gpu-memory-utilization × GPU memory`.

- weights per GPU = (dense params / (TP·PP) + expert params / (EP·PP, or TP·PP without EP)) ×
  bytes per weight;
- overhead = `nccl-gb` (0.392 GB for 4–8 ranks, 0.342 GB for 2) + `other-gb` (3.5 GB:
  activations, CUDA graphs), aiconfigurator's figures;
- KV per token per GPU = KV bytes per token / PP / min(TP, KV heads) (MLA: / PP only);
  FP8 KV (`--kv-cache-dtype fp8`) halves it.

## Why is this bad?
vLLM refuses to start when no KV blocks fit ("No available memory for the cache blocks") or
when one `max-model-len` sequence does not ("The model's max seq len … is larger than the
maximum number of tokens that can be stored in KV cache"). DeepSeek-V3 FP8 (~690 GB) fits
8×H200 (1,128 GB) but not 8×H100 (640 GB), which needs 2×8 (SGLang docs).

## Example
```bash
# 1 node x 8 H100 80 GB
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8
```

## Use instead
```bash
# 2 nodes x 8 H100
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 --pipeline-parallel-size 2
```

## Options
- `default-gpu-memory-utilization` (default `0.9`, vLLM's default) when the deployment does
  not set `--gpu-memory-utilization` (SGLang `--mem-fraction-static`, TRT-LLM
  `free_gpu_memory_fraction`).
- `nccl-gb` (default `0.392`) and `other-gb` (default `3.5`): overhead per GPU.

## Fix safety
Unsafe when it shortens the maximum context (an edit of that option). Adding pipeline stages
needs more GPUs and nodes than the deployment requests (and a chart may not render the
setting), so that advice is display only.

## References
- vLLM `gpu_memory_utilization`: https://github.com/vllm-project/vllm/blob/main/vllm/config/cache.py
- NCCL buffer and runtime overheads used by NVIDIA's AIConfigurator: https://github.com/ai-dynamo/aiconfigurator
"""

_UTIL_KEYS = ("gpu_memory_utilization", "mem_fraction_static", "free_gpu_memory_fraction")
_LEN_KEYS = ("max_model_len", "context_length", "max_seq_len", "max_total_tokens")


@record
class Budget:
    usable_gb: float
    weights_gb: float
    overhead_gb: float
    kv_per_token_bytes: float
    max_len: int | None

    @property
    def kv_gb(self) -> float:
        return (self.max_len or 0) * self.kv_per_token_bytes / 1e9

    @property
    def free_tokens(self) -> int:
        free = (self.usable_gb - self.weights_gb - self.overhead_gb) * 1e9
        return int(free / self.kv_per_token_bytes) if self.kv_per_token_bytes > 0 else 0


def _option(dep: Deployment, keys: tuple[str, ...]) -> tuple[str | None, float | None]:
    for key in keys:
        if key in dep.options:
            try:
                return key, float(str(dep.options[key]).strip("'\""))
            except ValueError:
                return key, None
    return None, None


def weights_gb(model: ModelSpec, dep: Deployment) -> float:
    tp, pp = dep.tp or 1, dep.pp or 1
    moe_layers = model.num_moe_layers or (model.num_layers if model.is_moe else 0)
    experts = 3.0 * model.hidden_size * model.moe_intermediate_size * model.num_experts * moe_layers
    experts = min(experts, model.params_total)
    dense = model.params_total - experts
    ep = dep.ep if (dep.ep or 1) > 1 else None
    expert_split = (ep or tp) * pp
    dense_split = (attention_tp(dep) or tp) * pp
    return (dense / dense_split + experts / expert_split) * model.weight_bytes / 1e9


def kv_per_token(model: ModelSpec, dep: Deployment) -> float:
    per_token = float(model.kv_bytes_per_token) / (dep.pp or 1)
    if not model.mla:
        per_token /= max(min(dep.tp or 1, model.num_kv_heads), 1)
    if str(dep.options.get("kv_cache_dtype", "")).lower().startswith("fp8"):
        per_token /= 2
    return per_token


def budget(ctx: RuleContext) -> Budget | None:
    model, dep, placement = ctx.model, ctx.deployment, ctx.placement
    if model is None or placement is None or dep.tp is None or dep.pp is None:
        return None
    if placement.cluster.gpu.memory_gb <= 0:  # the manifest gives no memory: nothing to compare
        return None
    _, util = _option(dep, _UTIL_KEYS)
    util = util if util is not None else opt_float(ctx, "default-gpu-memory-utilization", 0.9)
    _, max_len = _option(dep, _LEN_KEYS)
    ranks = dep.tp * dep.pp
    # aiconfigurator: NCCL buffers 342 MB at 2 ranks, 392 MB at 4-8 (cost-model.md §6 rule 7).
    nccl = 0.0 if ranks < 2 else 0.342 if ranks == 2 else opt_float(ctx, "nccl-gb", 0.392)
    return Budget(
        usable_gb=util * placement.cluster.gpu.memory_gb,
        weights_gb=weights_gb(model, dep),
        overhead_gb=nccl + opt_float(ctx, "other-gb", 3.5),
        kv_per_token_bytes=kv_per_token(model, dep),
        max_len=int(max_len) if max_len else None,
    )


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    b = budget(ctx)
    if b is None:
        return
    need = b.weights_gb + b.overhead_gb + b.kv_gb
    if need <= b.usable_gb and b.free_tokens > 0:
        return
    dep = ctx.deployment
    assert ctx.placement is not None
    gpu = ctx.placement.cluster.gpu
    kv = f" + KV for {b.max_len} tokens {b.kv_gb:.1f} GB" if b.max_len else ""
    at = next((k for k in (*_LEN_KEYS, *_UTIL_KEYS) if k in dep.sources), "tp")
    weights_fit = b.weights_gb + b.overhead_gb < b.usable_gb
    if not (weights_fit and b.max_len):
        at = next((k for k in _UTIL_KEYS if k in dep.sources), "tp")
    yield finding(
        rule,
        ctx,
        at,
        f"per GPU: weights {b.weights_gb:.1f} GB + overhead {b.overhead_gb:.1f} GB{kv} = "
        f"{need:.1f} GB > {b.usable_gb:.1f} GB usable ({b.usable_gb / gpu.memory_gb:.2f} × "
        f"{gpu.memory_gb:g} GB {gpu.name}){_weights_of(ctx)}",
        fix=_fix(ctx, b, weights_fit),
        data={
            "weights_gb": b.weights_gb,
            "overhead_gb": b.overhead_gb,
            "kv_gb": b.kv_gb,
            "usable_gb": b.usable_gb,
            "max_model_len": b.max_len,
            "kv_tokens_that_fit": max(b.free_tokens, 0),
        },
    )


def _weights_of(ctx: RuleContext) -> str:
    """The model and bytes per weight the figure is for, and where each was read when not from
    the engine's plain model option (a URI, a download command; a quantization setting)."""
    model, dep = ctx.model, ctx.deployment
    if model is None:
        return ""
    how = dep.options.get("model.from")
    where = f" read from {how}" if how else ""
    return f"; {dep.model}{where} at {model.weight_bytes:g} bytes per weight"


def _key(option: str) -> str:
    return option.replace("-", "_")


def _fix(ctx: RuleContext, b: Budget, weights_fit: bool) -> Fix | str:
    """A shorter context when the weights fit; otherwise advice: more stages need more GPUs
    (and nodes), which the deployment's requests must grant, and a chart may not render the
    pipeline setting at all, so no edit is proposed."""
    dep = ctx.deployment
    if weights_fit and b.max_len and b.free_tokens >= 1024:
        tokens = str(b.free_tokens // 1024 * 1024)
        flag = next((f for f in reversed(dep.flags) if _key(f.name) in _LEN_KEYS), None)
        if flag is None:  # set in an engine config file: say what to write there
            key = next((k for k in _LEN_KEYS if k in dep.options), _LEN_KEYS[0])
            return f"{key}: {tokens}"
        return flag_fix(f"--{flag.name} {tokens}", {flag.name: tokens})
    factor = (b.weights_gb + b.kv_gb) / max(b.usable_gb - b.overhead_gb, 1e-9)
    stages = (dep.pp or 1) * 2 ** math.ceil(math.log2(max(factor, 1.0)))
    spelled = layout_flags(dep.engine, pp=stages)
    if not spelled:  # an engine without pipeline parallelism
        return f"≥{factor:.1f}× the GPUs per instance, or a quantized checkpoint"
    return f"{spelled}   # ≥{factor:.1f}× the GPUs (more nodes), or a quantized checkpoint"


RULE = Rule(
    code="TL205",
    name="model-does-not-fit",
    summary="Weights + minimal KV exceed GPU memory × gpu-memory-utilization per GPU.",
    severity=Severity.ERROR,
    check=check,
    options={"default-gpu-memory-utilization": 0.9, "nccl-gb": 0.392, "other-gb": 3.5},
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
)
