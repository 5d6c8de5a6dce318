"""The one rule type that declarative YAML rules and Python rules both load into."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Budgets, CostReport, Workload
from toplint.facts.registry import FactView
from toplint.hardware.types import Cluster
from toplint.model import Applicability, Deployment, Finding, Severity
from toplint.outcome.types import Outcome, SharedGpu
from toplint.placement.types import Placement
from toplint.record import field, record
from toplint.unchecked import Unchecked


@record
class RuleContext:
    """Everything a rule may look at for one deployment.  Rules never reach further back."""

    deployment: Deployment
    placement: Placement | None
    cost: CostReport | None
    model: ModelSpec | None
    facts: FactView  # read through the registry: an unregistered name raises UnknownFact
    options: Mapping[str, Any]  # this rule's options, defaults merged with config
    severity: Severity  # this rule's effective default severity
    budgets: Budgets = field(default_factory=Budgets)
    workload: Workload = field(default_factory=Workload)
    # The cluster the deployment was assigned to, also when it could not be placed on it.
    cluster: Cluster | None = None
    # Why the deployment was not checked against the hardware (None: it was); TL007 reports it.
    unchecked: Unchecked | None = None
    # What the deployment will do: starts, fits, TTFT/ITL (toplint.outcome); None unplaced.
    outcome: Outcome | None = None
    # Other servers the same file starts on its GPUs keep it from starting (TL217).
    shared_gpu: SharedGpu | None = None
    # Why the config.json beside an unknown model's path gives no model (TL004); "" if none.
    model_unread: str = ""


@record
class Rule:
    code: str  # "TL101", written literally where the rule is defined
    name: str  # kebab-case, reads as "allow <name>"
    summary: str
    severity: Severity
    check: Check | None  # None for rules raised by earlier stages (TL001, TL003, TL005...)
    options: Mapping[str, Any] = field(default_factory=dict)
    doc: str = ""  # Markdown page with ruff's headings
    fix_safety: Applicability | Literal[""] = ""  # "" when the rule has no fix
    origin: str = ""  # file the rule was loaded from
    # Codes of rules whose findings at the same deployment this rule's finding explains: they
    # are folded into it (``toplint.rulebook.fold``) instead of reported on their own.
    explains: tuple[str, ...] = ()
    # How the folded consequences are introduced in the cause's message (``explains``), in the
    # user's words: what makes them follow from this cause.
    explains_lead: str = "Because of this"
    # Where the rule's judgement holds: "any" accelerator (the engine's own validation and
    # sharding: heads, layers, experts, context, rendezvous) or only on the "gpu" stack the cost
    # model describes (links, NCCL, GPU memory, GPU formats).  On a deployment declined as an
    # accelerator toplint does not model (TL011) only "any" rules run; "" (undeclared, as a
    # plugin's rule may be) is treated as "gpu".  Every built-in rule declares it.
    accelerators: Literal["any", "gpu", ""] = ""


# A rule's check (the record above names it in a string annotation; a type alias made at
# import from a forward reference would compile it)
Check = Callable[[Rule, RuleContext], Iterable[Finding]]
