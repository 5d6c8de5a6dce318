"""What a change does to each deployment: the records ``check --base`` (``toplint.changes``) hands
to the report stage, kept in the report stage so its formatters import nothing above it."""

from __future__ import annotations

from toplint.model import Finding
from toplint.placement.types import Placement
from toplint.record import field, record


@record
class Estimate:
    """One number of an outcome with its band (low, high): the same ends rules compare."""

    value: float
    low: float
    high: float


@record
class Outcome:
    """What a deployment does at the declared workload (one instance).

    ``source`` names the model that gave the numbers (``toplint.changes.outcome``)."""

    ttft_ms: Estimate
    itl_ms: Estimate
    tokens_per_s: Estimate  # decode tokens per second of one instance
    comm_share: Estimate  # collectives / (compute + collectives), decode step
    memory_headroom_gb: float | None  # per GPU, after weights, overhead and the workload's KV
    memory_fits: bool | None
    source: str
    notes: tuple[str, ...] = ()


@record
class Side:
    """One deployment as it is at one revision."""

    path: str  # as the work tree spells it (the base's path mapped through renames)
    line: int
    name: str
    engine: str
    layout: str  # "TP=8 PP=2 DP=1"
    gpus: int | None
    nodes: int | None
    cluster: str  # cluster name and GPU, "" when not placed
    placement: Placement | None = None
    outcome: Outcome | None = None
    unchecked: str = ""  # why it was not checked against the hardware


@record
class DeploymentChange:
    """One deployment before and after (``None``: it did not exist on that side)."""

    before: Side | None
    after: Side | None
    verdict: str  # one line: "faster, cheaper", "slower", "breaks: ...", "added", "removed"
    why: tuple[str, ...] = ()  # the files whose change made it one (itself, its manifest...)


@record
class ChangeSet:
    """What the work tree changes against ``base``."""

    base: str  # the revision as given
    commit: str  # the commit it names
    introduced: tuple[Finding, ...]
    resolved: tuple[Finding, ...]
    deployments: tuple[DeploymentChange, ...]
    changed_files: tuple[tuple[str, str, str], ...] = ()  # (status, old, new)
    # Manifests and configurations among the changed files, whose deployments were re-checked.
    rechecked: tuple[str, ...] = field(default_factory=tuple)
    # Findings of the work tree the base revision had too (not the change's to answer for).
    known: int = 0
    # Why the base revision could not be checked (its configuration or manifest is broken):
    # then every finding counts as introduced.
    base_error: str = ""
