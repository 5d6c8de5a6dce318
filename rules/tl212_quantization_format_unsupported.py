"""TL212 quantization-format-unsupported."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.engines.release import image_tag, version
from toplint.hardware.archs import of_gpu
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

It also checks a 16-bit checkpoint stored in BF16 (its config.json `torch_dtype`) on GPUs
without BF16 (compute capability below 8.0: Volta, Turing - V100, T4): vLLM refuses
`--dtype bfloat16` there in every release, and `--dtype auto` (the default) in releases up to
0.8.4 (an error when the image's tag says so); later releases cast the weights to float16 and
start (a warning: the numerics are no longer the checkpoint's).  Engines whose dtype handling
has not been read are not judged.

Outcome reported: the engine refuses to start (error) or runs in another format than the
checkpoint's (warning).

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
vllm serve Qwen/Qwen3-8B --dtype bfloat16                     # on a T4 (Turing)
```

## Use instead
```bash
vllm serve Qwen/Qwen3-30B-A3B --tensor-parallel-size 2       # 16-bit, or an AWQ/GPTQ checkpoint
vllm serve Qwen/Qwen3-8B --dtype half                         # float16 on Volta/Turing
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
- vLLM's dtype check (BF16 from compute capability 8.0):
  https://github.com/vllm-project/vllm/blob/002db4951e0c4b326a559eb44b05698afd3e534a/vllm/platforms/cuda.py
- vLLM casts `--dtype auto` BF16 to float16 on older GPUs:
  https://github.com/vllm-project/vllm/pull/17265
- Incident (vLLM, BF16 on a T4): https://github.com/vllm-project/vllm/issues/1157
- Incident (vLLM, BF16 on a V100): https://github.com/vllm-project/vllm/issues/946
"""

_NEEDS = {"fp8": "Ada, Hopper, Blackwell or MI300X", "fp4": "Blackwell"}
_NOT_BF16 = ("half", "float16", "fp16", "float", "float32", "fp32")


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


def _bf16(rule: Rule, ctx: RuleContext, gpu: str, arch: str) -> Iterator[Finding]:
    """A BF16 checkpoint (or ``--dtype bfloat16``) on a GPU without BF16."""
    dep, model = ctx.deployment, ctx.model
    engine = get_engine(dep.engine)
    if not engine.dtype_option or not engine.bf16_auto_cast_since or native("bf16", arch):
        return
    asked = str(dep.options.get(engine.dtype_option, "auto")).strip("'\"").lower()
    if asked in _NOT_BF16:
        return
    explicit = asked in ("bfloat16", "bf16")
    if not explicit and (model is None or model.dtype != "bfloat16" or model.weight_bytes < 2):
        return
    what = f"--{engine.dtype_option} {asked}" if explicit else f"checkpoint {dep.model}"
    head = f"BF16 ({what}) on {gpu}: {arch} GPUs have no BF16 (compute capability below 8.0)"
    release = version(image_tag(str(dep.options.get("image", ""))))
    since = version(engine.bf16_auto_cast_since) or (0, 0, 0)
    if explicit or (release is not None and release < since):
        severity, outcome = Severity.ERROR, f"{engine.title} refuses to start"
    elif release is not None:
        severity = Severity.WARNING
        outcome = (
            f"{engine.title} casts it to float16 (the numerics are no longer the checkpoint's)"
        )
    else:
        severity = Severity.WARNING
        outcome = (
            f"{engine.title} {engine.bf16_auto_cast_since} and later cast it to float16, "
            "earlier releases refuse to start"
        )
    yield finding(
        rule,
        ctx,
        engine.dtype_option if explicit else "model",
        f"{head}; {outcome}",
        severity=severity,
        fix=f"--{engine.dtype_option} half (float16), or use Ampere or newer GPUs",
        data={"format": "bf16", "arch": arch, "gpu": gpu},
    )


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    cluster = ctx.cluster
    if cluster is None:
        return
    gpu, arch = cluster.gpu.name, of_gpu(cluster.gpu.arch, cluster.gpu.name).name
    served = _served_format(ctx)
    if not arch:
        return
    if served is None:
        yield from _bf16(rule, ctx, gpu, arch)
        return
    fmt, why, at = served
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
    summary="A BF16, FP8 or FP4 checkpoint or quantization on GPUs without that format.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    origin=__file__,
)
