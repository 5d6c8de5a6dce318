"""The head and worker commands of one multi-node instance are one deployment, not two.

A multi-node launch script starts the same server on every node and branches on the node's rank
(``if [ "$NODE_RANK" = 0 ]; then … --node-rank 0 …; else … --headless …; fi``, or one
``case`` arm per role).  Those commands differ only in per-node options: the node's rank, its
address and ports, and whether it serves the API (vLLM ``--headless``, vllm/entrypoints/cli/
serve.py; SGLang ``--node-rank``, sglang/srt/server_args.py).  They describe one instance, so
the file reports one deployment: the head's (the command without ``--headless`` and with the
lowest rank), with a note naming the other commands' lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.infra.numbers import whole_text
from toplint.model import Deployment
from toplint.record import replace

# Canonical option names that differ from node to node of one instance; ``rank`` options say
# which node a command is for (their presence marks a multi-node role command).
_RANK = frozenset(
    {"node-rank", "headless", "data-parallel-start-rank", "data-parallel-rank", "node_rank"}
)
_PER_NODE = _RANK | frozenset(
    {"host", "port", "dist-init-addr", "data-parallel-address", "data-parallel-rpc-port"}
    | {"master-addr", "master-port", "nccl-port"}
)
_LAYOUT = ("engine", "model", "tp", "pp", "dp", "ep", "nodes")


def _role_key(dep: Deployment) -> tuple[object, ...] | None:
    """What a node's command of one instance shares with the others; None: not a role command."""
    names = {f.name for f in dep.flags}
    if not names & _RANK:
        return None
    shared = tuple(sorted((f.name, f.value or "") for f in dep.flags if f.name not in _PER_NODE))
    return (*(getattr(dep, k) for k in _LAYOUT), dep.path, shared)


def _head_order(dep: Deployment) -> tuple[int, int, int]:
    """Sort key: the head first (serves the API, lowest rank), then by line."""
    headless = dep.flag("headless")
    rank_flag = next((dep.flag(n) for n in sorted(_RANK - {"headless"}) if dep.flag(n)), None)
    rank = rank_flag.value if rank_flag is not None else "0"
    is_headless = headless is not None and headless.value != "false"
    number = whole_text(rank or "", 0, 1 << 20)
    return (int(is_headless), 1 if number is None else number, dep.line)


def one_per_instance(deployments: Sequence[Deployment]) -> tuple[Deployment, ...]:
    """Deployments of one file with each instance's head/worker commands merged into one."""
    groups: dict[tuple[object, ...], list[int]] = {}
    for k, dep in enumerate(deployments):
        key = _role_key(dep)
        if key is not None:
            groups.setdefault(key, []).append(k)
    drop: set[int] = set()
    keep: dict[int, Deployment] = {}
    for members in groups.values():
        if len(members) < 2:
            continue
        ordered = sorted(members, key=lambda k: _head_order(deployments[k]))
        head = deployments[ordered[0]]
        others = ", ".join(str(deployments[k].line) for k in ordered[1:])
        note = (
            f"one instance: the commands on line(s) {others} start the other nodes of this "
            f"deployment (line {head.line} is its head)"
        )
        keep[ordered[0]] = replace(head, notes=(*head.notes, note))
        drop.update(ordered[1:])
    return tuple(keep.get(k, dep) for k, dep in enumerate(deployments) if k not in drop)
