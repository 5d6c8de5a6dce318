"""Hardware named by the config itself (issue 14.7): hints select a catalog system."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.hardware.hints import infer
from toplint.model import Deployment


def dep(labels: dict[str, str], gpus: int = 4, nodes: int = 1, **options: str) -> Deployment:
    return Deployment(
        path="x.yaml",
        line=1,
        column=1,
        engine="vllm",
        model=None,
        tp=gpus,
        nodes=nodes,
        gpus_per_node=gpus,
        labels=labels,
        options=options,
    )


def test_an_instance_type_label_selects_that_instance() -> None:
    found = infer(dep({"node.kubernetes.io/instance-type": "p5.48xlarge"}, gpus=8))
    assert found is not None and found.cluster.instance == "p5.48xlarge"


def test_the_reason_names_the_label_and_its_value() -> None:
    found = infer(dep({"node.kubernetes.io/instance-type": "p5.48xlarge"}, gpus=8))
    assert found is not None and "node.kubernetes.io/instance-type=p5.48xlarge" in found.reason


def test_a_gke_accelerator_selects_the_smallest_machine_that_holds_the_pod() -> None:
    found = infer(dep({"cloud.google.com/gke-accelerator": "nvidia-l4"}, gpus=4))
    assert found is not None and found.cluster.instance == "g2-standard-48"


def test_a_karpenter_family_selects_the_smallest_size_that_holds_the_pod() -> None:
    found = infer(dep({"karpenter.k8s.aws/instance-family": "g6e"}, gpus=4))
    assert found is not None and found.cluster.instance == "g6e.12xlarge"


def test_one_gpu_sizes_that_differ_in_network_are_no_answer_across_nodes() -> None:
    assert infer(dep({"cloud.google.com/gke-accelerator": "nvidia-l4"}, gpus=1, nodes=2)) is None


def test_a_gpu_product_label_gives_one_node_of_that_gpu() -> None:
    found = infer(dep({"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"}, gpus=8))
    assert found is not None
    assert (found.cluster.gpu.name, found.cluster.nodes, found.cluster.inter.network) == (
        "H100-SXM-80GB",
        1,
        "none",
    )


def test_a_gpu_name_alone_cannot_place_a_multi_node_deployment() -> None:
    assert infer(dep({"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"}, gpus=8, nodes=2)) is None


def test_a_ray_accelerator_type_names_the_gpu() -> None:
    found = infer(dep({}, gpus=1, accelerator_type="L4"))
    assert found is not None and found.cluster.gpu.name == "L4"


def test_a_gpu_type_and_count_a_reader_took_names_one_node_of_that_gpu() -> None:
    """dstackai/dstack@511c318c examples/models/gpt-oss/amd/120b.dstack.yml: ``resources.gpu:
    MI300X:8`` with no nodes stated is one machine of eight MI300X; a count no machine holds
    is not one node."""
    from toplint.record import replace

    one = replace(dep({}, gpus=8), nodes=None, gpus_per_node=None, gpus=8)
    found = infer(replace(one, options={"accelerator.name": "MI300X"}))
    assert found is not None and (found.cluster.gpu.name, found.cluster.gpus_per_node) == (
        "MI300X",
        8,
    )
    wide = replace(one, gpus=16, options={"accelerator.name": "MI300X"})
    assert infer(wide) is None


def test_no_hint_no_inference() -> None:
    assert infer(dep({"team": "ml"})) is None


GKE = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  template:
    spec:
      nodeSelector: {cloud.google.com/gke-accelerator: nvidia-l4}
      containers:
      - name: c
        image: vllm/vllm-openai
        command: [vllm, serve, meta-llama/Llama-3.1-8B-Instruct, --tensor-parallel-size, "4"]
        resources: {limits: {nvidia.com/gpu: 4}}
"""


def test_inspect_says_the_hardware_was_inferred_and_from_what(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "d.yaml"
    path.write_text(GKE)
    main(["inspect", str(path), "--format", "json"])
    (d,) = json.loads(capsys.readouterr().out)["deployments"]
    assert d["hardware_inferred_from"].endswith("-> g2-standard-48")


def test_check_counts_inferred_hardware_as_checked_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "d.yaml"
    path.write_text(GKE)
    main(["check", str(path)])
    out = capsys.readouterr().out
    assert "1 checked against hardware (1 on hardware inferred from the files' own hints)" in out


def test_hardware_none_on_purpose_infers_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "toplint.yaml").write_text("hardware: none\n")
    path = tmp_path / "d.yaml"
    path.write_text(GKE)
    main(["inspect", str(path), "--format", "json"])
    (d,) = json.loads(capsys.readouterr().out)["deployments"]
    assert d["hardware_inferred_from"] is None


def test_a_gke_machine_family_alone_selects_within_the_family() -> None:
    found = infer(dep({"cloud.google.com/machine-family": "g2"}, gpus=2))
    assert found is not None and found.cluster.instance == "g2-standard-24"


def test_a_gke_machine_family_that_contradicts_the_accelerator_is_no_answer() -> None:
    labels = {
        "cloud.google.com/gke-accelerator": "nvidia-l4",
        "cloud.google.com/machine-family": "a3",
    }
    assert infer(dep(labels, gpus=4)) is None


def test_gfd_gpu_count_sizes_the_node_beyond_the_pod() -> None:
    labels = {"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3", "nvidia.com/gpu.count": "8"}
    found = infer(dep(labels, gpus=2))
    assert found is not None and found.cluster.gpus_per_node == 8


@pytest.mark.parametrize(
    ("label", "value", "gpu"),
    [
        # CoreWeave's GPU class label (coreweave/kubernetes-cloud@67ae991 online-inference/)
        ("gpu.nvidia.com/class", "RTX_A5000", "RTX-A5000"),
        ("gpu.nvidia.com/class", "A40", "A40"),
        ("gpu.nvidia.com/class", "A100_NVLINK_80GB", "A100-SXM4-80GB"),
        # GKE's T4, attached to an N1 VM: no machine family of its own
        ("cloud.google.com/gke-accelerator", "nvidia-tesla-t4", "T4"),
    ],
)
def test_a_gpu_label_of_a_platform_names_one_node_of_that_gpu(
    label: str, value: str, gpu: str
) -> None:
    found = infer(dep({label: value}, gpus=2))
    assert found is not None
    assert (found.cluster.gpu.name, found.cluster.gpus_per_node) == (gpu, 2)
    assert f"{label}={value}" in found.reason


def test_a_gke_accelerator_of_a_machine_family_still_selects_the_machine() -> None:
    """The GPU-only reading of GKE's label comes after the families: an L4 is a G2 size."""
    found = infer(dep({"cloud.google.com/gke-accelerator": "nvidia-l4"}, gpus=2))
    assert found is not None and found.cluster.instance == "g2-standard-24"
