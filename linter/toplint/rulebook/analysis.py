"""What the rules are run on: one deployment with what the earlier stages found out about it.

The pipeline builds it (``toplint.pipeline.analyze``) and hands it to the rules
(``toplint.rulebook.run``) and the commands; it lives with its consumer, the rulebook, so the
rulebook never imports the pipeline that runs it.  Only stage types are imported here.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.types import CostReport
from toplint.hardware.types import Cluster
from toplint.model import Deployment
from toplint.outcome.types import Outcome, SharedGpu
from toplint.placement.types import Placement
from toplint.record import record
from toplint.unchecked import Unchecked

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
    # Other servers the same file starts on this deployment's GPUs keep it from starting
    # (toplint.outcome.colocation); None when nothing does or it cannot be told.
    shared_gpu: SharedGpu | None = None
    # Why the config.json beside the model's path in the linted tree gives no model ("{path}:
    # {reason}"), when the model is unknown and there is one (toplint.hardware.localmodels).
    model_unread: str = ""
