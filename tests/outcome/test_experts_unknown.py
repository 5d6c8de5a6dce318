"""A model known by its checkpoint's size only (``ModelSpec.experts_known`` false) under a layout
that spreads routed experts wider than the other layers: its misfit is not a fact
(``toplint.outcome.build._experts_unknown``)."""

from __future__ import annotations

from tests.parse.helpers import only
from toplint.catalog_types import ModelSpec
from toplint.cost.types import Workload
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.hardware.types import GpuSpec
from toplint.model import Deployment
from toplint.outcome.build import _outcome

# Attention fields and a checkpoint's size, no FFN fields: hfconfig's partial spec.
SIZED = {
    "hidden_size": 6144,
    "num_hidden_layers": 70,
    "num_attention_heads": 128,
    "num_key_value_heads": 8,
    "checkpoint_bytes": 1_000_000_000_000,
    "quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]},
}


def _spec(**fields: object) -> ModelSpec:
    return spec_from_hf_config({**SIZED, **fields}, model_id="x/sized")


def _gpu() -> GpuSpec:
    gpu = lookup_gpu("H200-SXM-141GB")
    assert gpu is not None
    return gpu


def _dep(flags: str) -> Deployment:
    command = (
        f"python -m sglang.launch_server --model-path x/sized --mem-fraction-static 0.7 {flags}"
    )
    return only("a.sh", command + "\n")


def test_a_size_only_spec_does_not_know_its_experts_and_a_read_one_does() -> None:
    assert not _spec().experts_known
    dense = _spec(intermediate_size=24576, vocab_size=152064)
    assert dense.experts_known and not dense.is_moe


def test_dp_attention_leaves_a_misfit_of_a_size_only_model_unjudged() -> None:
    # 16 ranks in DP attention of 8: counted dense, each keeps 1/2 of the checkpoint (465 GiB);
    # counted as experts over all 16, 1/16 (58 GiB) fits 0.7 of an H200.
    dep = _dep("--tp 16 --dp 8 --enable-dp-attention")
    found = _outcome(dep, _spec(), _gpu(), None, Workload())
    assert found.memory is None
    assert "checkpoint's size" in found.memory_unjudged and "over 16 GPUs" in found.memory_unjudged


def test_a_misfit_even_with_every_weight_spread_stands() -> None:
    # Two ranks: half the checkpoint each even counted all experts.
    found = _outcome(_dep("--tp 2 --dp 2 --enable-dp-attention"), _spec(), _gpu(), None, Workload())
    assert found.memory is not None and not found.memory.fits and not found.memory_unjudged
    assert found.memory.weights < 1_000_000_000_000 / 2 * 1.01  # the least: all over 2 GPUs


def test_plain_tensor_parallelism_judges_a_size_only_model_as_before() -> None:
    # TP 4 spreads every layer alike: the count is what it is, and 250 GB does not fit.
    found = _outcome(_dep("--tp 4"), _spec(), _gpu(), None, Workload())
    assert found.memory is not None and not found.memory.fits and not found.memory_unjudged
