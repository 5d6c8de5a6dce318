"""Never silent: the run says what it checked, and "All checks passed" means it (issue 15.1)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from toplint.cli import main

from .helpers import SERVE, write

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TWO_CLUSTERS = """\
version: 1
clusters:
  - {name: a100-eth, nodes: 2, gpu: A100-SXM4-80GB, gpus_per_node: 4,
     inter_node: {network: ethernet, bandwidth: 100 Gb/s}, selector: {pool: a100}}
  - {name: h100-ib, nodes: 2, gpu: H100-SXM-80GB, gpus_per_node: 8,
     inter_node: {network: infiniband, bandwidth: 400 Gb/s, nics_per_node: 8},
     selector: {pool: h100}}
"""
ONE_CLUSTER = """\
version: 1
clusters:
  - {name: a100-eth, nodes: 2, gpu: A100-SXM4-80GB, gpus_per_node: 4,
     inter_node: {network: ethernet, bandwidth: 100 Gb/s}}
"""
K8S = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: llama}
spec:
  template:
    spec:
      nodeSelector: {pool: b200}
      containers:
        - name: vllm
          image: vllm/vllm-openai:v0.8.5
          args: ["--model", "meta-llama/Llama-3.1-8B-Instruct"]
          resources: {limits: {nvidia.com/gpu: 1}}
"""


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["check", "--ignore", "TL990", *argv])  # TL990: tests/ci's test rule
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def cwd(tmp_path: Path):
    before = os.getcwd()
    os.chdir(tmp_path)
    yield tmp_path
    os.chdir(before)


def test_several_clusters_without_assign_is_tl007_and_not_green(cwd: Path, capsys) -> None:
    write(cwd / "hw.yaml", TWO_CLUSTERS)
    write(cwd / "serve.sh", SERVE.format(tp=4))
    code, out, _ = check(capsys, "serve.sh", "--hardware", "hw.yaml")
    assert "serve.sh:1:1: TL007 [error] not checked against hardware" in out
    assert "1 deployment: 0 checked against hardware, 1 not checked (no cluster chosen)" in out
    assert "All checks passed" not in out
    assert code == 1


def test_no_manifest_is_tl007_with_the_line_to_write(cwd: Path, capsys) -> None:
    write(cwd / "serve.sh", SERVE.format(tp=4))
    code, out, _ = check(capsys, "serve.sh")
    assert "TL007 [error] not checked against hardware: no hardware manifest" in out
    assert "fix: hardware: hardware.yaml" in out
    assert code == 1


def test_node_selector_matching_no_cluster_is_tl007(cwd: Path, capsys) -> None:
    write(cwd / "hw.yaml", TWO_CLUSTERS)
    write(cwd / "deploy.yaml", K8S)
    code, out, _ = check(capsys, "deploy.yaml", "--hardware", "hw.yaml")
    assert "TL007 [error] not checked against hardware: its node labels (pool=b200)" in out
    assert "not checked (node labels match no cluster)" in out
    assert code == 1


def test_deliberately_no_manifest_is_said_once_and_exits_0(cwd: Path, capsys) -> None:
    write(cwd / "toplint.yaml", "hardware: none\n")
    write(cwd / "a.sh", SERVE.format(tp=4))
    write(cwd / "b.sh", SERVE.format(tp=2))
    code, out, _ = check(capsys, ".")
    assert "TL007" not in out
    assert "2 not checked (no hardware manifest on purpose)" in out
    assert "All checks passed" not in out
    assert "No findings, but 2 deployments were not checked against hardware." in out
    assert code == 0


def test_select_matching_no_rule_is_a_usage_error(cwd: Path, capsys) -> None:
    write(cwd / "serve.sh", SERVE.format(tp=4))
    code, out, err = check(capsys, "serve.sh", "--select", "TL999")
    assert code == 2 and out == ""
    assert "--select/select TL999: matches no rule" in err


def test_select_in_the_config_matching_no_rule_is_a_usage_error(cwd: Path, capsys) -> None:
    write(cwd / "toplint.yaml", "select: [TL3]\n")
    write(cwd / "serve.sh", SERVE.format(tp=4))
    code, _, err = check(capsys, "serve.sh")
    assert code == 2
    assert "TL3: matches no rule" in err


def test_empty_folder_is_tl008_and_not_green(cwd: Path, capsys) -> None:
    (cwd / "empty").mkdir()
    code, out, _ = check(capsys, "empty")
    assert "empty:1:1: TL008 [warning] nothing was checked" in out
    assert "All checks passed" not in out
    assert code == 1


def test_missing_path_is_a_usage_error(cwd: Path, capsys) -> None:
    code, out, err = check(capsys, "no-such-dir")
    assert code == 2 and out == ""
    assert "no-such-dir: no such file or directory" in err


def test_all_checks_passed_only_when_every_deployment_was_checked(cwd: Path, capsys) -> None:
    write(cwd / "hw.yaml", ONE_CLUSTER)
    write(cwd / "serve.sh", SERVE.format(tp=4))
    code, out, _ = check(capsys, "serve.sh", "--hardware", "hw.yaml")
    assert out.splitlines()[-2:] == [
        "1 file, 1 deployment: 1 checked against hardware.",
        "All checks passed.",
    ]
    assert code == 0


def test_files_without_deployments_say_nothing_was_found(cwd: Path, capsys) -> None:
    write(cwd / "service.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: x}\n")
    code, out, _ = check(capsys, "service.yaml")
    assert out.splitlines() == [
        "1 file, 0 deployments.",
        "No findings, but no deployment was found: nothing was checked.",
    ]
    assert code == 0


def test_same_findings_from_a_subdirectory_below_the_config(cwd: Path, capsys) -> None:
    shutil.copytree(EXAMPLES, cwd / "examples")
    _, from_root, _ = check(capsys, "examples/deploy/seed/serve-tp8.sh")
    os.chdir(cwd / "examples" / "deploy" / "seed")
    code, from_below, _ = check(capsys, "serve-tp8.sh")
    assert "serve-tp8.sh:9:5: TL101 [warning]" in from_below
    assert from_below.replace("serve-tp8.sh", "X") == from_root.replace(
        "examples/deploy/seed/serve-tp8.sh", "X"
    )
    assert code == 1


def test_json_summary_counts_what_was_not_checked(cwd: Path, capsys) -> None:
    import json

    write(cwd / "hw.yaml", TWO_CLUSTERS)
    write(cwd / "serve.sh", SERVE.format(tp=4))
    _, out, _ = check(capsys, "serve.sh", "--hardware", "hw.yaml", "--format", "json")
    summary = json.loads(out)["summary"]
    assert (summary["checked"], summary["not_checked"]) == (0, {"no cluster chosen": 1})
