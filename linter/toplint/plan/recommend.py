"""The plan as data: ranked layouts with their numbers, reasons and command."""

from __future__ import annotations

from typing import Any

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Budgets, Workload
from toplint.errors import UsageError
from toplint.hardware.types import Cluster
from toplint.outcome.precision import precision
from toplint.plan.command import command
from toplint.plan.rank import Candidate, candidates, rank
from toplint.plan.reasons import alternatives, why_behind, why_not, why_wins

__all__ = ["recommend"]


def recommend(
    model: ModelSpec,
    cluster: Cluster,
    gpus: int,
    engine: str,
    workload: Workload,
    budgets: Budgets,
    objective: str = "latency",
    top: int = 3,
    model_id: str = "",
) -> list[dict[str, Any]]:
    """The ``top`` best layouts, best first, as the JSON shape of ``toplint plan``.

    ``model_id`` is the id as the user gave it (commands must name the checkpoint they asked
    for, "-Instruct" included), where ``model.id`` is the catalog's architecture entry."""
    cands = candidates(model, cluster, gpus, engine, workload, budgets, model_id)
    ranked = rank(cands, objective)
    refused = next((c for c in cands if c.refused), None)
    if not ranked and refused is not None:
        raise UsageError(
            f"no layout of {model.id} starts on {gpus} GPUs of {cluster.name!r}: "
            + _refusal(refused, model, cluster)
        )
    if not ranked:
        sizes = [f"{g.name}, {g.memory_gb:g} GB" for g in cluster.gpus_at] or [
            f"{cluster.gpu.name}, {cluster.gpu.memory_gb:g} GB each"
        ]
        raise UsageError(
            f"no layout of {model.id} fits on {gpus} GPUs of {cluster.name!r} "
            f"({'; '.join(dict.fromkeys(sizes))})"
        )
    out = []
    for i, c in enumerate(ranked[:top]):
        reasons = why_wins(c, workload.prompt_tokens)
        if i == 0 and c.doubted:  # ``rank`` puts one first only where no other starts
            reasons.insert(0, "no layout that fits starts in every release: pin the release")
        if i == 0:
            alts = alternatives(ranked, cands)
            reasons += [why_not(c, alt, workload.prompt_tokens) for alt in alts]
        else:
            reasons.append(why_behind(ranked[0], c, workload.prompt_tokens))
        out.append(_row(c, model_id or model.id, engine, reasons))
    return out


def _refusal(c: Candidate, model: ModelSpec, cluster: Cluster) -> str:
    """Why the engine would refuse the layout, and what would start (TL212's advice)."""
    found = precision(c.placement.deployment, model, cluster.gpu)
    advice = f"; {found.fix}" if found is not None and found.message == c.refused[0] else ""
    return c.refused[0] + advice


def _row(c: Candidate, model_id: str, engine: str, reasons: list[str]) -> dict[str, Any]:
    nodes = c.placement.nodes
    return {
        "tp": c.layout.tp,
        "pp": c.layout.pp,
        "dp": c.layout.dp,
        "ep": c.layout.ep,
        "nodes": nodes,
        "gpus_per_node": c.placement.gpus_per_node,
        "prefill_comm_ms": round(c.cost.prefill_comm_ms, 3),
        "decode_comm_ms_per_token": round(c.cost.decode_comm_ms_per_token, 4),
        # null: not priced (the GPU gives no memory bandwidth or 16-bit compute rate)
        "decode_ms_per_token": round(c.itl_ms, 3) if c.priced else None,
        "prompt_ms": round(c.prompt_ms, 1) if c.priced else None,
        "tokens_per_s_per_gpu": round(c.tokens_per_s_per_gpu, 2) if c.priced else None,
        "kv_tokens_per_replica": c.memory.kv_tokens,
        "fits": c.memory.fits,
        "meets_budgets": c.meets,
        "reasons": reasons,
        "command": command(model_id, c.layout, engine, nodes, c.placement.deployment.options),
    }
