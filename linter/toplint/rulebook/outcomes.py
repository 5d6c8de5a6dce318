"""What a rule about a slow tensor-parallel link says, from the outcome (docs/severity.md):
whether another split of the same GPUs is clearly better, and by how much."""

from __future__ import annotations

from toplint.model import Severity
from toplint.outcome.judge import Judged, clearly_better, same_gpu_layouts
from toplint.rulebook.types import RuleContext


def better_split(ctx: RuleContext, *, fewer_tp: bool = True) -> tuple[Judged | None, str, str]:
    """The fastest split of the same GPUs into fewer TP ranks × more PP stages (any other
    split when not ``fewer_tp``) when it is clearly better
    (``toplint.outcome.judge.clearly_better``), how much, and the verdict for the message."""
    dep, model, cluster, before = ctx.deployment, ctx.model, ctx.cluster, ctx.outcome
    if model is None or cluster is None or before is None:
        return None, "", "no other layout could be weighed (model unknown)"
    alternatives = same_gpu_layouts(dep, before, cluster, model, ctx.workload, fewer_tp=fewer_tp)
    for alt in alternatives:
        how = clearly_better(before, alt, ctx.budgets)
        if how:
            return alt, how, f"TP {alt.tp} × PP {alt.pp} on the same GPUs is better: {how}"
    if not alternatives:
        return None, "", "the engine has no other split of these GPUs (no pipeline parallelism)"
    which = "no split with fewer tensor-parallel ranks" if fewer_tp else "no other split"
    if not any(j.outcome.runs for j in alternatives):
        return None, "", f"{which} fits these GPUs"
    return None, "", f"{which} of these GPUs is clearly faster here"


def split_severity(better: Judged | None) -> Severity:
    """Warning when a clearly better split exists, else info: the deployment runs."""
    return Severity.WARNING if better is not None else Severity.INFO
