"""Where an inferred fact came from, in a few words (issue 24, point 7).

A generic or declarative reader records, per field, the key path that gave it
(``Deployment.provenance``) and ``Deployment.sources`` its position.  ``explain`` says it the
way a finding or ``toplint inspect`` shows it: "TP 16 from `flags.tp-size`, serving.yaml:12".
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from toplint.model import Deployment

_LABELS = {
    "engine": "engine",
    "model": "model",
    "tp": "TP",
    "pp": "PP",
    "dp": "DP",
    "ep": "EP",
    "gpus": "GPUs",
    "nodes": "nodes",
}
LAYOUT = ("tp", "pp", "dp", "ep", "gpus", "nodes")


def parts(dep: Deployment, fields: Sequence[str] = tuple(_LABELS)) -> list[str]:
    """One phrase per field with provenance: "TP 16 from `flags.tp-size`, serving.yaml:12"."""
    out = []
    for name in fields:
        where = dep.provenance.get(name)
        if not where:
            continue
        value = dep.engine if name == "engine" else getattr(dep, name, None)
        pos = dep.sources.get(name)
        at = f", {os.path.basename(pos.path)}:{pos.line}" if pos is not None else ""
        shown = "" if value is None or name == "engine" else f" {value}"
        out.append(f"{_LABELS[name]}{shown} from {where}{at}")
    return out


def explain(dep: Deployment) -> str:
    """The layout facts a finding rests on, when a reader inferred them ("" otherwise)."""
    found = parts(dep, LAYOUT)
    return f"read as: {'; '.join(found)}" if found else ""
