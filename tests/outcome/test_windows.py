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


# vllm-project/vllm@000fc94b vllm/config/vllm.py VllmConfig.__post_init__: with no preference
# written, a --kv-transfer-config connector whose class lacks HMA support turns the hybrid KV
# cache manager off ("Turning off hybrid kv cache manager because `--kv-transfer-config`
# selects a KV connector that does not support it"); which connectors support it differs by
# release, so toplint cannot say which happens.
NIXL = '{"kv_connector":"NixlConnector","kv_role":"kv_both"}'


def test_a_connector_makes_the_fit_a_doubt_said_at_full_length() -> None:
    """Gemma-3-27B at 65,536 tokens on an H100: 17.88 GiB of KV cache hold 229,014 tokens of
    its 10 full layers beside one 1,024-token window, 37,796 tokens of all 62."""
    model = _gemma()
    on = memory(serve(model.id, max_model_len="65536"), model, 79.65)
    doubt = memory(serve(model.id, max_model_len="65536", kv_transfer=NIXL), model, 79.65)
    assert on.fits and (on.kv_tokens, on.fits_from) == (229014, "")
    assert not doubt.fits and doubt.kv_tokens == 37796
    assert doubt.kv_per_token == 62 * LAYER and doubt.fits_from.startswith("vLLM keeping them")
    assert "does not support the hybrid manager" in doubt.windows_what


def test_a_connector_changes_nothing_where_both_fit_or_neither() -> None:
    model = _gemma()
    for length in ("16384", "400000"):
        plain = memory(serve(model.id, max_model_len=length), model, 79.65)
        connected = memory(serve(model.id, max_model_len=length, kv_transfer=NIXL), model, 79.65)
        assert (connected.kv_tokens, connected.fits_from) == (plain.kv_tokens, plain.fits_from)
        assert connected.windows_what == ""


def test_a_written_switch_leaves_no_doubt() -> None:
    """--no-disable-hybrid-kv-cache-manager: vLLM keeps the manager or refuses with its own
    error ("Hybrid KV cache manager was explicitly enabled but is not supported")."""
    model = _gemma()
    dep = serve(model.id, max_model_len="65536", kv_transfer=NIXL)
    written = serve(
        model.id, max_model_len="65536", kv_transfer=NIXL, disable_hybrid_kv_cache_manager="false"
    )
    assert memory(written, model, 79.65).fits and not memory(dep, model, 79.65).fits
    sglang = serve(model.id, engine="sglang", max_model_len="65536", kv_transfer=NIXL)
    assert not memory(sglang, model, 79.65).fits_from  # its window cache is not read


def test_sglang_keeps_every_token_of_a_model_its_window_pool_does_not_take() -> None:
    """sgl-project/sglang@001adf56 python/sglang/srt/configs/model_config.py
    is_hybrid_swa_model lists no Gemma 2 or 3, and @001ccef0 model_runner_kv_cache_mixin.py
    get_cell_size_per_token then counts all num_layers in a token's cell: Gemma-3-27B's 62
    layers, 507,904 B; 0.9 x 79.65 GiB less 50.31 GiB of weights holds 45,195 such tokens
    (280,214 of its 10 full layers alone)."""
    model = _gemma()
    sglang = serve(model.id, engine="sglang")
    assert full_length(sglang, model) == 52 * LAYER and reserve(sglang, model, 65536) == 0
    got = memory(sglang, model, 79.65)
    assert (got.kv_per_token, got.kv_tokens) == (62 * LAYER, 45195)
    assert "as SGLang pools no window for a gemma3 model" in got.windows_what
    assert full_length(serve(model.id, engine="sglang", tp=2), model) == 52 * LAYER / 2


def test_sglang_pools_a_share_of_a_token_for_the_models_it_lists() -> None:
    """sgl-project/sglang@001ccef0 model_runner_kv_cache_mixin.py set_num_tokens_hybrid_swa: a
    full-layer token costs F x n_full + r x S x n_swa.  gpt-oss-120b: 18 full and 18
    sliding-window layers of 8 KV heads x 64 (2,048 B a layer and token): 36,864 + 0.8 x
    36,864 = 66,355.2 B at the default ratio, 55,296 at 0.5, 73,728 with the pool off."""
    model = lookup_model("openai/gpt-oss-120b")
    assert model is not None and model.window_layers == 18
    window = 18 * 2048
    assert full_length(serve(model.id, engine="sglang"), model) == pytest.approx(0.8 * window)
    half = serve(model.id, engine="sglang", swa_full_tokens_ratio="0.5")
    assert full_length(half, model) == 0.5 * window
    off = serve(model.id, engine="sglang", disable_hybrid_swa_memory="")
    assert full_length(off, model) == window and reserve(off, model, 65536) == 0
    got = memory(serve(model.id, engine="sglang"), model, 79.65)
    assert got.kv_per_token == pytest.approx(36864 + 0.8 * window) and got.windows_what == ""
    assert "with --disable-hybrid-swa-memory" in memory(off, model, 79.65).windows_what
    unread = serve(model.id, engine="sglang", swa_full_tokens_ratio="auto")
    assert full_length(unread, model) == 0  # a ratio it cannot read: nothing counted
