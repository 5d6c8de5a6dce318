"""Lay one deployment's parallel groups onto a cluster's GPUs, nodes and links.

Rank order follows each engine (its ``Engine.ep_layout``, ``single_node``, ``dimensions`` and
``attention_dp``; ../shared/reference/engine-vocabulary.md §1-§5):

- vLLM: global ranks form a (DP, PP, TP) grid with TP fastest-varying
  (vllm/distributed/parallel_state.py ``initialize_model_parallel``): TP groups are contiguous
  ranks, PP groups stride by TP, DP groups share a (pp, tp) coordinate, and the MoE/EP group
  is the DP×TP ranks of one PP stage.
- SGLang: ``--tp`` is the total across ``--nnodes`` with the same TP-innermost layout; EP
  (``--ep`` ≤ tp) lives inside each TP group, strided by moe_tp = tp/ep (sglang
  parallel_state.py ``_MOE_EP``: ``range(i*tp + j, (i+1)*tp + j, moe_tp)``).  With
  ``--enable-dp-attention`` the DP ranks share the TP group's GPUs (GPUs = tp).
- TensorRT-LLM: TP innermost, then PP; MoE EP inside the TP group as SGLang [M].
- TGI: one TP group (``--num-shard``) on one node.

GPUs are filled node by node: rank r sits on node r // g, local GPU r % g, where g is the
instance's GPUs per node; a one-host process given devices (``CUDA_VISIBLE_DEVICES=0,2``,
``docker run --gpus '"device=1,3"'``) runs rank r on the r-th of them, so its groups cross the
links between those GPUs (``toplint.hardware.topology``).  g never exceeds the cluster's GPUs
per node: a request for more (a pod of 8 GPUs on 4-GPU nodes, TGI's 8 shards on one 4-GPU
host) cannot run as written (rule TL211) and is laid out over as many whole nodes as the GPUs
need.

Multi-node NVLink: a deployment whose pods are pinned to one ``nvidia.com/gpu.clique`` label
value (nodeSelector or a required node-affinity ``In`` term with one value) runs on nodes of
one NVLink partition.  NVIDIA's GPU feature discovery writes that label only on nodes whose
GPUs are attached to an NVLink fabric, as ``<ClusterUUID>.<CliqueId>`` of the fabric
(NVIDIA/k8s-device-plugin@19314fa9 internal/lm/fabric.go ``newImexLabeler``), so on a GPU whose
scale-up domain spans nodes (GB200/GB300 NVL72: 72 GPUs, 4 per tray) the groups across those
nodes cross NVLink, not the NICs, up to the GPU's domain.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.hardware.linkkinds import scaleup_of
from toplint.hardware.mixed import mixed_note
from toplint.hardware.types import Cluster
from toplint.infra.numbers import digits
from toplint.model import Deployment, Dimension
from toplint.placement.links import group_link
from toplint.placement.types import Gpu, Group, Placement
from toplint.record import replace

__all__ = ["place"]

CLIQUE_LABEL = "nvidia.com/gpu.clique"  # GPU feature discovery: "<ClusterUUID>.<CliqueId>"

CLIQUE_LABEL = "nvidia.com/gpu.clique"  # GPU feature discovery: "<ClusterUUID>.<CliqueId>"


def _clique_domain(deployment: Deployment, cluster: Cluster, notes: list[str]) -> Cluster:
    """The cluster as this deployment sees it: one NVLink domain across its nodes when its pods
    are pinned to one NVLink clique and the GPU's scale-up domain spans nodes."""
    clique = deployment.labels.get(CLIQUE_LABEL)
    rack = cluster.gpu.nvlink_domain
    if not clique or rack <= cluster.gpus_per_node or cluster.intra.nvlink_domain >= rack:
        return cluster
    scaleup = scaleup_of(cluster.intra.fabric)
    if scaleup is None or not scaleup.rack_scale:
        return cluster
    if "," in clique:
        notes.append(
            f"{CLIQUE_LABEL} allows several cliques ({clique}): the pods may sit in different "
            "NVLink domains; nodes are joined by the network"
        )
        return cluster

    notes.append(
        f"pods pinned to one NVLink clique ({CLIQUE_LABEL}={clique}): its nodes share the "
        f"{cluster.gpu.name} NVLink domain (up to {rack} GPUs), so groups across them cross NVLink"
    )
    return replace(cluster, intra=replace(cluster.intra, nvlink_domain=rack))


def _degree(deployment: Deployment, name: str, notes: list[str]) -> int:
    value = getattr(deployment, name)
    if value is None:
        notes.append(f"{name} could not be resolved; placed as {name}=1")
        return 1
    return max(int(value), 1)


def _shape(
    deployment: Deployment,
    cluster: Cluster,
    world: int,
    rank_gpus: int,
    notes: list[str],
    pinned: bool = False,
) -> tuple[int, int]:
    """(nodes, GPUs per node) the instance spans, with notes where the real layout may differ."""
    engine = get_engine(deployment.engine)
    node_gpus = max(cluster.gpus_per_node, 1)
    if engine.single_node:  # the engine shards on one host only (TGI: launcher/src/main.rs)
        if world > node_gpus:
            # It cannot start (rule TL211); a node never holds more GPUs than it has, so the
            # shards are laid out as the cluster would have to hold them.
            notes.append(
                f"{engine.title} runs on one node, but its {world} shards exceed the "
                f"{node_gpus} GPUs per node of cluster {cluster.name!r}; placed on "
                f"{math.ceil(world / node_gpus)} nodes of {node_gpus}"
            )
            return math.ceil(world / node_gpus), node_gpus
        return 1, world
    nodes = deployment.nodes
    per_node = deployment.gpus_per_node
    if per_node is None and deployment.dp_local:
        # vLLM --data-parallel-size-local: DP_local x TP x PP GPUs on each node (§1, §5 table)
        per_node = deployment.dp_local * rank_gpus
    if per_node is None and nodes and deployment.gpus:
        per_node = math.ceil(deployment.gpus / nodes)
    if per_node is None and nodes:
        per_node = math.ceil(world / nodes)
    if per_node is None:
        per_node = min(cluster.gpus_per_node, world)
    per_node = max(per_node, 1)
    if per_node > node_gpus:
        # Unschedulable as written (rule TL211); never put more GPUs on a node than it has.
        notes.append(
            f"{per_node} GPUs per node requested, but cluster {cluster.name!r} has "
            f"{node_gpus} per node; placed {node_gpus} per node"
        )
        per_node = node_gpus
    if nodes is None:
        nodes = math.ceil(world / per_node)
    elif (
        nodes > 1
        and deployment.pods_are_nodes is not True
        and 2 * per_node <= cluster.gpus_per_node
    ):
        # Two pods that each need more than half a node's GPUs cannot share a host.
        notes.append(
            f"pods are not nodes: {nodes} pods may share a host unless each pod takes a whole "
            "node of GPUs or the scheduler spreads them (LWS exclusive-topology, pod "
            "anti-affinity); placed one pod per node, the conservative reading for TP"
        )
    if world > nodes * per_node:
        extended = math.ceil(world / per_node)
        notes.append(
            f"world size {world} exceeds {nodes} node(s) x {per_node} GPUs; "
            f"placed on {extended} nodes"
        )
        nodes = extended
    if nodes > cluster.nodes:
        notes.append(
            f"the instance spans {nodes} nodes but cluster {cluster.name!r} has {cluster.nodes}"
        )
    if per_node < cluster.gpus_per_node and cluster.intra.numa_nodes > 1 and not pinned:
        notes.append(
            f"which {per_node} of the node's {cluster.gpus_per_node} GPUs the instance gets is up "
            f"to the device plugin; assumed local GPUs 0-{per_node - 1}"
        )
    return nodes, per_node


def _devices(deployment: Deployment, cluster: Cluster) -> list[int]:
    """The host GPU indices a one-host process was given (``CUDA_VISIBLE_DEVICES``,
    ``--gpus '"device=…"'``: ``Deployment.options["gpu_ids"]``), in the order it numbers them:
    rank r of the instance runs on the r-th.  Empty when unknown or not on this node."""
    ids = str(deployment.options.get("gpu_ids", ""))
    numbers = (digits(part, 1 << 20) for part in ids.split(","))
    found = [n for n in numbers if n is not None]
    return found if found and max(found) < cluster.gpus_per_node else []


def _grid(dp: int, pp: int, tp: int) -> list[list[list[int]]]:
    """grid[d][p][t] = global rank, TP fastest-varying (vLLM parallel_state rank mesh)."""
    return [[[(d * pp + p) * tp + t for t in range(tp)] for p in range(pp)] for d in range(dp)]


def _rank_groups(
    deployment: Deployment, model: ModelSpec | None, dp: int, pp: int, tp: int, notes: list[str]
) -> dict[Dimension, list[list[int]]]:
    grid = _grid(dp, pp, tp)
    groups: dict[Dimension, list[list[int]]] = {
        "tp": [grid[d][p] for d in range(dp) for p in range(pp)],
        "pp": [[grid[d][p][t] for p in range(pp)] for d in range(dp) for t in range(tp)],
        "dp": [[grid[d][p][t] for d in range(dp)] for p in range(pp) for t in range(tp)],
    }
    groups["ep"] = _ep_groups(deployment, model, grid, groups["tp"], notes)
    return groups


def _ep_groups(
    deployment: Deployment,
    model: ModelSpec | None,
    grid: list[list[list[int]]],
    tp_groups: list[list[int]],
    notes: list[str],
) -> list[list[int]]:
    dp, pp, tp = len(grid), len(grid[0]), len(grid[0][0])
    ep = deployment.ep or 1
    layout = get_engine(deployment.engine).ep_layout
    if layout == "dp_x_tp":
        # EP = DP×TP ranks of one PP stage (vLLM docs: EP_SIZE = TP_SIZE × DP_SIZE).  A MoE
        # model with DP > 1 communicates over the same ranks even without EP (its MoE layers
        # are sharded across DP×TP: engine-vocabulary.md §1, --data-parallel-size).
        moe_dp = model is not None and model.is_moe and dp > 1
        if not (deployment.ep_enabled or ep > 1 or moe_dp):
            return []
        return [[grid[d][p][t] for d in range(dp) for t in range(tp)] for p in range(pp)]
    if layout != "inside_tp":
        return []
    if deployment.ep_enabled and ep == 1:
        ep = tp  # SGLang --enable-ep-moe / DeepEP backends set ep_size = tp_size
    if ep <= 1:
        return []
    if tp % ep:
        notes.append(f"ep={ep} does not divide tp={tp}; EP groups not placed")
        return []
    moe_tp = tp // ep
    return [group[j::moe_tp] for group in tp_groups for j in range(moe_tp)]


def _group(
    kind: Dimension,
    index: int,
    ranks: Sequence[int],
    gpus: Sequence[Gpu],
    cluster: Cluster,
    per_node: int,
) -> Group:
    where = tuple(gpus[r] for r in ranks)
    return Group(
        kind=kind,
        index=index,
        ranks=tuple(ranks),
        gpus=where,
        link=group_link(where, cluster, per_node),
        nodes=tuple(sorted({g.node for g in where})),
    )


def place(deployment: Deployment, cluster: Cluster, model: ModelSpec | None) -> Placement:
    """Where every TP, PP, EP and DP group of ``deployment`` lands on ``cluster``.

    Only groups of more than one rank are listed (a group of one crosses no link).
    """
    notes: list[str] = []
    cluster = _clique_domain(deployment, cluster, notes)
    mixed = mixed_note(cluster)
    if mixed:
        notes.append(mixed)
    engine = get_engine(deployment.engine)
    tp = _degree(deployment, "tp", notes)
    pp = _degree(deployment, "pp", notes) if "pp" in engine.dimensions else 1
    dp = _degree(deployment, "dp", notes) if "dp" in engine.dimensions else 1
    if dp > 1 and engine.attention_dp(deployment) > 1:
        notes.append(f"DP attention: the {dp} DP ranks share the TP group's {tp} GPUs")
        dp = 1
    world = tp * pp * dp
    devices = _devices(deployment, cluster)
    nodes, per_node = _shape(deployment, cluster, world, tp * pp, notes, pinned=bool(devices))
    local = devices[:per_node] if nodes == 1 and len(devices) >= per_node else range(per_node)
    gpus = [Gpu(node=r // per_node, local=local[r % per_node]) for r in range(world)]
    groups: list[Group] = []
    for kind, rank_lists in _rank_groups(deployment, model, dp, pp, tp, notes).items():
        sized = [ranks for ranks in rank_lists if len(ranks) > 1]
        groups += [_group(kind, i, r, gpus, cluster, per_node) for i, r in enumerate(sized)]
    order = {"tp": 0, "pp": 1, "ep": 2, "dp": 3}
    groups.sort(key=lambda g: (order[g.kind], g.index))
    return Placement(
        deployment=deployment,
        cluster=cluster,
        model=model,
        nodes=nodes,
        gpus_per_node=per_node,
        groups=tuple(groups),
        uncertain=tuple(dict.fromkeys(notes)),
    )
