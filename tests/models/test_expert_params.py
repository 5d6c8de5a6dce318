"""The routed experts' parameters come from the config's reader, one count every stage uses
(``ModelSpec.routed_params``): the weight streaming and the memory per GPU read it.  Kimi-K3's
latent MoE runs its 896 experts on ``routed_expert_hidden_size`` (3,584), not ``hidden_size``
(7,168): counted on the hidden size the experts outweighed the whole model, and decode was
priced at a negative time per token (-129 ms: a TP 4 × PP 8 job of mehdidc/pi-slurm-vllm@77fcc1ce
slurm/jupiter/Kimi-K3.sbatch, sweep 33's development half)."""

from __future__ import annotations

import pytest

from toplint.cost.compute import stream_ms
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.models import catalog_ids, lookup_model


def test_a_latent_moe_counts_its_experts_on_their_own_width() -> None:
    spec = lookup_model("moonshotai/Kimi-K3")
    assert spec is not None
    width = 3584  # routed_expert_hidden_size
    assert spec.routed_params == spec.expert_params
    assert spec.expert_params == spec.num_moe_layers * spec.num_experts * 3 * width * 3072
    assert spec.routed_params < spec.params_total


@pytest.mark.parametrize("model_id", catalog_ids())
def test_every_catalog_model_streams_a_positive_time(model_id: str) -> None:
    spec = lookup_model(model_id)
    assert spec is not None
    assert 0 <= spec.routed_params <= spec.params_total
    gpu = lookup_gpu("H100-SXM-80GB")
    assert gpu is not None
    ms = stream_ms(gpu, spec, 1, 8, 1, 8, [])
    assert ms is not None and ms > 0
