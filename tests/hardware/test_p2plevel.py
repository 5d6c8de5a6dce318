"""NCCL's P2P level as NCCL reads it from the environment (NVIDIA/nccl@5067397c
src/graph/paths.cc ``ncclGetLevel`` / ``ncclTopoCheckP2p``)."""

from __future__ import annotations

import pytest

from toplint.hardware.p2plevel import forced, p2p_level, strtol


@pytest.mark.parametrize(
    ("text", "value"),
    [("1", 1), (" 1", 1), ("0x1", 1), ("01", 1), ("1abc", 1), ("true", 0), ("", 0), ("-1", -1),
     ("08", 0), ("0x", 0), ("10", 10)],
)  # fmt: skip
def test_strtol_reads_as_c_does(text: str, value: int) -> None:
    assert strtol(text) == value


def test_disable_counts_only_when_it_reads_as_one() -> None:
    assert p2p_level({"env.NCCL_P2P_DISABLE": "1"}) == ("LOC", "NCCL_P2P_DISABLE", "1")
    assert p2p_level({"env.NCCL_P2P_DISABLE": "true"}) is None
    assert p2p_level({"env.NCCL_P2P_DISABLE": "0"}) is None


def test_disable_wins_over_level_and_level_is_read_when_disable_is_not_one() -> None:
    both = {"env.NCCL_P2P_DISABLE": "1", "env.NCCL_P2P_LEVEL": "SYS"}
    assert p2p_level(both) == ("LOC", "NCCL_P2P_DISABLE", "1")
    zero = {"env.NCCL_P2P_DISABLE": "0", "env.NCCL_P2P_LEVEL": "NVL"}
    assert p2p_level(zero) == ("NVL", "NCCL_P2P_LEVEL", "NVL")


@pytest.mark.parametrize(
    ("written", "level"),
    [("LOC", "LOC"), ("NVL", "NVL"), ("PIX", "PIX"), ("SYS", "SYS"), ("0", "LOC"), ("1", "PIX"),
     ("2", "PXB"), ("3", "PHB"), ("4", "SYS"), ("9", "SYS")],
)  # fmt: skip
def test_level_names_and_the_old_numbers(written: str, level: str) -> None:
    found = p2p_level({"env.NCCL_P2P_LEVEL": written})
    assert found is not None and found[0] == level


@pytest.mark.parametrize("written", ["loc", "nvl", "none", "off"])
def test_a_level_nccl_does_not_match_leaves_its_default(written: str) -> None:
    # strcmp against the upper-case names, then digits only
    assert p2p_level({"env.NCCL_P2P_LEVEL": written}) is None


def test_disable_sends_nvlink_copies_through_host_memory() -> None:
    over = forced("nvlink", {"env.NCCL_P2P_DISABLE": "1"})
    assert over is not None and over.kind == "pcie-no-p2p" and over.field == "env.NCCL_P2P_DISABLE"
    assert not over.through_network


def test_level_nvl_keeps_nvlink_and_drops_pcie_peers() -> None:
    options = {"env.NCCL_P2P_LEVEL": "NVL"}
    assert forced("nvlink", options) is None
    over = forced("pcie", options)
    assert over is not None and over.kind == "pcie-no-p2p"


def test_level_pix_on_a_switch_tree_is_not_known_per_pair() -> None:
    over = forced("pcie", {"env.NCCL_P2P_LEVEL": "PIX"})
    assert over is not None and over.kind == "" and "PIX" in over.partly


def test_kinds_nccl_never_runs_p2p_over_are_unchanged() -> None:
    for kind in ("pcie-no-p2p", "pcie-sys", "infiniband"):
        assert forced(kind, {"env.NCCL_P2P_DISABLE": "1"}) is None


def test_shm_disabled_too_goes_through_the_network() -> None:
    over = forced("nvlink", {"env.NCCL_P2P_DISABLE": "1", "env.NCCL_SHM_DISABLE": "1"})
    assert over is not None and over.through_network
