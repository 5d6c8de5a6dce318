"""The fitted constants of the α–β model, in one record.

NCCL's own latency constants (tuning.cc) stay in ``toplint.cost.collectives``; what is here is
what no source states directly and was fitted to public measurements: efficiencies η (achieved
bus bandwidth over the link's per-direction rate), per-architecture scales of NCCL's per-step
latency, and the fixed costs of the all-to-all libraries.  The defaults are the fit on every
source (``python benchmarks/accuracy.py --fit``, 2026-12-01, 43 sources);
``benchmarks/accuracy.py`` fits them on all sources but one and predicts the one left out
(docs/accuracy.md).  The per-step latency of each network kind is not here: it is the
manifest's ``inter_node.latency`` (default: the link-kinds table, toplint.hardware.linkkinds,
fitted the same way).
"""

from __future__ import annotations

from collections.abc import Mapping

from toplint.record import field, record


@record
class Params:
    # Ring η per intra-node link kind (large messages).  nvlink-bridge and xgmi have no data in
    # the accuracy set: 0.69 from nccl-tests#178 (2-GPU bridged all-reduce 208 of 300 GB/s) and
    # 0.70 from ml-engineering (MI300X 8-GPU all-reduce busbw 312.9 of 448 GB/s).
    eta: Mapping[str, float] = field(
        default_factory=lambda: {
            "nvlink": 0.724,
            "nvlink-bridge": 0.69,
            "xgmi": 0.70,
            "pcie": 0.599,
            "pcie-sys": 0.386,
        }
    )
    # NVLS busbw / per-direction NVLink rate (SHARP reduces in the switch).  Blackwell sits at
    # the fit's lower bound: its 8-GPU tables up to 256 MiB (aiconfigurator B200/B300, uccl's
    # B300) run no faster than a ring, the GB-size and 64-72-GPU runs much faster; the model
    # has no size at which NVLS takes over, so on Blackwell it prices the ring
    # (docs/accuracy.md).
    nvls_eta: Mapping[str, float] = field(
        default_factory=lambda: {"hopper": 0.969, "blackwell": 0.5}
    )
    # Per-step NVLink latency of NCCL's tuning.cc scaled per GPU architecture (measured floors:
    # 8×B200 2 KiB all-reduce 26.5 µs where the constants give 15), and the PCIe step's scale.
    step_scale: Mapping[str, float] = field(
        default_factory=lambda: {"ampere": 2.258, "hopper": 0.831, "blackwell": 2.274}
    )
    pcie_step_scale: float = 1.0
    # Fixed cost every NCCL collective pays on top of tuning.cc's base latency (launch, sync).
    launch_us: float = 1.01
    # Bandwidth ramp: NCCL runs fewer channels and chunks for mid-size messages; modelled as
    # ramp_bytes of extra traffic at the link's rate (t = α + (wire + ramp) / bw).  0 since
    # 2026-12-01: once each constant's search scans its whole range, no ramp beats none.
    ramp_bytes: float = 0.0
    # Across NICs, a fixed cost per collective on top of the per-step latency, µs.  0 since
    # 2026-12-01: with NCCL's per-step network overhead (tuning.cc) and 7 multi-node sources the
    # per-network-kind step latency carries the floors; a shared extra cost fitted across
    # InfiniBand, EFA and TCPX made each fold borrow another network's floor.
    net_extra_us: float = 0.0
    # PCIe without P2P: all p GPUs share the host path, η = min(cap, shared / p); the cap is the
    # 6-8 GB/s host-bounce copy rate of nccl-tests#117 (0.2 of Gen4 x16).
    no_p2p_shared: float = 0.601
    no_p2p_cap: float = 0.2
    # NICs: ring and point-to-point η of the NIC rate (RDMA; at the fit's 1.0 bound, set by
    # ml-engineering's 4x p6-b200 sweep: on the other multi-node systems the NVLink part of the
    # ring or the tree binds first), TCP sockets (0.7, NCCL NET/Socket "is not efficient", vLLM
    # docs; the only TCP source, GCP A3 Mega's GPUDirect-TCPXO, finds no better value).
    net_eta: float = 0.997
    # All-to-all across nodes: every GPU sends to every remote GPU at once (many-to-many, off
    # its own rail), where a ring or tree sends to one neighbour per channel: a lower share of
    # the NIC rate (RDMA; fitted on the NCCL and DeepEP all-to-all tables across nodes).
    a2a_net_eta: float = 0.791
    tcp_eta: float = 0.7
    # NCCL tree (double binary tree across nodes, chain inside): η of the node's NIC rate.
    tree_eta: float = 0.624
    # One NCCL point-to-point channel's copy rate over NVLink, GB/s per architecture: a channel
    # is one thread block, and NCCL's all-to-all on one node runs (p−1)·p2pnChannels/pow2Up(p)
    # of them (toplint.cost.network.p2p_channels), so 2 GPUs use half the channels 8 GPUs use.
    # Fitted on the nccl-tests alltoall tables of ≥ 64 MiB; an architecture without one is not
    # capped.
    p2p_channel_gb_per_s: Mapping[str, float] = field(
        default_factory=lambda: {"ampere": 9.7, "hopper": 17.1, "blackwell": 19.6}
    )
    # Concurrent all-to-all (NCCL grouped send/recv, pplx, DeepEP): fixed cost per call, µs.
    a2a_base_us: float = 10.6
    # DeepEP low-latency kernels (pure RDMA, IBGDA): fixed cost per dispatch/combine, µs.
    deepep_ll_base_us: float = 16.2
    # DeepEP normal kernels across nodes: the rate, GB/s per GPU and architecture, at which
    # their SMs (Buffer.num_sms, 20 by default) move every distinct-node copy of a token
    # through the RDMA-channel pipeline, the sender's own node's copies included; the NIC
    # moves only the remote ones.  Fitted on DeepEP's tables; absent = the NIC share alone.
    deepep_pipe_gb_per_s: Mapping[str, float] = field(
        default_factory=lambda: {"hopper": 48.7, "blackwell": 163.7}
    )
    # DeepEP normal kernels: CPU-synchronised layout + notify before the transfer, µs.
    deepep_normal_base_us: float = 198.0


PARAMS = Params()
