"""``toplint hardware detect --nodes``: node lists shaped like real clusters', written from the
label names their projects document (GPU Feature Discovery's README, the EKS EFA device plugin,
GKE's accelerator label, the well-known instance-type label); each draft validates."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toplint.cli import main
from toplint.infra.yamlsafe import load_data

ZONE = "topology.kubernetes.io/zone"
TYPE = "node.kubernetes.io/instance-type"


def node(name: str, labels: dict[str, str], capacity: dict[str, str]) -> dict[str, Any]:
    base = {
        "kubernetes.io/hostname": name,
        "kubernetes.io/os": "linux",
        "kubernetes.io/arch": "amd64",
    }
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name, "labels": {**base, **labels}},
        "status": {"capacity": {"cpu": "192", "memory": "2097152000Ki", "pods": "110", **capacity}},
    }


def gfd(product: str, count: int, memory: int, machine: str) -> dict[str, str]:
    """GPU Feature Discovery's labels (NVIDIA/k8s-device-plugin README, Generated Labels)."""
    return {
        "nvidia.com/gpu.present": "true",
        "nvidia.com/gpu.product": product,
        "nvidia.com/gpu.count": str(count),
        "nvidia.com/gpu.memory": str(memory),
        "nvidia.com/gpu.machine": machine,
        "nvidia.com/gpu.family": "hopper",
        "nvidia.com/cuda.driver.major": "550",
    }


def cpu(name: str, extra: dict[str, str]) -> dict[str, Any]:
    return node(name, extra, {})


def eks() -> list[dict[str, Any]]:
    """EKS: p5.48xlarge with GFD and the EFA device plugin; g6e.12xlarge; CPU system nodes."""
    p5 = {TYPE: "p5.48xlarge", ZONE: "us-east-1a", "eks.amazonaws.com/nodegroup": "p5"}
    p5 |= gfd("NVIDIA-H100-80GB-HBM3", 8, 81559, "p5.48xlarge")
    g6e = {TYPE: "g6e.12xlarge", ZONE: "us-east-1b", "eks.amazonaws.com/nodegroup": "g6e"}
    g6e |= gfd("NVIDIA-L40S", 4, 46068, "g6e.12xlarge")
    return [
        *(
            node(
                f"ip-10-0-1-{i}.ec2.internal",
                p5,
                {"nvidia.com/gpu": "8", "vpc.amazonaws.com/efa": "32"},
            )
            for i in range(4)
        ),
        *(node(f"ip-10-0-2-{i}.ec2.internal", g6e, {"nvidia.com/gpu": "4"}) for i in range(2)),
        *(
            cpu(f"ip-10-0-9-{i}.ec2.internal", {TYPE: "m5.xlarge", ZONE: "us-east-1a"})
            for i in range(3)
        ),
    ]


def onprem() -> list[dict[str, Any]]:
    """On-premises: DGX H100 and DGX GB200 trays under GFD (cliques), InfiniBand through the
    RDMA shared device plugin; control-plane nodes without GPUs."""
    dgx = gfd("NVIDIA-H100-80GB-HBM3", 8, 81559, "DGXH100")
    gb = gfd("NVIDIA-GB200", 4, 189471, "DGX GB200") | {"nvidia.com/gpu.family": "blackwell"}
    trays = [
        node(
            f"gb-{rack}-{i:02d}",
            gb | {"nvidia.com/gpu.clique": f"0f1c5e9a-2b7d-4c1e-9d0a-{rack:012d}.1"},
            {"nvidia.com/gpu": "4", "rdma/rdma_shared_device_a": "1"},
        )
        for rack in range(2)
        for i in range(18)
    ]
    return [
        *(
            node(f"dgx-{i:02d}", dgx, {"nvidia.com/gpu": "8", "rdma/rdma_shared_device_a": "1"})
            for i in range(4)
        ),
        *trays,
        *(cpu(f"cp-{i}", {"node-role.kubernetes.io/control-plane": ""}) for i in range(3)),
    ]


def gke() -> list[dict[str, Any]]:
    """GKE: a3-highgpu-8g and g2-standard-24 node pools (cloud.google.com/gke-accelerator)."""
    a3 = {
        TYPE: "a3-highgpu-8g",
        "cloud.google.com/gke-accelerator": "nvidia-h100-80gb",
        "cloud.google.com/gke-nodepool": "a3",
        "cloud.google.com/machine-family": "a3",
    }
    g2 = {
        TYPE: "g2-standard-24",
        "cloud.google.com/gke-accelerator": "nvidia-l4",
        "cloud.google.com/gke-nodepool": "l4",
        "cloud.google.com/machine-family": "g2",
    }
    return [
        *(node(f"gke-a3-{i}", a3, {"nvidia.com/gpu": "8"}) for i in range(2)),
        *(node(f"gke-l4-{i}", g2, {"nvidia.com/gpu": "2"}) for i in range(3)),
        cpu("gke-default-0", {TYPE: "e2-standard-4", "cloud.google.com/gke-nodepool": "default"}),
    ]


def aks() -> list[dict[str, Any]]:
    """AKS: an ND H100 v5 pool (instance type label) and a system pool."""
    nd = {
        TYPE: "Standard_ND96isr_H100_v5",
        "kubernetes.azure.com/agentpool": "gpu",
        "kubernetes.azure.com/accelerator": "nvidia",
    }
    return [
        *(node(f"aks-gpu-1234-vmss00000{i}", nd, {"nvidia.com/gpu": "8"}) for i in range(2)),
        cpu(
            "aks-system-1234-vmss000000",
            {TYPE: "Standard_D4s_v5", "kubernetes.azure.com/agentpool": "system"},
        ),
    ]


INVENTORIES = {"eks": eks, "onprem": onprem, "gke": gke, "aks": aks}


def _detect(
    tmp_path: Path, items: list[dict[str, Any]], capsys: Any, *more: str
) -> tuple[int, str, str]:
    source = tmp_path / "nodes.json"
    source.write_text(json.dumps({"apiVersion": "v1", "kind": "List", "items": items}))
    code = main(["hardware", "detect", "--nodes", str(source), *more])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("name", sorted(INVENTORIES))
def test_each_draft_is_a_valid_manifest_of_gpu_pools(
    name: str, tmp_path: Path, capsys: Any
) -> None:
    items = INVENTORIES[name]()
    code, draft, err = _detect(tmp_path, items, capsys)
    assert code == 0 and err == ""
    manifest = tmp_path / "hardware.yaml"
    manifest.write_text(draft)
    assert main(["hardware", "check", str(manifest)]) == 0, capsys.readouterr().err
    resolved = json.loads(capsys.readouterr().out)
    gpu_nodes = [i for i in items if "nvidia.com/gpu" in i["status"]["capacity"]]
    assert sum(c["nodes"] for c in resolved["clusters"]) == len(gpu_nodes)  # CPU-only left out


def _clusters(tmp_path: Path, items: list[dict[str, Any]], capsys: Any) -> dict[str, Any]:
    code, draft, _ = _detect(tmp_path, items, capsys)
    assert code == 0
    doc = load_data(draft, "draft.yaml")[0]
    return {c["name"]: c for c in doc["clusters"]}


def test_eks_pools_from_instance_type_and_efa(tmp_path: Path, capsys: Any) -> None:
    clusters = _clusters(tmp_path, eks(), capsys)
    p5 = clusters["p5-48xlarge"]
    assert (p5["nodes"], p5["instance"], p5["gpu"], p5["gpus_per_node"]) == (
        4,
        "p5.48xlarge",
        "H100-SXM-80GB",
        8,
    )
    assert p5["selector"] == {TYPE: "p5.48xlarge"}
    assert clusters["g6e-12xlarge"]["gpu"] == "L40S"


def test_nvlink_cliques_give_the_scale_up_domain(tmp_path: Path, capsys: Any) -> None:
    clusters = _clusters(tmp_path, onprem(), capsys)
    gb = next(c for c in clusters.values() if c["gpu"] == "GB200")
    assert gb["nodes"] == 36 and gb["gpus_per_node"] == 4
    assert gb["intra_node"]["nvlink_domain"] == 72  # 18 trays x 4 GPUs per clique
    dgx = next(c for c in clusters.values() if c["gpu"] == "H100-SXM-80GB")
    assert dgx["instance"] == "DGX-H100" and dgx["nodes"] == 4


def test_gke_accelerator_label_names_the_gpu(tmp_path: Path, capsys: Any) -> None:
    clusters = _clusters(tmp_path, gke(), capsys)
    assert clusters["a3-highgpu-8g"]["gpu"] == "H100-SXM-80GB"
    assert clusters["g2-standard-24"]["gpus_per_node"] == 2


def test_what_the_labels_cannot_show_stays_a_question(tmp_path: Path, capsys: Any) -> None:
    """Servers no catalog knows, with RDMA devices: InfiniBand or RoCE, and the line rate,
    are questions; the command says how many are left."""
    labels = gfd("NVIDIA-A100-SXM4-80GB", 8, 81920, "PowerEdge-XE8545")
    items = [
        node(f"gpu-{i}", labels, {"nvidia.com/gpu": "8", "rdma/hca_shared_devices_a": "4"})
        for i in range(3)
    ]
    code, draft, err = _detect(tmp_path, items, capsys)
    assert code == 0
    assert "# network: ..." in draft and "infiniband or roce?" in draft
    assert "# bandwidth: ..." in draft
    assert "leaves 3 values" in err


def test_a_list_without_gpu_nodes_is_a_usage_error(tmp_path: Path, capsys: Any) -> None:
    code, _, err = _detect(tmp_path, [cpu("a", {})], capsys)
    assert code == 2 and "nothing to draft" in err


def test_stdin_and_json(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    import io

    text = json.dumps({"kind": "List", "items": aks()})
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["hardware", "detect", "--nodes", "-", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    [cluster] = doc["clusters"]
    assert cluster["instance"] == "Standard_ND96isr_H100_v5" and cluster["nodes"] == 2


def test_hostile_names_stay_on_their_comment_line(tmp_path: Path, capsys: Any) -> None:
    labels = {TYPE: "p5.48xlarge"}
    items = [node("evil\nclusters: []\r", labels, {"nvidia.com/gpu": "8"})]
    code, draft, _ = _detect(tmp_path, items, capsys)
    assert code == 0
    assert "\nclusters: []" not in draft.split("clusters:\n", 1)[1]


def test_shared_and_mig_gpus_are_counted_as_whole_gpus(tmp_path: Path, capsys: Any) -> None:
    """Time-slicing multiplies nvidia.com/gpu by nvidia.com/gpu.replicas and renames the
    product -SHARED; MIG 'single' advertises MIG devices: never GPUs."""
    shared = gfd("NVIDIA-L40S-SHARED", 2, 46068, "g6e.12xlarge") | {
        TYPE: "g6e.12xlarge",
        "nvidia.com/gpu.replicas": "4",
    }
    mig = gfd("NVIDIA-A100-SXM4-40GB-MIG-1g.5gb", 56, 4864, "DGX A100") | {
        "nvidia.com/mig.strategy": "single"
    }
    items = [
        node("ts-0", shared, {"nvidia.com/gpu": "8"}),
        node("mig-0", mig, {"nvidia.com/gpu": "56"}),
    ]
    code, draft, err = _detect(tmp_path, items, capsys)
    assert code == 0
    doc = load_data(draft, "draft.yaml")[0]
    by_gpu = {c["gpu"]: c for c in doc["clusters"]}
    assert by_gpu["L40S"]["gpus_per_node"] == 2  # 8 advertised = 2 GPUs x 4 replicas
    assert "A100-SXM4-40GB" in by_gpu and "gpus_per_node" not in by_gpu["A100-SXM4-40GB"]
    assert "counts MIG devices, not GPUs" in draft and "leaves 1 value" in err
