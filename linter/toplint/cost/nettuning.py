"""NCCL's tuning model for the steps of a collective that cross nodes: the numbers NCCL's
tuner (NVIDIA/nccl@5067397c src/graph/tuning.cc) prices a network step, the LL protocol's bus
bandwidth cap, NVLSTree's ceiling and the tree's medium-size correction.

Read by ``toplint.cost.network``, which prices the ring, the tree, NVLSTree and point-to-point
across nodes with them (cost-model.md §1.4); each constant keeps its source beside it.
"""

from __future__ import annotations

from toplint.cost.collectives import Fabric

# NVIDIA/nccl@5067397c src/graph/tuning.cc getNetOverhead(): 1 µs per ring step on x86 Intel and
# other CPUs (2 on AMD; the CPU vendor is not in the manifest, so the common value), ×3 for
# Simple; applied as a floor to every intra-node step of a ring that spans nodes.
NET_OVERHEAD_US = 1.0
NET_OVERHEAD_SIMPLE_FACTOR = 3.0
# tuning.cc, tree LL: "busBw = std::min(busBw * 1.0 / 3.8, llMaxBw)"
TREE_LL_BW = 1.0 / 3.8
# NVIDIA/nccl@5067397c src/graph/tuning.cc llMaxBws and ncclTopoTuneModel: the LL protocol's
# bus bandwidth cap, GB/s, across nodes indexed by the CPU vendor, not the GPU ("LL: for single
# node, we look at GPU type; for multi-node, we look at CPU type"): Intel {2 nodes 39.0,
# more 20.4}, AMD {22.5, 19.0}.  The manifest does not say the CPU vendor, so the common one, as
# for NET_OVERHEAD_US.  Inside one node the cap is the GPU's (collectives.LL_MAX_BUSBW, 141 on
# Hopper).  Ring LL: busBw = min(llMaxBw, busBw·0.5); tree LL: min(busBw/3.8, llMaxBw), and a
# tree's algorithm bandwidth is half its bus bandwidth (tuning.cc ``ratio``).
LL_MAX_BUSBW_NET = {2: 39.0, 3: 20.4}


def ll_max_busbw(nodes: int) -> float:
    """NCCL's LL bus-bandwidth cap for a group over ``nodes`` > 1 nodes (llMaxBws, Intel)."""
    return LL_MAX_BUSBW_NET[min(max(nodes, 2), 3)]


# NVIDIA/nccl@5067397c src/graph/tuning.cc ncclTopoTuneModel, NVLS_TREE (NVLS inside each node, a
# tree between nodes; Simple only): per channel ``bw = min(intraBw, interBw, perChMaxNVLSTreeBw)``
# with ``interBw = bwInter × 2`` on two nodes ("Handle 2 node case of NVLSTree"), ``busBw =
# nChannels × bw`` and the algorithm bandwidth ``busBw · nRanks / nsteps`` (nsteps = 2(nRanks − 1)
# for all-reduce).  perChMaxNVLSTreeBws, GB/s per channel, {2 nodes, more}: Hopper {57.7, 45.5},
# Blackwell {96.0, 80.0}.  The NVLS graph has one channel per head, a NIC with its own GPU
# (src/graph/search.cc: "NVLS search only tries to find NIC:GPU combinations to compute the
# heads"), at most NCCL_MAX_NVLS_ARITY (src/include/device.h: 32) and the node's GPUs; bwInter is
# one head's share of the node's NIC rate.  toplint's tree prices the NICs and NVLS itself; this
# is the ceiling NCCL's tuner puts on top, as a bus bandwidth.
NVLS_TREE_MAX_BUSBW_PER_CHANNEL = {"hopper": (57.7, 45.5), "blackwell": (96.0, 80.0)}
NCCL_MAX_NVLS_ARITY = 32


# nvls_tree_busbw per fabric object (the fit prices the same fabrics thousands of times); the
# entry holds its fabric, so an id is not reused while it is cached.
_NVLS_TREE_BUSBW: dict[int, tuple[Fabric, float]] = {}


def nvls_tree_busbw(fabric: Fabric) -> float:
    """NCCL's NVLSTree bus-bandwidth ceiling across nodes, GB/s (0: none known)."""
    hit = _NVLS_TREE_BUSBW.get(id(fabric))
    if hit is not None and hit[0] is fabric:
        return hit[1]
    if len(_NVLS_TREE_BUSBW) > 4096:
        _NVLS_TREE_BUSBW.clear()
    bus = _nvls_tree_busbw(fabric)
    _NVLS_TREE_BUSBW[id(fabric)] = (fabric, bus)
    return bus


def _nvls_tree_busbw(fabric: Fabric) -> float:
    caps = NVLS_TREE_MAX_BUSBW_PER_CHANNEL.get(fabric.nvls_arch)
    if caps is None or fabric.nodes <= 1:
        return 0.0
    heads = min(fabric.nics_per_node, fabric.per_node, NCCL_MAX_NVLS_ARITY)
    if heads <= 0 or fabric.per_node < fabric.nvls_min_ranks:
        return 0.0
    inter = fabric.net_node_gb_per_s / heads * (2.0 if fabric.nodes <= 2 else 1.0)
    return heads * min(inter, caps[0] if fabric.nodes <= 2 else caps[1])


def nvls_tree_floor_us(size: float, fabric: Fabric) -> float:
    """The time of an all-reduce of ``size`` bytes at NCCL's NVLSTree ceiling (0: none)."""
    bus = nvls_tree_busbw(fabric)
    if bus <= 0:
        return 0.0
    p = fabric.ranks
    return size * 2.0 * (p - 1) / p / (bus * 1e3)


# tuning.cc hwLatencies[NCCL_HW_NET], µs per network step: Tree {LL 5.0, LL128 8.5, Simple 14},
# Ring {LL 2.7, LL128 4.0, Simple 14.0}, NVLSTree {Simple 20.9}; "With ppn=1 latencies are
# fully exposed, use the Tree network latency" (the ring takes the tree row with one rank per
# node).  The InfiniBand plugin adds nothing (src/transport/net_ib/init.cc:
# ``props->latency = 0``).  The manifest's ``inter_node.latency`` is the tree LL step
# (link-kinds table: 5 µs for IB/RoCE); the other rows keep NCCL's difference from it.
NET_HW_LAT_US = {
    "tree": {"ll": 5.0, "ll128": 8.5, "simple": 14.0},
    "ring": {"ll": 2.7, "ll128": 4.0, "simple": 14.0},
    "nvlstree": {"simple": 20.9},
}
# tuning.cc treeCorrectionFactor ("Trees are not perfectly sticking to the model for medium
# sizes"): the tree all-reduce bandwidth is multiplied by this, per protocol, indexed by
# log2(bytes / 64) from 0 to 22 (64 B to 256 MiB); outside that range the factor is 1.
# fmt: off
TREE_CORRECTION = {
    "ll": (1.0, 1.0, 1.0, 1.0, 0.9, 0.8, 0.7, 0.7, 0.7, 0.7, 0.6, 0.5,
           0.4, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.0, 1.0, 1.0),
    "ll128": (1.0, 1.0, 1.0, 1.0, 1.0, 0.9, 0.8, 0.8, 0.8, 0.7, 0.6, 0.6,
              0.6, 0.6, 0.6, 0.6, 0.8, 0.9, 0.9, 0.9, 0.9, 1.0, 1.0),
    "simple": (0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.8, 0.7, 0.6, 0.6, 0.5,
               0.5, 0.5, 0.5, 0.6, 0.7, 0.8, 0.7, 0.7, 0.8, 0.9, 0.9),
}
# fmt: on


def net_step_us(fabric: Fabric, algorithm: str, protocol: str) -> float:
    """NCCL's per-step network latency of ``algorithm``/``protocol`` (tuning.cc interLat)."""
    row = "tree" if algorithm == "tree" or fabric.per_node <= 1 else algorithm
    extra = NET_HW_LAT_US[row][protocol] - NET_HW_LAT_US["tree"]["ll"]
    return max(fabric.net_latency_us + extra, 0.0)


def tree_correction(size: float, protocol: str) -> float:
    """tuning.cc treeCorrectionFactor for a tree all-reduce of ``size`` bytes."""
    log_size = int(size) >> 6
    if log_size <= 0:
        return 1.0
    index = log_size.bit_length() - 1
    row = TREE_CORRECTION[protocol]
    return row[index] if index < len(row) else 1.0
