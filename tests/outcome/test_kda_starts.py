"""Kimi Delta Attention's heads divide by the attention-TP size, or the engine refuses to start
(vLLM ``KimiDeltaAttention``: ``assert self.num_heads % self.tp_size == 0``,
vllm-project/vllm@01a7e5d9 vllm/model_executor/layers/kda.py; SGLang over its attention TP,
sgl-project/sglang@0220422f python/sglang/srt/models/kimi_linear.py)."""

from __future__ import annotations

from typing import Any

from toplint.hardware.models import spec_from_hf_config
from toplint.model import Deployment
from toplint.outcome.starts import problems
from toplint.parse.base import Source
from toplint.parse.text.shellsrc import ShellParser

# An MLA + KDA stack (a test stack, no published checkpoint): 32 MLA heads, KDA heads given.
STACK: dict[str, Any] = {
    "model_type": "kimi_linear",
    "hidden_size": 2048,
    "num_hidden_layers": 8,
    "num_attention_heads": 32,
    "num_key_value_heads": 32,
    "intermediate_size": 8192,
    "vocab_size": 163840,
    "kv_lora_rank": 512,
    "qk_rope_head_dim": 64,
    "qk_nope_head_dim": 128,
    "v_head_dim": 128,
    "torch_dtype": "bfloat16",
}


def _stack(kda_heads: int) -> Any:
    linear = {"kda_layers": [1, 2, 3], "num_heads": kda_heads, "head_dim": 128}
    config = {**STACK, "linear_attn_config": {**linear, "short_conv_kernel_size": 4}}
    return spec_from_hf_config(config, model_id="acme/kda", source="test")


def _dep(command: str) -> Deployment:
    [dep] = ShellParser().parse(Source.from_text("serve.sh", command + "\n")).deployments
    return dep


def test_the_spec_keeps_the_kda_heads() -> None:
    assert _stack(24).kda_heads == 24
    assert spec_from_hf_config(STACK, model_id="acme/mla", source="test").kda_heads == 0


def test_vllm_refuses_kda_heads_tp_does_not_divide() -> None:
    found = problems(_dep("vllm serve acme/kda --tensor-parallel-size 16"), _stack(24))
    assert found == ("Kimi Delta Attention's 24 heads do not divide by tensor-parallel size 16",)
    assert not problems(_dep("vllm serve acme/kda --tensor-parallel-size 8"), _stack(24))


def test_heads_kda_shares_with_attention_are_said_once() -> None:
    found = problems(_dep("vllm serve acme/kda --tensor-parallel-size 3"), _stack(32))
    assert not any("Kimi Delta Attention" in p for p in found)
    assert any(p.startswith("32 attention heads") for p in found)


def test_sglang_splits_kda_heads_over_its_attention_tp() -> None:
    # --tp 16 --dp 2 --enable-dp-attention: attention TP 8, which divides 24
    split = "python3 -m sglang.launch_server --model-path acme/kda --tp 16"
    dp = _dep(f"{split} --dp 2 --enable-dp-attention")
    assert not problems(dp, _stack(24))
    assert problems(_dep(split), _stack(24)) == (
        "Kimi Delta Attention's 24 heads do not divide by tensor-parallel size 16",
    )
