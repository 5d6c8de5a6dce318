"""What a rule about a slow tensor-parallel link says, from the outcome (docs/severity.md):
whether another split of the same GPUs is clearly better, and by how much."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toplint.model import Deployment, Fix, Severity
from toplint.rulebook.helpers import layout_fix
from toplint.rulebook.types import RuleContext

if TYPE_CHECKING:  # loaded by a run that places (outcome.judge), not at start-up
    from toplint.outcome.judge import Judged


def better_split(ctx: RuleContext, *, fewer_tp: bool = True) -> tuple[Judged | None, str, str]:
    """The fastest split of the same GPUs into fewer TP ranks × more PP stages (any other
    split when not ``fewer_tp``) when it is clearly better
    (``toplint.outcome.judge.clearly_better``), how much, and the verdict for the message."""
    dep, model, cluster, before = ctx.deployment, ctx.model, ctx.cluster, ctx.outcome
    if model is None or cluster is None or before is None:
        return None, "", "no other layout could be weighed (model unknown)"
    import toplint.outcome.judge

    alt, how, count, runs = toplint.outcome.judge.best_split(
        dep, before, cluster, model, ctx.workload, ctx.budgets, fewer_tp=fewer_tp
    )
    if alt is not None:
        return alt, how, f"{describe(alt, dep)} on the same GPUs is better: {how}"
    if not count:
        return None, "", "the engine has no other split of these GPUs (no pipeline parallelism)"
    which = "no split with fewer tensor-parallel ranks" if fewer_tp else "no other split"
    if not runs:
        return None, "", f"{which} fits these GPUs"
    if before.latency is None and before.unpriced:  # a GPU without the figures it needs
        return None, "", "no split of these GPUs was weighed by speed: their latency is not priced"
    return None, "", f"{which} of these GPUs is clearly faster here"


def describe(alt: Judged, dep: Deployment) -> str:
    """ "TP 2 × PP 2", or "TP 2 × DP 2" for a split into data-parallel replicas."""
    if alt.dp != max(dep.dp or 1, 1):
        return f"TP {alt.tp} × DP {alt.dp}" + (f" × PP {alt.pp}" if alt.pp > 1 else "")
    return f"TP {alt.tp} × PP {alt.pp}"


def new_dp(alt: Judged, dep: Deployment) -> int | None:
    """The DP size a fix writes: the alternative's when it splits into replicas, else none."""
    return alt.dp if alt.dp != max(dep.dp or 1, 1) else None


def split_fix(better: Judged | None, how: str, dep: Deployment) -> Fix | None:
    """The better split as a fix in the engine's own flags, when one starts, fits and is no
    slower (``Judged.ok``: a fix never makes TTFT or ITL worse, docs/severity.md); None
    otherwise, or when the engine has no flag for one of its sizes."""
    if better is None or not better.ok:
        return None
    return layout_fix(dep.engine, tp=better.tp, pp=better.pp, dp=new_dp(better, dep), note=how)


def split_severity(better: Judged | None) -> Severity:
    """Warning when a clearly better split exists, else info: the deployment runs."""
    return Severity.WARNING if better is not None else Severity.INFO
