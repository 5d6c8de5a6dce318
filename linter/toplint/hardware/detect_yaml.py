"""How ``toplint hardware detect --topo`` writes its draft: ordered ``(key, value, why)``
entries as commented YAML.

A value of None is a placeholder the user fills in, written as a commented key.  The JSON form
(``notes`` for the reasons) is ``toplint.hardware.nodes_draft.draft_json``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from toplint.record import field, record

__all__ = ["Draft", "Entry", "to_yaml"]

Entry = tuple[str, Any, str]


@record(frozen=False)
class Draft:
    """Ordered (key, value, comment) entries; value None is a commented placeholder."""

    cluster: list[Entry] = field(default_factory=list)
    intra: list[Entry] = field(default_factory=list)
    inter: list[Entry] = field(default_factory=list)


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and not re.fullmatch(r"[A-Za-z][A-Za-z0-9._-]*", value):
        return json.dumps(value)
    return str(value)


def _lines(entries: list[Entry], indent: str) -> list[str]:
    out = []
    for key, value, why in entries:
        text = f"{indent}{key}: {_scalar(value)}" if value is not None else f"{indent}# {key}: ..."
        out.append(f"{text:<35} # {why}" if why else text)
    return out


def to_yaml(draft: Draft) -> str:
    """The draft as a manifest: one cluster, its placeholders commented out."""
    lines = [
        "# Draft hardware manifest from `nvidia-smi topo -m` (toplint hardware detect).",
        "# Check every value; commented keys are facts the matrix cannot show: fill them in.",
        "version: 1",
        "clusters:",
    ]
    first, *rest = _lines(draft.cluster, "    ")
    lines += ["  - " + first.lstrip(), *rest, "    intra_node:", *_lines(draft.intra, "      ")]
    known = any(value is not None for _, value, _ in draft.inter)
    lines += ["    inter_node:" if known else "    # inter_node:   (only needed for nodes > 1)"]
    lines += _lines(draft.inter, "      ")
    return "\n".join(lines) + "\n"
