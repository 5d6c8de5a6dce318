"""TL208 mla-without-data-parallel-attention."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import Finding, Fix, Severity
from toplint.rulebook.helpers import attention_dp, finding, flag_fix
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks whether a model with multi-head latent attention (MLA: DeepSeek-V2/V3/R1, Kimi-K2) is
served with attention tensor parallelism above 1 instead of data-parallel attention.

## Why is this bad?
MLA stores one latent vector per token and layer (`kv_lora_rank + rope` = 576 values for
DeepSeek-V3), shared by all heads, so tensor parallelism cannot shard it: every TP rank keeps
the full KV cache. KV per GPU is the same at TP 8 as at TP 1, so the cache holds 1/TP of the
tokens it could. Data-parallel attention gives each rank its own sequences and full cache.

## Example
```bash
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8
```

## Use instead
```bash
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 1 --data-parallel-size 8 \\
    --enable-expert-parallel
# SGLang: --tp 8 --enable-dp-attention --dp 8
```

## Options
None.

## Fix safety
Unsafe: attention weights are replicated on every rank (~11–23 GB/GPU for DeepSeek-V3) and
the communication pattern changes.

## References
- ../shared/reference/cost-model.md §6 rule 17, §1.9 (DP attention)
- SGLang docs (DeepSeek: `--enable-dp-attention`); vLLM docs/serving/data_parallel_deployment.md
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    model, dep = ctx.model, ctx.deployment
    if model is None or not model.mla or dep.tp is None:
        return
    dp = dep.dp or 1
    attention_tp = max(dep.tp // dp, 1) if attention_dp(dep) else dep.tp
    if attention_tp <= 1:
        return
    per_token = model.kv_bytes_per_token
    fix: Fix | str
    if dep.engine == "sglang":
        fix = flag_fix(
            f"--enable-dp-attention --dp-size {dep.tp}",
            {"enable-dp-attention": "", "dp-size": str(dep.tp)},
        )
    elif dep.engine == "vllm":
        fix = flag_fix(
            f"--tensor-parallel-size 1 --data-parallel-size {dep.tp * dp} --enable-expert-parallel",
            {
                "tensor-parallel-size": "1",
                "data-parallel-size": str(dep.tp * dp),
                "enable-expert-parallel": "",
            },
        )
    else:
        fix = "data-parallel attention (one attention replica per GPU) if the engine offers it"
    yield finding(
        rule,
        ctx,
        "tp",
        f"{model.id} uses MLA: its latent KV cache ({per_token} bytes per token) is replicated "
        f"on each of the {attention_tp} attention TP ranks, so each GPU caches 1/{attention_tp} "
        "of the tokens data-parallel attention would",
        fix=fix,
        data={"attention_tp": attention_tp, "kv_bytes_per_token": per_token},
    )


RULE = Rule(
    code="TL208",
    name="mla-without-data-parallel-attention",
    summary="An MLA model is served with attention TP > 1: its KV cache is replicated per rank.",
    severity=Severity.INFO,
    check=check,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
)
