"""The outcome of one deployment, and of a deployment as a change would make it."""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.types import CostReport, Workload
from toplint.hardware.types import Cluster
from toplint.model import Deployment
from toplint.outcome.latency import latency
from toplint.outcome.memory import memory
from toplint.outcome.starts import problems
from toplint.outcome.types import Outcome
from toplint.placement.types import Placement


def outcome(placement: Placement, cost: CostReport | None, workload: Workload) -> Outcome:
    """What ``placement``'s deployment will do at ``workload``."""
    dep, model = placement.deployment, placement.model
    # A manifest part that gives no memory (main's TL011 decline: an uncatalogued part) has
    # nothing to compare against: the fit is unknown, not "does not fit".
    gib = placement.cluster.gpu.memory_gb
    mem = memory(dep, model, gib) if model is not None and gib > 0 else None
    lat = latency(dep, cost, workload) if cost is not None and model is not None else None
    return Outcome(problems(dep, model), mem, lat)


def whatif(dep: Deployment, cluster: Cluster, model: ModelSpec, workload: Workload) -> Outcome:
    """The outcome of ``dep`` placed and costed afresh (a fix's or an alternative's layout)."""
    import toplint.cost.estimate
    import toplint.placement.place

    placement = toplint.placement.place.place(dep, cluster, model)
    return outcome(placement, toplint.cost.estimate.estimate(placement, workload), workload)
