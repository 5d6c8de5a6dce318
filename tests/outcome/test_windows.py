"""The KV cache of window layers as vLLM holds it for one sequence (toplint.outcome.windows)."""

from __future__ import annotations

import pytest

from tests.outcome.helpers import serve
from toplint.hardware.models import lookup_model
from toplint.outcome.memory import memory
from toplint.outcome.windows import full_length, reserve

# Gemma-3-27B: 62 layers, 52 of them sliding-window layers of 1,024 tokens, 16 KV heads x 128
LAYER = 2 * 16 * 128 * 2  # K and V, 16-bit, one layer and token


def _gemma():  # type: ignore[no-untyped-def]
    model = lookup_model("google/gemma-3-27b-it")
    assert model is not None and (model.window_layers, model.window_tokens) == (52, 1024)
    return model


def test_without_the_hybrid_manager_every_window_layer_holds_the_whole_context() -> None:
    """vllm-project/vllm@001cabc1 vllm/v1/kv_cache_interface.py FullAttentionSpec: with the
    hybrid allocator disabled, sliding-window layers get blocks for all tokens."""
    model = _gemma()
    off = serve(model.id, disable_hybrid_kv_cache_manager="")
    assert full_length(off, model) == 52 * LAYER
    assert reserve(off, model, 65536) == 0
    assert full_length(serve(model.id, tp=2, disable_hybrid_kv_cache_manager=""), model) == (
        52 * LAYER / 2
    )
    assert full_length(serve(model.id, disable_hybrid_kv_cache_manager="false"), model) == 0


def test_with_it_one_sequence_holds_at_least_its_window_in_each() -> None:
    """SlidingWindowSpec.max_memory_usage_bytes: min(window - 1 + batch tokens, max_model_len)
    tokens and a block more; the window alone is the floor counted."""
    model = _gemma()
    on = serve(model.id)
    assert reserve(on, model, 65536) == 1024 * 52 * LAYER
    assert reserve(on, model, 512) == 512 * 52 * LAYER
    assert reserve(serve(model.id, engine="sglang"), model, 65536) == 0  # not read


def test_the_fit_counts_them() -> None:
    model = _gemma()
    on = memory(serve(model.id, max_model_len="65536"), model, 80.0)
    off = memory(
        serve(model.id, max_model_len="65536", disable_hybrid_kv_cache_manager=""), model, 80.0
    )
    assert on.fits and not off.fits
    assert off.kv_per_token == pytest.approx(on.kv_per_token * 62 / 10)
