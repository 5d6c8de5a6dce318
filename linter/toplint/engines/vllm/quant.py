"""vLLM's ``--quantization`` values and the bytes per weight each serves (its engine record,
``toplint.engines.vllm.ENGINE``, reads them)."""

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
