"""vLLM's ``--quantization`` values: the bytes per weight each serves, and the compute capability
its kernels need (its engine record, ``toplint.engines.vllm.ENGINE``, reads them)."""

from __future__ import annotations

# --quantization values -> bytes per weight as served (vllm/model_executor/layers/quantization/
# __init__.py QUANTIZATION_METHODS; 4-bit AWQ/GPTQ/Marlin checkpoints, bitsandbytes quantizes
# a 16-bit checkpoint to 4 bits in flight, FP8 methods 1 byte; scales ignored: < 7%).
QUANTIZATION_BYTES = {
    "fp8": 1.0,
    "fbgemm_fp8": 1.0,
    "ptpc_fp8": 1.0,
    "modelopt": 1.0,
    "awq": 0.5,
    "awq_marlin": 0.5,
    "gptq": 0.5,
    "gptq_marlin": 0.5,
    "marlin": 0.5,
    "bitsandbytes": 0.5,
    "modelopt_fp4": 0.5,
    "mxfp4": 0.5,
}
# ``experts_int8``: the FusedMoE layers int8, every linear layer unquantized (vllm-project/vllm@
# 718f34f5 vllm/model_executor/layers/quantization/experts_int8.py ``get_quant_method``).
QUANTIZATION_EXPERT_BYTES = {"experts_int8": 1.0}

# AWQ's kernels need compute capability 7.5 ("The AWQ kernel only supports Turing or newer
# GPUs", vllm-project/vllm@000796acdf vllm/model_executor/layers/quantization/awq.py
# ``AWQConfig.get_min_capability`` 75); below it ``VllmConfig._get_quantization_config``
# raises "The quantization method awq is not supported for the current GPU. Minimum
# capability: 75" (vllm-project/vllm@0004438383 vllm/config.py).  From 8.0 an AWQ
# checkpoint runs as awq_marlin instead, so only Volta and older are refused.  ModelOpt FP8
# ("modelopt": ``ModelOptFp8Config``, vllm@00155cde .../quantization/modelopt.py, 89) needed
# 8.9 up to 0.26.0 (#50019: refused on an A100) and 8.0 from #50019 (#56660, at 0.28.1rc1).
# MXFP4 (gpt-oss's experts): ``Mxfp4Config.get_min_capability`` 80 (vllm@007d5005
# .../quantization/mxfp4.py; refused on SM75, vllm-project/vllm#22288); Ampere to Hopper run it
# as Marlin or Triton weight-only kernels, its designed path there, so no TL212 warning.
QUANT_MIN_CAPABILITY = {"awq": 7.5, "modelopt": 8.0, "mxfp4": 8.0}
QUANT_FLOOR_ERRORS = dict.fromkeys(
    ("awq", "modelopt", "mxfp4"),
    "The quantization method {method} is not supported for the current GPU",
)
QUANT_FLOOR_BEFORE = {"modelopt": ("0.26.0", 8.9, "0.28.1rc1")}
