"""TL205's words, and its fix, for an SGLang fraction that leaves too little outside the
weights and the KV pool for what the server allocates after the pool
(``toplint.outcome.outside``): the allocations are a band, from the fixed band's low end to its
high end or, where the server preallocates buffers there, the headroom the engine picks its own
default with, each with the symmetric-memory pool."""

from __future__ import annotations

import math

from toplint.outcome.types import GIB, Memory

__all__ = ["fraction", "too_little"]


def _gib(value: float) -> str:
    return f"{value / GIB:.1f} GiB"


def too_little(m: Memory, refuses: str, gpu: str) -> str:
    """The finding's message: the room outside the pool against the allocations after it."""
    symm = f", {_gib(m.outside_symm)} of it the symmetric-memory pool" if m.outside_symm else ""
    return (
        f"{m.setting} of the {m.capacity / GIB:g} GiB {gpu} leaves {_gib(m.outside)} per GPU "
        f"outside the weights ({_gib(m.weights)}) and the KV pool, but what the server "
        f"allocates after the pool - activations, CUDA graphs, all-to-all buffers - is "
        f"{_gib(m.outside_need_low)} to {_gib(m.outside_need)} (the start-up band, and beside "
        f"a preallocated buffer the engine's own estimate{symm}): {refuses} "
        '("CUDA out of memory" before it serves)'
    )


def fraction(m: Memory) -> str:
    """The largest fraction, in hundredths, that leaves the high end outside; "" when the
    weights would not fit it."""
    lower = math.floor((m.capacity - m.outside_need) / m.capacity * 100) / 100
    return f"{lower:g}" if lower * m.capacity > m.weights else ""
