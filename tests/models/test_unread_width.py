"""A checkpoint whose quantization_config toplint does not read keeps no guessed width: its spec
says why (``ModelSpec.width_unknown``), no fit is judged on it, and the widths it does read
(HQQ's ``nbits``, QQQ's ``wbits``, a ``bits`` written beside any method) are read."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.cost.types import Workload
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.hardware.hfweights import weight_bytes_of, width_unresolved
from toplint.hardware.models import as_served
from toplint.model import Deployment
from toplint.outcome.build import _outcome

LLAMA_8B: dict[str, Any] = {
    "model_type": "llama",
    "hidden_size": 4096,
    "num_hidden_layers": 32,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "intermediate_size": 14336,
    "vocab_size": 128256,
    "torch_dtype": "bfloat16",
}


def _with(quant: dict[str, Any]) -> dict[str, Any]:
    return {**LLAMA_8B, "quantization_config": quant}


# quantization_configs as their tools write them, none giving a width toplint reads
NOT_READ = {
    "torchao": {
        "quant_method": "torchao",
        "quant_type": {"default": {"_type": "Int4WeightOnlyConfig"}},
    },
    "gguf": {"quant_method": "gguf"},
    "quark": {"quant_method": "quark", "global_quant_config": {"weight": {"dtype": "fp8_e4m3"}}},
    "fp_quant": {"quant_method": "fp_quant", "forward_dtype": "mxfp4"},
    "eetq": {"quant_method": "eetq", "weights": "int8"},
    "modelopt-new-algo": {"quant_method": "modelopt", "quant_algo": "W4A8_AWQ"},
    "hqq-without-params": {"quant_method": "hqq"},
    "no-method": {"modules_to_not_convert": ["lm_head"]},
}


@pytest.mark.parametrize("name", sorted(NOT_READ))
def test_a_quantization_not_read_is_unresolved_not_sixteen_bits(name: str) -> None:
    cfg = _with(NOT_READ[name])
    why = width_unresolved(cfg)
    assert "toplint does not read its bytes per weight" in why
    spec = spec_from_hf_config(cfg, model_id="acme/m")
    assert spec.width_unknown == why


def test_the_reason_names_the_method_and_the_algorithm() -> None:
    why = width_unresolved(_with(NOT_READ["modelopt-new-algo"]))
    assert why.startswith("quant_method 'modelopt' with quant_algo 'W4A8_AWQ'")


@pytest.mark.parametrize(
    "quant",
    [
        {"quant_method": "gptq", "bits": 4, "group_size": 128},
        {"quant_method": "fp8", "weight_block_size": [128, 128]},
        {"quant_method": "bitsandbytes", "load_in_4bit": True, "bnb_4bit_quant_type": "nf4"},
        {"quant_method": "modelopt", "quant_algo": "NVFP4", "group_size": 16},
        {"quant_method": "w8a8_int8"},
    ],
)
def test_what_is_read_stays_resolved(quant: dict[str, Any]) -> None:
    assert width_unresolved(_with(quant)) == ""
    assert spec_from_hf_config(_with(quant)).width_unknown == ""


def test_a_checkpoint_without_quantization_is_its_dtype() -> None:
    assert width_unresolved(LLAMA_8B) == ""
    assert weight_bytes_of(LLAMA_8B, 0.0) == (2.0, 0)


def test_hqq_is_its_nbits_with_a_16_bit_scale_and_zero_per_group() -> None:
    # vLLM HQQMarlinConfig: nbits 4, group_size 64, scale and zero in params_dtype per group
    quant = {
        "quant_method": "hqq",
        "quant_config": {"weight_quant_params": {"nbits": 4, "group_size": 64}},
        "skip_modules": ["lm_head"],
    }
    assert weight_bytes_of(_with(quant), 0.0) == ((4 + 32 / 64) / 8, 0)
    assert width_unresolved(_with(quant)) == ""


def test_qqq_wbits_is_read() -> None:
    quant = {"quant_method": "qqq", "wbits": 4, "group_size": 128}
    assert weight_bytes_of(_with(quant), 0.0) == (0.5, 0)


def test_bits_written_beside_a_method_not_read_resolve_it() -> None:
    quant = {"quant_method": "torchao", "bits": 4}
    assert width_unresolved(_with(quant)) == ""
    assert weight_bytes_of(_with(quant), 0.0) == (0.5, 0)


def test_no_fit_is_judged_and_the_engine_option_does_not_requantize() -> None:
    spec = spec_from_hf_config(_with(NOT_READ["torchao"]), model_id="acme/m")
    dep = Deployment(
        path="serve.sh", line=1, column=1, engine="vllm", model="acme/m", tp=1, pp=1,
        options={"quantization": "fp8"},
    )  # fmt: skip
    served = as_served(spec, dep)
    assert served.width_unknown and served.weight_bytes == spec.weight_bytes
    gpu = lookup_gpu("A100-SXM4-80GB")
    assert gpu is not None
    found = _outcome(dep, served, gpu, None, Workload())
    assert found.memory is None and found.fits is None
    assert "quant_method 'torchao'" in found.memory_unjudged
