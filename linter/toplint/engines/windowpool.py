"""How an engine sizes the KV cache of a model's window layers beside its full ones, where its
source has been read (``MemoryAccounting.window_pool``, read by ``toplint.outcome.windows``)."""

from __future__ import annotations

from toplint.record import record


@record
class WindowPool:
    """A pool of ``ratio_key`` (default ``ratio``) window-layer tokens for each token of the
    full layers; every token, as in a full layer, for a model whose config.json ``model_type``
    is one of ``full_types`` (the engine pools no window for it) or with ``off_key`` written."""

    ratio_key: str
    ratio: float
    full_types: frozenset[str]
    off_key: str
    source: str
