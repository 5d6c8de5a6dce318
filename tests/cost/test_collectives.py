"""The α–β forms: algorithm choice, latency constants, wire factors."""

from __future__ import annotations

import pytest

from toplint.cost.collectives import Fabric, wire_factor
from toplint.cost.params import PARAMS
from toplint.cost.predict import latency_us, predict_us

MIB = 2**20


def test_wire_factor_ring_all_reduce() -> None:
    assert wire_factor("all_reduce", 8) == pytest.approx(2 * 7 / 8)


def test_wire_factor_all_gather() -> None:
    assert wire_factor("all_gather", 4) == pytest.approx(3 / 4)


def test_nvlink_all_reduce_latency_is_nccl_ll_ring() -> None:
    floor = latency_us("all_reduce", Fabric("nvlink", 450, 8))
    # tuning.cc Ring LL base 6.6 + 14 NVLink steps of 0.6, plus the fitted launch cost and ramp.
    ramp = PARAMS.ramp_bytes / (0.5 * PARAMS.eta["nvlink"] * 450e3)
    assert floor == pytest.approx(6.6 + 14 * 0.6 + PARAMS.launch_us + ramp, rel=0.01)


def test_pcie_all_reduce_latency_is_nccl_ll_ring() -> None:
    floor = latency_us("all_reduce", Fabric("pcie", 31.5, 8))
    ramp = PARAMS.ramp_bytes / (0.5 * PARAMS.eta["pcie"] * 31.5e3)
    steps = 14 * 1.0 * PARAMS.pcie_step_scale
    assert floor == pytest.approx(6.6 + steps + PARAMS.launch_us + ramp, rel=0.01)


def test_small_messages_use_ll() -> None:
    assert predict_us("all_reduce", 2048, Fabric("nvlink", 450, 8)).protocol == "ll"


def test_nvls_for_large_all_reduce_on_eight_hopper_gpus() -> None:
    pred = predict_us("all_reduce", 256 * MIB, Fabric("nvlink", 450, 8, nvls_arch="hopper"))
    assert pred.algorithm == "nvls"


def test_no_nvls_below_the_measured_threshold_on_blackwell() -> None:
    f = Fabric("nvlink", 900, 5, nvls_arch="blackwell", nvls_min_ranks=6)
    assert predict_us("all_reduce", 256 * MIB, f).algorithm == "ring"


def test_no_nvls_for_four_gpus() -> None:
    pred = predict_us("all_reduce", 256 * MIB, Fabric("nvlink", 450, 4, nvls_arch="hopper"))
    assert pred.algorithm == "ring"


def test_no_nvls_without_nvswitch_gen3() -> None:
    assert predict_us("all_reduce", 256 * MIB, Fabric("nvlink", 300, 8)).algorithm == "ring"


def test_large_ring_all_reduce_is_bandwidth_bound() -> None:
    pred = predict_us("all_reduce", 256 * MIB, Fabric("pcie", 31.5, 2))
    expected = (256 * MIB + PARAMS.ramp_bytes) / (PARAMS.eta["pcie"] * 31.5e3)
    assert pred.time_us == pytest.approx(expected, rel=0.01)


def test_no_p2p_efficiency_falls_with_group_size() -> None:
    four = predict_us("all_reduce", 64 * MIB, Fabric("pcie-no-p2p", 31.5, 4))
    eight = predict_us("all_reduce", 64 * MIB, Fabric("pcie-no-p2p", 31.5, 8))
    assert eight.eta < four.eta


def test_single_rank_costs_nothing() -> None:
    assert predict_us("all_reduce", MIB, Fabric("nvlink", 450, 1)).time_us == 0.0


def test_a_host_bounce_step_is_priced_with_nccls_pci_row() -> None:
    # tuning.cc: every intra-node path that is not NVLink takes the PCI hwLat row (SHM too).
    from toplint.cost.collectives import PCIE_STEP_US, step_us

    assert step_us("pcie-no-p2p", "ll") == step_us("pcie", "ll") == PCIE_STEP_US["ll"]
