"""Placement of parallel groups on nodes and links, engine by engine."""

from __future__ import annotations

import pytest
from placement_builders import make_cluster, make_deployment

from toplint.hardware.models import lookup_model
from toplint.hardware.types import Cluster
from toplint.placement.place import place
from toplint.placement.types import Gpu


def test_tp_groups_are_contiguous_ranks_and_pp_groups_stride_by_tp() -> None:
    placement = place(make_deployment(tp=4, pp=2), make_cluster(nodes=1), None)
    assert [g.ranks for g in placement.of("tp")] == [(0, 1, 2, 3), (4, 5, 6, 7)]
    assert [g.ranks for g in placement.of("pp")] == [(0, 4), (1, 5), (2, 6), (3, 7)]


def seed_cluster() -> Cluster:
    """The seeds' hardware: 2 nodes x 4 NVLinked GPUs, one 100 Gb/s Ethernet NIC per node."""
    return make_cluster(
        gpus_per_node=4,
        nvlink_domain=4,
        network="ethernet",
        nic_bandwidth=12.5,
        nics_per_node=1,
        rdma=False,
        latency_us=60.0,
    )


def test_seed_case_tp8_across_two_4gpu_nodes_runs_over_the_per_gpu_nic_share() -> None:
    # 2 nodes x 4 A100 NVLink, one 100 Gb/s NIC per node (12.5 GB/s): the 4 GPUs of a node
    # share it, 3.125 GB/s each, which is what the cost stage's hierarchical model expects.
    cluster = seed_cluster()
    placement = place(make_deployment(tp=8), cluster, None)
    (tp,) = placement.of("tp")
    assert tp.crosses_nodes and tp.nodes == (0, 1)
    assert tp.link.kind == "ethernet"
    assert tp.link.scope == "inter"
    assert tp.link.bandwidth_gb_per_s == pytest.approx(3.125)
    assert tp.link.latency_us == 60.0
    assert not tp.link.rdma


def test_seed_case_tp4_pp2_keeps_tp_on_nvlink_and_sends_pp_over_ethernet() -> None:
    cluster = seed_cluster()
    placement = place(make_deployment(tp=4, pp=2), cluster, None)
    assert all(g.link.kind == "nvlink" and not g.crosses_nodes for g in placement.of("tp"))
    assert all(g.link.kind == "ethernet" and g.crosses_nodes for g in placement.of("pp"))
    assert placement.nodes == 2 and placement.gpus_per_node == 4


def test_tp4_on_6_gpu_nodes_straddles_nodes() -> None:
    cluster = make_cluster(gpus_per_node=6, nvlink_domain=6)
    placement = place(make_deployment(tp=4, dp=3), cluster, None)
    spans = [g.nodes for g in placement.of("tp")]
    assert spans == [(0,), (0, 1), (1,)]
    assert placement.of("tp")[1].link.scope == "inter"
    assert placement.of("tp")[1].gpus == (Gpu(0, 4), Gpu(0, 5), Gpu(1, 0), Gpu(1, 1))


def test_tp2_on_bridged_pairs_stays_on_the_bridge() -> None:
    cluster = make_cluster(
        nodes=1,
        gpus_per_node=4,
        fabric="nvlink-bridge",
        bandwidth=56.0,
        nvlink_domain=2,
    )
    placement = place(make_deployment(tp=2, dp=2), cluster, None)
    assert [g.link.kind for g in placement.of("tp")] == ["nvlink-bridge", "nvlink-bridge"]
    assert placement.of("tp")[0].link.bandwidth_gb_per_s == 56.0


def test_tp4_on_bridged_pairs_crosses_pcie() -> None:
    cluster = make_cluster(
        nodes=1,
        gpus_per_node=4,
        fabric="nvlink-bridge",
        bandwidth=56.0,
        nvlink_domain=2,
        pcie_bandwidth=31.5,
    )
    (tp,) = place(make_deployment(tp=4), cluster, None).of("tp")
    assert tp.link.kind == "pcie"
    assert tp.link.bandwidth_gb_per_s == 31.5


def test_pcie_without_p2p_bounces_through_host_memory() -> None:
    cluster = make_cluster(
        nodes=1,
        gpus_per_node=4,
        fabric="pcie",
        bandwidth=25.0,
        nvlink_domain=1,
        p2p=False,
        pcie_bandwidth=0.0,
    )
    (tp,) = place(make_deployment(tp=2), cluster, None).of("tp")
    assert tp.link.kind == "pcie-no-p2p"
    assert tp.link.bandwidth_gb_per_s <= 8.0
    assert tp.link.latency_us >= 12.0


def test_pcie_group_across_numa_halves_is_sys() -> None:
    cluster = make_cluster(
        nodes=1,
        gpus_per_node=8,
        fabric="pcie",
        bandwidth=31.5,
        nvlink_domain=1,
        numa_nodes=2,
    )
    placement = place(make_deployment(tp=4, dp=2), cluster, None)
    assert [g.link.kind for g in placement.of("tp")] == ["pcie", "pcie"]
    (wide,) = place(make_deployment(tp=8), cluster, None).of("tp")
    assert wide.link.kind == "pcie-sys"
    assert wide.link.bandwidth_gb_per_s == 10.0


def test_nvlink_groups_ignore_numa_halves() -> None:
    cluster = make_cluster(nodes=1, numa_nodes=2)
    (tp,) = place(make_deployment(tp=8), cluster, None).of("tp")
    assert tp.link.kind == "nvlink"


def test_xgmi_pair_gets_one_peer_link() -> None:
    cluster = make_cluster(nodes=1, fabric="xgmi", bandwidth=448.0, nvlink_domain=8)
    pair = place(make_deployment(tp=2, dp=4), cluster, None).of("tp")[0]
    full = place(make_deployment(tp=8), cluster, None).of("tp")[0]
    assert pair.link.kind == "xgmi"
    assert pair.link.bandwidth_gb_per_s == pytest.approx(64.0)
    assert full.link.bandwidth_gb_per_s == pytest.approx(448.0)


def test_nvl72_group_across_trays_stays_on_nvlink() -> None:
    cluster = make_cluster(nodes=18, gpus_per_node=4, bandwidth=900.0, nvlink_domain=72)
    (tp,) = place(make_deployment(tp=16), cluster, None).of("tp")
    assert tp.crosses_nodes
    assert tp.link.kind == "nvlink"
    assert tp.link.bandwidth_gb_per_s == 900.0


def test_group_leaving_the_nvl72_rack_uses_the_network() -> None:
    cluster = make_cluster(
        nodes=36,
        gpus_per_node=4,
        bandwidth=900.0,
        nvlink_domain=72,
        nic_bandwidth=100.0,
        nics_per_node=4,
    )
    placement = place(make_deployment(tp=4, dp=36, ep_enabled=True), cluster, None)
    (ep,) = placement.of("ep")
    assert ep.size == 144
    assert ep.link.kind == "infiniband"
    assert ep.link.bandwidth_gb_per_s == 100.0


def test_vllm_ep_group_is_dp_times_tp_ranks_across_nodes() -> None:
    model = lookup_model("deepseek-ai/DeepSeek-R1-0528", hf_cache=False)
    cluster = make_cluster(nodes=2, network="roce", nic_bandwidth=50.0, nics_per_node=1)
    deployment = make_deployment(
        model="deepseek-ai/DeepSeek-R1-0528",
        tp=1,
        dp=16,
        ep_enabled=True,
        nodes=2,
        gpus_per_node=8,
        pods_are_nodes=True,
    )
    placement = place(deployment, cluster, model)
    (ep,) = placement.of("ep")
    assert ep.ranks == tuple(range(16))
    assert ep.nodes == (0, 1)
    assert ep.link.kind == "roce" and ep.link.rdma
    assert ep.link.bandwidth_gb_per_s == pytest.approx(50.0 / 8)
    assert placement.uncertain == ()


def test_vllm_ep_groups_are_per_pipeline_stage() -> None:
    placement = place(make_deployment(tp=2, pp=2, dp=2, ep_enabled=True), make_cluster(), None)
    assert [g.ranks for g in placement.of("ep")] == [(0, 1, 4, 5), (2, 3, 6, 7)]
    assert [g.ranks for g in placement.of("dp")] == [(0, 4), (1, 5), (2, 6), (3, 7)]


def test_vllm_moe_with_dp_communicates_across_dp_even_without_ep() -> None:
    model = lookup_model("Qwen/Qwen3-30B-A3B", hf_cache=False)
    placement = place(make_deployment(tp=2, dp=2), make_cluster(nodes=1), model)
    assert [g.ranks for g in placement.of("ep")] == [(0, 1, 2, 3)]
    assert place(make_deployment(tp=2, dp=2), make_cluster(nodes=1), None).of("ep") == ()


def test_sglang_ep_lives_inside_the_tp_group_strided_by_moe_tp() -> None:
    deployment = make_deployment(engine="sglang", tp=8, ep=4)
    placement = place(deployment, make_cluster(nodes=1), None)
    assert [g.ranks for g in placement.of("ep")] == [(0, 2, 4, 6), (1, 3, 5, 7)]


def test_sglang_tp_total_across_nnodes_spans_nodes() -> None:
    deployment = make_deployment(engine="sglang", tp=16, nodes=2, pods_are_nodes=True)
    (tp,) = place(deployment, make_cluster(), None).of("tp")
    assert tp.nodes == (0, 1)
    assert tp.link.kind == "infiniband"


def test_sglang_dp_attention_shares_the_tp_gpus() -> None:
    deployment = make_deployment(
        engine="sglang", tp=8, dp=8, options={"enable-dp-attention": "true"}
    )
    placement = place(deployment, make_cluster(nodes=1), None)
    assert placement.nodes == 1 and placement.gpus_per_node == 8
    assert placement.of("dp") == ()
    assert any("DP attention" in note for note in placement.uncertain)


def test_tgi_places_one_tp_group_on_one_node() -> None:
    deployment = make_deployment(engine="tgi", tp=4)
    placement = place(deployment, make_cluster(), None)
    assert placement.nodes == 1
    assert [g.kind for g in placement.groups] == ["tp"]


def test_pods_not_guaranteed_to_be_nodes_are_noted() -> None:
    deployment = make_deployment(tp=2, nodes=2, gpus_per_node=1)
    placement = place(deployment, make_cluster(), None)
    assert any(note.startswith("pods are not nodes: 2 pods") for note in placement.uncertain)
    (tp,) = placement.of("tp")
    assert tp.crosses_nodes


def test_pod_asking_more_gpus_than_a_node_has_is_noted() -> None:
    deployment = make_deployment(tp=16, nodes=1, gpus_per_node=16, pods_are_nodes=True)
    placement = place(deployment, make_cluster(), None)
    assert any("16 GPUs per node requested" in note for note in placement.uncertain)


def test_world_larger_than_requested_gpus_extends_nodes() -> None:
    deployment = make_deployment(tp=4, pp=2, nodes=1, gpus_per_node=4, pods_are_nodes=True)
    placement = place(deployment, make_cluster(), None)
    assert placement.nodes == 2
    assert any("world size 8 exceeds" in note for note in placement.uncertain)


def test_network_none_across_nodes_is_a_zero_bandwidth_link() -> None:
    cluster = make_cluster(network="none", nic_bandwidth=0.0, nics_per_node=0)
    (pp,) = place(
        make_deployment(tp=1, pp=2, gpus_per_node=1, nodes=2, pods_are_nodes=True), cluster, None
    ).of("pp")
    assert pp.link.kind == "none"
    assert pp.link.bandwidth_gb_per_s == 0.0


def test_unresolved_degree_is_placed_as_one_and_noted() -> None:
    placement = place(make_deployment(tp=None, pp=2), make_cluster(nodes=1), None)
    assert placement.of("tp") == ()
    assert any("tp could not be resolved" in note for note in placement.uncertain)


def test_worst_group_is_the_one_crossing_nodes() -> None:
    cluster = make_cluster(gpus_per_node=6, nvlink_domain=6)
    placement = place(make_deployment(tp=4, dp=3), cluster, None)
    worst = placement.worst("tp")
    assert worst is not None and worst.index == 1


def test_vllm_dp_local_sets_gpus_per_node() -> None:
    deployment = make_deployment(tp=2, dp=4, dp_local=2)
    placement = place(deployment, make_cluster(nodes=2), None)
    assert (placement.nodes, placement.gpus_per_node) == (2, 4)
    assert [g.nodes for g in placement.of("dp")] == [(0, 1), (0, 1)]


def test_pods_taking_most_of_a_node_cannot_share_a_host() -> None:
    # Two 8-GPU pods on 8-GPU nodes are necessarily on two hosts: no "pods are not nodes" doubt.
    big = make_deployment(tp=8, pp=2, nodes=2, gpus_per_node=8, gpus=16)
    assert not any("pods are not nodes" in n for n in place(big, make_cluster(), None).uncertain)
    small = make_deployment(tp=2, nodes=2, gpus_per_node=1, gpus=2)
    assert any("pods are not nodes" in n for n in place(small, make_cluster(), None).uncertain)


def _trays() -> Cluster:
    # GB200-like trays: 4 GPUs per node, a 72-GPU NVLink domain the manifest did not declare
    from toplint.record import replace

    c = make_cluster(nodes=4, gpus_per_node=4, nvlink_domain=4, bandwidth=900.0)
    return replace(c, gpu=replace(c.gpu, nvlink_domain=72))


def test_pods_pinned_to_one_nvlink_clique_run_tp_across_trays_over_nvlink() -> None:
    dep = make_deployment(tp=8, labels={"nvidia.com/gpu.clique": "0a1b.3"})
    (tp,) = place(dep, _trays(), None).of("tp")
    assert tp.crosses_nodes and tp.link.kind == "nvlink"


def test_without_the_clique_label_tp_across_trays_crosses_the_network() -> None:
    (tp,) = place(make_deployment(tp=8), _trays(), None).of("tp")
    assert tp.link.kind == "infiniband"


def test_a_clique_selector_allowing_several_cliques_is_not_one_domain() -> None:
    dep = make_deployment(tp=8, labels={"nvidia.com/gpu.clique": "0a1b.3,0a1b.4"})
    placement = place(dep, _trays(), None)
    assert placement.of("tp")[0].link.kind == "infiniband"
    assert any("several cliques" in n for n in placement.uncertain)


def test_named_devices_place_ranks_in_their_order() -> None:
    dep = make_deployment(tp=2, pp=2, gpus_per_node=4, nodes=1, options={"gpu_ids": "0,2,1,3"})
    placement = place(dep, make_cluster(nodes=1, gpus_per_node=4), None)
    assert [tuple(g.local for g in group.gpus) for group in placement.of("tp")] == [
        (0, 2),
        (1, 3),
    ]


def test_named_devices_beyond_the_node_are_ignored() -> None:
    dep = make_deployment(tp=2, gpus_per_node=2, nodes=1, options={"gpu_ids": "6,7"})
    placement = place(dep, make_cluster(nodes=1, gpus_per_node=4), None)
    assert placement.of("tp")[0].gpus == (Gpu(0, 0), Gpu(0, 1))
