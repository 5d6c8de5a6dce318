"""KAITO's node estimator, checked against KAITO's own estimator tests (kaito-project/kaito
pkg/workspace/estimator/nodesestimator/estimator_test.go @056b828)."""

from __future__ import annotations

from toplint.parse.k8s.kaito_sizing import CATALOG, bytes_per_token, nodes_for, quantity_bytes

GIB = 1024**3


def test_quantity_rounds_up_to_whole_bytes() -> None:
    assert quantity_bytes("121.54Gi") == 130_502_581_289


def test_qwen_coder_32b_needs_two_single_gpu_nodes() -> None:
    # TestNodeEstimator_EstimateNodeCount_Qwen25Coder32B: 62.5Gi, 163,840 B/token, A100 80 GB.
    assert nodes_for(quantity_bytes("62.5Gi"), 163_840, 1, 80 * GIB, 2048) == 2


def test_falcon_7b_fits_one_a10() -> None:
    # TestNodeEstimator_EstimateNodeCount_Falcon7B: 13.44Gi, 8,192 B/token, A10 24 GB.
    assert nodes_for(quantity_bytes("13.44Gi"), 8192, 1, 24 * GIB, 2048) == 1


def test_kv_reserve_larger_than_the_gpu_is_refused() -> None:
    assert nodes_for(GIB, 10**6, 1, 24 * GIB, 1_000_000) is None


def test_mla_bytes_per_token_use_the_latent_rank() -> None:
    # calculateKVCacheTokenSize: (kv_lora_rank 512 + qk_rope_head_dim 64) x 61 layers x 2 B.
    assert bytes_per_token(CATALOG["deepseek-ai/deepseek-r1-0528"]) == 576 * 61 * 2


def test_gqa_bytes_per_token_use_kv_heads() -> None:
    # Llama-3.3-70B: 2 x 8 KV heads x 128 (8192 / 64) x 80 layers x 2 B.
    assert bytes_per_token(CATALOG["meta-llama/llama-3.3-70b-instruct"]) == 327_680
