"""TL212 quantization-format-unsupported."""

from __future__ import annotations

from collections.abc import Iterator

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

And it checks integer weight quantizations whose kernels need a minimum compute capability
(`Engine.quant_min_capability`): vLLM's AWQ kernels need 7.5 (Turing), so an AWQ checkpoint
(its config.json `quant_method`, or `-AWQ` in a catalog id) or `--quantization awq` on a V100
is refused at start-up ("The quantization method awq is not supported for the current GPU.
Minimum capability: 75. Current capability: 70.", vllm-project/vllm#4202).  A ModelOpt FP8
checkpoint (config.json `quant_method: modelopt`, quant_algo FP8) is vLLM's `modelopt` method,
whose floor was 8.9 up to 0.26.0 (refused on an A100, vllm-project/vllm#50019) and is 8.0 after
it (vllm-project/vllm#56660, read at 0.28.1rc1): a release pinned up to 0.26.0 on Ampere is an
error, an unpinned one there a warning that says so, and below 8.0 every release read refuses.
An NVFP4 ModelOpt checkpoint is another method (`modelopt_fp4`) and is not judged by it.  An
MXFP4 checkpoint (gpt-oss; config.json `quant_method: mxfp4`) needs 8.0 in vLLM (refused on a
T4, vllm-project/vllm#22288; from Ampere it runs as weight-only kernels, its designed path there,
so it is not warned about) and 9.0 in TensorRT-LLM, whose weight-only MXFP4 MoE kernel is built
for Hopper only ("WFP4A16 MoE is unsupported on SM89" on an L4, NVIDIA/TensorRT-LLM#6717).  And
the group sizes an engine loads (`Engine.quant_group_sizes`): LMDeploy's TurboMind converts AWQ
and GPTQ checkpoints of group size 128 only, so a group-32 checkpoint is refused on any GPU (checked
without a manifest too; InternLM/lmdeploy#2219).

And it checks attention kernels some engine releases need for the checkpoint's model type
(`Engine.attention_floors`, by config.json `model_type`; only an image whose tag names the
release is judged): TGI 2.1.0 to 2.2.x run flash-attention v2 for every flash model type
(Llama, Qwen2, Mistral, ...) without checking the GPU, and stop at warm-up below compute
capability 8.0 ("FlashAttention only supports Ampere GPUs or newer.",
huggingface/text-generation-inference#2037 on a 2080 Ti; 2.0.3 started on the same T4);
TGI 0.9.4 to 2.0.x load flash-attention v1 on Turing and none below it, where one GPU runs
transformers' attention but a sharded flash model type is refused ("Sharded Llama requires
Flash Attention enabled models").  Bloom, MPT, OPT, T5 and unknown model types take paths
without those kernels and are not judged.

Outcome reported: the engine refuses to start (error; the outcome model counts it among the
reasons the deployment does not start, so `toplint cost`, `plan` and every judged fix see it) or
runs in another format than the checkpoint's (warning).

## Why is this bad?
The GPU has no instruction for the format.  TensorRT-LLM does not start (it lists FP8 only
for Ada and Hopper).  SGLang runs FP8 on Ampere as weight-only Marlin kernels from 0.5.2
(sgl-project/sglang#8990), but its MoE experts stopped with "type fp8e4nv not supported in this
architecture" through 0.5.9 (sgl-project/sglang#12887, #18875), so a pinned release is judged by
what it does and an unpinned one gets a warning that says so.  vLLM runs FP8
on Turing/Ampere and FP4 before Blackwell as weight-only Marlin kernels ("Your GPU does not have
native support for FP8 computation ... Weight-only FP8 compression will be used"), but FP8 MoE
checkpoints need a fused-MoE kernel for it: vLLM 0.8.5 stopped at start-up serving
Qwen3-30B-A3B-FP8 on two RTX 3090s (vllm-project/vllm#17581) and on an A100
(vllm-project/vllm#17764) with "type fp8e4nv not supported in this architecture".  Its NVFP4
MoE experts are repacked for the weight-only Marlin MoE kernel (`marlin_utils_fp4.py`
`prepare_nvfp4_moe_layer_for_marlin`), so that is not said of them.

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
- Incident (SGLang 0.5.9, Ampere, MoE): https://github.com/sgl-project/sglang/issues/18875
- SGLang, Marlin FP8 on SM80-SM88: https://github.com/sgl-project/sglang/pull/8990
- vLLM's dtype check (BF16 from compute capability 8.0):
  https://github.com/vllm-project/vllm/blob/002db4951e0c4b326a559eb44b05698afd3e534a/vllm/platforms/cuda.py
- vLLM casts `--dtype auto` BF16 to float16 on older GPUs:
  https://github.com/vllm-project/vllm/pull/17265
- Incident (vLLM, BF16 on a T4): https://github.com/vllm-project/vllm/issues/1157
- Incident (vLLM, BF16 on a V100): https://github.com/vllm-project/vllm/issues/946
- vLLM's AWQ minimum capability (75, "Turing or newer"):
  https://github.com/vllm-project/vllm/blob/000796acdf1e6184eeb36272c5ddd6ffbc41fac3/vllm/model_executor/layers/quantization/awq.py
- AWQ on Turing (a Tesla T4), since v0.2.1: https://github.com/vllm-project/vllm/pull/1252
- Incident (vLLM, AWQ on a V100): https://github.com/vllm-project/vllm/issues/4202
- vLLM's ModelOpt FP8 minimum capability (89, `ModelOptFp8Config`):
  https://github.com/vllm-project/vllm/blob/00155cdecca722d98e34234c3d172725b7720b7d/vllm/model_executor/layers/quantization/modelopt.py
- ModelOpt FP8 refused on an A100 by vLLM 0.26.0, the floor lowered to 80:
  https://github.com/vllm-project/vllm/pull/50019
- ModelOpt FP8 refused on SM75 at 0.28.1rc1 (floor 80): https://github.com/vllm-project/vllm/pull/56660
- LMDeploy TurboMind's group sizes (`_SUPPORTED_GROUP_SIZES`):
  https://github.com/InternLM/lmdeploy/blob/1263d5cd8/lmdeploy/turbomind/converter.py
- vLLM's MXFP4 minimum capability (80, `Mxfp4Config.get_min_capability`):
  https://github.com/vllm-project/vllm/blob/007d50058a06dec0f82472d63c819244d460c40d/vllm/model_executor/layers/quantization/mxfp4.py
- Incident (vLLM, MXFP4 on SM75): https://github.com/vllm-project/vllm/issues/22288
- TensorRT-LLM's weight-only MXFP4 MoE method (SM90 only, `WFP4A16FusedMoEMethod`):
  https://github.com/NVIDIA/TensorRT-LLM/blob/a98a9061d72f6fd39f5d055ebdd2c6878a100e2c/tensorrt_llm/_torch/modules/fused_moe/quantization.py
- Incident (TensorRT-LLM, gpt-oss-20b on an L4): https://github.com/NVIDIA/TensorRT-LLM/issues/6717
- Incident (LMDeploy, AWQ group size 32): https://github.com/InternLM/lmdeploy/issues/2219
- TGI 2.1's attention import (flash-attention v2, no capability check):
  https://github.com/huggingface/text-generation-inference/blob/v2.1.1/server/text_generation_server/layers/attention/cuda.py
- TGI 1.0's flash-attention import (v2 on 8.0+, v1 on 7.5) and sharded model dispatch:
  https://github.com/huggingface/text-generation-inference/blob/v1.0.3/server/text_generation_server/utils/flash_attn.py
  https://github.com/huggingface/text-generation-inference/blob/v1.0.3/server/text_generation_server/models/__init__.py
- TGI 2.3's fallback to flash-attention v1 below Ampere:
  https://github.com/huggingface/text-generation-inference/blob/v2.3.0/server/text_generation_server/layers/attention/cuda.py
- Incident (TGI 2.1.1, a 2080 Ti): https://github.com/huggingface/text-generation-inference/issues/2037
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    """The outcome model's verdict (``toplint.outcome.precision``), at what asks for the format:
    the refusal is also among the reasons the outcome says the engine does not start."""
    cluster = ctx.cluster
    if cluster is None and (ctx.model is None or not ctx.model.quant_group):
        return
    import toplint.outcome.precision as formats  # loaded by a run with a cluster

    dep = ctx.deployment
    found = (
        formats.precision(dep, ctx.model, cluster.gpu)
        if cluster is not None
        else formats.group_size_refusal(dep, ctx.model)
    )
    if found is None:
        return
    yield finding(
        rule,
        ctx,
        found.at,
        found.message,
        severity=Severity.ERROR if found.effect == "refuses" else Severity.WARNING,
        fix=found.fix,
        data={"format": found.fmt, "arch": found.arch, "gpu": found.gpu},
    )


RULE = Rule(
    code="TL212",
    name="quantization-format-unsupported",
    summary="A BF16, FP8 or FP4 checkpoint or quantization on GPUs without that format.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    origin=__file__,
    accelerators="gpu",
)
