"""Weights as served follow the engine's quantization setting and the checkpoint's name
(issue 14.5): the bytes per weight TL205 and the cost model use."""

from __future__ import annotations

import pytest

from tests.parse.helpers import only
from toplint.hardware.models import as_served, lookup_model
from toplint.outcome import memory


def served(command: str) -> float:
    dep = only("serve.sh", command + "\n")
    spec = lookup_model(dep.model, hf_cache=False)
    assert spec is not None
    return as_served(spec, dep).weight_bytes


def test_sixteen_bit_checkpoint_without_a_flag() -> None:
    assert served("vllm serve meta-llama/Llama-3.1-70B-Instruct") == 2.0


def test_vllm_fp8_flag_quantizes_in_flight() -> None:
    assert served("vllm serve meta-llama/Llama-3.1-70B-Instruct --quantization fp8") == 1.0


def test_sglang_awq_flag() -> None:
    text = "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B --quantization awq"
    assert served(text) == 0.5


def test_tgi_bitsandbytes_is_eight_bit() -> None:
    text = "text-generation-launcher --model-id meta-llama/Llama-3.1-70B --quantize bitsandbytes"
    assert served(text) == 1.0


def test_nf4_checkpoint_name_is_four_bit() -> None:
    assert served("vllm serve unsloth/Llama-3.1-70B-Instruct-bnb-4bit") == 0.5


def test_already_quantized_checkpoint_keeps_its_bytes() -> None:
    assert served("vllm serve org/Llama-3.1-70B-Instruct-AWQ --quantization fp8") == 0.5


def test_the_spec_says_where_the_bytes_came_from() -> None:
    dep = only("serve.sh", "vllm serve meta-llama/Llama-3.1-70B-Instruct -q fp8\n")
    spec = lookup_model(dep.model, hf_cache=False)
    assert spec is not None and "from -q" in as_served(spec, dep).source


def test_vllm_experts_int8_quantizes_the_routed_experts_only() -> None:
    # vllm-project/vllm@718f34f5 quantization/experts_int8.py: FusedMoE layers int8, every
    # linear layer unquantized.  Mixtral-8x7B: its ~45B expert weights at one byte, the rest at two.
    dep = only("serve.sh", "vllm serve mistralai/Mixtral-8x7B-v0.1 --quantization experts_int8\n")
    spec = lookup_model(dep.model, hf_cache=False)
    assert spec is not None and spec.routed_params > 0
    int8 = as_served(spec, dep)
    assert int8.expert_bytes == 1.0
    stored = memory.weight_bytes(spec)
    assert memory.weight_bytes(int8) == pytest.approx(stored - spec.routed_params, rel=1e-9)
    assert "experts_int8 (from --quantization)" in int8.source


def test_experts_int8_leaves_a_dense_model_as_stored() -> None:
    assert served("vllm serve meta-llama/Llama-3.1-70B-Instruct --quantization experts_int8") == 2.0
