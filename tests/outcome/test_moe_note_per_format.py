"""What TL212 says of MoE experts is said per format (``FallbackReleases.moe_note``): vLLM's
FP8 experts needed a fused-MoE kernel older releases lacked (vllm-project/vllm#17581, #17764),
while its NVFP4 experts are repacked for the weight-only Marlin MoE kernel
(vllm-project/vllm@00d52e93 marlin_utils_fp4.py ``prepare_nvfp4_moe_layer_for_marlin``), so
the FP8 incident is not quoted for an FP4 checkpoint (tests/recipes8
cn-gemma4-26b-a4b-nvfp4-tp1-l40s: Gemma 4 26B-A4B NVFP4 served on one L40S at 103 tokens/s).
"""

from __future__ import annotations

from toplint.engines.registry import get_engine
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.precision import precision


def _said(model_id: str, gpu: str) -> str:
    dep = Deployment(path="serve.sh", line=1, column=1, engine="vllm", model=model_id)
    spec = lookup_gpu(gpu)
    assert spec is not None
    found = precision(dep, lookup_model(model_id), spec)
    assert found is not None and found.effect == "degrades"
    return found.message


def test_fp4_moe_experts_get_no_fp8_note() -> None:
    said = _said("nvidia/Gemma-4-26B-A4B-NVFP4", "L40S")
    assert said.endswith("the FP4 compute speed-up is lost in prefill and large batches)")
    assert "fp8e4nv" not in said and "fused-MoE" not in said


def test_fp8_moe_experts_keep_theirs() -> None:
    said = _said("Qwen/Qwen3-30B-A3B-FP8", "RTX-3090")
    assert "MoE experts need a fused-MoE kernel for it, which older releases lack" in said


def test_the_notes_are_keyed_by_format() -> None:
    assert set(get_engine("vllm").low_precision_releases.moe_note) == {"fp8"}
    assert set(get_engine("sglang").low_precision_releases.moe_note) == {"fp8"}
