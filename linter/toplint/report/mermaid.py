"""A placement as a Mermaid flowchart: nodes as boxes, GPUs coloured by parallel group,
links labelled with their kind and bandwidth.

Every label is text from the tree or the manifest (cluster, GPU and link names), so it goes
through ``label``: Mermaid's entity codes for the characters its parser or the Markdown
around it reads (``"``, ``<``, ``>``, ``&``, ``#``, backticks, brackets), control characters
made visible.  Identifiers (``n0``, ``g0_3``) are toplint's own.  Syntax: mermaid.js.org,
"Flowcharts" (subgraphs, ``classDef``, entity codes ``#quot;``).
"""

from __future__ import annotations

from toplint.placement.types import Gpu, Placement
from toplint.report.base import printable

# Nodes drawn in full; the others are summarised (a picture of 64 nodes is no picture).
MAX_NODES = 4
# Fill colours of the groups (Okabe–Ito palette: distinguishable with colour-blindness),
# with a text colour readable on each.
PALETTE = (
    ("#E69F00", "#000"),
    ("#56B4E9", "#000"),
    ("#009E73", "#fff"),
    ("#F0E442", "#000"),
    ("#0072B2", "#fff"),
    ("#D55E00", "#fff"),
    ("#CC79A7", "#000"),
    ("#999999", "#000"),
)
_ENTITIES = {
    "&": "#amp;",
    '"': "#quot;",
    "<": "#lt;",
    ">": "#gt;",
    "#": "#35;",
    "`": "#96;",
    "[": "#91;",
    "]": "#93;",
    "{": "#123;",
    "}": "#125;",
    "|": "#124;",
}


def label(text: str) -> str:
    """``text`` safe inside a quoted Mermaid label (and inside a fenced Markdown block)."""
    return "".join(_ENTITIES.get(ch, ch) for ch in printable(text))


def _colour_kind(p: Placement) -> str:
    """The kind the colours tell apart: TP groups when there are several, else pipeline
    stages, else replicas (the colour of a GPU is then its stage or replica)."""
    if len(p.of("tp")) > 1:
        return "tp"
    for kind in ("pp", "dp"):
        if any(g.size > 1 for g in p.of(kind)):
            return kind
    return "tp"


def _membership(p: Placement) -> dict[Gpu, dict[str, int]]:
    """Per GPU: its TP and EP group, its pipeline stage and its data-parallel replica (a
    rank's position in its PP group is its stage, in its DP group its replica)."""
    out: dict[Gpu, dict[str, int]] = {}
    for g in p.groups:
        for position, gpu in enumerate(g.gpus):
            out.setdefault(gpu, {})[g.kind] = position if g.kind in ("pp", "dp") else g.index
    return out


# How a GPU's label names each membership.
_NAMES = {"tp": "TP{}", "pp": "stage {}", "dp": "replica {}", "ep": "EP{}"}


def flowchart(p: Placement) -> str:
    """The Mermaid source (no fence) of ``p``."""
    colour = _colour_kind(p)
    member = _membership(p)
    cluster = p.cluster
    intra = f"{cluster.intra.fabric} {cluster.intra.bandwidth_gb_per_s:g} GB/s per GPU"
    lines = ["flowchart LR"]
    used: set[int] = set()
    shown_nodes = min(p.nodes, MAX_NODES)
    for n in range(shown_nodes):
        lines.append(f'  subgraph n{n}["node {n} · {label(cluster.gpu.name)}"]')
        lines.append("    direction TB")
        lines.append(f'    f{n}(["{label(intra)}"])')
        for local in range(p.gpus_per_node):
            gpu = Gpu(n, local)
            groups = member.get(gpu, {})
            text = " · ".join(
                _NAMES[k].format(groups[k])
                for k in ("tp", "pp", "dp", "ep")
                if k in groups and len(p.of(k)) * max(g.size for g in p.of(k)) > 1
            )
            lines.append(f'    g{n}_{local}["GPU {local}<br/>{label(text)}"]')
            lines.append(f"    f{n} --- g{n}_{local}")
            if colour in groups:
                index = groups[colour] % len(PALETTE)
                used.add(index)
                lines.append(f"    class g{n}_{local} c{index}")
        lines.append("  end")
    if p.nodes > shown_nodes:
        more = p.nodes - shown_nodes
        lines.append(f'  more["… {more} more node{"s" if more != 1 else ""} laid out alike"]')
    if p.nodes > 1:
        inter = cluster.inter
        net = (
            f"{inter.network} {inter.nics_per_node} × {inter.bandwidth_gb_per_s:g} GB/s "
            f"per node{' · RDMA' if inter.rdma else ''}"
        )
        text = label(net)
        crossing = [g for g in p.groups if g.crosses_nodes and g.kind != "dp"]
        if crossing:
            names = {
                f"{g.kind.upper()} {g.link.bandwidth_gb_per_s:g} GB/s per GPU" for g in crossing
            }
            text += "<br/>" + label("crossed by " + ", ".join(sorted(names)))
        lines.append(f'  net(("{text}"))')
        edge = _edge(f"{inter.network} {inter.nics_per_node} × {inter.bandwidth_gb_per_s:g} GB/s")
        for n in range(shown_nodes):
            lines.append(f"  n{n} ---|{edge}| net")
        if p.nodes > shown_nodes:
            lines.append("  more --- net")
    for index in sorted(used):
        fill, ink = PALETTE[index]
        lines.append(f"  classDef c{index} fill:{fill},color:{ink},stroke:#333")
    return "\n".join(lines) + "\n"


def _edge(kind: str) -> str:
    """An edge label (``|…|``) that cannot close the edge early."""
    return '"' + label(kind) + '"'


def legend(p: Placement) -> str:
    """One line saying what the colours mean."""
    kind = _colour_kind(p)
    names = {"tp": "tensor-parallel group", "pp": "pipeline stage", "dp": "data-parallel replica"}
    return f"colours: one per {names.get(kind, 'expert-parallel group')}"
