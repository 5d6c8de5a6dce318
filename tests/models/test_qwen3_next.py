"""Qwen3-Next-80B-A3B in the catalog (aliyun/SimAI@83294b3e
vidur-alibabacloud/data/hf_configs/qwen3-next-80B-A3B_config.json, its config.json verbatim),
read as Qwen3.5's Gated DeltaNet stacks are, and how each engine keeps its state."""

from __future__ import annotations

import pytest

from toplint.catalog_types import ModelSpec
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome import states, statesplit

IDS = [
    "Qwen/Qwen3-Next-80B-A3B-Instruct",
    "Qwen/Qwen3-Next-80B-A3B-Thinking",
    "Qwen/Qwen3-Next-80B-A3B-Instruct-FP8",
    "Qwen/Qwen3-Next-80B-A3B-Thinking-FP8",
]
# one Gated DeltaNet layer's state: (2 x 16 x 128 + 32 x 128) channels x 3 taps x 2 bytes of
# convolution, 32 value heads x 128 x 128 x 4 bytes of float32 recurrent state
STATE = (2 * 16 * 128 + 32 * 128) * 3 * 2 + 32 * 128 * 128 * 4


def _model(name: str) -> ModelSpec:
    model = lookup_model(name)
    assert model is not None, name
    return model


@pytest.mark.parametrize("name", IDS)
def test_every_release_is_the_hybrid_stack_of_the_config(name: str) -> None:
    model = _model(name)
    assert model.origin == "catalog" and "aliyun/SimAI" in model.source
    # every 4th of 48 layers is full attention (full_attention_interval 4): 36 keep a state
    assert (model.num_layers, model.state_layers, model.state_bytes) == (48, 36, STATE)
    # only the 12 full-attention layers keep KV: 2 KV heads x 256 x (K, V) x 2 bytes each
    assert model.kv_bytes_per_token == 12 * 2 * 256 * 2 * 2
    assert 75e9 < model.params_total < 85e9  # "80B"
    assert model.max_context == 262144


def test_the_fp8_releases_are_block_fp8() -> None:
    assert _model("Qwen/Qwen3-Next-80B-A3B-Instruct").weight_bytes == 2
    fp8 = _model("Qwen/Qwen3-Next-80B-A3B-Thinking-FP8")
    assert fp8.weight_bytes == 1 and fp8.quant_block == 128


def _dep(engine: str) -> Deployment:
    name = IDS[0]
    return Deployment(path="s.sh", line=1, column=1, engine=engine, model=name, tp=2)


def test_vllm_keeps_its_state_in_16_bits_so_its_paging_is_not_judged() -> None:
    # vllm-project/vllm@6365b387 qwen3_next.py: gated_delta_net_state_dtype(model dtype, ...)
    model = _model(IDS[0])
    assert states.paged(_dep("vllm"), model) is None
    qwen36 = _model("Qwen/Qwen3.6-27B")  # writes mamba_ssm_dtype float32, which vLLM reads
    assert states.paged(replace_model(_dep("vllm"), qwen36.id), qwen36) is not None


def test_sglang_keeps_its_state_in_float32_slots_of_all_36_layers() -> None:
    # sgl-project/sglang mamba_utils.py mamba2_state_dtype: float32 unless written
    assert statesplit.request_bytes(_dep("sglang"), _model(IDS[0])) == 36 * STATE / 2


def replace_model(dep: Deployment, name: str) -> Deployment:
    return Deployment(path=dep.path, line=1, column=1, engine=dep.engine, model=name, tp=dep.tp)
