"""The one renderer of a parallel layout into an engine's own flags (``Engine.layout``).

Fixes (``toplint.rulebook.helpers.layout_fix`` and ``layout_flags``) and ``toplint plan`` (each
engine's ``plan_command``) both spell a layout through ``flags``; nothing else writes a layout
option, so an engine's spelling lives in its ``Layout`` record alone.
"""

from __future__ import annotations

from toplint.engines.types import Layout

__all__ = ["Setting", "flags", "missing", "planned", "text"]

# One option as it is pasted: (the option as the engine spells it, its value; "" for a switch).
Setting = tuple[str, str]


def flags(
    layout: Layout,
    *,
    attention_dp: bool = False,
    tp: int | None = None,
    pp: int | None = None,
    dp: int | None = None,
    dp_local: int | None = None,
    ep: int | None = None,
    nodes: int | None = None,
) -> list[Setting]:
    """The options that set the sizes given (None: leave that one out), in the order
    attention-DP switch, TP, PP, DP, local DP, EP, nodes; a size the engine has no option for
    is left out (``missing`` names it).  EP is the engine's size option, else its switch
    (vLLM's ``--enable-expert-parallel``, whose size follows from TP×DP) when EP is above 1;
    nodes come with the head node's rank (``--node-rank 0``) when the engine has that option."""
    out: list[Setting] = [(layout.attention_dp, "")] if attention_dp and layout.attention_dp else []
    out += [
        (name, str(value))
        for name, value in (
            (layout.tp, tp),
            (layout.pp, pp),
            (layout.dp, dp),
            (layout.dp_local, dp_local),
        )
        if value is not None and name
    ]
    if ep is not None and layout.ep:
        out.append((layout.ep, str(ep)))
    elif ep is not None and ep > 1 and layout.ep_switch:
        out.append((layout.ep_switch, ""))
    if nodes is not None and layout.nodes:
        out.append((layout.nodes, str(nodes)))
        if layout.node_rank:
            out.append((layout.node_rank, "0"))
    return out


def text(settings: list[Setting]) -> str:
    """The settings as they are typed on a command line."""
    return " ".join(f"{name} {value}" if value else name for name, value in settings)


def missing(
    layout: Layout,
    *,
    tp: int | None = None,
    pp: int | None = None,
    dp: int | None = None,
    ep: int | None = None,
) -> list[str]:
    """Dimensions of a wanted layout (above 1) that the engine cannot spell with an option."""
    names = (("tp", layout.tp), ("pp", layout.pp), ("dp", layout.dp), ("ep", layout.ep))
    sizes = {"tp": tp, "pp": pp, "dp": dp, "ep": ep}
    return [dim for dim, name in names if (sizes[dim] or 0) > 1 and not name]


def planned(layout: Layout, tp: int, pp: int, dp: int, ep: int, nodes: int) -> str:
    """The layout options of a command ``toplint plan`` prints for the head node: each size
    above 1; across nodes, the node count and rank, except that an engine which spreads DP
    ranks over nodes with a local DP size (vLLM ``--data-parallel-size-local``) is given that
    instead when DP is above 1."""
    by_local_dp = nodes > 1 and dp > 1 and bool(layout.dp_local)
    return text(
        flags(
            layout,
            tp=tp if tp > 1 else None,
            pp=pp if pp > 1 else None,
            dp=dp if dp > 1 else None,
            dp_local=max(dp // nodes, 1) if by_local_dp else None,
            ep=ep if ep > 1 else None,
            nodes=nodes if nodes > 1 and not by_local_dp else None,
        )
    )
