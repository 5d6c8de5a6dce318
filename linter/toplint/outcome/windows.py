"""The KV cache of a model's window layers (``ModelSpec.window_layers``: sliding-window and
chunked local layers), as an engine holds it for one sequence (read by
``toplint.outcome.memory``).

vLLM V1 (vllm-project/vllm@001cabc1 vllm/v1/kv_cache_interface.py): with its hybrid KV cache
manager a sliding-window layer keeps ``min(sliding_window - 1 + max_num_batched_tokens,
max_model_len)`` tokens and one block more (``SlidingWindowSpec.max_memory_usage_bytes``), a
chunked local layer ``min(attention_chunk_size + max_num_batched_tokens, max_model_len)``
(``ChunkedLocalAttentionSpec``), and the start-up check sums every layer's
``max_memory_usage_bytes`` against the KV cache (``check_enough_kv_cache_memory``).  With the
manager disabled, "sliding window attention are regarded as full attention in KV cache
manager (blocks are allocated for all tokens)" (``FullAttentionSpec``): every window layer
holds the whole context.  ``--disable-hybrid-kv-cache-manager`` disables it; so does vLLM
itself on a platform without it, for chunked local attention unless
``VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE=1``, and for a ``--kv-transfer-config``
connector without HMA support (vllm-project/vllm@000fc94b vllm/config/vllm.py
``VllmConfig.__post_init__``).

What is modelled: vLLM with the flag written - the window layers at full length per token; any
other vLLM deployment - the window itself, ``min(window, context)`` tokens in each window layer,
taken out of the KV cache before one sequence must fit: a floor of what every V1 release
holds (the batch's tokens and the block vLLM adds on top are not counted, nor the full length
a release without the manager keeps).  Where vLLM may turn the manager off itself
(``MemoryAccounting.window_off_keys``: a KV connector, whose HMA support differs by
connector and release; ``chunked_window_env``: chunked local layers, ``ModelSpec.
window_chunked``, unless the variable is 1, its default "0" from vllm-project/vllm#21761 and
"1" from #29627) and one sequence then does not fit, the fit is a doubt said with the
full-length figures (``doubt``), never a silent "fits".  Not read: the non-GPU platforms',
and chunked layers with an EAGLE draft, which vLLM keeps whole whatever the variable says.

SGLang (``toplint.engines.sglang_windows``): a model its window pool (``SWAKVPool``) does not
take - Gemma 2 and 3 - or any with ``--disable-hybrid-swa-memory`` counts every layer in a
token's KV cell; any other window model ``--swa-full-tokens-ratio`` (0.8) of a token in its
window layers, a floor where a release turns the pool off itself
(``MemoryAccounting.window_pool``).  Other engines' window caches are not read: their window
layers count nothing, as before.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import flag, option
from toplint.engines.registry import get_engine
from toplint.infra.numbers import finite
from toplint.model import Deployment
from toplint.outcome.weights import window_rank_bytes


def _switch(dep: Deployment) -> str:
    """The option that makes every window layer hold the whole context, where the engine's
    window cache has been read (``MemoryAccounting.full_window_key``); "" else."""
    return get_engine(dep.engine).memory.full_window_key


def _layer_token_bytes(model: ModelSpec, dep: Deployment) -> float:
    """One token's KV in the window layers one GPU holds: its PP stage's share of them."""
    return window_rank_bytes(model, dep) / max(dep.pp or 1, 1)


def _pooled(dep: Deployment, model: ModelSpec) -> float:
    """The share of a token the engine's own window pool keeps in the window layers
    (``MemoryAccounting.window_pool``): 1 where it pools no window for the model or is told
    not to, the ratio written (or its default) else; 0 where not read, or the ratio written
    cannot be read."""
    pool = get_engine(dep.engine).memory.window_pool
    if pool is None:
        return 0.0
    if model.model_type in pool.full_types or flag(dep.options, pool.off_key):
        return 1.0
    written = option(dep.options, pool.ratio_key)
    ratio = finite(str(written).strip("'\" ")) if written is not None else pool.ratio
    return ratio if ratio is not None and ratio > 0 else 0.0


def full_length(dep: Deployment, model: ModelSpec) -> float:
    """Bytes a token adds on one GPU for the window layers where the engine keeps them at full
    length (vLLM with ``--disable-hybrid-kv-cache-manager``; SGLang for a model its window
    pool does not take) or in a pool sized per token (SGLang's ratio: a floor); 0 otherwise."""
    if model.mla or model.window_layers <= 0 or model.window_tokens <= 0:
        return 0.0  # no window layers: asked of every memory model, answered before the engine
    if get_engine(dep.engine).memory.window_pool is not None:
        return _pooled(dep, model) * _layer_token_bytes(model, dep)
    switch = _switch(dep)
    return _layer_token_bytes(model, dep) if switch and flag(dep.options, switch) else 0.0


def reserve(dep: Deployment, model: ModelSpec, context: int | None) -> float:
    """Bytes one sequence's window layers take on one GPU beside its growing KV, where the
    engine keeps only the window (a floor: ``min(window, context)`` tokens); 0 where the
    engine's window cache is not read, or it keeps them at full length (``full_length``)."""
    if model.window_layers <= 0 or not _switch(dep) or full_length(dep, model) > 0:
        return 0.0
    tokens = model.window_tokens if context is None else min(model.window_tokens, context)
    return tokens * _layer_token_bytes(model, dep)


def _off_by(dep: Deployment, model: ModelSpec) -> str:
    """Why the engine may turn its window cache off itself, for the user; "" where nothing
    written or left unwritten lets it."""
    memory = get_engine(dep.engine).memory
    for keys in memory.window_off_keys:
        if option(dep.options, *keys) is not None:
            name = keys[0].replace("_", "-")
            return f"for a --{name} connector that does not support the hybrid manager"
    env = memory.chunked_window_env
    if model.window_chunked and env and str(dep.options.get(f"env.{env}", "")).strip() != "1":
        return f"for chunked local layers unless {env}=1, by default in some releases"
    return ""


def doubt(
    dep: Deployment, model: ModelSpec, context: int | None, kv: float, per_token: float
) -> tuple[float, float, str]:
    """Bytes a token adds for the window layers on one GPU, bytes one sequence's window takes
    beside them, and - where the engine may keep them at full length itself and one sequence
    of ``context`` fits ``kv`` (the KV cache's bytes) only with its window - what it fits with,
    for ``Memory.fits_from`` (the figures are then the full-length ones); "" else."""
    full = full_length(dep, model)
    window = reserve(dep, model, context)
    if full or not window or context is None or per_token <= 0 or not _off_by(dep, model):
        return full, window, ""
    if option(dep.options, _switch(dep)) is not None:  # on, written: vLLM keeps it or refuses
        return full, window, ""
    layer = _layer_token_bytes(model, dep)
    if (kv - window) // per_token < context or kv // (per_token + layer) >= context:
        return 0.0, window, ""  # the same verdict either way: judged with the window
    title = get_engine(dep.engine).title
    return layer, 0.0, f"{title} keeping them to their window (a release and settings that do)"


def said(dep: Deployment, model: ModelSpec, doubted: bool = False) -> str:
    """Why a token counts the window layers at full length, for TL205's message; "" else."""
    pool = get_engine(dep.engine).memory.window_pool
    if not doubted and not full_length(dep, model):
        return ""
    switch, title = _switch(dep).replace("_", "-"), get_engine(dep.engine).title
    why = f"with --{switch}"
    if pool is not None and _pooled(dep, model) < 1:
        return ""  # a share of a token, not every token
    if pool is not None and model.model_type in pool.full_types:
        why = f"as {title} pools no window for a {model.model_type} model"
    elif pool is not None:
        why = f"with --{pool.off_key.replace('_', '-')}"
    elif doubted:
        why = f"where {title} sets --{switch} itself, as it does {_off_by(dep, model)}"
    return (
        f" (its {model.window_layers} sliding-window or chunked layers keep every token, not "
        f"their {model.window_tokens:,}-token window, {why})"
    )
