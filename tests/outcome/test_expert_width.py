"""A checkpoint whose routed experts are narrower than its other layers (NVFP4 or MXFP4 experts
beside FP8 or 16-bit attention): the experts' own width (``toplint.hardware.hfweights.
expert_bytes_of``, ``ModelSpec.expert_bytes``) and what a GPU holds when the engine spreads the
experts over more ranks than the layers it replicates (``toplint.outcome.weights.
weights_per_gpu``: vLLM's experts over TP x DP beside each DP rank's whole attention)."""

from __future__ import annotations

from typing import Any

import pytest

from toplint.hardware.hfweights import expert_bytes_of
from toplint.hardware.models import lookup_model, spec_from_hf_config
from toplint.model import Deployment
from toplint.outcome import memory
from toplint.outcome.weights import weights_per_gpu
from toplint.record import replace

NVFP4 = (4 + 8 / 16) / 8  # 4 bits and one FP8 scale per 16 weights
MXFP4 = (4 + 8 / 32) / 8  # 4 bits and one E8M0 scale per 32 weights
MOE: dict[str, Any] = {
    "model_type": "mixtral",
    "hidden_size": 1024,
    "num_hidden_layers": 4,
    "num_attention_heads": 16,
    "num_key_value_heads": 4,
    "intermediate_size": 2048,
    "num_local_experts": 16,
    "num_experts_per_tok": 2,
    "vocab_size": 1000,
    "tie_word_embeddings": False,
}
ATTENTION = [f"model.layers.{i}.self_attn.{p}_proj" for i in range(4) for p in "qkvo"]
EXPERTS = [f"model.layers.{i}.block_sparse_moe.experts" for i in range(4)]


def _mixed(expert_bits: int = 4) -> dict[str, Any]:
    """ModelOpt's MIXED_PRECISION: attention FP8, the routed experts NVFP4 (or FP8)."""
    experts: dict[str, Any] = {"num_bits": expert_bits, "type": "float"}
    if expert_bits == 4:
        experts["group_size"] = 16
    return {
        "quant_method": "modelopt",
        "quant_algo": "MIXED_PRECISION",
        "config_groups": {
            "group_0": {"weights": {"num_bits": 8, "type": "float"}, "targets": ATTENTION},
            "group_1": {"weights": experts, "targets": EXPERTS},
        },
    }


def _vllm(tp: int = 1, dp: int = 1) -> Deployment:
    return Deployment(path="serve.sh", line=1, column=1, engine="vllm", model="m", tp=tp, dp=dp)


@pytest.mark.parametrize(
    ("quant", "extra", "width"),
    [
        (_mixed(), {}, NVFP4),  # experts NVFP4 beside FP8 attention
        ({"quant_method": "mxfp4"}, {}, MXFP4),  # gpt-oss: MXFP4 experts, the rest 16-bit
        # DeepSeek-V4's FP8 checkpoint with MXFP4 experts (``expert_dtype`` fp4)
        ({"quant_method": "fp8", "weight_block_size": [128, 128]}, {"expert_dtype": "fp4"}, MXFP4),
        (  # ModelOpt's NVFP4 re-release of an FP8 checkpoint (nvidia/DeepSeek-V4-*-NVFP4)
            {
                "quant_method": "fp8",
                "quant_algo": "MIXED_PRECISION",
                "config_groups": {
                    "group_0": {"weights": {"num_bits": 4, "type": "float", "group_size": 16}}
                },
            },
            {},
            NVFP4,
        ),
        (  # one NVFP4 width with attention kept 16-bit by the ignore list
            {"quant_method": "modelopt", "quant_algo": "NVFP4", "ignore": ["*.self_attn*"]},
            {},
            NVFP4,
        ),
    ],
)
def test_experts_narrower_than_the_rest_have_their_own_width(
    quant: dict[str, Any], extra: dict[str, Any], width: float
) -> None:
    spec = spec_from_hf_config(MOE | extra | {"quantization_config": quant})
    assert expert_bytes_of(MOE | extra | {"quantization_config": quant}) == pytest.approx(width)
    assert spec.expert_bytes == pytest.approx(width)
    assert spec.weight_bytes > width  # the other layers are wider: the average is above


@pytest.mark.parametrize(
    "quant",
    [
        None,
        {"quant_method": "fp8", "weight_block_size": [128, 128]},  # one width everywhere
        {"quant_method": "modelopt", "quant_algo": "NVFP4"},  # no kind of layer kept wider
        _mixed(expert_bits=8),  # the experts as wide as the attention
    ],
)
def test_a_checkpoint_of_one_width_gives_its_experts_none_of_their_own(
    quant: dict[str, Any] | None,
) -> None:
    config = MOE | ({"quantization_config": quant} if quant else {})
    assert spec_from_hf_config(config).expert_bytes == 0.0


def test_each_data_parallel_rank_holds_its_whole_attention_at_its_own_width() -> None:
    spec = spec_from_hf_config(MOE | {"quantization_config": _mixed()})
    total = memory.weight_bytes(spec)
    experts = spec.routed_params * NVFP4
    # vLLM with DP 4 and no EP: the experts over TP x DP = 4, the rest whole on every rank
    per_gpu = weights_per_gpu(spec, _vllm(dp=4))
    assert per_gpu == pytest.approx(total - experts + experts / 4)
    # one width for both parts (the checkpoint's average) gave each rank less than it holds
    averaged = replace(spec, expert_bytes=0.0)
    assert weights_per_gpu(averaged, _vllm(dp=4)) < per_gpu
    # under plain TP both parts are split alike: the widths do not change the share
    assert weights_per_gpu(spec, _vllm(tp=4)) == pytest.approx(total / 4)
    assert weights_per_gpu(averaged, _vllm(tp=4)) == pytest.approx(total / 4)


def test_the_catalog_keeps_gpt_oss_s_mxfp4_experts_and_a_name_s_one_width_drops_it() -> None:
    gpt_oss = lookup_model("openai/gpt-oss-120b")  # MXFP4 experts, attention 16-bit
    assert gpt_oss is not None and gpt_oss.expert_bytes == pytest.approx(MXFP4)
    # an "-FP8" name is one width throughout (toplint.hardware.models._apply_quant)
    fp8 = lookup_model("Qwen/Qwen3-30B-A3B-FP8")
    assert fp8 is not None and fp8.routed_params > 0 and fp8.expert_bytes == 0.0


def test_nemotron_3_ultra_nvfp4_keeps_its_mamba_and_shared_experts_fp8() -> None:
    # NVIDIA's Nemotron 3 Ultra NVFP4 checkpoint: routed experts NVFP4, shared experts and the
    # Mamba mixers FP8 (data/checkpoints.yaml, NVIDIA's blog's Table 1): on 8 x H100 at DP 8
    # each rank holds its FP8 layers whole beside an eighth of the experts
    spec = lookup_model("nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-NVFP4")
    assert spec is not None
    assert spec.expert_bytes == pytest.approx(NVFP4) and spec.weight_bytes > NVFP4
    dense = memory.weight_bytes(spec) - spec.routed_params * NVFP4
    assert dense > (spec.params_total - spec.routed_params) * 0.9  # about a byte a weight
    per_gpu = weights_per_gpu(spec, _vllm(dp=8))
    assert per_gpu == pytest.approx(dense + spec.routed_params * NVFP4 / 8)
    assert per_gpu > 64 * 2**30
