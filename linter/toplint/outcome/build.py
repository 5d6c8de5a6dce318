"""The outcome of one deployment, and of a deployment as a change would make it."""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.types import CostReport, Workload
from toplint.engines.registry import get_engine
from toplint.hardware.types import Cluster, GpuSpec
from toplint.infra.runmemo import RunMemo
from toplint.model import Deployment
from toplint.outcome.latency import latency
from toplint.outcome.memory import memory
from toplint.outcome.starts import problems
from toplint.outcome.types import Outcome
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
    # A manifest part that gives no memory (main's TL011 decline: an uncatalogued part) has
    # nothing to compare against: the fit is unknown, not "does not fit".
    # Engines size their budgets on the total the driver reports (vLLM's total_gpu_memory is
    # cudaMemGetInfo's), below the nominal size where a public log gives it.
    gib = gpu.memory_reported_gib or gpu.memory_gb
    mem = memory(dep, model, gib) if model is not None and gib > 0 else None
    lat = latency(dep, cost, workload) if cost is not None and model is not None else None
    return Outcome(problems(dep, model), mem, lat)


def whatif(dep: Deployment, cluster: Cluster, model: ModelSpec, workload: Workload) -> Outcome:
    """The outcome of ``dep`` placed and costed afresh (a fix's or an alternative's layout).

    Fixes and alternatives of many deployments ask for the same layouts on the same cluster:
    the outcome depends only on what placement, cost and the outcome read of the deployment
    (``_key``), so one run prices each once (a tree's what-ifs were ~40% of its time)."""
    # The model as served is a new record per deployment: its value (records hash and compare
    # by their fields), not its identity, is key.
    key = (_key(dep), model, workload)
    found = _WHATIF.get(cluster, key)
    if found is not None:
        return found
    import toplint.cost.estimate
    import toplint.placement.place

    # Whether it starts and fits needs no placement (placement changes no GPU); a layout that
    # does not has no latency anyone weighs, so it is neither placed nor priced.
    made = _outcome(dep, model, cluster.gpu, None, workload)
    if made.runs:
        placement = toplint.placement.place.place(dep, cluster, model)
        cost = toplint.cost.estimate.estimate(placement, workload)
        made = replace(made, latency=latency(dep, cost, workload))
    return _WHATIF.put(cluster, key, made)


_WHATIF: RunMemo[Outcome] = RunMemo(4096)


def _key(dep: Deployment) -> tuple[object, ...]:
    """Every field of a deployment that placement, cost or the outcome reads (not where it was
    written: path, positions, name, notes, provenance).  The options that spell the TP, PP and
    DP sizes are left out: parsing turned them into ``tp``/``pp``/``dp``, which the key holds,
    and nothing after parsing reads them (a fix that writes ``--tensor-parallel-size 2`` asks
    for the layout an alternative already priced)."""
    sizes = _size_options(dep.engine)
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
        tuple(sorted(kv for kv in dep.options.items() if kv[0] not in sizes)),
        tuple(sorted(dep.labels.items())),
    )


def _size_options(engine: str) -> frozenset[str]:
    """The option keys of ``engine``'s TP, PP and DP size flags (``tensor_parallel_size``)."""
    names = get_engine(engine).layout
    spelled = (names.tp, names.pp, names.dp)
    return frozenset(n.split(" ")[0].lstrip("-").replace("-", "_") for n in spelled if n)
