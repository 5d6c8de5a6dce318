"""Why a layout wins, and why the obvious alternatives lose, with the numbers behind it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from toplint.hardware.linkkinds import kind as kind_of
from toplint.model import Dimension
from toplint.placement.types import Placement
from toplint.plan.rank import TIE, Candidate

__all__ = ["alternatives", "why_behind", "why_not", "why_wins"]


def _link(placement: Placement, kind: Dimension) -> str:
    group = placement.worst(kind)
    if group is None:
        return ""
    where = "across nodes" if group.crosses_nodes else "inside one node"
    return f"{group.link.kind} {group.link.bandwidth_gb_per_s:g} GB/s per direction, {where}"


def why_wins(c: Candidate, prompt_tokens: int) -> list[str]:
    """What the layout costs and where each of its groups runs."""
    out = [
        f"decode {c.itl_ms:.1f} ms per token ({c.cost.decode_comm_ms_per_step:.2f} ms of it "
        f"communication), {c.prompt_ms:.0f} ms per {prompt_tokens}-token prompt "
        f"({c.cost.prefill_comm_ms:.1f} ms communication), "
        f"{c.tokens_per_s_per_gpu:.1f} tokens/s per GPU"
        if c.priced
        else f"latency not priced; communication {c.cost.decode_comm_ms_per_step:.2f} ms per "
        f"decode step, {c.cost.prefill_comm_ms:.1f} ms per {prompt_tokens}-token prompt"
    ]
    names: tuple[tuple[Dimension, str], ...] = (("tp", "TP"), ("pp", "PP"), ("ep", "EP"))
    for kind, name in names:
        group = c.placement.worst(kind)
        if group is not None:
            out.append(f"{name}={group.size} runs over {_link(c.placement, kind)}")
    if c.comm_free:
        out.append("each replica fits one GPU: no collective crosses any link")
    if c.layout.dp > 1:
        out.append(f"{c.layout.dp} data-parallel replicas")
    out.append(
        f"memory: {c.memory.weights_gb:.1f} GiB of weights per GPU of "
        f"{c.memory.usable_gb:.1f} GiB usable; "
        f"KV cache for {c.memory.kv_tokens:,} tokens per replica"
    )
    out += [f"misses: {m}" for m in c.misses if not any(d in m for d in c.doubted)]
    out += [f"may not start: {d}" for d in c.doubted]
    return out


def why_not(best: Candidate, alt: Candidate, prompt_tokens: int) -> str:
    """One sentence: how ``alt`` loses to ``best`` (``best``'s row names its alternatives)."""
    return _versus(best, alt, prompt_tokens, alt.layout.describe())


def why_behind(best: Candidate, alt: Candidate, prompt_tokens: int) -> str:
    """One sentence for ``alt``'s own row: how it compares with the best layout (#1)."""
    return _versus(best, alt, prompt_tokens, f"against #1 {best.layout.describe()}")


def _versus(best: Candidate, alt: Candidate, prompt_tokens: int, name: str) -> str:
    if alt.refused:  # it does not start: how fast it would be does not matter
        return f"{name}: the engine would refuse it: {alt.refused[0]}"
    if not alt.memory.fits:
        short = (
            "" if alt.memory.context_fits else " (and not for one sequence of the model's context)"
        )
        return (
            f"{name}: does not fit: {alt.memory.weights_gb:.1f} GiB of weights + "
            f"{alt.memory.overhead_gb:.1f} GiB working memory per GPU leave KV room for "
            f"{alt.memory.kv_tokens:,} tokens, {alt.memory.needed_tokens:,} needed{short}"
        )
    if alt.doubted and not best.doubted:  # ``rank``: behind every layout all releases start
        return f"{name}: ranked behind the layouts every release starts: {alt.doubted[0]}"
    cause = _crossing(alt)
    if not (alt.priced and best.priced):  # no latency to compare: communication alone
        d_comm = alt.cost.prefill_comm_ms - best.cost.prefill_comm_ms
        return f"{name}{cause}: latency not priced; {d_comm:+.1f} ms of prefill communication"
    # Total predicted times (compute + communication), as the ranking uses them.
    d_prompt = alt.prompt_ms - best.prompt_ms
    d_itl = alt.itl_ms - best.itl_ms
    deltas = f"{d_prompt:+.0f} ms per {prompt_tokens}-token prompt, {d_itl:+.2f} ms per token"
    if alt.misses and not best.misses:
        return f"{name}{cause}: {deltas}; {alt.misses[0]}"
    if d_prompt > TIE * best.prompt_ms or d_itl > TIE * best.itl_ms:
        return f"{name}{cause}: {deltas}"
    ratio = best.tokens_per_s_per_gpu / alt.tokens_per_s_per_gpu if alt.tokens_per_s_per_gpu else 0
    if ratio > 1 + TIE:
        return f"{name}: {ratio:.1f}x less throughput per GPU at the same latency"
    kv_best = best.memory.kv_tokens * best.layout.dp
    kv_alt = alt.memory.kv_tokens * alt.layout.dp
    if kv_best > kv_alt:
        return (
            f"{name}: same latency within {TIE:.0%}, but KV cache for {kv_alt:,} tokens "
            f"instead of {kv_best:,} (more copies of the weights)"
        )
    return f"{name}: within {TIE:.0%} of the winner on every estimate"


def _crossing(c: Candidate) -> str:
    """' would cross <link>' for the costliest group that leaves a node or NVLink."""
    labels: tuple[tuple[Dimension, str], ...] = (("tp", "TP"), ("ep", "EP"))
    for kind, label in labels:
        group = c.placement.worst(kind)
        if group is None:
            continue
        if group.crosses_nodes and group.link.scope == "inter":
            inter = c.placement.cluster.inter
            line_rate = inter.bandwidth_gb_per_s * 8  # GB/s per direction -> Gb/s line rate
            return f" would cross {line_rate:g} Gb/s {inter.network} with {label}={group.size}"
        if not kind_of(group.link.kind).full:
            return (
                f" would run {label}={group.size} over {group.link.kind} "
                f"({group.link.bandwidth_gb_per_s:g} GB/s per direction)"
            )
    return ""


def alternatives(ranked: Sequence[Candidate], all_cands: Sequence[Candidate]) -> list[Candidate]:
    """The layouts a person would try first: all-TP, all-DP, the EP variant, the runner-up."""
    best = ranked[0]
    picks: list[Candidate] = []

    def first(pred: Callable[[Candidate], bool]) -> None:
        for c in all_cands:
            if c is not best and c not in picks and pred(c):
                picks.append(c)
                return

    first(lambda c: c.layout.pp == 1 and c.layout.dp == 1 and c.layout.ep == 1)
    first(lambda c: c.layout.tp == 1 and c.layout.pp == 1 and c.layout.ep == 1)
    first(lambda c: c.layout.ep > 1)
    first(lambda c: c.layout.tp == best.layout.tp and c.layout.pp == 1 and c.layout.ep == 1)
    if len(ranked) > 1 and ranked[1] not in picks:
        picks.append(ranked[1])
    return picks
