"""benchmarks/nccl_tuner.py rebuilds NCCL's own tuner estimate (tuning.cc) across nodes."""

from __future__ import annotations

from types import ModuleType

import pytest
from conftest import load_benchmark

from toplint.cost.collectives import Fabric
from toplint.cost.params import PARAMS


@pytest.fixture(scope="module")
def tuner() -> ModuleType:
    return load_benchmark("nccl_tuner.py", "toplint_nccl_tuner")


def _hgx(net: str = "infiniband", kind: str = "nvlink", nvls: str = "") -> Fabric:
    # 2 nodes x 8 H100, 8 NICs of 50 GB/s each.
    return Fabric(
        kind,
        450.0,
        16,
        nodes=2,
        net_kind=net,
        net_latency_us=5.0,
        nics_per_node=8,
        nic_gb_per_s=50.0,
        sharers=8,
        pcie_gb_per_s=63.0,
        nvls_arch=nvls,
        arch="hopper",
    )


def test_a_tiny_all_reduce_is_rated_as_nccl_rates_it(tuner: ModuleType) -> None:
    # tuning.cc: tree LL = baseLat 6.8 + 2·((8−1)·hwLat NVLINK tree LL 0.6 + log2(2)·NET 5.0);
    # ring LL = 6.6 + (30 − 2)·max(0.6, netOverhead 1) + 2·NET ring LL 2.7;
    # NVLSTree = NVLINK 25 + 2·NET 20.9.
    f = _hgx(nvls="hopper")
    assert tuner.estimate_us("all_reduce", 0, f, "tree", "ll") == pytest.approx(25.2)
    assert tuner.estimate_us("all_reduce", 0, f, "ring", "ll") == pytest.approx(40.0)
    assert tuner.estimate_us("all_reduce", 0, f, "nvlstree", "simple") == pytest.approx(66.8)
    assert tuner.choice("all_reduce", 8, f, ("ring", "tree", "nvlstree")) == ("tree", "ll")


def test_efas_plugin_latency_counts_twice_for_simple(tuner: ModuleType) -> None:
    # aws-ofi-nccl reports 35 µs on Hopper EFA; tuning.cc adds latencyInter once per network
    # step and once more for Simple ("the flush extra latency"): 2 steps x 2 x 35 for a tree.
    efa = tuner.estimate_us("all_reduce", 0, _hgx("efa"), "tree", "simple")
    ib = tuner.estimate_us("all_reduce", 0, _hgx(), "tree", "simple")
    assert efa - ib == pytest.approx(4 * 35.0)


def test_ll128_only_on_nvlink_nodes(tuner: ModuleType) -> None:
    assert tuner.estimate_us("all_reduce", 1 << 20, _hgx(), "ring", "ll128") < float("inf")
    pcie = _hgx(kind="pcie")
    assert tuner.estimate_us("all_reduce", 1 << 20, pcie, "ring", "ll128") == float("inf")


def test_a_variant_times_the_algorithm_the_tuner_picks(tuner: ModuleType) -> None:
    spanning = tuner.tuned(tuner.Variant(("ring", "tree"), ("ll", "simple")))
    assert spanning("all_reduce", 8, _hgx(), PARAMS).algorithm == "tree"
    assert spanning("all_reduce", 8, _hgx(), PARAMS, algo="ring").algorithm == "ring"
    assert spanning("all_gather", 8, _hgx(), PARAMS).algorithm == "ring"


def _p6(nodes: int) -> Fabric:
    # p6-b200.48xlarge: 8 B200 and 8 x 400 Gb/s EFA per node (toplint's instance preset).
    return Fabric(
        "nvlink",
        900.0,
        8 * nodes,
        nodes=nodes,
        net_kind="efa",
        nics_per_node=8,
        nic_gb_per_s=50.0,
        sharers=8,
        nvls_arch="blackwell",
        arch="blackwell",
    )


def test_the_plugins_p6_regions_pick_by_size(tuner: ModuleType) -> None:
    # aws-ofi-nccl@2daf7d30 region_init_internal_p6, 32 ranks: tree LL to 384 KiB, tree LL128
    # to the (4.5 MiB, 16)-(17.5 MiB, 32) edge, ring LL128 to 127.5 MiB, NVLSTree to 415 MiB.
    pick = tuner.regions.region_choice
    assert tuner.regions.platform(_p6(4)) == "p6"
    assert pick("all_reduce", 128 << 10, _p6(4)) == ("tree", "ll")
    assert pick("all_reduce", 1 << 20, _p6(4)) == ("tree", "ll128")
    assert pick("all_reduce", 64 << 20, _p6(4)) == ("ring", "ll128")
    assert pick("all_reduce", 256 << 20, _p6(4)) == ("nvlstree", "simple")
    assert pick("all_reduce", 1 << 30, _p6(4)) == ("ring", "simple")
    # Two nodes: "the regions are not well defined", NCCL's own tuner decides.
    assert pick("all_reduce", 1 << 20, _p6(2)) is None
