"""The fitted constants of the α–β model, in one record.

NCCL's own latency constants (tuning.cc) stay in ``toplint.cost.collectives``; what is here is
what no source states directly and was fitted to public measurements: efficiencies η (achieved
bus bandwidth over the link's per-direction rate) and the latencies of the all-to-all
libraries.  ``benchmarks/accuracy.py --fit`` refits them on every source and prints this
record; ``benchmarks/accuracy.py`` fits them on all sources but one and predicts the one left
out (docs/accuracy.md).  The per-step latency of each network kind is not here: it is the
manifest's ``inter_node.latency`` (default: the link-kinds table, toplint.hardware.linkkinds).
"""

from __future__ import annotations

from collections.abc import Mapping

from toplint.record import field, record


@record
class Params:
    # Ring η per intra-node link kind (large messages).
    eta: Mapping[str, float] = field(
        default_factory=lambda: {
            "nvlink": 0.7,
            "nvlink-bridge": 0.7,
            "xgmi": 0.7,
            "pcie": 0.62,
            "pcie-sys": 0.4,
        }
    )
    # NVLS busbw / per-direction NVLink rate (SHARP reduces in the switch).
    nvls_eta: Mapping[str, float] = field(
        default_factory=lambda: {"hopper": 1.07, "blackwell": 0.93}
    )
    # PCIe without P2P: all p GPUs share the host path, η = min(cap, shared / p).
    no_p2p_shared: float = 0.65
    no_p2p_cap: float = 0.2
    host_bounce_step_us: float = 15.0
    # NICs: ring / point-to-point / all-to-all η of the NIC rate (RDMA), TCP sockets.
    net_eta: float = 0.92
    tcp_eta: float = 0.7
    # NCCL tree (double binary tree across nodes, chain inside): η of the node's NIC rate.
    tree_eta: float = 0.62
    # Concurrent all-to-all (NCCL grouped send/recv, pplx, DeepEP): fixed cost per call, µs.
    a2a_base_us: float = 7.0
    # DeepEP low-latency kernels (pure RDMA, IBGDA): fixed cost per dispatch/combine, µs.
    deepep_ll_base_us: float = 30.0
    # DeepEP normal kernels: CPU-synchronised layout + notify before the transfer, µs.
    deepep_normal_base_us: float = 60.0


PARAMS = Params()
