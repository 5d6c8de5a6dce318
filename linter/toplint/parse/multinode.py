"""The head and worker commands of one multi-node instance are one deployment, not two.

A multi-node launch script starts the same server on every node and branches on the node's rank
(``if [ "$NODE_RANK" = 0 ]; then … --node-rank 0 …; else … --headless …; fi``, or one
``case`` arm per role).  Those commands differ only in per-node options: the node's rank, its
address and ports, and whether it serves the API (vLLM ``--headless``, vllm/entrypoints/cli/
serve.py; SGLang ``--node-rank``, sglang/srt/server_args.py).  They describe one instance, so
the file reports one deployment: the head's (the command without ``--headless`` and with the
lowest rank), with a note naming the other commands' lines.

One written command reached twice with the same values (the arms of ``if [ "$NODES" -eq 1 ];
then ./start_cluster.sh --head-only; else ./start_cluster.sh; fi``: a script started from
either arm; mark-ramsey-ri/sglang-dgx-spark@ad616ce1 benchmark_all.sh:361-365) is one node's
command, not two nodes that claim one rank.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.infra.numbers import digits, whole_text
from toplint.model import Deployment, Position
from toplint.record import replace

# Canonical option names that differ from node to node of one instance; ``rank`` options say
# which node a command is for (their presence marks a multi-node role command).
_RANK = frozenset(
    {"node-rank", "headless", "data-parallel-start-rank", "data-parallel-rank", "node_rank"}
)
_PER_NODE = _RANK | frozenset(
    {"host", "port", "dist-init-addr", "data-parallel-address", "data-parallel-rpc-port"}
    | {"master-addr", "master-port", "nccl-port", "nnodes"}
)
# Options every node of one instance must give the same value: where they meet (SGLang
# ``--dist-init-addr``, vLLM ``--master-addr``/``--master-port`` and the data-parallel
# coordinator's ``--data-parallel-address``/``--data-parallel-rpc-port``).
_RENDEZVOUS = (
    "dist-init-addr",
    "master-addr",
    "master-port",
    "data-parallel-address",
    "data-parallel-rpc-port",
)
_LAYOUT = ("engine", "model", "tp", "pp", "dp", "ep")
# Per-node options a node keeps its own value of; every other option (the layout, the model,
# the rendezvous, --nnodes) is one value on every node of the instance.
_OWN = _PER_NODE - set(_RENDEZVOUS) - {"nnodes"}


def agrees_across_nodes(name: str) -> bool:
    """Every node's command of one instance gives the canonical option ``name`` one value (a
    fix changing it changes it on each node): all but a node's rank, address and ports."""
    return name not in _OWN


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
    drop: set[int] = set()
    seen: set[tuple[object, ...]] = set()
    for k, dep in enumerate(deployments):
        key = _role_key(dep)
        if key is None:
            continue
        written = (key, tuple((f.name, f.value, f.position) for f in dep.flags))
        if written in seen:
            drop.add(k)  # the same command reached again (the arms of an ``if``): not a node
            continue
        seen.add(written)
        groups.setdefault(key, []).append(k)
    keep: dict[int, Deployment] = {}
    for members in (part for group in groups.values() for part in _instances(deployments, group)):
        if len(members) < 2:
            continue
        ordered = sorted(members, key=lambda k: _head_order(deployments[k]))
        head = deployments[ordered[0]]
        others = ", ".join(str(deployments[k].line) for k in ordered[1:])
        note = (
            f"one instance: the commands on line(s) {others} start the other nodes of this "
            f"deployment (line {head.line} is its head)"
        )
        nodes = tuple(deployments[k].flags for k in ordered[1:])
        head = replace(head, notes=(*head.notes, note), node_flags=nodes)
        keep[ordered[0]] = _with_conflicts(head, [deployments[k] for k in ordered])
        drop.update(ordered[1:])
    return tuple(keep.get(k, dep) for k, dep in enumerate(deployments) if k not in drop)


def _instances(deployments: Sequence[Deployment], members: list[int]) -> list[list[int]]:
    """The instances of one role group: one, unless the commands name two or more rendezvous
    points each of which has a command for every rank (two complete clusters written one after
    the other - devopsrustem/slurmv4@3e72c52 3/4.sh starts the prefill pair at 10.82.101.193,
    then at 10.99.91.39 - not one cluster whose node names the wrong head, as in
    sgl-project/sglang#2658, where neither address has every rank)."""
    parts: dict[tuple[str | None, ...], list[int]] = {}
    for k in members:
        point = tuple(_value(deployments[k], name) for name in _RENDEZVOUS)
        parts.setdefault(point, []).append(k)
    if len(parts) < 2 or not all(
        _every_rank([deployments[k] for k in part]) for part in parts.values()
    ):
        return [members]
    return list(parts.values())


def _value(dep: Deployment, name: str) -> str | None:
    flag = dep.flag(name)
    return None if flag is None else flag.value


def _with_conflicts(head: Deployment, nodes: Sequence[Deployment]) -> Deployment:
    """The head, with what its nodes' commands disagree on (``options["multinode_conflicts"]``,
    TL214), pointing at the first command that differs from the head's."""
    found: list[str] = []
    where = None
    for name in _RENDEZVOUS:
        seen: dict[str, Deployment] = {}
        for dep in nodes:
            flag = dep.flag(name)
            if flag is not None and flag.value is not None and flag.value not in seen:
                seen[flag.value] = dep
        if len(seen) > 1:
            found.append(
                f"--{name} " + " vs ".join(f"{v} (line {d.line})" for v, d in seen.items())
            )
            where = where or _position(list(seen.values())[1], name)
    counts = {dep.nodes: dep for dep in nodes if dep.nodes is not None}
    if len(counts) > 1:
        found.append("--nnodes " + " vs ".join(f"{n} (line {d.line})" for n, d in counts.items()))
        where = where or _position(list(counts.values())[1], "nnodes")
    ranks: dict[str, Deployment] = {}
    complete = _every_rank(nodes)
    for dep in nodes:
        flag = dep.flag("node-rank")
        if flag is None or flag.value is None:
            continue
        if flag.value in ranks and complete and _same_command(ranks[flag.value], dep):
            continue  # every node's command written again (a session's retry), not a 3rd node
        if flag.value in ranks:
            found.append(f"node rank {flag.value} on lines {ranks[flag.value].line} and {dep.line}")
            where = where or flag.position
        elif (
            (rank := digits(flag.value)) is not None and dep.nodes is not None and rank >= dep.nodes
        ):
            found.append(f"node rank {flag.value} of --nnodes {dep.nodes} (line {dep.line})")
            where = where or flag.position
        ranks[flag.value] = dep
    if not found:
        return head
    sources = dict(head.sources)
    if where is not None:
        sources["multinode_conflicts"] = where
    options = {**head.options, "multinode_conflicts": "; ".join(found)}
    return replace(head, options=options, sources=sources)


def _every_rank(nodes: Sequence[Deployment]) -> bool:
    """Whether the commands give every rank from 0 to --nnodes - 1 (one --nnodes for all)."""
    counts = {dep.nodes for dep in nodes}
    if len(counts) != 1 or None in counts:
        return False
    flags = (dep.flag("node-rank") for dep in nodes)
    given = {digits(f.value) for f in flags if f is not None and f.value is not None}
    return given == set(range(counts.pop() or 0))


def _same_command(first: Deployment, again: Deployment) -> bool:
    """The same node's command, every option and value as written: where every rank already
    has a command, a repeat of one is that node started again (a terminal session pasted into
    a notes file, devopsrustem/slurmv4@3e72c52 3/5.sh, runs the prefill pair twice), not a
    second node claiming its rank; a rank written twice in an incomplete set stays a clash
    (a copied command whose --node-rank was not changed)."""
    return [(f.name, f.value) for f in first.flags] == [(f.name, f.value) for f in again.flags]


def _position(dep: Deployment, name: str) -> Position:
    flag = dep.flag(name)
    return flag.value_position or flag.position if flag is not None else dep.position_of(name)
