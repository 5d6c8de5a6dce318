"""The link-kinds table is the one place: schema enums, PCIe rates and lookups agree with it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest

from toplint.hardware import linkkinds

SCHEMA = Path(__file__).resolve().parents[2] / "schemas" / "hardware.schema.json"


def _enum(section: str, key: str) -> set[str]:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return set(schema["$defs"][section]["properties"][key]["enum"])


def test_schema_fabric_enum_equals_the_table() -> None:
    assert _enum("intra_node", "fabric") == set(linkkinds.fabrics())


def test_schema_network_enum_equals_the_table() -> None:
    assert _enum("inter_node", "network") == set(linkkinds.networks())


def test_every_kind_cites_its_bandwidth_and_latency() -> None:
    for row in linkkinds.KINDS.values():
        assert row.bandwidth_source and row.latency_source, row.name


def test_unknown_kind_is_an_error() -> None:
    with pytest.raises(KeyError, match="unknown link kind"):
        linkkinds.kind("carrier-pigeon")


def test_pcie_gen6_has_one_value() -> None:
    assert linkkinds.pcie_x16(6) == 121.0


def test_fabric_spelling_maps_to_its_kind() -> None:
    assert linkkinds.of_fabric("nvswitch").name == "nvlink"


def test_rdma_device_prefix_names_its_network() -> None:
    found = linkkinds.network_of_device("rdmap0s26")
    assert found is not None and found.name == "efa"


def test_every_floor_is_one_of_its_rows_spellings_and_cited() -> None:
    for row in linkkinds.KINDS.values():
        for spelling, gb_per_s in row.floors:
            assert spelling in row.manifest and gb_per_s > 0 and row.floor_source, row.name


def test_floor_of_a_spelling_comes_from_its_row() -> None:
    assert linkkinds.floor("nvswitch") == (150.0, linkkinds.kind("nvlink").floor_source)


def test_a_spelling_without_a_floor_has_none() -> None:
    assert linkkinds.floor("pcie") == (0.0, "")


def test_literal_spellings_equal_the_table() -> None:
    assert set(get_args(linkkinds.Fabric)) == set(linkkinds.fabrics())
    assert set(get_args(linkkinds.Network)) == set(linkkinds.networks())


def test_a_network_is_spelled_as_its_kind() -> None:
    # Placement names a cross-node link by the manifest's network spelling.
    for row in linkkinds.KINDS.values():
        if row.cls == linkkinds.NETWORK:
            assert row.manifest == (row.name,), row.name
            assert linkkinds.of_network(row.name) is row


def test_unknown_network_is_an_error() -> None:
    with pytest.raises(KeyError, match="unknown network"):
        linkkinds.of_network("carrier-pigeon")


def test_every_kind_inside_a_node_is_priced_by_its_own_row() -> None:
    # η (or the host bounce's shared-path formula), the NCCL latency row, the P2P answer.
    for row in linkkinds.KINDS.values():
        if row.cls in (linkkinds.SCALEUP, linkkinds.PCIE):
            assert row.nccl_hw in ("nvlink", "pci"), row.name
            assert row.eta > 0 or row.pcie_path == "host-bounce", row.name
            assert row.p2p == (row.pcie_path != "host-bounce"), row.name
        else:
            assert row.eta == 0 and not row.nvls and not row.tables, row.name


def test_each_pcie_path_has_one_kind() -> None:
    paths = [k.pcie_path for k in linkkinds.KINDS.values() if k.cls == linkkinds.PCIE]
    assert sorted(paths) == ["cross-socket", "host-bounce", "p2p"]
    assert linkkinds.pcie_kind(p2p=True).name == "pcie"
    assert linkkinds.pcie_kind(p2p=True, cross_socket=True).name == "pcie-sys"
    assert linkkinds.pcie_kind(p2p=False, cross_socket=True).name == "pcie-no-p2p"


def test_scaleup_of_a_fabric() -> None:
    found = linkkinds.scaleup_of("nvswitch")
    assert found is not None and found.name == "nvlink" and found.full
    assert linkkinds.scaleup_of("pcie") is None and linkkinds.scaleup_of("none") is None
    bridge = linkkinds.scaleup_of("nvlink-bridge")
    assert bridge is not None and bridge.domain == 2 and not bridge.full


def test_nvls_spellings_are_the_rows_own() -> None:
    for row in linkkinds.KINDS.values():
        assert set(row.nvls) <= set(row.manifest), row.name
    assert linkkinds.nvls_capable("nvswitch") and not linkkinds.nvls_capable("nvlink")


def test_measured_tables_name_kinds_that_replay_them() -> None:
    from toplint.cost.calibration import systems

    for s in systems():
        assert s.link in {k.tables for k in linkkinds.KINDS.values()}, s.key
        for kind in s.kinds.values():
            assert linkkinds.kind(kind).tables == s.link, (s.key, kind)


def test_fastest_links_come_from_the_rows() -> None:
    assert linkkinds.fastest(cls_network=False) == ("NVLink5", 900.0)
    assert linkkinds.fastest(cls_network=True) == ("800 Gb/s XDR", 100.0)


def test_every_rdma_network_has_a_detect_note() -> None:
    for row in linkkinds.KINDS.values():
        if row.topo and row.cls == linkkinds.NETWORK:
            assert row.detect_why, row.name
