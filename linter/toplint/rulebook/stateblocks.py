"""TL205's words for a hybrid model whose running sequences outnumber its recurrent-state
blocks (``toplint.outcome.states``): the blocks are a band, from the fewest (the start-up
working memory at the most a refusing release's profile run can allocate) to the most (at the
working memory's low end), so a count inside the band is said as the band, not as one number."""

from __future__ import annotations

from toplint.engines.registry import get_engine
from toplint.engines.release import Releases, holds
from toplint.model import Deployment
from toplint.outcome.types import GIB, Memory

__all__ = ["blocks", "refusal_quote", "since", "too_few"]


def _gib(value: float) -> str:
    return f"{value / GIB:.1f} GiB"


def blocks(m: Memory) -> str:
    """The blocks one GPU's KV cache holds: one count, or the band."""
    if m.state_blocks_low > m.state_blocks:
        return f"{m.state_blocks:,} to {m.state_blocks_low:,}"
    return f"{m.state_blocks:,}"


def too_few(m: Memory, refuses: str, budget: str) -> str:
    """The finding's message: the blocks (a band when the working memory leaves them
    uncertain) against the sequences the engine runs."""
    working = (
        f"start-up working memory {_gib(m.working_low)} to {_gib(m.state_working)}"
        if m.state_working > m.working_low
        else f"working memory {_gib(m.working)}"
    )
    fewer = (
        "fewer than the sequences it runs"
        if m.sequences > max(m.state_blocks, m.state_blocks_low)
        else "the fewest of them fewer than the sequences it runs"
    )
    return (
        f"the KV cache holds {blocks(m)} blocks of this hybrid model's recurrent state per GPU "
        f"after weights {_gib(m.weights)} + {working}, one per running sequence, {fewer} "
        f"({m.sequences_from}): {refuses} ({budget})"
    )


def refusal_quote(m: Memory) -> str:
    """What the engine says when it refuses, with this deployment's numbers ("" when the
    engine's words are not known)."""
    refusal = get_engine(m.engine).memory.states
    said = refusal.refusal if refusal is not None else ""
    return said.format(seqs=m.sequences, blocks=blocks(m)) if said else ""


def since(dep: Deployment, m: Memory) -> str:
    """The release from which the engine refuses more running sequences than recurrent-state
    blocks, where that is the only shortfall and the deployment pins no release (the ones
    before it start: vLLM before 0.19.0 runs them without full CUDA graphs); "" otherwise."""
    if m.states_fit or not (m.weights_fit and m.one_sequence_fits):
        return ""
    states = get_engine(m.engine).memory.states
    unknown = states is not None and holds(dep, Releases(since=states.since)).unknown
    return states.since if states is not None and unknown else ""
