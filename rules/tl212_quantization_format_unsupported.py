"""TL212 quantization-format-unsupported."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.hardware.formats import Format, format_of, native
from toplint.model import Finding, Severity
from toplint.rulebook.helpers import finding
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks that the GPUs compute in the low-precision format the deployment serves: an FP8
checkpoint (`-FP8` in its name, a block-FP8 model such as DeepSeek-V3) or `--quantization fp8`
needs FP8 tensor cores (Ada, Hopper, Blackwell, MI300X); an FP4 checkpoint (NVFP4, MXFP4) needs
Blackwell.  On older GPUs it says what the engine does instead: run the weights through a
weight-only kernel (a warning: the memory saving stays, the FP8/FP4 compute speed-up is gone)
or refuse to start (an error), as the engine's record says (`Engine.low_precision_fallback`).

## Why is this bad?
The GPU has no instruction for the format.  SGLang and TensorRT-LLM do not start: SGLang's
Triton kernels stop with "type fp8e4nv not supported in this architecture" on Ampere
(sgl-project/sglang#12887), and TensorRT-LLM lists FP8 only for Ada and Hopper.  vLLM runs FP8
on Turing/Ampere and FP4 before Blackwell as weight-only Marlin kernels ("Your GPU does not have
native support for FP8 computation ... Weight-only FP8 compression will be used"), but MoE
checkpoints need a fused-MoE kernel for it: vLLM 0.8.5 stopped at start-up serving
Qwen3-30B-A3B-FP8 on two RTX 3090s (vllm-project/vllm#17581) and on an A100
(vllm-project/vllm#17764) with "type fp8e4nv not supported in this architecture".

## Example
```bash
vllm serve Qwen/Qwen3-30B-A3B-FP8 --tensor-parallel-size 2   # on 2 x RTX 3090 (Ampere)
```

## Use instead
```bash
vllm serve Qwen/Qwen3-30B-A3B --tensor-parallel-size 2       # 16-bit, or an AWQ/GPTQ checkpoint
```

## Options
None.

## Fix safety
No automatic fix: the remedy is another checkpoint or other GPUs; the finding says which.

## References
- vLLM FP8 page (W8A8 on compute capability 8.9+, weight-only below): https://docs.vllm.ai/en/latest/features/quantization/fp8/
- Transformer Engine format support by compute capability: https://nvidia.github.io/TransformerEngine/support_matrix.html
- TensorRT-LLM support matrix (precision per architecture): https://nvidia.github.io/TensorRT-LLM/0.18.2/reference/support-matrix.html
- TensorRT Model Optimizer support matrix (FP4: Blackwell and later): https://nvidia.github.io/TensorRT-Model-Optimizer/guides/0_support_matrix.html
- Incident (vLLM, 2 x RTX 3090): https://github.com/vllm-project/vllm/issues/17581
- Incident (vLLM, A100): https://github.com/vllm-project/vllm/issues/17764
- Incident (SGLang, Ampere): https://github.com/sgl-project/sglang/issues/12887
"""

_NEEDS = {"fp8": "Ada, Hopper, Blackwell or MI300X", "fp4": "Blackwell"}


def _served_format(ctx: RuleContext) -> tuple[Format, str, str] | None:
    """(format, what says so, deployment field to point at)."""
    dep, model = ctx.deployment, ctx.model
    option = get_engine(dep.engine).quantization_option
    method = str(dep.options.get(option, "")) if option else ""
    if method and (fmt := format_of(method)):
        return fmt, f"{option.split('.')[-1]} {method}", option
    if dep.model and (fmt := format_of(dep.model)):
        return fmt, f"checkpoint {dep.model}", "model"
    if model is not None and model.quant_block and model.weight_bytes <= 1.0:
        return "fp8", f"block-FP8 checkpoint {model.id}", "model"
    return None


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    cluster = ctx.cluster
    served = _served_format(ctx)
    if cluster is None or served is None or not cluster.gpu.arch:
        return
    fmt, why, at = served
    gpu, arch = cluster.gpu.name, cluster.gpu.arch
    if native(fmt, arch):
        return
    engine = get_engine(ctx.deployment.engine)
    fallback = engine.low_precision_fallback.get(fmt)
    head = f"{fmt.upper()} ({why}) on {gpu}: {arch} GPUs have no {fmt.upper()} tensor cores"
    advice = f"serve a 16-bit or INT8/INT4 (AWQ, GPTQ) checkpoint, or use {_NEEDS[fmt]} GPUs"
    if fallback is None:
        severity = Severity.WARNING
        outcome = f"how {engine.title} runs {fmt.upper()} on them has not been read"
    elif arch in fallback:
        severity = Severity.WARNING
        outcome = (
            f"{engine.title} runs it as weight-only kernels (the memory saving stays, the "
            f"{fmt.upper()} compute speed-up is lost in prefill and large batches)"
        )
        if ctx.model is not None and ctx.model.is_moe:
            outcome += (
                "; MoE experts need a fused-MoE kernel for it, which older releases lack "
                "(vLLM 0.8.5 stopped at start-up: 'type fp8e4nv not supported')"
            )
    else:
        severity = Severity.ERROR
        outcome = f"{engine.title} refuses to start"
    yield finding(
        rule,
        ctx,
        at,
        f"{head}; {outcome}",
        severity=severity,
        fix=advice,
        data={"format": fmt, "arch": arch, "gpu": gpu},
    )


RULE = Rule(
    code="TL212",
    name="quantization-format-unsupported",
    summary="An FP8 or FP4 checkpoint or quantization on GPUs without that format.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    origin=__file__,
)
