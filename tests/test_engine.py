"""The pipeline's own decisions: what gets placed, and what is left to the count rules."""

from __future__ import annotations

import json
from pathlib import Path

from toplint.cli import main

SEED_HW = (Path(__file__).parent / "data" / "seed-hardware.yaml").read_text()

DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: x}
spec:
  template:
    spec:
      hostIPC: true
      containers:
        - name: vllm
          image: vllm/vllm-openai:latest
          args: ["--model", "meta-llama/Llama-3.1-70B-Instruct", "--tensor-parallel-size", "8"]
          resources:
            limits:
              nvidia.com/gpu: 4
"""


def test_a_layout_the_pod_cannot_hold_is_a_count_error_not_a_topology_one(
    tmp_path: Path, capsys
) -> None:
    (tmp_path / "hw.yaml").write_text(SEED_HW)
    (tmp_path / "d.yaml").write_text(DEPLOYMENT)
    code = main(
        [
            "check",
            str(tmp_path / "d.yaml"),
            "--hardware",
            str(tmp_path / "hw.yaml"),
            "--format",
            "json",
        ]
    )
    rules = [f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]]
    assert code == 1
    assert rules == ["TL201"]  # no TL101/TL105 about ranks on a node the pod does not have


def test_a_shell_script_without_declared_gpus_is_placed(tmp_path: Path, capsys) -> None:
    (tmp_path / "hw.yaml").write_text(SEED_HW)
    (tmp_path / "s.sh").write_text("vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8\n")
    main(
        [
            "check",
            str(tmp_path / "s.sh"),
            "--hardware",
            str(tmp_path / "hw.yaml"),
            "--format",
            "json",
        ]
    )
    rules = [f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]]
    assert "TL101" in rules


def test_a_layout_bigger_than_the_cluster_is_not_placed_on_invented_nodes(
    tmp_path: Path, capsys
) -> None:
    (tmp_path / "hw.yaml").write_text(SEED_HW)  # 2 x 4 GPUs
    (tmp_path / "s.sh").write_text(
        "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 16\n"
    )
    main(
        [
            "check",
            str(tmp_path / "s.sh"),
            "--hardware",
            str(tmp_path / "hw.yaml"),
            "--format",
            "json",
        ]
    )
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [f["rule"] for f in found if f["severity"] != "info"] == ["TL201"]
    assert "has 8" in found[0]["message"]


def test_tgi_on_a_host_runs_one_shard_of_the_clusters_gpus(tmp_path: Path, capsys) -> None:
    # TGI's launcher counts the devices CUDA_VISIBLE_DEVICES lists, one when none (TL210).
    (tmp_path / "hw.yaml").write_text(SEED_HW)
    (tmp_path / "t.sh").write_text("text-generation-launcher --model-id meta-llama/Llama-3.1-8B\n")
    main(
        [
            "check",
            str(tmp_path / "t.sh"),
            "--hardware",
            str(tmp_path / "hw.yaml"),
            "--format",
            "json",
        ]
    )
    [tl210] = json.loads(capsys.readouterr().out)["findings"]
    assert tl210["rule"] == "TL210" and "runs one shard" in tl210["message"]
    assert "other 3 GPUs sit idle" in tl210["message"]


def test_inspect_and_cost_use_each_files_nearest_config(tmp_path: Path, capsys) -> None:
    ib = SEED_HW.replace("a100-eth", "a100-ib").replace(
        "{network: ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false}",
        "{network: infiniband, bandwidth: 200 Gb/s, nics_per_node: 4, rdma: true}",
    )
    for name, manifest in (("eth", SEED_HW), ("ib", ib)):
        sub = tmp_path / name
        sub.mkdir()
        (sub / "hw.yaml").write_text(manifest)
        (sub / "toplint.yaml").write_text("hardware: hw.yaml\n")
        (sub / "s.sh").write_text("vllm serve meta-llama/Llama-3.1-70B -tp 8\n")
    main(["inspect", str(tmp_path), "--format", "json"])
    deps = json.loads(capsys.readouterr().out)["deployments"]
    assert sorted(d["cluster"] for d in deps) == ["a100-eth", "a100-ib"]
    main(["cost", str(tmp_path), "--format", "json"])
    links = {
        d["cluster"]: {c["link"] for c in d["collectives"]}
        for d in json.loads(capsys.readouterr().out)["deployments"]
    }
    assert links == {"a100-eth": {"ethernet"}, "a100-ib": {"infiniband"}}
