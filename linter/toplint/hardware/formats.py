"""Number formats (BF16, FP8, FP4) and the GPU architectures that compute in them.

A checkpoint or an engine option names a format; the GPU's architecture (``GpuSpec.arch``)
says whether its tensor cores multiply in it.  What an engine does on a GPU without them (run
the weights through a weight-only kernel, or refuse to start) is the engine's own record,
``toplint.engines.types.Engine.low_precision_fallback``.

Sources for ``NATIVE``:

- FP8 needs compute capability 8.9 or higher (Ada Lovelace, Hopper, Blackwell): NVIDIA
  Transformer Engine's support matrix (https://nvidia.github.io/TransformerEngine/support_matrix.html:
  Ampere "FP8 (per tensor): No", 8.9 Ada "Yes"), vLLM's FP8 page ("FP8 computation is supported
  on NVIDIA GPUs with compute capability >= 8.9", docs/features/quantization/llm_compressor/fp8.md,
  v0.32.0) and TensorRT-LLM's support matrix (0.18.2: Ampere "FP32, FP16, BF16, INT8, INT4", no
  FP8).  AMD MI300X (CDNA3) computes FP8 (the same vLLM page: "hardware acceleration on GPUs
  such as Nvidia H100 and AMD MI300x").
- BF16 needs compute capability 8.0 (Ampere) or higher: vLLM lists bfloat16 among a CUDA
  GPU's supported dtypes only from 8.0 ("Pascal, Volta and Turing NVIDIA GPUs, BF16 is not
  supported", vllm-project/vllm@002db495 vllm/platforms/cuda.py ``supported_dtypes``); MI300X
  (CDNA3) computes BF16.
- FP4 (NVFP4, MXFP4) tensor cores are Blackwell's: Transformer Engine's matrix (NVFP4 only on
  10.0/10.3, "Partial" on 12.0) and TensorRT Model Optimizer's ("FP4 ... GPUs: Blackwell and
  Later", https://nvidia.github.io/TensorRT-Model-Optimizer/guides/0_support_matrix.html).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from toplint.catalog_index import words

Format = Literal["fp8", "fp4", "bf16"]

NATIVE: Mapping[Format, frozenset[str]] = {
    "fp8": frozenset({"ada", "hopper", "blackwell", "cdna3"}),
    "fp4": frozenset({"blackwell"}),
    "bf16": frozenset({"ampere", "ada", "hopper", "blackwell", "cdna3"}),
}


def format_of(text: str) -> Format | None:
    """The low-precision format a model id or a quantization method names, by its words:
    ``Qwen3-30B-A3B-FP8``, ``fp8``, ``fbgemm_fp8``, ``w4afp8`` (FP8 activations) -> fp8;
    ``nvfp4``, ``modelopt_fp4``, ``mxfp4``, ``-NVFP4`` -> fp4; anything else -> None."""
    lower = text.lower()
    if "fp" not in lower:  # most ids and methods: no word to look at
        return None
    for word in words(lower):
        if word.endswith("fp4"):
            return "fp4"
        if word.endswith("fp8"):
            return "fp8"
    return None


def native(fmt: Format, arch: str) -> bool:
    return arch in NATIVE[fmt]
