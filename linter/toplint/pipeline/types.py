"""The values the pipeline hands from the analysis stages to the rules and the commands.

Only stage types are imported here, so any stage (the rulebook among them) can name these
types without importing the pipeline that builds them.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.types import CostReport
from toplint.hardware.types import Cluster
from toplint.model import Deployment, Unchecked
from toplint.outcome.types import Outcome
from toplint.placement.types import Placement
from toplint.record import record

__all__ = ["Analysis"]


@record
class Analysis:
    """One deployment with what the later stages found out about it."""

    deployment: Deployment
    cluster: Cluster | None
    model: ModelSpec | None
    placement: Placement | None
    cost: CostReport | None = None
    # Why the deployment was not (fully) checked against the hardware; None when it was.
    unchecked: Unchecked | None = None
    # The config's own hints chose the cluster (no manifest cluster applied): from what.
    inferred: str = ""
    # What the deployment will do (start, fit, latencies): toplint.outcome, when placed.
    outcome: Outcome | None = None
