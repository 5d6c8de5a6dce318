"""The fitted constants of the α–β model, in one record.

NCCL's own latency constants (tuning.cc) stay in ``toplint.cost.collectives``; what is here is
what no source states directly and was fitted to public measurements: efficiencies η (achieved
bus bandwidth over the link's per-direction rate), per-architecture scales of NCCL's per-step
latency, and the fixed costs of the all-to-all libraries.  The defaults are the fit on the
development sources (``python benchmarks/accuracy.py --fit``, issue 28): never on the
held-out publications (benchmarks/data/HELDOUT.md), so the model shipped is the model scored
on them; tests/cost/test_accuracy.py fails when a shipped constant is not that fit to three
significant figures.  ``benchmarks/accuracy.py`` also fits them on the development sources but
one and predicts the one left out (docs/accuracy.md).  What is fitted per link kind or per GPU
architecture has its default on the kind's or the architecture's row
(toplint.hardware.linkkinds, toplint.hardware.archs): the tables here start from those rows, a
fit replaces entries, and a kind or architecture that is not in a table (one registered after
``PARAMS`` was built) is priced by its own row's value.
The per-step latency of each network kind is the manifest's ``inter_node.latency`` (default:
the link-kinds table, fitted the same way).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from toplint.hardware import archs, linkkinds
from toplint.hardware.archs import Arch
from toplint.hardware.linkkinds import LinkKind
from toplint.record import field, record


def _by_kind() -> dict[str, float]:
    return {k.name: k.eta for k in linkkinds.KINDS.values() if k.eta}


def _transport() -> dict[str, float]:
    return {k.name: k.transport_eta for k in linkkinds.KINDS.values() if k.transport_eta}


def _by_arch(value: Callable[[Arch], float], skip: float = 0.0) -> dict[str, float]:
    return {a.name: value(a) for a in archs.ARCHS.values() if value(a) != skip}


@record
class Params:
    # Ring η per intra-node link kind (large messages): LinkKind.eta.
    eta: Mapping[str, float] = field(default_factory=_by_kind)
    # NVLS busbw / per-direction NVLink rate (SHARP reduces in the switch): Arch.nvls_eta.
    # Blackwell sits at the fit's lower bound: the GB-size and 64-72-GPU runs are much faster
    # than its ring, the 8-GPU tables up to 256 MiB are not; the model has no size at which
    # NVLS takes over, so on Blackwell it prices the ring (docs/accuracy.md).
    nvls_eta: Mapping[str, float] = field(default_factory=lambda: _by_arch(lambda a: a.nvls_eta))
    # Per-step NVLink latency of NCCL's tuning.cc scaled per GPU architecture (Arch.step_scale),
    # and the PCIe step's scale.
    step_scale: Mapping[str, float] = field(
        default_factory=lambda: _by_arch(lambda a: a.step_scale, skip=1.0)
    )
    pcie_step_scale: float = 1.0
    # Fixed cost every NCCL collective pays on top of tuning.cc's base latency (launch, sync).
    launch_us: float = 0.074
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
    # NICs: ring and point-to-point η of the NIC rate (RDMA; set mostly by ml-engineering's 4x
    # p6-b200 sweep: on the other multi-node systems the NVLink part of the ring or the tree
    # binds first), TCP sockets (0.7, NCCL NET/Socket "is not efficient", vLLM
    # docs; the only TCP source, GCP A3 Mega's GPUDirect-TCPXO, finds no better value).
    net_eta: float = 0.976
    # All-to-all across nodes: every GPU sends to every remote GPU at once (many-to-many, off
    # its own rail), where a ring or tree sends to one neighbour per channel: a lower share of
    # the NIC rate (RDMA; fitted on the NCCL and DeepEP all-to-all tables across nodes).
    a2a_net_eta: float = 0.741
    tcp_eta: float = 0.7
    # A network whose NCCL transport plugin sets the rate (GPUDirect-TCPX, -TCPXO): the share
    # of the NIC line rate every algorithm reaches over it, per kind (LinkKind.transport_eta;
    # fitted on each kind's runs from 64 MiB).  It replaces net_eta, tree_eta, a2a_net_eta and
    # tcp_eta on that kind: at 8 GiB A3 High reaches ~0.5 of its line rate and A3 Mega ~0.94,
    # in the ring's all-gather and the tree's all-reduce alike (docs/accuracy.md).
    transport_eta: Mapping[str, float] = field(default_factory=_transport)
    # NCCL tree (double binary tree across nodes, chain inside): η of the node's NIC rate.
    tree_eta: float = 0.815
    # One NCCL point-to-point channel's copy rate over NVLink, GB/s per architecture: a channel
    # is one thread block, and NCCL's all-to-all on one node runs (p−1)·p2pnChannels/pow2Up(p)
    # of them (toplint.cost.network.p2p_channels), so 2 GPUs use half the channels 8 GPUs use.
    # Fitted on the nccl-tests alltoall tables of ≥ 64 MiB (Arch.p2p_channel_gb_per_s); an
    # architecture without one is not capped.
    p2p_channel_gb_per_s: Mapping[str, float] = field(
        default_factory=lambda: _by_arch(lambda a: a.p2p_channel_gb_per_s)
    )
    # Concurrent all-to-all (NCCL grouped send/recv, pplx, DeepEP): fixed cost per call, µs.
    a2a_base_us: float = 8.59
    # DeepEP low-latency kernels (pure RDMA, IBGDA): fixed cost per dispatch/combine, µs.  The
    # fit's starting value (benchmarks/accuracy.py PRIOR): DeepEP's own low-latency tables are
    # held out, and the one development source that times these kernels (pplx-garden's README)
    # states neither its GPU nor its NICs, so the exclusion rules keep it out of the fit.
    deepep_ll_base_us: float = 30.0
    # DeepEP normal kernels across nodes: the rate, GB/s per GPU and architecture, at which
    # their SMs (Buffer.num_sms, 20 by default) move every distinct-node copy of a token
    # through the RDMA-channel pipeline, the sender's own node's copies included; the NIC
    # moves only the remote ones.  Fitted on DeepEP's tables (Arch.deepep_pipe_gb_per_s);
    # absent = the NIC share alone.
    deepep_pipe_gb_per_s: Mapping[str, float] = field(
        default_factory=lambda: _by_arch(lambda a: a.deepep_pipe_gb_per_s)
    )
    # DeepEP normal kernels: CPU-synchronised layout + notify before the transfer, µs.
    deepep_normal_base_us: float = 214.0

    def eta_of(self, kind: LinkKind) -> float:
        """Ring η of an intra-node link kind: the fit's, else its row's; KeyError for a kind
        with no intra-node η (a network, or the host bounce priced by ``no_p2p_*``)."""
        eta = self.eta.get(kind.name, kind.eta)
        if eta <= 0:
            raise KeyError(f"link kind {kind.name!r} has no intra-node η (LinkKind.eta)")
        return eta

    def transport_eta_of(self, kind: LinkKind) -> float:
        """The transport's η of a network kind whose plugin sets its rate; 0 for any other."""
        return self.transport_eta.get(kind.name, kind.transport_eta)

    def nvls_eta_of(self, arch: Arch) -> float:
        return self.nvls_eta.get(arch.name, arch.nvls_eta)

    def step_scale_of(self, arch: Arch) -> float:
        return self.step_scale.get(arch.name, arch.step_scale)

    def p2p_channel_of(self, arch: Arch) -> float:
        return self.p2p_channel_gb_per_s.get(arch.name, arch.p2p_channel_gb_per_s)

    def deepep_pipe_of(self, arch: Arch) -> float:
        return self.deepep_pipe_gb_per_s.get(arch.name, arch.deepep_pipe_gb_per_s)


PARAMS = Params()
