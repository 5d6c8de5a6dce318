"""The engine command that starts a planned layout: each engine's ``Engine.plan_command``."""

from __future__ import annotations

from collections.abc import Mapping

from toplint.engines.registry import get_engine
from toplint.plan.enumerate import Layout

__all__ = ["command"]


def command(
    model_id: str, layout: Layout, engine: str, nodes: int, options: Mapping[str, str] = {}
) -> str:
    """One shell line for the head node (multi-node: run it on each node with its rank), with
    the engine ``options`` the plan pins (``toplint.plan.rank.pinned``) after the layout."""

    render = get_engine(engine).plan_command
    if render is None:
        return ""
    line = render(model_id, layout.tp, layout.pp, layout.dp, layout.ep, nodes)
    return " ".join([line, *(f"--{name} {value}" for name, value in options.items())])
