"""Settings with which a deployment that does not fit would: a larger memory share
(``larger_share``), a smaller start-up warm-up batch (``warm_up_batch``), fewer running
sequences for a hybrid model's recurrent-state blocks (``fewer_sequences``).  Each is judged by
the outcome's own memory model (``toplint.outcome.memory``), never by arithmetic of its own.

The warm-up batch (an engine that warms up: TGI) in two steps: the batch cut to one request
(``--max-batch-prefill-tokens`` down to the input), else the longest request - a multiple of
1,024 tokens below the current total - whose warm-up fits, with the input one token shorter
and the prefill equal to it (the launcher refuses a prefill below the input: launcher/src/
main.rs "`max_batch_prefill_tokens` must be >= `max_input_tokens`",
huggingface/text-generation-inference v2.2.0).
"""

from __future__ import annotations

import math

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.model import Deployment
from toplint.outcome.memory import accounting, memory, memory_setting
from toplint.outcome.warmup import needs
from toplint.record import replace

STEP = 1024  # the totals tried, in tokens


def larger_share(
    dep: Deployment, model: ModelSpec | None, gpu_gib: float, limit: float = 0.95, gpu: str = ""
) -> float | None:
    """The smallest memory setting (in steps of 0.05, up to ``limit``) with which ``dep`` fits
    GPUs of ``gpu_gib`` (named ``gpu``: an engine's defaults may depend on it), when the
    engine's setting is a fraction of the total; None when none does."""
    acc = accounting(dep.engine)
    if model is None or not acc.of_total:
        return None
    now, _ = memory_setting(dep)
    for step in range(math.ceil(now * 20 + 1e-9), 20):
        share = step / 20
        if share <= now:
            continue
        if share > limit + 1e-9:
            return None
        options = {**dep.options, acc.keys[0]: f"{share:g}"}
        found = memory(replace(dep, options=options), model, gpu_gib, gpu)
        if found.draft_unjudged:  # a draft toplint cannot size: no share is known to fit
            return None
        if found.fits:
            return share
    return None


def warm_up_batch(
    dep: Deployment, model: ModelSpec | None, gpu_gib: float, gpu: str = ""
) -> dict[str, int] | None:
    """The options to write (canonical names) so that ``dep``'s warm-up fits GPUs of
    ``gpu_gib``; None when the engine runs no modelled warm-up or no such batch fits."""
    keys = get_engine(dep.engine).memory.warmup
    found = needs(dep, model) if keys is not None else None
    if keys is None or model is None or found is None or not found.needs:
        return None
    need = max(found.needs, key=lambda n: n.high)

    def fits(changes: dict[str, int]) -> bool:
        options = {**dep.options, **{k: str(v) for k, v in changes.items()}}
        return memory(replace(dep, options=options), model, gpu_gib, gpu).fits

    if need.prefill > need.input and fits({keys.prefill_key: need.input}):
        return {keys.prefill_key: need.input}
    written = next((k for k in keys.input_keys if k in dep.options), keys.input_keys[0])

    def shorter(steps: int) -> dict[str, int]:  # one request of ``steps`` × STEP tokens
        tokens = steps * STEP
        return {written: tokens - 1, keys.total_key: tokens, keys.prefill_key: tokens - 1}

    low, high = 1, (max(need.total, need.input + 1) - 1) // STEP
    best = 0
    while low <= high:  # the longest total whose warm-up fits (the need grows with it)
        mid = (low + high) // 2
        if fits(shorter(mid)):
            best, low = mid, mid + 1
        else:
            high = mid - 1
    return shorter(best) if best else None


def fewer_sequences(
    dep: Deployment, model: ModelSpec | None, gpu_gib: float, gpu: str = ""
) -> int | None:
    """The most running sequences, a power of two below those ``dep`` runs (the engine
    captures its CUDA graphs at such sizes), whose recurrent-state blocks hold them even at
    the fewest (``Memory.states_fit``); fewer sequences also shrink the profile run that sizes
    the blocks.  None when the blocks are not judged or no such count fits."""
    if model is None:
        return None
    found = memory(dep, model, gpu_gib, gpu)
    states = get_engine(dep.engine).memory.states
    if states is None or found.state_blocks < 0 or found.sequences <= 1:
        return None
    count: int = 1 << int(math.log2(found.sequences - 1))
    while count >= 1:
        options = {**dep.options, states.seqs_key: str(count)}
        if memory(replace(dep, options=options), model, gpu_gib, gpu).states_fit:
            return count
        count //= 2
    return None
