"""The outcome of one deployment, and of a deployment as a change would make it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from toplint.catalog_types import ModelSpec
from toplint.cost.types import CostReport, Workload
from toplint.engines.memoryinputs import engine_memory_inputs
from toplint.engines.registry import get_engine
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.mixed import part_names
from toplint.hardware.types import Cluster, GpuSpec
from toplint.infra.runmemo import RecordedOptions, RunMemo, agree
from toplint.model import Deployment
from toplint.outcome.latency import latency
from toplint.outcome.memory import memory
from toplint.outcome.starts import problems
from toplint.outcome.types import GPU_FIGURES, Memory, Outcome
from toplint.placement.types import Placement
from toplint.record import replace


def outcome(placement: Placement, cost: CostReport | None, workload: Workload) -> Outcome:
    """What ``placement``'s deployment will do at ``workload``."""
    return _outcome(placement.deployment, placement.model, placement.cluster.gpu, cost, workload)


def _outcome(
    dep: Deployment,
    model: ModelSpec | None,
    gpu: GpuSpec,
    cost: CostReport | None,
    workload: Workload,
) -> Outcome:
    # A manifest part that gives no memory (TL011 declines an uncatalogued one) has nothing to
    # compare against: the fit is unknown, not "does not fit".
    # Engines size their budgets on the total the driver reports (vLLM's total_gpu_memory is
    # cudaMemGetInfo's), below the nominal size where a public log gives it.
    gib = gpu.capacity_gib
    if model is not None and model.width_unknown:
        # Bytes per weight not read from the checkpoint's quantization_config: neither the
        # fit nor the weights' share of each step is judged on a placeholder width.
        return Outcome(problems(dep, model, gpu), None, None, _unread_width(model))
    mem = memory(dep, model, gib, gpu.name) if model is not None and gib > 0 else None
    lat = (
        latency(dep, cost, workload, model, gpu) if cost is not None and model is not None else None
    )
    # A draft toplint cannot size only adds memory: without it the deployment that does not
    # fit does not fit with it either, and one that fits is not judged.
    unjudged = ""
    unknown = _unresolved_inputs(dep) if mem is not None else ""
    if unknown:  # sized with the engine's default in place of a value not known: not judged
        mem, unjudged = None, f"{unknown} could not be resolved (TL003)"
    if mem is not None and mem.fits and mem.draft_unjudged:
        unjudged = f"speculative decoding with {mem.draft}: {mem.draft_unjudged}"
        mem = None
    if mem is not None and model is not None and not mem.fits:
        mem, unjudged = _experts_unknown(dep, model, gpu, mem) or (mem, unjudged)
    missing = _unpriced(gpu)
    catalogs = bool(missing) and all(lookup_gpu(name) is not None for name in part_names(gpu))
    return Outcome(problems(dep, model, gpu), mem, lat, unjudged, missing, catalogs)


def _unpriced(gpu: GpuSpec) -> tuple[str, ...]:
    """The manifest keys (``GPU_FIGURES``) the GPU's figures leave out, which its latency is
    priced from: the cost stage prices nothing from a zero (``cost.compute``).  A manifest's
    part outside the catalog, or a catalog part whose vendor publishes no such figure
    (``hardware/data/gpus.yaml``: GB10's and the RTX PRO 6000's dense BF16, Apple's): either
    way the latency is not priced, and said so (TL011), never silently absent."""
    given = {"memory_bandwidth": gpu.memory_bandwidth_gb_per_s, "bf16_tflops": gpu.half_tflops}
    return tuple(key for key in GPU_FIGURES if given[key] <= 0)


def _unresolved_inputs(dep: Deployment) -> str:
    """The memory accounting's options whose value the deployment's files leave unresolved
    (``toplint.engines.memoryinputs``), as a message names them; "" when every one is known."""
    inputs = engine_memory_inputs(dep.engine)
    found = sorted({u.field for u in dep.unresolved if u.field in inputs})
    return ", ".join(f"`{name}`" for name in found)


def _unread_width(model: ModelSpec) -> str:
    return f"{model.id}'s weights: {model.width_unknown}"


def _experts_unknown(
    dep: Deployment, model: ModelSpec, gpu: GpuSpec, mem: Memory
) -> tuple[Memory | None, str] | None:
    """A misfit of a model known by its checkpoint's size only (``ModelSpec.experts_known``)
    under a layout whose engine spreads the routed experts over more GPUs than the other
    layers: counted all dense, the weights per GPU are the most they can be, not what they are
    (DP attention keeps each DP rank's dense layers whole beside experts spread over every
    rank, ``toplint.outcome.weights.weights_per_gpu``).  Counted all experts they are the
    least: a misfit even then stands, with those weights; one that fits then is not judged.
    None where neither applies."""
    engine = get_engine(dep.engine)
    dense_over, experts_over = engine.attention_tp(dep), engine.experts_over(dep)
    if model.experts_known or experts_over <= dense_over:
        return None
    sharded = replace(
        model, num_experts=max(model.num_experts, 1), expert_params=model.params_total
    )
    least = memory(dep, sharded, gpu.capacity_gib, gpu.name)
    if not least.fits:
        return least, ""
    why = (
        f"{model.id} is known by its checkpoint's size, not by which of its parameters are routed "
        f"experts, and {dep.engine} spreads experts over {experts_over} GPUs and the other layers "
        f"over {dense_over}: it fits if enough of it is experts, not if too little is"
    )
    return None, why


def whatif(dep: Deployment, cluster: Cluster, model: ModelSpec, workload: Workload) -> Outcome:
    """The outcome of ``dep`` placed and costed afresh (a fix's or an alternative's layout).

    Fixes and alternatives of many deployments ask for the same layouts on the same cluster, so
    one run prices each once (``shared``)."""
    # The model as served is a new record per deployment: its value (records hash and compare
    # by their fields), not its identity, is key.
    return shared(
        _WHATIF, cluster, (key_of(dep), model, workload), dep,
        lambda probe: _whatif(probe, cluster, model, workload),
    )  # fmt: skip


def unpriced(dep: Deployment, cluster: Cluster, model: ModelSpec, workload: Workload) -> Outcome:
    """Whether ``dep`` starts and fits, without its latency: it is neither placed nor priced
    (placement changes no GPU).  Kept for the run like ``whatif``."""
    return shared(
        _UNPRICED, cluster, (key_of(dep), model, workload), dep,
        lambda probe: _outcome(probe, model, cluster.gpu, None, workload),
    )  # fmt: skip


def _whatif(dep: Deployment, cluster: Cluster, model: ModelSpec, workload: Workload) -> Outcome:
    # A layout that does not start or fit has no latency anyone weighs: it is neither placed
    # nor priced.
    made = unpriced(dep, cluster, model, workload)
    if made.runs:
        _, cost = priced(dep, cluster, model, workload)
        made = replace(made, latency=latency(dep, cost, workload, model, cluster.gpu))
    return made


def priced(
    dep: Deployment, cluster: Cluster, model: ModelSpec, workload: Workload
) -> tuple[Placement, CostReport]:
    """``dep`` placed on ``cluster`` and its collectives priced at ``workload``: what a
    deployment's analysis and every what-if run.

    A tree's deployments repeat layouts (overlays per environment, replicas of one service), so
    the answer is kept for the run (``shared``) and handed back bound to ``dep``: the placement
    and the cost name no file, line or deployment name (``key_of`` lists what they read)."""
    placement, cost = shared(
        _PRICED, cluster, (key_of(dep), model, workload), dep,
        lambda probe: _price(probe, cluster, model, workload),
    )  # fmt: skip
    return replace(placement, deployment=dep), cost


def _price(
    dep: Deployment, cluster: Cluster, model: ModelSpec, workload: Workload
) -> tuple[Placement, CostReport]:
    import toplint.cost.estimate
    import toplint.placement.place

    placement = toplint.placement.place.place(dep, cluster, model)
    return placement, toplint.cost.estimate.estimate(placement, workload)


def shared(
    table: RunMemo[list[tuple[_Reads, A]]],
    cluster: Cluster,
    key: tuple[object, ...],
    dep: Deployment,
    compute: Callable[[Deployment], A],
) -> A:
    """``compute(dep)``, kept for the run and reused for every deployment with the same
    ``key`` (``key_of`` and what else the answer depends on) whose options agree on what it
    read.  ``compute`` runs with the options wrapped so that every read is noted
    (``infra.runmemo.RecordedOptions``): two deployments that differ only in
    ``--max-num-seqs``, which nothing here reads, share one answer."""
    options = dep.options
    known = table.get(cluster, key) or []
    for noted, answer in known:
        if _agrees(noted, options):
            return answer
    recorded = RecordedOptions(options)
    answer = compute(replace(dep, options=recorded))
    _remember(table, cluster, key, known, recorded, answer)
    return answer


def _remember(
    table: RunMemo[list[tuple[_Reads, A]]],
    cluster: Cluster,
    key: tuple[object, ...],
    known: list[tuple[_Reads, A]],
    recorded: RecordedOptions,
    answer: A,
) -> None:
    # Anything that walked the options (not one read by name) makes them all the key.
    inner = recorded.inner
    if recorded.everything:
        reads: _Reads = ("all", dict(inner), inner)
    else:  # each distinct read once: the outcome asks some options a dozen times
        reads = ("some", list(dict.fromkeys(recorded.reads)), inner)
    if len(known) < _PER_KEY_MOST:
        table.put(cluster, key, [*known, (reads, answer)])


# How the options were read ("all" or "some"), what was read, and the options themselves: the
# layouts weighed for one deployment share its options object, which agrees without a read.
_Reads = tuple[str, Any, Mapping[str, str]]
A = TypeVar("A")
_WHATIF: RunMemo[list[tuple[_Reads, Outcome]]] = RunMemo(8192)
_UNPRICED: RunMemo[list[tuple[_Reads, Outcome]]] = RunMemo(8192)
_PRICED: RunMemo[list[tuple[_Reads, tuple[Placement, CostReport]]]] = RunMemo(8192)
_PER_KEY_MOST = 32  # variants of one layout kept (each is checked in turn)


def _agrees(reads: _Reads, options: Mapping[str, str]) -> bool:
    kind, what, seen = reads
    if seen is options:  # options are never changed in place
        return True
    if kind == "all":
        return bool(what == dict(options))
    import toplint.cost.enginecomm

    return agree(what, options, toplint.cost.enginecomm.option)


def key_of(dep: Deployment) -> tuple[object, ...]:
    """Every field of a deployment that placement, cost or the outcome reads, but its options
    (``whatif`` keys those by what is read of them) and where it was written (path, positions,
    name, notes, provenance)."""
    return (
        dep.engine,
        dep.model,
        dep.tp,
        dep.pp,
        dep.dp,
        dep.dp_local,
        dep.ep,
        dep.ep_enabled,
        dep.nodes,
        dep.gpus_per_node,
        dep.gpus,
        dep.replicas,
        dep.source_kind,
        dep.pods_are_nodes,
        tuple(sorted(dep.labels.items())),
    )
