"""Collectives that cross nodes, and all-to-all, as NCCL and the MoE libraries run them.

NCCL across nodes (NVIDIA/nccl@5067397c src/graph/tuning.cc; cost-model.md §1.4):

- **Ring** (all-reduce, all-gather, reduce-scatter): one ring per channel threads every node;
  each node's ring hops out through its NICs, so a node's egress is the whole ring traffic
  ``wire_factor·S`` and the bus bandwidth is what the group's ranks on that node can push
  through the NICs together (per-GPU rail share × ranks per node), or the intra-node ring,
  whichever is slower.  Latency: ``base + (nsteps − nInter)·intraLat + nInter·α_net`` with
  ``nInter = 2(nNodes−1)`` for all-reduce, ``nNodes−1`` for all-gather / reduce-scatter, and
  every intra-node step of a ring that spans nodes costs at least NCCL's per-step network
  overhead ("inter-node rings still have to launch nsteps * net overhead": 1 µs, ×3 for Simple),
  which is why NCCL runs small messages across nodes as a tree.
- **Tree** (all-reduce): a chain inside each node and a double binary tree between nodes.
  Each node sends ``S`` across the network on 2 nodes (each tree is a pair) and ``2S`` on more
  (inner in one tree, leaf in the other) — why ring wins on bandwidth except on 2 nodes
  (sjeaugey in NVIDIA/nccl#790, quoted in stas00/ml-engineering network/benchmarks/README.md).
  Latency: ``base + 2·((n/nNodes − 1)·intraLat + log2(nNodes)·α_net)``.  Tree LL moves
  1/3.8 of the tree's bus bandwidth (capped at llMaxBw), not the ring's 1/2, and medium sizes
  take NCCL's ``treeCorrectionFactor`` on the bandwidth.
- **Network step** ``α_net`` per algorithm and protocol: NCCL's NET hwLat row (Simple 14 µs
  where tree LL is 5), relative to the manifest's latency, which is the tree LL step.  These
  tuning.cc numbers, the LL cap and NVLSTree's ceiling: ``toplint.cost.nettuning``.
- **Point-to-point** (PP send/recv, KV transfer): one step, one GPU's NIC share.
- **A network whose NCCL transport plugin sets the rate** (GPUDirect-TCPX, -TCPXO): every
  algorithm over it runs at the kind's ``transport_eta`` of the NIC rate (``tree_eta``).

All-to-all runs as concurrent sends to every peer (NCCL ``ncclGroupStart`` of send/recv, pplx,
DeepEP): one latency, and only the bytes that leave the node cross the NIC, at each GPU's NIC
share, while the bytes for peers on the same node go over NVLink at the same time.  DeepEP's
normal kernels send a token once per destination node and forward it over NVLink; the copies
for the sender's own node go through the same RDMA-channel pipeline, so every distinct-node
copy is paced at the NIC rate (the caller passes those bytes).  Its low-latency kernels send
every token-expert copy directly over RDMA with a fixed cost per call
(deepseek-ai/DeepEP@0297fc80 docs/legacy.md, tests/test_internode.py).
"""

from __future__ import annotations

import math

from toplint.cost.collectives import (
    BASE_LATENCY_US,
    FACTOR_ALL_REDUCE,
    NO_TIME,
    NVLS_LATENCY_US,
    PROTOCOL_BW,
    RING_OPS,
    TREE_BASE_LATENCY_US,
    Fabric,
    Prediction,
    intra_eta,
    intra_steps,
    ramped,
    step_us,
    wire_factor,
)
from toplint.cost.nettuning import (
    NET_OVERHEAD_SIMPLE_FACTOR,
    NET_OVERHEAD_US,
    TREE_LL_BW,
    ll_max_busbw,
    net_step_us,
    nvls_tree_floor_us,
    tree_correction,
)
from toplint.cost.params import Params
from toplint.hardware import archs
from toplint.hardware.linkkinds import kind

A2A_IMPLS = ("nccl", "pplx", "deepep-normal", "deepep-ll")
# NCCL's all-to-all on one node (grouped send/recv to every peer), NVIDIA/nccl@5067397c:
# p2pnChannels is the communicator's channel count rounded up to a power of two
# (src/graph/paths.cc ncclTopoComputeP2pChannels): 32 on NVSwitch HGX nodes (8×H100 logs "24 coll
# channels, ..., 32 p2p channels, 32 p2p channels per peer"); src/enqueue.cc: each peer gets
# nChannelsMin = p2pnChannelsPerPeer halved "while (nChannelsMin * nRanks > comm->p2pnChannels)";
# a peer's bytes take min(nChannelsMin, ⌈bytes / minPartSize⌉) channels and are doubled onto
# more (up to p2pnChannelsPerPeer) "while (partSize > maxPartSize ...)"; on one node
# minPartSize is 1/8 and maxPartSize 32 chunks of P2P_NVL_CHUNKSIZE 512 KiB (src/init.cc).
P2P_CHANNELS = 32
P2P_CHUNK_BYTES = 512 * 1024  # NCCL_P2P_NVL_CHUNKSIZE default (src/init.cc p2pChunkSize)
P2P_MIN_PART_BYTES = P2P_CHUNK_BYTES // 8
P2P_MAX_PART_BYTES = 32 * P2P_CHUNK_BYTES
# The protocols the model prices across nodes, the cheapest taken.  LL128 is not among them:
# NCCL enables it across nodes on NVLink nodes (tuning.cc), but taking it as one more cheapest
# option lowers every predicted time and was worse on the development sources, and pricing the
# protocol NCCL's tuner picks was worse too (docs/accuracy.md "Tried"; benchmarks/nccl_tuner.py).
CHEAPEST_OF = ("ll", "simple")


def net_eta(fabric: Fabric, params: Params, all_to_all: bool = False) -> tuple[float, str]:
    transport = _transport_eta(fabric, params)
    if transport:
        return transport
    if kind(fabric.net_kind).tcp:
        return params.tcp_eta, f"TCP sockets η {params.tcp_eta:g} of the NIC rate (fitted)"
    if all_to_all:
        return params.a2a_net_eta, (
            f"RDMA all-to-all η {params.a2a_net_eta:g} of the NIC rate (every GPU to every "
            "remote GPU at once; fitted)"
        )
    return params.net_eta, (
        f"RDMA η {params.net_eta:g} of the NIC rate (fitted; nccl-tests#290: 46–48 GB/s per "
        "NDR-400 NIC)"
    )


def _transport_eta(fabric: Fabric, params: Params) -> tuple[float, str] | None:
    """The η of a network whose NCCL transport plugin sets the rate (every algorithm over it),
    with its source; None for RDMA and NCCL's sockets."""
    if not fabric.net_kind:
        return None
    eta = params.transport_eta_of(kind(fabric.net_kind))
    if eta <= 0:
        return None
    return eta, f"{fabric.net_kind} transport η {eta:g} of the NIC rate (fitted per transport)"


def tree_eta(fabric: Fabric, params: Params) -> tuple[float, str]:
    """The tree's η of the node's NIC rate: the transport's where its plugin sets the rate,
    else NCCL's tree over RDMA or sockets (fitted)."""
    transport = _transport_eta(fabric, params)
    if transport:
        return transport
    return params.tree_eta, f"NCCL tree η {params.tree_eta:g} of the node's NIC rate (fitted)"


def predict_spanning(
    op: str,
    message_bytes: float,
    fabric: Fabric,
    params: Params,
    impl: str = "nccl",
    algorithm: str = "",
) -> Prediction:
    """A collective over a group that spans nodes, or any all-to-all (``algorithm``: the one
    NCCL_ALGO forces, else NCCL's choice between ring and tree)."""
    if fabric.ranks <= 1 or message_bytes <= 0:
        return NO_TIME
    if op == "all_to_all":
        return _all_to_all(message_bytes, fabric, params, impl)
    if op in ("send_recv", "gather"):
        return _point_to_point(op, message_bytes, fabric, params)
    if op != FACTOR_ALL_REDUCE or algorithm == "ring":
        return _ring(op, message_bytes, fabric, params)
    if algorithm == "tree":
        return _tree(message_bytes, fabric, params)
    if algorithm == "nvlstree":
        return _nvls_tree(message_bytes, fabric, params)
    best = _ring(op, message_bytes, fabric, params)
    tree = _tree(message_bytes, fabric, params)
    return tree if tree.time_us < best.time_us else best


def _intra_bw(fabric: Fabric, params: Params) -> tuple[float, float, str]:
    eta, source = intra_eta(fabric.intra_kind, fabric.per_node, params)
    return eta * fabric.intra_gb_per_s, eta, source


def _ring(
    op: str, size: float, fabric: Fabric, params: Params, protocols: tuple[str, ...] = CHEAPEST_OF
) -> Prediction:
    """NCCL's ring across nodes at the cheapest of ``protocols``."""
    p, k = fabric.ranks, fabric.nodes
    steps = 2 * (p - 1) if op == FACTOR_ALL_REDUCE else p - 1
    inter = 2 * (k - 1) if op == FACTOR_ALL_REDUCE else k - 1
    bus, eta, source = _intra_bw(fabric, params)
    n_eta, n_source = net_eta(fabric, params)
    net = n_eta * fabric.net_node_gb_per_s
    extra, ramp = 0.0, params.ramp_bytes  # the intra-node ramp, when NVLink is the bottleneck
    if net < bus:
        bus, eta, source, extra, ramp = net, n_eta, n_source, params.net_extra_us, 0.0
    wire = wire_factor(op if op in RING_OPS else "all_gather", p) * size
    table, scale = intra_steps(fabric, params)
    best: Prediction | None = None
    for protocol in protocols:
        bw = bus * PROTOCOL_BW[protocol]
        if protocol == "ll":
            bw = min(bw, ll_max_busbw(k))
        lat = BASE_LATENCY_US[protocol]
        lat += (steps - inter) * _ring_intra_step_us(fabric, protocol, table[protocol] * scale)
        lat += inter * net_step_us(fabric, "ring", protocol)
        t = lat + params.launch_us + extra + ramped(wire, ramp) / (bw * 1e3)
        if best is None or t < best.time_us:
            best = Prediction(t, "ring", protocol, eta, source, bw)
    assert best is not None
    return best


def _ring_intra_step_us(fabric: Fabric, protocol: str, step: float) -> float:
    """An intra-node step (``step`` µs, ``step_us``) of a ring that spans nodes: at least the
    network overhead."""
    if fabric.nodes <= 1:
        return step
    floor = NET_OVERHEAD_US * (NET_OVERHEAD_SIMPLE_FACTOR if protocol == "simple" else 1.0)
    return max(step, floor)


def _tree(
    size: float,
    fabric: Fabric,
    params: Params,
    protocols: tuple[str, ...] = CHEAPEST_OF,
    nvls: bool = True,
) -> Prediction:
    """The tree all-reduce at the cheapest of ``protocols``; inside each node NVLS where the
    node has it (``nvls``, as NVLSTree), else a chain."""
    k, per_node = fabric.nodes, fabric.per_node
    egress = size if k == 2 else 2.0 * size
    eta, source = tree_eta(fabric, params)
    net = eta * fabric.net_node_gb_per_s
    intra = _tree_intra_us_per_byte(fabric, params, nvls) * size
    table, scale = intra_steps(fabric, params)
    best: Prediction | None = None
    for protocol in protocols:
        factor = TREE_LL_BW if protocol == "ll" else PROTOCOL_BW[protocol]
        t_bw = max(egress / (net * 1e3), intra) / factor
        if protocol == "ll":
            t_bw = max(t_bw, 2.0 * size / (ll_max_busbw(k) * 1e3))
        t_bw /= tree_correction(size, protocol)
        if nvls and protocol == "simple" and fabric.nvls_arch:
            t_bw = max(t_bw, nvls_tree_floor_us(size, fabric))
        t_bw += params.net_extra_us
        lat = (
            TREE_BASE_LATENCY_US[protocol]
            + params.launch_us
            + 2
            * (
                (per_node - 1) * (table[protocol] * scale)
                + math.log2(k) * net_step_us(fabric, "tree", protocol)
            )
        )
        t = lat + t_bw
        if best is None or t < best.time_us:
            best = Prediction(t, "tree", protocol, eta, source, net * factor)
    assert best is not None
    return best


def _nvls_tree(size: float, fabric: Fabric, params: Params) -> Prediction:
    """NVLSTree (NCCL_ALGO=NVLSTree): NVLS inside each node, a tree across nodes, Simple only.
    Its bandwidth is the tree's; its latency is NCCL's ``intraLat + 2·log2(nNodes)·interLat``
    with the NVLS hop (hwLat NVLINK NVLSTree Simple 25 µs, tuning.cc) and no base latency."""
    tree = _tree(size, fabric, params)
    simple = PROTOCOL_BW["simple"]
    eta = tree.eta
    bw_us = (
        max(
            (size if fabric.nodes == 2 else 2.0 * size) / (eta * fabric.net_node_gb_per_s * 1e3),
            _tree_intra_us_per_byte(fabric, params) * size,
        )
        / simple
    )
    bw_us = max(bw_us, nvls_tree_floor_us(size, fabric))
    lat = NVLS_LATENCY_US + params.launch_us
    lat += 2 * math.log2(fabric.nodes) * net_step_us(fabric, "nvlstree", "simple")
    t = lat + bw_us + params.net_extra_us
    bw = eta * fabric.net_node_gb_per_s
    return Prediction(t, "nvlstree", "simple", tree.eta, tree.eta_source, bw)


def _tree_intra_us_per_byte(fabric: Fabric, params: Params, nvls: bool = True) -> float:
    """Inside each node the tree is a chain (every GPU sends 2S: reduce up, broadcast down), or
    NVLS on an NVSwitch with enough GPUs (NVLSTree: each GPU sends S to the switch)."""
    if fabric.per_node <= 1:
        return 0.0
    if nvls and fabric.nvls_arch and fabric.per_node >= fabric.nvls_min_ranks:
        eta = params.nvls_eta_of(archs.arch(fabric.nvls_arch))
        return 1.0 / (eta * fabric.intra_gb_per_s * 1e3)
    bus, _, _ = _intra_bw(fabric, params)
    return 2.0 / (bus * 1e3)


def _point_to_point(op: str, size: float, fabric: Fabric, params: Params) -> Prediction:
    """Send/recv (and the logits gather, whose root receives from every peer at once)."""
    eta, source = net_eta(fabric, params)
    bw = eta * fabric.net_gpu_gb_per_s
    remote = size if op == "send_recv" else size * _remote_share(fabric)
    t = BASE_LATENCY_US["simple"] + params.launch_us + fabric.net_latency_us
    t += remote / (bw * 1e3) + params.net_extra_us
    return Prediction(t, "p2p", "simple", eta, source, bw)


def _remote_share(fabric: Fabric) -> float:
    """Share of a rank's peers that sit on other nodes."""
    return (fabric.ranks - fabric.per_node) / fabric.ranks


def p2p_channels(ranks: int, peer_bytes: float) -> int:
    """Channels NCCL gives one peer of an all-to-all on one NVSwitch node (enqueue.cc)."""
    pow2 = 1 << (max(ranks, 1) - 1).bit_length()
    n = max(min(P2P_CHANNELS // pow2, math.ceil(peer_bytes / P2P_MIN_PART_BYTES)), 1)
    while peer_bytes / n > P2P_MAX_PART_BYTES and 2 * n <= P2P_CHANNELS:
        n *= 2
    return n


def _channel_limit(
    size: float, fabric: Fabric, params: Params, impl: str
) -> tuple[float, float, str] | None:
    """NCCL all-to-all on one NVLink node, as its channels carry it: each peer's bytes over that
    peer's channels at one channel's copy rate, plus the first chunk's second copy.  A
    channel moves its part in chunks of p2pChunkSize through the peer connection's buffer
    (NVIDIA/nccl@5067397c src/device/sendrecv.h runSend / runRecv: one ``directSend`` /
    ``directRecv`` per chunk); the sender's copy of chunk k+1 overlaps the receiver's copy of
    chunk k, so a part of c chunks takes c + 1 chunk copies and one of less than a chunk takes
    two copies of it: ``(part + min(part, chunk)) / rate``.  (time µs, bus GB/s, source), or
    None where that rate is not known or NCCL does not run it."""
    rate = params.p2p_channel_of(archs.arch(fabric.arch))
    if impl != "nccl" or fabric.nodes > 1 or not kind(fabric.intra_kind).p2p_channels or rate <= 0:
        return None
    peer = size / fabric.ranks
    n = p2p_channels(fabric.ranks, peer)
    bus = n * rate * (fabric.ranks - 1)  # every peer's channels at once
    source = (
        f"NCCL all-to-all: {n} of {P2P_CHANNELS} p2p channels per peer × {rate:g} GB/s per "
        "channel, plus one chunk's pipeline fill (enqueue.cc channel split, sendrecv.h "
        "chunks; rate fitted, benchmarks/accuracy.py)"
    )
    part = peer / n
    return (part + min(part, P2P_CHUNK_BYTES)) / (rate * 1e3), bus, source


def _deepep_pipe(
    size: float, fabric: Fabric, params: Params, impl: str
) -> tuple[float, float, str] | None:
    """DeepEP's normal kernels across nodes pass every distinct-node copy of a token, the
    sender's own node's included, through one RDMA-channel pipeline (sender warps, RDMA buffer,
    forwarder) on a fixed number of SMs; their test counts those bytes for its "RDMA"
    bandwidth (deepseek-ai/DeepEP tests/test_internode.py ``num_rdma_token_sent``).  ``size``
    is those bytes (toplint.cost.moe).  (time µs, GB/s, source), or None."""
    rate = params.deepep_pipe_of(archs.arch(fabric.arch))
    if impl != "deepep-normal" or rate <= 0:
        return None
    source = (
        f"DeepEP normal: every distinct-node copy through its SMs at {rate:g} GB/s per GPU "
        f"({fabric.arch}; fitted on DeepEP's tables, benchmarks/accuracy.py)"
    )
    return size / (rate * 1e3) + params.net_extra_us, rate, source


def _all_to_all(size: float, fabric: Fabric, params: Params, impl: str) -> Prediction:
    """Concurrent sends: max(NVLink share, NIC share) plus one fixed cost."""
    p, g = fabric.ranks, fabric.per_node if fabric.nodes > 1 else fabric.ranks
    i_eta, i_source = intra_eta(fabric.intra_kind, g, params)
    local = size * (g - 1) / p
    ramp = params.ramp_bytes
    t_local = ramped(local, ramp) / (i_eta * fabric.intra_gb_per_s * 1e3) if g > 1 else 0.0
    eta, source, bw = i_eta, i_source, i_eta * fabric.intra_gb_per_s
    channels = _channel_limit(size, fabric, params, impl)
    if channels is not None and channels[0] > t_local:
        t_local, bw, source = channels
        eta = bw / fabric.intra_gb_per_s
    base = {
        "deepep-ll": params.deepep_ll_base_us,
        "deepep-normal": params.deepep_normal_base_us,
    }.get(impl, params.a2a_base_us)
    t_remote = 0.0
    if fabric.nodes > 1:
        base += fabric.net_latency_us
        n_eta, n_source = net_eta(fabric, params, all_to_all=True)
        n_bw = n_eta * fabric.net_gpu_gb_per_s
        t_remote = size * _remote_share(fabric) / (n_bw * 1e3) + params.net_extra_us
        pipe = _deepep_pipe(size, fabric, params, impl)
        if pipe is not None and pipe[0] > t_remote:
            t_remote, n_bw, n_source = pipe
            n_eta = n_bw / fabric.net_gpu_gb_per_s
        if t_remote >= t_local:
            eta, source, bw = n_eta, n_source, n_bw
    elif impl == "nccl":
        base += step_us(fabric.intra_kind, "ll", params, fabric.arch)
    return Prediction(base + max(t_local, t_remote), "concurrent", impl, eta, source, bw)
