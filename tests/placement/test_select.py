"""Which cluster a deployment runs on: name, assign globs, k8s labels, the GPU it asks for, the
only cluster."""

from __future__ import annotations

import pytest
from placement_builders import make_cluster, make_deployment

from toplint.errors import ConfigError
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.types import Cluster, Hardware
from toplint.placement.select import select_cluster, unmatched_gpu
from toplint.record import replace

H100 = make_cluster(name="h100", selector={"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"})
L40S = make_cluster(
    name="l40s", selector={"nvidia.com/gpu.product": "NVIDIA-L40S", "pool": "inference"}
)
TWO = Hardware(clusters=(H100, L40S), path="hardware.yaml")


def test_explicit_name_wins_over_everything() -> None:
    deployment = make_deployment(labels={"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"})
    chosen = select_cluster(deployment, TWO, name="l40s", assign=(("*", "h100"),))
    assert chosen is L40S


def test_unknown_name_is_a_config_error_listing_known_clusters() -> None:
    with pytest.raises(ConfigError, match=r"no cluster named 'a100'.*'h100', 'l40s'"):
        select_cluster(make_deployment(), TWO, name="a100")


def test_assign_glob_matches_the_deployment_path_first_match_wins() -> None:
    deployment = make_deployment(path="deploy/prod/vllm.yaml")
    assign = (("deploy/staging/*", "h100"), ("deploy/prod/*", "l40s"), ("*", "h100"))
    assert select_cluster(deployment, TWO, assign=assign) is L40S


def test_assign_glob_matches_a_path_part_or_suffix() -> None:
    deployment = make_deployment(path="/repo/k8s/prod/vllm.yaml")
    assert select_cluster(deployment, TWO, assign=(("prod/*.yaml", "l40s"),)) is L40S
    assert select_cluster(deployment, TWO, assign=(("k8s", "h100"),)) is H100


def test_assign_to_an_unknown_cluster_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="known clusters"):
        select_cluster(make_deployment(path="a.sh"), TWO, assign=(("*.sh", "nope"),))


def test_kubernetes_labels_select_the_cluster_whose_selector_they_satisfy() -> None:
    deployment = make_deployment(
        labels={"nvidia.com/gpu.product": "NVIDIA-L40S", "pool": "inference", "zone": "a"}
    )
    assert select_cluster(deployment, TWO) is L40S


def test_labels_must_satisfy_every_selector_key() -> None:
    deployment = make_deployment(labels={"nvidia.com/gpu.product": "NVIDIA-L40S"})
    assert select_cluster(deployment, TWO) is None


def test_single_cluster_is_the_default() -> None:
    assert select_cluster(make_deployment(), Hardware(clusters=(H100,))) is H100


def test_several_clusters_and_no_hint_is_none() -> None:
    assert select_cluster(make_deployment(), TWO) is None


@pytest.mark.parametrize(
    "path",
    [
        "deploy/x.sh",
        "./deploy//seed/./x.sh",
        "/abs/f.yaml",
        "a",
        "deploy/seed/",
        "x/../y.yaml",
        "/",
    ],
)
def test_assign_paths_split_as_pathlib_does(path: str) -> None:
    from pathlib import PurePosixPath

    from toplint.placement.select import _split

    posix = PurePosixPath(path).as_posix()
    assert _split(path) == (posix, PurePosixPath(posix).parts)


def _on(cluster: Cluster, gpu: str) -> Cluster:
    spec = lookup_gpu(gpu)
    assert spec is not None
    return replace(cluster, gpu=spec)


A100 = _on(make_cluster(name="a100"), "A100-SXM4-80GB")
L4 = _on(make_cluster(name="l4"), "L4")
MIXED = Hardware(clusters=(A100, L4), path="hardware.yaml")
KUBEAI_GH200 = {"kubeai.org/resource-profile": "nvidia-gpu-gh200"}


def test_the_gpu_a_deployment_asks_for_picks_its_cluster() -> None:
    deployment = make_deployment(labels={"cloud.google.com/gke-accelerator": "nvidia-l4"})
    assert select_cluster(deployment, MIXED) is L4
    assert unmatched_gpu(deployment, MIXED, L4) is None


def test_the_only_cluster_is_no_default_for_a_deployment_asking_for_another_gpu() -> None:
    deployment = make_deployment(labels=KUBEAI_GH200)
    only_l4 = Hardware(clusters=(L4,))
    assert select_cluster(deployment, only_l4) is None
    ask = unmatched_gpu(deployment, only_l4, None)
    assert ask is not None and (ask.shown, ask.at) == ("GH200", "gpus")


def test_a_cluster_given_by_name_is_still_checked_for_the_gpu_asked_for() -> None:
    deployment = make_deployment(labels={"nvidia.com/gpu.product": "NVIDIA-L4"})
    chosen = select_cluster(deployment, MIXED, name="a100")
    assert chosen is A100
    ask = unmatched_gpu(deployment, MIXED, chosen)
    assert ask is not None and ask.at == "label:nvidia.com/gpu.product"


def test_a_selector_the_labels_match_is_trusted_whatever_its_gpu() -> None:
    deployment = make_deployment(labels={"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"})
    assert select_cluster(deployment, TWO) is H100  # H100's GPU is TEST-GPU: the author mapped it
    assert unmatched_gpu(deployment, TWO, H100) is None


def test_several_clusters_of_the_gpu_asked_for_choose_none() -> None:
    deployment = make_deployment(labels={"karpenter.k8s.aws/instance-gpu-name": "l4"})
    two_l4 = Hardware(clusters=(L4, replace(L4, name="l4-b")))
    assert select_cluster(deployment, two_l4) is None
    assert unmatched_gpu(deployment, two_l4, None) is None


def test_a_cluster_whose_selector_the_labels_contradict_is_not_chosen_for_its_gpu() -> None:
    pooled = replace(L4, name="l4-batch", selector={"pool": "batch"})
    labels = {"cloud.google.com/gke-accelerator": "nvidia-l4", "pool": "online"}
    deployment = make_deployment(labels=labels)
    assert select_cluster(deployment, Hardware(clusters=(A100, pooled))) is None


def test_check_reports_a_cluster_given_by_name_that_lacks_the_gpu(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from toplint.cli import main

    (tmp_path / "hw.yaml").write_text(
        "version: 1\nclusters:\n"
        "  - {name: a100, nodes: 1, gpu: A100-SXM4-80GB, gpus_per_node: 8}\n"
        "  - {name: l4, nodes: 1, gpu: L4, gpus_per_node: 8}\n"
    )
    (tmp_path / "m.yaml").write_text(
        "apiVersion: kubeai.org/v1\nkind: Model\nmetadata: {name: m}\nspec:\n"
        "  url: hf://meta-llama/Meta-Llama-3-8B-Instruct\n  engine: VLLM\n"
        "  resourceProfile: nvidia-gpu-l4:1\n"
    )
    argv = ["check", str(tmp_path / "m.yaml"), "--hardware", str(tmp_path / "hw.yaml")]
    assert main([*argv, "--cluster", "a100", "--no-cache"]) == 1
    out = capsys.readouterr().out
    assert "m.yaml:7:20: TL007 [error]" in out
    assert "it asks for L4 (resourceProfile nvidia-gpu-l4) but cluster a100, which it is" in out
    assert main([*argv, "--cluster", "l4", "--no-cache"]) == 0
