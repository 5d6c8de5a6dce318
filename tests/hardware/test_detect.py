from __future__ import annotations

import glob
import json
import os

import pytest
from conftest import CORPUS as SHARED_CORPUS

from toplint.hardware.detect import draft_manifest, nic_kind
from toplint.hardware.manifest import hardware_from_text
from toplint.hardware.nvgraph import nvlink_domain, nvlink_ring
from toplint.hardware.nvsmi import parse_gpu_names, parse_topology

HERE = os.path.join(os.path.dirname(__file__), "data")
CORPUS = str(SHARED_CORPUS / "nvidia-smi")


def read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def corpus(name: str) -> str:
    path = os.path.join(CORPUS, name)
    return read(path)


def fill(draft: str, nodes: int = 2, bandwidth: str = '"200 Gb/s"') -> str:
    """What a user does with the draft: fill the commented placeholders."""
    draft = draft.replace("    # nodes: ...", f"    nodes: {nodes}")
    return draft.replace(
        "      # bandwidth: ...              # unknown: line rate",
        f"      bandwidth: {bandwidth}  # line rate",
    )


@pytest.mark.shared
def test_every_corpus_topology_parses() -> None:
    files = glob.glob(os.path.join(CORPUS, "*.txt"))
    assert files
    for path in files:
        assert parse_topology(read(path)).gpus, path


@pytest.mark.shared
def test_dgx_a100_is_an_8_gpu_nvswitch_domain() -> None:
    topo = parse_topology(corpus("dgx-a100-topo.txt"))
    assert (len(topo.gpus), len(topo.nics), nvlink_domain(topo)) == (8, 12, 8)
    draft = draft_manifest(corpus("dgx-a100-topo.txt"), ["NVIDIA A100-SXM4-80GB"] * 8)
    assert "fabric: nvswitch" in draft and "nvlink_domain: 8" in draft


@pytest.mark.shared
def test_dgx_a100_counts_only_gpu_near_nics() -> None:
    draft = json.loads(draft_manifest(corpus("dgx-a100-topo.txt"), None, fmt="json"))
    inter = draft["clusters"][0]["inter_node"]
    assert (inter["network"], inter["nics_per_node"], inter["rdma"]) == ("infiniband", 8, True)
    assert draft["clusters"][0]["intra_node"]["numa_nodes"] == 4


@pytest.mark.shared
def test_dgx_a100_draft_validates_once_placeholders_are_filled() -> None:
    text = fill(draft_manifest(corpus("dgx-a100-topo.txt"), ["NVIDIA A100-SXM4-80GB"] * 8))
    c = hardware_from_text(text, "draft.yaml").clusters[0]
    assert (c.gpu.name, c.intra.fabric, c.intra.bandwidth_gb_per_s, c.inter.bandwidth_gb_per_s) == (
        "A100-SXM4-80GB",
        "nvswitch",
        300,
        25,
    )


@pytest.mark.shared
def test_two_gpu_mlx5_node_resolves_nic_legend() -> None:
    topo = parse_topology(corpus("2gpu-node-mlx5-topo.txt"))
    assert (topo.gpus, topo.nics) == (["GPU0", "GPU1"], ["mlx5_0", "mlx5_1"])
    draft = json.loads(draft_manifest(corpus("2gpu-node-mlx5-topo.txt"), None, fmt="json"))
    cluster = draft["clusters"][0]
    assert cluster["intra_node"] == {
        "fabric": "pcie",
        "nvlink_domain": 1,
        "p2p": False,
        "numa_nodes": 1,
    }
    assert cluster["inter_node"]["nics_per_node"] == 2


@pytest.mark.shared
def test_four_gpu_sys_box_has_no_p2p_and_two_numa_nodes() -> None:
    draft = json.loads(draft_manifest(corpus("4gpu-pcie-sys-topo.txt"), None, fmt="json"))
    intra = draft["clusters"][0]["intra_node"]
    assert (intra["fabric"], intra["p2p"], intra["numa_nodes"]) == ("pcie", False, 2)
    assert "inter_node" not in draft["clusters"][0]


@pytest.mark.shared
def test_unknown_facts_stay_commented() -> None:
    draft = draft_manifest(corpus("4gpu-pcie-sys-topo.txt"), None)
    assert "\n    # nodes: ..." in draft and "\n    # gpu: ..." in draft
    assert "\n    # inter_node:" in draft


def test_hybrid_cube_mesh_domain_is_four() -> None:
    text = read(os.path.join(HERE, "dgx1-v100-hybrid-cube-topo.txt"))
    assert nvlink_domain(parse_topology(text)) == 4
    assert "fabric: nvlink " in draft_manifest(text, ["Tesla V100-SXM2-16GB"] * 8)


def test_bridged_consumer_pair_uses_bridge_bandwidth() -> None:
    names = parse_gpu_names(read(os.path.join(HERE, "gpu-names-L.txt")))
    text = read(os.path.join(HERE, "2x3090-bridge-topo.txt"))
    draft = json.loads(draft_manifest(text, names, fmt="json"))["clusters"][0]
    assert draft["gpu"] == "RTX-3090"
    assert (draft["intra_node"]["fabric"], draft["intra_node"]["bandwidth"]) == (
        "nvlink-bridge",
        "56 GB/s",
    )
    assert draft["inter_node"]["network"] == "roce"


def test_gpu_names_from_csv_and_list_forms() -> None:
    assert (
        parse_gpu_names("name\nNVIDIA H100 80GB HBM3\nNVIDIA H100 80GB HBM3\n")
        == ["NVIDIA H100 80GB HBM3"] * 2
    )
    assert parse_gpu_names("GPU 0: NVIDIA L4 (UUID: GPU-abc)\n") == ["NVIDIA L4"]


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("mlx5_3", "infiniband"),
        ("rocep1s0f0", "roce"),
        ("efa_0", "efa"),
        ("bnxt_re0", "roce"),
        ("eth7", "ethernet"),
    ],
)
def test_nic_kind_from_name(name: str, kind: str) -> None:
    assert nic_kind(name)[0] == kind


def test_text_without_matrix_is_refused() -> None:
    with pytest.raises(ValueError, match="no GPU matrix"):
        parse_topology("No devices were found\n")


def test_hybrid_cube_mesh_is_one_nccl_ring_domain_over_nvlink() -> None:
    text = read(os.path.join(HERE, "dgx1-v100-hybrid-cube-topo.txt"))
    draft = json.loads(draft_manifest(text, ["Tesla V100-SXM2-16GB"] * 8, fmt="json"))
    intra = draft["clusters"][0]["intra_node"]
    assert (intra["nvlink_domain"], intra["p2p"], intra["bandwidth"]) == (8, True, "150 GB/s")


def test_ring_over_nvlink_visits_every_gpu_through_nvlinked_pairs() -> None:
    topo = parse_topology(read(os.path.join(HERE, "dgx1-v100-hybrid-cube-topo.txt")))
    ring = nvlink_ring(topo)
    assert ring is not None and sorted(ring) == sorted(topo.gpus)
    pairs = zip(ring, [*ring[1:], ring[0]], strict=True)
    assert all(topo.cell(a, b).startswith("NV") for a, b in pairs)
