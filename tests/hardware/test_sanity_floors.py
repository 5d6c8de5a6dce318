"""The plausibility floors sanity.py applies are the link-kind table's (one place)."""

from __future__ import annotations

from toplint.hardware import catalog, linkkinds, sanity


def test_nic_floor_is_read_from_the_link_kind_row() -> None:
    floor, _ = linkkinds.floor("efa")
    assert sanity.low_nic_warning(floor * 0.99, "efa", "x") is not None
    assert sanity.low_nic_warning(floor, "efa", "x") is None


def test_nvswitch_floor_is_read_from_the_link_kind_row() -> None:
    gpu = catalog.lookup_gpu("V100-SXM2-32GB")
    assert gpu is not None
    floor, _ = linkkinds.floor("nvswitch")
    warning = sanity.low_link_warning(floor - 1, "nvswitch", gpu)
    assert warning is not None and f"{floor:g} GB/s" in warning
