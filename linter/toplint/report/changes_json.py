"""``changes`` in JSON output: what ``check --base`` found the change does."""

from __future__ import annotations

from typing import Any

from toplint.report.base import encodable
from toplint.report.changeset import ChangeSet, DeploymentChange, Estimate, Outcome, Side


def changes_dict(changes: ChangeSet, finding_dict: Any) -> dict[str, Any]:
    return {
        "base": encodable(changes.base),
        "commit": changes.commit,
        "files": [
            {"status": s, "old": encodable(old) or None, "new": encodable(new) or None}
            for s, old, new in changes.changed_files
        ],
        "rechecked": [encodable(p) for p in changes.rechecked],
        "base_error": encodable(changes.base_error) or None,
        "introduced": len(changes.introduced),
        "known": changes.known,
        "resolved": [finding_dict(f) for f in changes.resolved],
        "deployments": [_deployment(c) for c in changes.deployments],
    }


def _deployment(c: DeploymentChange) -> dict[str, Any]:
    return {
        "verdict": encodable(c.verdict),
        "because": [encodable(p) for p in c.why],
        "before": _side(c.before),
        "after": _side(c.after),
    }


def _side(s: Side | None) -> dict[str, Any] | None:
    if s is None:
        return None
    return {
        "path": encodable(s.path),  # repository-relative, as git names it
        "line": s.line,
        "name": encodable(s.name),
        "engine": s.engine,
        "layout": s.layout,
        "gpus": s.gpus,
        "nodes": s.nodes,
        "cluster": encodable(s.cluster) or None,
        "not_checked": encodable(s.unchecked) or None,
        "outcome": _outcome(s.outcome),
    }


def _estimate(e: Estimate) -> dict[str, float]:
    return {"value": round(e.value, 6), "low": round(e.low, 6), "high": round(e.high, 6)}


def _outcome(o: Outcome | None) -> dict[str, Any] | None:
    if o is None:
        return None
    return {
        "ttft_ms": _estimate(o.ttft_ms),
        "itl_ms": _estimate(o.itl_ms),
        "tokens_per_s": _estimate(o.tokens_per_s),
        "comm_share": _estimate(o.comm_share),
        "memory_headroom_gb": None
        if o.memory_headroom_gb is None
        else round(o.memory_headroom_gb, 3),
        "memory_fits": o.memory_fits,
        "source": o.source,
        "notes": [encodable(n) for n in o.notes],
    }
