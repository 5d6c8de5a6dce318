"""MiniMax-M2.1 is MiniMax-M2.5's architecture (scripts/models_manifest.yaml cites the config.json
its re-releases copy): a deployment of it is priced as that row, with its FP8 weights (open-world
set 31: shreyansh26/MLSys-Experiments@b63fb8c7 vllm_features/bench/launch_minimax_m21.sh)."""

from __future__ import annotations

from toplint.hardware.models import lookup_model


def test_minimax_m2_1_is_the_m2_5_architecture() -> None:
    m21 = lookup_model("MiniMaxAI/MiniMax-M2.1", hf_cache=False)
    m25 = lookup_model("MiniMaxAI/MiniMax-M2.5", hf_cache=False)
    assert m21 is not None and m25 is not None
    assert m21.id == m25.id and m21.weight_bytes == m25.weight_bytes == 1.0
