"""Which GPUs share NVLink: the manifest's nvlink_groups (bridged pairs, partial meshes)."""

from __future__ import annotations

import pytest

from toplint.errors import ManifestError
from toplint.hardware.detect import draft_manifest
from toplint.hardware.manifest import hardware_from_text
from toplint.hardware.topology import Groups, groups_from_links, nvlinked_sets, share_nvlink
from toplint.hardware.types import IntraNode

BRIDGED = """\
version: 1
clusters:
  - name: box
    nodes: 1
    gpu: A100-PCIE-80GB
    gpus_per_node: 4
    intra_node: {fabric: nvlink-bridge, nvlink_groups: [[2, 0], [1, 3]]}
"""


def _intra(text: str = BRIDGED) -> IntraNode:
    return hardware_from_text(text, "hw.yaml").clusters[0].intra


def test_groups_are_read_sorted_and_set_the_domain() -> None:
    intra = _intra()
    assert intra.nvlink_groups == ((0, 2), (1, 3))
    assert intra.nvlink_domain == 2


def test_two_gpus_share_nvlink_only_inside_one_group() -> None:
    intra = _intra()
    assert share_nvlink([0, 2], intra, 4)
    assert not share_nvlink([0, 1], intra, 4)


def test_without_groups_the_domain_is_consecutive_blocks() -> None:
    intra = _intra(BRIDGED.replace(", nvlink_groups: [[2, 0], [1, 3]]", ""))
    assert share_nvlink([2, 3], intra, 4)
    assert not share_nvlink([1, 2], intra, 4)
    assert nvlinked_sets(intra, 4, 2) == [(0, 1), (2, 3)]


def test_a_group_on_a_pcie_fabric_says_what_to_write() -> None:
    with pytest.raises(ManifestError, match="write fabric: nvlink-bridge"):
        hardware_from_text(BRIDGED.replace("nvlink-bridge", "pcie"), "hw.yaml")


def test_a_gpu_outside_the_node_is_an_error() -> None:
    with pytest.raises(ManifestError, match="GPU 7 is not on a node of 4 GPUs"):
        hardware_from_text(BRIDGED.replace("[1, 3]", "[1, 7]"), "hw.yaml")


@pytest.mark.parametrize(
    ("pairs", "groups"),
    [
        ([(2, 0), (1, 3)], ((0, 2), (1, 3))),  # bridged pairs, any order
        ([(0, 1), (0, 2), (1, 2), (0, 3), (1, 3), (2, 3)], ((0, 1, 2, 3),)),  # a quad
        ([(0, 1), (1, 2)], ((0, 1), (1, 2))),  # a chain is not one group
    ],
)
def test_groups_from_links(pairs: list[tuple[int, int]], groups: Groups) -> None:
    assert groups_from_links(pairs) == groups


BRIDGED_TOPO = (
    "\tGPU0\tGPU1\tGPU2\tGPU3\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n"
    "GPU0\t X \tPHB\tNV4\tPHB\t0-47\t0\t\tN/A\n"
    "GPU1\tPHB\t X \tPHB\tNV4\t0-47\t0\t\tN/A\n"
    "GPU2\tNV4\tPHB\t X \tPHB\t0-47\t0\t\tN/A\n"
    "GPU3\tPHB\tNV4\tPHB\t X \t0-47\t0\t\tN/A\n"
)


def test_detect_drafts_the_bridged_pairs_and_the_draft_loads() -> None:
    draft = draft_manifest(BRIDGED_TOPO, ["NVIDIA A100 80GB PCIe"])
    assert "nvlink_groups: [[0, 2], [1, 3]] # NV# cells" in draft
    filled = draft.replace("    # nodes: ...", "    nodes: 1   ")
    intra = hardware_from_text(filled, "hw.yaml").clusters[0].intra
    assert intra.nvlink_groups == ((0, 2), (1, 3))
