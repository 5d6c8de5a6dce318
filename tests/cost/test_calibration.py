"""Measured tables: catalog-name matching, exact hits, log interpolation, refusals."""

from __future__ import annotations

import pytest

from toplint.cost.calibration import lookup, system_for

MIB = 2**20


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("H100-SXM-80GB", "h100_sxm"),
        ("H200-SXM-141GB", "h200_sxm"),
        ("A100-SXM4-80GB", "a100_sxm"),
        ("B200-180GB", "b200_sxm"),
        ("GB200", "gb200"),
        ("L40S", "l40s"),
        ("RTX-PRO-6000", "rtx_pro_6000_server"),
    ],
)
def test_catalog_names_match_their_measured_system(name: str, key: str) -> None:
    system = system_for(name)
    assert system is not None and system.key == key


@pytest.mark.parametrize("name", ["H100-PCIE-80GB", "H100-NVL-94GB", "H20-96GB", "A100-PCIE-80GB"])
def test_other_variants_do_not_match(name: str) -> None:
    assert system_for(name) is None


def test_exact_hit_returns_the_measurement() -> None:
    hit = lookup("H100-SXM-80GB", "all_reduce", 8, 64 * MIB, "nvlink")
    assert hit is not None
    assert (hit.time_us, hit.busbw_gb_per_s, hit.method) == (
        322.9,
        363.7,
        "other-system measurement",
    )


def test_between_sizes_interpolates_in_log_space() -> None:
    hit = lookup("H100-SXM-80GB", "all_reduce", 8, 32 * MIB, "nvlink")
    assert hit is not None and hit.method == "interpolation"
    assert hit.time_us == pytest.approx((122.3 * 322.9) ** 0.5, rel=1e-6)  # geometric midpoint


def test_below_smallest_size_is_the_latency_floor() -> None:
    hit = lookup("H100-SXM-80GB", "all_reduce", 8, 512, "nvlink")
    assert hit is not None and hit.time_us == 15.8


def test_above_largest_size_has_no_answer() -> None:
    assert lookup("H100-SXM-80GB", "all_reduce", 8, 1024 * MIB, "nvlink") is None


def test_unmeasured_rank_count_has_no_answer() -> None:
    assert lookup("GB200", "all_reduce", 8, 64 * MIB, "nvlink") is None


def test_other_fabric_has_no_answer() -> None:
    assert lookup("H100-SXM-80GB", "all_reduce", 8, 64 * MIB, "pcie") is None


def test_all_to_all_table_is_available() -> None:
    hit = lookup("L40S", "all_to_all", 4, 8 * MIB, "pcie-no-p2p")
    assert hit is not None and hit.time_us == 1356.7
