"""Collectives across nodes and all-to-all: which bytes cross which link."""

from __future__ import annotations

import pytest

from toplint.cost.collectives import Fabric
from toplint.cost.params import PARAMS
from toplint.cost.predict import predict_us
from toplint.hardware.linkkinds import kind as link_kind

MIB = 2**20


def _two_nodes(ranks: int = 16, **kw: object) -> Fabric:
    args: dict[str, object] = {
        "nodes": 2,
        "net_kind": "infiniband",
        "net_latency_us": 10.0,
        "nics_per_node": 8,
        "nic_gb_per_s": 50.0,
        "sharers": 8,
        "pcie_gb_per_s": 63.0,
    }
    args.update(kw)
    return Fabric("nvlink", 450, ranks, **args)  # type: ignore[arg-type]


def test_ring_all_gather_is_limited_by_the_node_nic_aggregate() -> None:
    pred = predict_us("all_gather", 1024 * MIB, _two_nodes(nodes=4, ranks=32, nic_gb_per_s=25.0))
    assert pred.bandwidth_gb_per_s == pytest.approx(PARAMS.net_eta * 8 * 25)


def test_two_node_all_reduce_runs_a_tree_for_large_messages() -> None:
    f = _two_nodes(nvls_arch="hopper")  # NVLSTree: NVLS inside, tree across
    assert predict_us("all_reduce", 4096 * MIB, f).algorithm == "tree"


def test_four_node_all_reduce_runs_a_ring_for_large_messages() -> None:
    assert predict_us("all_reduce", 4096 * MIB, _two_nodes(nodes=4, ranks=32)).algorithm == "ring"


def test_one_gpu_per_node_is_capped_by_its_pcie_link() -> None:
    # nccl-tests#232: 1 H100 per node with 4 NICs reaches ~50 GB/s, not 200.
    f = _two_nodes(ranks=2, nics_per_node=4, sharers=1)
    assert f.net_gpu_gb_per_s == pytest.approx(63.0)


def test_nic_share_is_split_among_the_gpus_of_the_node() -> None:
    f = _two_nodes(nics_per_node=2)
    assert f.net_gpu_gb_per_s == pytest.approx(2 * 50 / 8)


def test_manifest_latency_changes_the_small_message_time() -> None:
    fast = predict_us("all_reduce", 2048, _two_nodes(net_latency_us=1.0)).time_us
    slow = predict_us("all_reduce", 2048, _two_nodes(net_latency_us=500.0)).time_us
    assert slow - fast > 400


def test_all_to_all_sends_only_node_leaving_bytes_over_the_nic() -> None:
    size = 1024 * MIB
    pred = predict_us("all_to_all", size, _two_nodes())
    remote = size * 8 / 16  # half of the 16 peers sit on the other node
    expected = remote / (PARAMS.a2a_net_eta * 50 * 1e3) + PARAMS.net_extra_us
    assert pred.time_us == pytest.approx(PARAMS.a2a_base_us + 10.0 + expected)


def test_all_to_all_pays_one_latency_not_one_per_peer() -> None:
    eight = predict_us("all_to_all", 2048, _two_nodes(nodes=2, ranks=16)).time_us
    sixty_four = predict_us("all_to_all", 2048, _two_nodes(nodes=8, ranks=64)).time_us
    assert sixty_four == pytest.approx(eight, rel=0.05)


def test_deepep_low_latency_has_its_own_fixed_cost() -> None:
    nccl = predict_us("all_to_all", 2048, _two_nodes()).time_us
    ll = predict_us("all_to_all", 2048, _two_nodes(), impl="deepep-ll").time_us
    assert ll - nccl == pytest.approx(PARAMS.deepep_ll_base_us - PARAMS.a2a_base_us)


def test_send_recv_uses_one_gpu_nic_share() -> None:
    pred = predict_us("send_recv", 512 * MIB, _two_nodes())
    assert pred.bandwidth_gb_per_s == pytest.approx(PARAMS.net_eta * 50)


def test_tcp_all_reduce_reproduces_the_socket_floor() -> None:
    # nccl#1184: DGX-H100 <-> DGX-A100 over bonded 2x100GbE sockets, 118-130 µs (not in the
    # accuracy set); the latency is the link-kinds table's default for ethernet.
    f = Fabric(
        "nvlink",
        450,
        2,
        nodes=2,
        net_kind="ethernet",
        net_latency_us=link_kind("ethernet").latency_us,
        nics_per_node=2,
        nic_gb_per_s=12.5,
        sharers=1,
    )
    assert predict_us("all_reduce", 8, f).time_us == pytest.approx(124, rel=0.25)


def test_a_ring_across_nodes_pays_the_net_overhead_on_every_intra_node_step() -> None:
    # tuning.cc: "Inter-node rings still have to launch nsteps * net overhead" (1 µs per step,
    # LL); an all-gather runs only as a ring, so its floor shows the 14 intra-node steps.
    from toplint.cost.collectives import BASE_LATENCY_US
    from toplint.cost.nettuning import NET_OVERHEAD_US

    f = _two_nodes()
    t = predict_us("all_gather", 8, f).time_us
    # one network step of the ring LL row: the manifest's 10 µs less tuning.cc's 5.0 - 2.7
    floor = BASE_LATENCY_US["ll"] + PARAMS.launch_us + 14 * NET_OVERHEAD_US + 1 * (10.0 - 2.3)
    assert t >= floor


def test_tree_ll_moves_one_in_3_8_of_the_tree_bandwidth() -> None:
    from toplint.cost.nettuning import TREE_LL_BW

    pred = predict_us("all_reduce", 64 * 1024, _two_nodes())
    assert pred.algorithm == "tree" and pred.protocol == "ll"
    assert pred.bandwidth_gb_per_s == pytest.approx(PARAMS.tree_eta * 8 * 50 * TREE_LL_BW)


def test_a_forced_tree_is_priced_as_the_tree_even_where_the_ring_is_faster() -> None:
    f = _two_nodes(nodes=4, ranks=32)
    assert predict_us("all_reduce", 4096 * MIB, f).algorithm == "ring"
    assert predict_us("all_reduce", 4096 * MIB, f, algorithm="tree").algorithm == "tree"


def test_a_forced_nvlstree_pays_the_nvls_hop_and_a_tree_across_nodes() -> None:
    # tuning.cc NVLSTree: intraLat (NVLS 25 µs) + 2·log2(nNodes)·interLat, Simple only; the
    # NET NVLSTree Simple step is 20.9 µs where the tree LL step is 5.0
    from toplint.cost.collectives import NVLS_LATENCY_US

    pred = predict_us("all_reduce", 8, _two_nodes(nvls_arch="hopper"), algorithm="nvlstree")
    floor = NVLS_LATENCY_US + PARAMS.launch_us + 2 * 1 * (10.0 + 20.9 - 5.0)
    assert pred.algorithm == "nvlstree" and pred.time_us == pytest.approx(floor, rel=1e-3)


def test_an_unknown_forced_algorithm_is_an_error() -> None:
    with pytest.raises(ValueError, match="collnet"):
        predict_us("all_reduce", MIB, _two_nodes(), algorithm="collnet")


def test_a_simple_network_step_costs_nccls_simple_latency() -> None:
    # tuning.cc hwLatencies NET: Tree LL 5.0, Tree Simple 14; the manifest's latency is the
    # tree LL step, so Simple costs 9 µs more per network step.
    from toplint.cost.nettuning import net_step_us

    f = _two_nodes()
    assert net_step_us(f, "tree", "simple") == pytest.approx(10.0 + 9.0)
    assert net_step_us(f, "tree", "ll") == pytest.approx(10.0)


def test_a_ring_with_several_ranks_per_node_takes_the_ring_network_row() -> None:
    from toplint.cost.nettuning import net_step_us

    assert net_step_us(_two_nodes(), "ring", "ll") == pytest.approx(10.0 - 2.3)


def test_a_ring_with_one_rank_per_node_takes_the_tree_network_row() -> None:
    # tuning.cc: "With ppn=1 latencies are fully exposed, use the Tree network latency"
    from toplint.cost.nettuning import net_step_us

    f = _two_nodes(ranks=2, sharers=1)
    assert net_step_us(f, "ring", "ll") == pytest.approx(10.0)


@pytest.mark.parametrize(
    ("size", "protocol", "factor"),
    [
        (32, "simple", 1.0),
        (64, "simple", 0.9),
        (512 * 1024, "ll", 0.4),
        (4 * MIB, "simple", 0.7),
        (512 * MIB, "simple", 1.0),
    ],
)
def test_tree_correction_is_nccls_table_by_log2_of_64_byte_units(
    size: int, protocol: str, factor: float
) -> None:
    from toplint.cost.nettuning import tree_correction

    assert tree_correction(size, protocol) == factor


def test_a_medium_tree_all_reduce_is_slowed_by_nccls_tree_correction() -> None:
    # 4 MiB across 2 nodes of one GPU (tree Simple): the bandwidth term is divided by 0.7.
    from toplint.cost.collectives import TREE_BASE_LATENCY_US

    f = _two_nodes(ranks=2, sharers=1, net_latency_us=0.0)
    pred = predict_us("all_reduce", 4 * MIB, f, algorithm="tree")
    latency = TREE_BASE_LATENCY_US["simple"] + PARAMS.launch_us + 2 * (14.0 - 5.0)
    bandwidth_us = 4 * MIB / (pred.bandwidth_gb_per_s * 1e3)
    assert pred.protocol == "simple"
    assert pred.time_us == pytest.approx(latency + bandwidth_us / 0.7)


# --- NCCL all-to-all on one NVSwitch node: the channel split (enqueue.cc) --------------------


def test_nccl_gives_each_peer_the_channels_divided_by_the_rank_count() -> None:
    from toplint.cost.network import P2P_CHANNELS, p2p_channels

    assert P2P_CHANNELS == 32
    # nChannelsMin halves "while (nChannelsMin * nRanks > comm->p2pnChannels)"
    assert [p2p_channels(n, 8 * MIB) for n in (2, 3, 4, 6, 8)] == [16, 8, 8, 4, 4]
    # a small peer part takes one channel per 64 KiB (minPartSize, an eighth of a chunk)
    assert [p2p_channels(8, b * 1024) for b in (16, 64, 128, 192, 256, 1024)] == [1, 1, 2, 3, 4, 4]
    # a part above 32 chunks of 512 KiB is split onto twice the channels, up to all of them
    assert p2p_channels(2, 256 * MIB) == 16
    assert p2p_channels(2, 512 * MIB) == 32
    assert p2p_channels(2, 8192 * MIB) == 32


def _blackwell(ranks: int) -> Fabric:
    return Fabric("nvlink", 900, ranks, arch="blackwell", nvls_arch="blackwell")


def test_two_blackwell_gpus_get_half_the_channels_and_half_the_all_to_all_bandwidth() -> None:
    rate = PARAMS.p2p_channel_gb_per_s["blackwell"]
    two = predict_us("all_to_all", 256 * MIB, _blackwell(2))
    eight = predict_us("all_to_all", 256 * MIB, _blackwell(8))
    assert two.bandwidth_gb_per_s == pytest.approx(16 * rate)  # one peer, 16 channels
    assert eight.bandwidth_gb_per_s == pytest.approx(
        min(7 * 4 * rate, PARAMS.eta["nvlink"] * 900), rel=0.02
    )
    assert "16 of 32 p2p channels per peer" in two.eta_source
    # the time is the peer's bytes over its channels, plus one chunk's fill, plus the fixed cost
    assert two.time_us == pytest.approx(
        PARAMS.a2a_base_us
        + 0.6 * PARAMS.step_scale["blackwell"]
        + (128 * MIB / 16 + 512 * 1024) / (rate * 1e3)
    )


def test_a_channel_part_pays_one_chunk_more_than_its_bytes() -> None:
    # sendrecv.h: a part moves chunk by chunk through the connection's buffer; the receiver's
    # copy of the last chunk (or of a part below one chunk) overlaps nothing.
    rate = PARAMS.p2p_channel_gb_per_s["blackwell"]
    fixed = PARAMS.a2a_base_us + 0.6 * PARAMS.step_scale["blackwell"]
    # 2 GPUs, 4 MiB: one peer part of 2 MiB on 16 channels, 128 KiB each, below one chunk
    small = predict_us("all_to_all", 4 * MIB, _blackwell(2))
    assert small.time_us - fixed == pytest.approx(2 * 128 * 1024 / (rate * 1e3))
    # 2 GPUs, 64 MiB: 2 MiB per channel, four chunks and one more
    large = predict_us("all_to_all", 64 * MIB, _blackwell(2))
    assert large.time_us - fixed == pytest.approx(5 * 512 * 1024 / (rate * 1e3))


def test_the_channel_split_binds_only_nccl_on_one_node_and_known_architectures() -> None:
    link = predict_us("all_to_all", 256 * MIB, Fabric("nvlink", 450, 2, arch=""))
    assert link.eta_source.startswith("nvlink η")  # no fitted rate for the GPU: the link
    pplx = predict_us("all_to_all", 256 * MIB, _blackwell(2), impl="pplx")
    assert "p2p channels" not in pplx.eta_source
    spanning = predict_us("all_to_all", 256 * MIB, _two_nodes(arch="blackwell"))
    assert "p2p channels" not in spanning.eta_source


def test_deepep_normal_passes_every_distinct_node_copy_through_its_pipeline() -> None:
    # DeepEP's test divides every distinct-node copy, the sender's own node included, by the
    # kernel time for its "RDMA" bandwidth: the caller passes those bytes; its SMs move all of
    # them at the architecture's pipeline rate, the NIC only the remote half.
    size = 64 * MIB
    pred = predict_us("all_to_all", size, _two_nodes(arch="hopper"), impl="deepep-normal")
    rate = PARAMS.deepep_pipe_gb_per_s["hopper"]
    nic = size / 2 / (PARAMS.a2a_net_eta * 50 * 1e3)
    assert size / (rate * 1e3) > nic  # on Hopper the pipeline binds
    assert pred.time_us == pytest.approx(
        PARAMS.deepep_normal_base_us + 10.0 + size / (rate * 1e3) + PARAMS.net_extra_us
    )
    assert "every distinct-node copy" in pred.eta_source
    # an architecture without a fitted rate: the NIC share alone
    other = predict_us("all_to_all", size, _two_nodes(), impl="deepep-normal")
    assert other.time_us == pytest.approx(
        PARAMS.deepep_normal_base_us + 10.0 + nic + PARAMS.net_extra_us
    )


@pytest.mark.parametrize("op", ["all_gather", "all_reduce"])
def test_each_gpudirect_transport_prices_every_algorithm_at_its_own_rate(op: str) -> None:
    # At 8 GiB on two nodes GCP A3 High (GPUDirect-TCPX) reaches ~0.5 of its NICs' line rate in
    # both the ring's all-gather and the tree's all-reduce, A3 Mega (GPUDirect-TCPXO) ~0.9:
    # the transport's η, not NCCL's ring or tree η over RDMA, sets the rate.
    for net in ("tcpx", "tcpxo"):
        eta = PARAMS.transport_eta_of(link_kind(net))
        f = _two_nodes(net_kind=net, nics_per_node=4, nic_gb_per_s=25.0)
        pred = predict_us(op, 8192 * MIB, f)
        assert pred.eta == eta and pred.bandwidth_gb_per_s <= eta * 4 * 25.0 + 1e-9, net
    slow = PARAMS.transport_eta_of(link_kind("tcpx"))
    assert slow < PARAMS.transport_eta_of(link_kind("tcpxo"))


def test_nccl_sockets_keep_the_tree_and_ring_efficiencies() -> None:
    # Ethernet (NCCL's socket transport) has no run in the fit: its tree is NCCL's over any
    # network and its ring the sockets' η, as before GPUDirect-TCPX and -TCPXO were split.
    f = _two_nodes(net_kind="ethernet", nics_per_node=1, nic_gb_per_s=12.5)
    assert link_kind("ethernet").transport_eta == 0
    assert predict_us("all_reduce", 8192 * MIB, f, algorithm="tree").eta == PARAMS.tree_eta
    assert predict_us("all_gather", 8192 * MIB, f).eta == PARAMS.tcp_eta


def test_ll_across_nodes_is_capped_by_nccls_multi_node_ll_max_bw() -> None:
    # Twelfth pass: NCCL caps LL's bus bandwidth across nodes by the CPU vendor's llMaxBws row
    # (tuning.cc; Intel 39.0 GB/s on 2 nodes, 20.4 on more), not the GPU's 141 GB/s of one
    # node; a tree LL all-reduce of S bytes then takes at least 2S / llMaxBw (its algorithm
    # bandwidth is half its bus bandwidth).
    from toplint.cost import nettuning, network

    assert nettuning.ll_max_busbw(2) == 39.0
    assert nettuning.ll_max_busbw(4) == nettuning.ll_max_busbw(64) == 20.4
    size = 256 * 1024
    for nodes, cap in ((2, 39.0), (4, 20.4)):
        f = _two_nodes(nodes=nodes, ranks=8 * nodes)
        tree = network._tree(size, f, PARAMS, ("ll",))
        assert tree.time_us >= 2 * size / (cap * 1e3)
        ring = network._ring("all_gather", 64 * size, f, PARAMS, ("ll",))
        assert ring.bandwidth_gb_per_s == cap


def test_nvlstree_across_nodes_is_capped_by_nccls_per_channel_bandwidth() -> None:
    # Fourteenth pass: NCCL's tuner caps NVLSTree per channel (tuning.cc perChMaxNVLSTreeBws:
    # Hopper 57.7 GB/s on 2 nodes, 45.5 on more; interBw twice the NIC on 2 nodes), one channel
    # per NIC head (search.cc).  2 nodes x 8 H100 x 8x 400 Gb/s: bus bandwidth 8 x 57.7.
    from toplint.cost import nettuning

    f = _two_nodes(nvls_arch="hopper")
    assert nettuning.nvls_tree_busbw(f) == pytest.approx(8 * 57.7)
    size = 8192 * MIB
    floor = size * 2 * 15 / 16 / (8 * 57.7 * 1e3)
    assert nettuning.nvls_tree_floor_us(size, f) == pytest.approx(floor)
    assert predict_us("all_reduce", size, f).time_us >= floor
    assert predict_us("all_reduce", size, f, algorithm="nvlstree").time_us >= floor
    # More than 2 nodes: the NIC (50 GB/s per head) and the 45.5 cap; 2 NICs: two heads.
    assert nettuning.nvls_tree_busbw(_two_nodes(nodes=4, ranks=32, nvls_arch="hopper")) == (
        pytest.approx(8 * 45.5)
    )
    assert nettuning.nvls_tree_busbw(_two_nodes(nics_per_node=2, nvls_arch="hopper")) == (
        pytest.approx(2 * 57.7)  # each head 100 GB/s x 2 on 2 nodes, above the cap
    )
    # No NVLS on the node (a chain inside it): NCCL's tree, not NVLSTree; no ceiling.
    assert nettuning.nvls_tree_busbw(_two_nodes()) == 0.0
    assert nettuning.nvls_tree_floor_us(size, _two_nodes()) == 0.0
