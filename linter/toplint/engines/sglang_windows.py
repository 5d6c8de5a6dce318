"""SGLang's KV cache for a model's window layers (``MemoryAccounting.window_pool``).

sgl-project/sglang@001ccef0 python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py:
for a model ``ModelConfig.is_hybrid_swa`` (the architectures ``is_hybrid_swa_model`` lists,
less ``--disable-hybrid-swa-memory``) ``get_cell_size_per_token`` prices the full and the
sliding-window layers and ``set_num_tokens_hybrid_swa`` splits that memory into full-layer
tokens and ``swa_full_tokens_ratio`` (0.8) window-layer tokens for each: a full-layer token
costs ``F * n_full + r * S * n_swa``.  Any other model's cell counts all its layers.  The
architectures listed (@001adf56 python/sglang/srt/configs/model_config.py: Llama 4, gpt-oss,
MiMo V2, Step 3.5/3.7, Gemma 4, Laguna, DeepSeek V4) include no Gemma 2 or 3, for which
``ServerArgs`` also turns the pool off.  Some releases turn it off for gpt-oss too (with a
``trtllm_mha`` backend, hierarchical cache, or always in earlier ones): then every token is
kept, so ``r`` of a token is a floor for any listed model."""

from __future__ import annotations

from toplint.engines.windowpool import WindowPool

WINDOW_POOL = WindowPool(
    ratio_key="swa_full_tokens_ratio",
    ratio=0.8,
    full_types=frozenset({"gemma2", "gemma3", "gemma3_text"}),
    off_key="disable_hybrid_swa_memory",
    source="sgl-project/sglang@001ccef0 python/sglang/srt/model_executor/"
    "model_runner_kv_cache_mixin.py get_cell_size_per_token, set_num_tokens_hybrid_swa; "
    "@001adf56 python/sglang/srt/configs/model_config.py is_hybrid_swa_model",
)
