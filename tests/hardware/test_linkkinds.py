"""The link-kinds table is the one place: schema enums, PCIe rates and lookups agree with it."""

from __future__ import annotations

import json
from pathlib import Path

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
