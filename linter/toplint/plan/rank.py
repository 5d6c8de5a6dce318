"""Estimate every layout with the placement and cost stages, then rank them.

Per layout, the one outcome model ``check`` and ``cost`` also read (``toplint.outcome``): ITL
(weight streaming over every pipeline stage in turn, MoE layers' small kernels, the step's
collectives), TTFT (prefill compute and collectives), tokens/s per GPU, and memory by the
engine's own accounting.

A layout "meets the budgets" when it meets ``--itl-ms`` / ``--ttft-ms`` and passes the rules
of ``toplint check``: a layout check would flag at warning or above (expert parallel over PCIe,
TP across an Ethernet link, ...) is never recommended ahead of a clean one, and no threshold of
the planner's own demotes a layout check finds clean, so ``plan`` and ``check`` cannot
disagree.  Among those, layouts rank by the objective's total predicted time (compute and
communication): decode time per token, then time per prompt (latency), or throughput per GPU
first (throughput).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Budgets, CostReport, Workload
from toplint.engines.registry import get_engine
from toplint.hardware.types import Cluster
from toplint.model import Deployment, Severity
from toplint.outcome.precision import precision
from toplint.outcome.refusals import refusals
from toplint.outcome.types import Memory as OutcomeMemory
from toplint.pipeline.deployment import place_and_cost
from toplint.pipeline.lint import all_rules
from toplint.placement.types import Placement
from toplint.plan.enumerate import Layout, Memory, layouts, memory_fit
from toplint.record import record
from toplint.rulebook.run import RuleSettings, run_rules
from toplint.rulebook.stateblocks import blocks
from toplint.rulebook.types import Rule

if TYPE_CHECKING:
    from toplint.rulebook.analysis import Analysis

__all__ = ["Candidate", "candidates", "evaluate", "pinned", "rank"]

# Two estimates closer than this are a tie: the α-β model's stated accuracy on measured
# collectives is within ±5-25% per tier (../shared/reference/measured-collectives.md), so a
# smaller difference says nothing about the real system.
TIE = 0.05


@record
class Candidate:
    layout: Layout
    placement: Placement
    cost: CostReport
    memory: Memory
    itl_ms: float
    prompt_ms: float
    tokens_per_s_per_gpu: float
    misses: tuple[str, ...]  # budgets or thresholds the layout misses
    refused: tuple[str, ...] = ()  # why the engine would not start it (``Outcome.problems``)
    priced: bool = True  # False: the GPU gives no yardstick, ``itl_ms`` and ``prompt_ms`` are 0
    flagged: bool = False  # ``check`` warns of it (or worse): among ``misses``
    # refusals some releases make and no release is pinned (``release.holds`` "unknown":
    # TurboMind's power-of-two TP before v0.6): it starts only if the release installed is not one
    doubted: tuple[str, ...] = ()

    @property
    def meets(self) -> bool:
        return not self.misses

    @property
    def comm_free(self) -> bool:
        """One GPU per replica: nothing crosses any link."""
        return self.layout.tp * self.layout.pp == 1 and self.layout.ep == 1


def deployment_for(
    layout: Layout,
    model: ModelSpec,
    engine: str,
    options: Mapping[str, str] | None = None,
    model_id: str = "",
) -> Deployment:
    """The deployment a planned layout makes, with the engine ``options`` the plan pins
    (``pinned``: what the GPU needs the command to say), serving ``model_id`` - the checkpoint
    the user named, whose words say its format (``-NVFP4``: ``toplint.outcome.precision``), as
    the printed command does - or the catalog's architecture entry."""
    return Deployment(
        path="<plan>",
        line=1,
        column=1,
        engine=engine,
        model=model_id or model.id,
        tp=layout.tp,
        pp=layout.pp,
        dp=layout.dp,
        ep=layout.ep,
        ep_enabled=layout.ep > 1,
        gpus=layout.gpus,
        source_kind="plan",
        options=dict(options or {}),
    )


def pinned(model: ModelSpec, cluster: Cluster, engine: str, model_id: str = "") -> dict[str, str]:
    """Engine options every planned command says because of the GPU: a BF16 checkpoint on GPUs
    without BF16 is served as float16 (``--dtype half``, the fix TL212 gives), which the engine
    does on its own only from a release on (``Engine.bf16_auto_cast_since``), so the command
    ``check`` reads gets no TL212 (V100s in the shared corpus, QwenLM and Gemma configs of the
    open-world sets).  The outcome is the same: both formats take two bytes per weight."""
    option = get_engine(engine).dtype_option
    one = deployment_for(Layout(1, 1, 1), model, engine, model_id=model_id)
    found = precision(one, model, cluster.gpu)
    if option and found is not None and found.fmt == "bf16" and found.effect == "degrades":
        return {option: "half"}
    return {}


# Rules whose concern the planner already weighs with its own numbers (budgets and memory) or
# that judge how a file is written rather than the layout.
_PLANNED_ELSEWHERE = ("TL105", "TL106", "TL205", "TL003", "TL004", "TL201", "TL209")


def evaluate(
    layout: Layout,
    model: ModelSpec,
    cluster: Cluster,
    engine: str,
    workload: Workload,
    budgets: Budgets,
    rules: Sequence[Rule] = (),
    options: Mapping[str, str] | None = None,
    model_id: str = "",
) -> Candidate:

    dep = deployment_for(layout, model, engine, options, model_id)
    analysis = place_and_cost(dep, cluster, model, workload)
    placement, cost = analysis.placement, analysis.cost
    assert placement is not None and cost is not None  # place_and_cost always sets both
    outcome = analysis.outcome
    latency = outcome.latency if outcome is not None else None
    itl = latency.itl_ms if latency is not None else 0.0
    prompt = latency.ttft_ms if latency is not None else 0.0
    throughput = latency.tokens_per_s / layout.gpus if latency is not None else 0.0
    needed = workload.prompt_tokens * max(workload.decode_batch, 1)
    memory = memory_fit(outcome.memory if outcome is not None else None, needed)
    flagged = _flagged(rules, analysis, workload, budgets)
    if outcome is not None and outcome.memory is not None and not outcome.memory.states_fit:
        flagged += (_too_few_states(outcome.memory),)
    misses = _misses(itl, prompt, budgets) + flagged
    # A step toplint could not price in full is never ranked as if it were cheap.
    misses += tuple(f"not priced: {u}" for u in cost.unpriced)
    if latency is None:
        misses += (UNPRICED,)
    refused = outcome.problems if outcome is not None else ()
    doubted = tuple(r.message for r in refusals(dep, model) if not r.certain and not r.ignored)
    return Candidate(
        layout,
        placement,
        cost,
        memory,
        itl,
        prompt,
        throughput,
        misses,
        refused,
        latency is not None,
        bool(flagged),
        doubted,
    )


UNPRICED = (
    "not priced: the GPU's memory bandwidth or 16-bit compute rate is not known (describe it: "
    "gpu: {name, memory, memory_bandwidth, bf16_tflops})"
)


def _misses(itl: float, prompt: float, budgets: Budgets) -> tuple[str, ...]:
    """The budgets the layout misses, by total predicted time (compute + communication)."""
    out: list[str] = []
    if budgets.itl_ms is not None and itl > budgets.itl_ms:
        out.append(f"decode {itl:.1f} ms per token exceeds the {budgets.itl_ms:g} ms ITL budget")
    if budgets.ttft_ms is not None and prompt > budgets.ttft_ms:
        out.append(f"prefill {prompt:.0f} ms exceeds the {budgets.ttft_ms:g} ms TTFT budget")
    return tuple(out)


def _too_few_states(m: OutcomeMemory) -> str:
    """A hybrid model's recurrent-state blocks fewer than the sequences the planned command
    runs: TL205 warns of it (the engine refuses from a release on), and the planner weighs
    memory itself (``_PLANNED_ELSEWHERE``), so it is a miss here, as ``check`` says it."""
    return (
        f"TL205: the KV cache holds {blocks(m)} blocks of this hybrid model's recurrent state "
        f"per GPU, fewer than the {m.sequences:,} sequences it runs ({m.sequences_from})"
    )


def _flagged(
    rules: Sequence[Rule], analysis: Analysis, workload: Workload, budgets: Budgets
) -> tuple[str, ...]:
    """What ``toplint check`` would say about this layout, at warning or above."""
    if not rules:
        return ()

    active = [r for r in rules if r.code not in _PLANNED_ELSEWHERE]
    found = run_rules(active, [analysis], RuleSettings(), budgets, workload)
    return tuple(
        f"{f.rule} {f.name}: {f.message}" for f in found if f.severity.rank >= Severity.WARNING.rank
    )


def candidates(
    model: ModelSpec,
    cluster: Cluster,
    gpus: int,
    engine: str,
    workload: Workload,
    budgets: Budgets,
    model_id: str = "",
) -> list[Candidate]:
    """Every valid layout on ``gpus`` GPUs, estimated (those that do not fit memory included),
    each serving ``model_id`` (the checkpoint the user named) where given."""

    rules = all_rules()
    options = pinned(model, cluster, engine, model_id)
    return [
        evaluate(layout, model, cluster, engine, workload, budgets, rules, options, model_id)
        for layout in layouts(model, gpus, engine)
        if printable(layout, cluster, engine)
    ]


def printable(layout: Layout, cluster: Cluster, engine: str) -> bool:
    """Whether the engine's command can start the layout: an engine that spreads DP ranks over
    nodes by a local DP size (vLLM ``--data-parallel-size-local``, ``Layout.dp_local``) places
    whole ranks on each node, so a rank whose TP x PP spans nodes beside other ranks has no
    command (``--data-parallel-size-local 1`` of a TP 16 rank asks one 8-GPU node for 16 GPUs,
    which ``check`` reports: TL201)."""
    spans = layout.tp * layout.pp > cluster.gpus_per_node
    return not (layout.dp > 1 and spans and get_engine(engine).layout.dp_local)


def rank(cands: Sequence[Candidate], objective: str) -> list[Candidate]:
    """Best first: layouts that start, fit and meet the budgets, then those that miss only a
    budget (or whose price is unknown), then those ``check`` warns of, then those some releases
    refuse while no release is pinned (``Candidate.doubted``: a layout every release starts is
    never ranked behind one that may not start), each group by the objective (a layout the
    engine would refuse, such as FP8 on GPUs without it, is never ranked).

    Latency: lowest decode time per token (weight streaming + communication), then lowest time
    per prompt (prefill compute + communication); within ties (``TIE``) a replica that
    communicates nothing first (it cannot be slowed by any link), then throughput per GPU, then
    more KV cache per GPU (fewer copies of the weights).  Throughput: throughput per GPU first,
    then the latency order.
    """
    fitting = [c for c in cands if c.memory.fits and not c.refused]
    starting = [c for c in fitting if not c.doubted]
    out: list[Candidate] = []
    for group in (
        [c for c in starting if c.meets],
        # a budget missed or a price unknown: ``check`` says nothing of the layout itself
        [c for c in starting if not c.meets and not c.flagged],
        [c for c in starting if c.flagged],
        [c for c in fitting if c.doubted],
    ):
        out += _band_sort(group, _keys(objective))
    return out


_Key = Callable[[Candidate], float]


def _keys(objective: str) -> list[tuple[_Key, bool]]:
    """(metric, banded) pairs, each minimised; banded metrics tie within ``TIE``."""
    itl: _Key = lambda c: c.itl_ms  # noqa: E731
    thr: _Key = lambda c: -c.tokens_per_s_per_gpu  # noqa: E731
    free: _Key = lambda c: 0.0 if c.comm_free else 1.0  # noqa: E731
    kv: _Key = lambda c: -c.memory.kv_tokens * c.layout.dp / c.layout.gpus  # noqa: E731
    prompt: _Key = lambda c: c.prompt_ms  # noqa: E731
    if objective == "throughput":
        return [(thr, True), (itl, True), (prompt, True), (free, False), (kv, True)]
    return [(itl, True), (prompt, True), (free, False), (thr, True), (kv, True)]


def _band_sort(cands: Sequence[Candidate], keys: list[tuple[_Key, bool]]) -> list[Candidate]:
    """Lexicographic order where a banded metric counts as equal within ``TIE`` of the best."""
    if len(cands) <= 1 or not keys:
        return sorted(cands, key=lambda c: c.layout.describe())
    key, banded = keys[0]
    rest = sorted(cands, key=key)
    out: list[Candidate] = []
    while rest:
        best = key(rest[0])
        width = abs(best) * TIE if banded else 0.0
        tied = [c for c in rest if key(c) <= best + width]
        rest = [c for c in rest if key(c) > best + width]
        out += _band_sort(tied, keys[1:])
    return out
