"""What a 4-bit checkpoint and a 4-bit KV cache take as vLLM stores them: the LM head a ModelOpt
checkpoint quantizes (``toplint.hardware.hfweights.lm_head_bytes_of``, counted by
``toplint.outcome.memory.weight_bytes``) and the NVFP4 KV cache (``memory.kv_per_token``)."""

from __future__ import annotations

import pytest

from toplint.hardware.models import lookup_model, spec_from_hf_config
from toplint.model import Deployment
from toplint.outcome import memory

NVFP4 = (4 + 8 / 16) / 8  # 4 bits and one FP8 scale per 16 weights
VOCAB, HIDDEN = 1000, 1024
DENSE = {
    "model_type": "llama",
    "hidden_size": HIDDEN,
    "num_hidden_layers": 4,
    "num_attention_heads": 16,
    "num_key_value_heads": 4,
    "intermediate_size": 4096,
    "vocab_size": VOCAB,
    "tie_word_embeddings": False,
}


def _mixed(mlp_targets: list[str], method: str = "modelopt") -> dict[str, object]:
    """ModelOpt's MIXED_PRECISION: attention FP8, the listed targets NVFP4."""
    attention = [f"model.layers.{i}.self_attn.{p}_proj" for i in range(4) for p in "qkvo"]
    return {
        "quant_method": method,
        "quant_algo": "MIXED_PRECISION",
        "config_groups": {
            "group_0": {"weights": {"num_bits": 8, "type": "float"}, "targets": attention},
            "group_1": {
                "weights": {"num_bits": 4, "type": "float", "group_size": 16},
                "targets": mlp_targets,
            },
        },
    }


MLP = [f"model.layers.{i}.mlp.{p}_proj" for i in range(4) for p in ("gate", "up", "down")]


def test_an_lm_head_a_modelopt_group_names_is_weighed_at_that_group_s_width() -> None:
    # nvidia/Qwen3.6-27B-NVFP4 lists lm_head in its NVFP4 group; vLLM's
    # ModelOptMixedPrecisionConfig serves a ParallelLMHead with the method of the group naming
    # ``lm_head`` (vllm-project/vllm@00155cde modelopt.py)
    with_head = spec_from_hf_config(DENSE | {"quantization_config": _mixed([*MLP, "lm_head"])})
    without = spec_from_hf_config(DENSE | {"quantization_config": _mixed(MLP)})
    assert with_head.lm_head_bytes == pytest.approx(NVFP4) and without.lm_head_bytes == 0.0
    # the body is weighed alike; the LM head alone goes from 16 bits to 4.5
    assert with_head.weight_bytes == pytest.approx(without.weight_bytes)
    saved = memory.weight_bytes(without) - memory.weight_bytes(with_head)
    assert saved == pytest.approx(VOCAB * HIDDEN * (2.0 - NVFP4))
    # the input embedding stays 16-bit: the tables weigh one 16-bit table and one 4.5-bit one
    body = with_head.params_total - 2 * VOCAB * HIDDEN
    assert memory.weight_bytes(with_head) == pytest.approx(
        body * with_head.weight_bytes + VOCAB * HIDDEN * (2.0 + NVFP4)
    )


def test_only_a_modelopt_checkpoint_s_named_lm_head_is_read_so() -> None:
    other = spec_from_hf_config(
        DENSE | {"quantization_config": _mixed([*MLP, "lm_head"], "compressed-tensors")}
    )
    assert other.lm_head_bytes == 0.0


def test_the_catalog_s_qwen3_6_27b_nvfp4_serves_its_lm_head_in_nvfp4() -> None:
    model = lookup_model("nvidia/Qwen3.6-27B-NVFP4", hf_cache=False)
    assert model is not None and model.lm_head_bytes == pytest.approx(NVFP4)


def test_the_lm_head_s_width_reaches_the_last_pipeline_stage() -> None:
    quantized = spec_from_hf_config(DENSE | {"quantization_config": _mixed([*MLP, "lm_head"])})
    plain = spec_from_hf_config(DENSE | {"quantization_config": _mixed(MLP)})
    dep = Deployment(path="s.sh", line=1, column=1, engine="vllm", model="m", tp=1, pp=2)
    # the first stage holds the 16-bit embedding: its weights do not change
    assert memory.weights_per_gpu(quantized, dep) == pytest.approx(
        memory.weights_per_gpu(plain, dep)
    )
    dep4 = Deployment(path="s.sh", line=1, column=1, engine="vllm", model="m", tp=1, pp=1)
    assert memory.weights_per_gpu(quantized, dep4) < memory.weights_per_gpu(plain, dep4)


def test_an_nvfp4_kv_cache_takes_nine_thirty_seconds_of_sixteen_bits() -> None:
    # head_size // 2 + head_size // 16 bytes a head (vllm-project/vllm@0024350b
    # vllm/utils/torch_utils.py nvfp4_kv_cache_full_dim), against 2 x head_size in 16 bits
    model = spec_from_hf_config(DENSE)

    def per_token(**options: str) -> float:
        dep = Deployment(
            path="s.sh", line=1, column=1, engine="vllm", model="m", tp=1, options=options
        )
        return memory.kv_per_token(model, dep)

    bf16 = per_token()
    assert per_token(kv_cache_dtype="fp8") == pytest.approx(bf16 / 2)
    assert per_token(kv_cache_dtype="nvfp4") == pytest.approx(bf16 * 9 / 32)
    assert per_token(kv_cache_dtype="nvfp4_4over6") == pytest.approx(bf16 * 9 / 32)
