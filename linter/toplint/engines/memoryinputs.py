"""The options an engine's memory accounting reads: the inputs of ``toplint.outcome.memory``.

Each part of ``MemoryAccounting`` (``toplint.engines.gpuneeds``) names the options it sizes
memory from - the fraction, the context, the start-up profile and warm-up batches, a hybrid
model's recurrent-state pages and share, the speculative-decoding draft, what is kept outside
the pool, virtual engines.  ``memory_inputs`` gathers them in one set, so that an option whose
value cannot be resolved (``$(VAR)`` with no value, ``$GMU`` in a script) is reported (TL003,
``toplint.parse.flagfields``) and the fit it feeds is not judged (``toplint.outcome.build``),
never computed with the engine's default in its place.

The draft's JSON fields (``Drafts.keys``: method, model, TP size) are fields inside
``Drafts.config_key``'s value, not options; ``Drafts.flat`` are options of their own.
"""

from __future__ import annotations

from functools import lru_cache

from toplint.engines.gpuneeds import MemoryAccounting
from toplint.engines.registry import find_engine


def memory_inputs(acc: MemoryAccounting) -> frozenset[str]:
    """Every option (``Deployment.options`` key) that ``acc`` sizes memory from."""
    keys = [*acc.keys, *acc.context_keys, *acc.config_overrides]
    keys += [acc.profile_images_key, acc.language_only_key]
    if acc.profile is not None:
        keys += [acc.profile.tokens_key, acc.profile.seqs_key, acc.profile.eager_key]
    if acc.warmup is not None:
        keys += [*acc.warmup.keys, acc.warmup.batch_size_key, *acc.warmup.logprobs_keys]
    if acc.states is not None:
        states = acc.states
        keys += [states.seqs_key, states.eager_key, states.block_key, *states.not_judged_keys]
    if acc.state_split is not None:
        split = acc.state_split
        keys += [split.ratio_key, split.size_key, split.radix_off_key, split.running_key]
    if acc.drafts is not None:
        keys += [acc.drafts.config_key, *acc.drafts.flat]
    if acc.outside is not None:
        keys.append(acc.outside.symm_key)
    if acc.virtual_engines is not None:
        keys.append(acc.virtual_engines.key)
    return frozenset(k for k in keys if k)


@lru_cache(maxsize=64)
def engine_memory_inputs(engine: str) -> frozenset[str]:
    """``memory_inputs`` of the engine named ``engine`` (a ``Deployment.engine``); empty for a
    name no engine has."""
    found = find_engine(engine)
    return memory_inputs(found.memory) if found is not None else frozenset()
