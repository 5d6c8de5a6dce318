"""Layers whose KV holds a window of the context, read from config.json
(toplint.hardware.hfattention.window_of)."""

from __future__ import annotations

from toplint.hardware.hfattention import chunked_of, window_of


def test_a_sliding_window_pattern_makes_every_other_layer_local() -> None:
    """Gemma-2: ``sliding_window_pattern`` 2 with a 4,096-token window; every second layer is
    global, the rest keep the window (transformers Gemma2Config)."""
    assert window_of({"sliding_window": 4096, "sliding_window_pattern": 2}, 42) == (21, 4096)


def test_layer_types_name_the_sliding_and_the_chunked_layers() -> None:
    """gpt-oss: ``layer_types`` alternates "sliding_attention" and "full_attention" with a
    128-token ``sliding_window``; Llama 4's "chunked_attention" layers keep an
    ``attention_chunk_size`` chunk (transformers Llama4TextConfig)."""
    sliding = ["sliding_attention", "full_attention"] * 18
    assert window_of({"layer_types": sliding, "sliding_window": 128}, 36) == (18, 128)
    chunked = ["chunked_attention"] * 3 + ["full_attention"]
    cfg = {"layer_types": chunked * 12, "attention_chunk_size": 8192}
    assert window_of(cfg, 48) == (36, 8192)
    assert chunked_of(cfg, 48)
    assert not chunked_of({"layer_types": sliding, "sliding_window": 128}, 36)


def test_no_window_said_or_both_kinds_mixed_price_nothing() -> None:
    """A layer kind without its window, and a stack mixing sliding and chunked layers (which
    vLLM refuses: vllm-project/vllm@001cabc1 vllm/v1/kv_cache_interface.py
    FullAttentionSpec.merge), are not priced; neither is a stack without such layers."""
    assert window_of({"layer_types": ["sliding_attention", "full_attention"]}, 2) == (0, 0)
    mixed = {"layer_types": ["sliding_attention", "chunked_attention"], "sliding_window": 8}
    assert window_of({**mixed, "attention_chunk_size": 8}, 2) == (0, 0)
    assert window_of({"sliding_window": 4096}, 32) == (0, 0)  # Mistral-7B: every layer full
