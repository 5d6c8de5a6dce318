"""``toplint inspect --stats``: the totals of what toplint read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main

SERVE = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size $TP\n"
NAMED = "# runs the server\nIMAGE=vllm/vllm-openai\necho pulling $IMAGE\n"


def totals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    (tmp_path / "serve.sh").write_text(SERVE)
    (tmp_path / "named.sh").write_text(NAMED)
    (tmp_path / "other.sh").write_text("echo hello\n")
    assert main(["inspect", "--stats", "--format", "json", str(tmp_path)]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_stats_count_files_and_deployments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = totals(tmp_path, capsys)
    assert (out["files"], out["deployments"]) == (3, 1)


def test_stats_count_unresolved_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = totals(tmp_path, capsys)
    assert (out["unresolved_values"], out["deployments_with_unresolved_values"]) == (1, 1)


def test_stats_list_files_that_name_an_engine_without_a_deployment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = totals(tmp_path, capsys)
    assert out["paths_naming_an_engine_without_deployment"] == [str(tmp_path / "named.sh")]


def test_stats_text_names_each_total(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "serve.sh").write_text(SERVE)
    main(["inspect", "--stats", str(tmp_path)])
    out = capsys.readouterr().out
    assert out.splitlines()[:4] == [
        "files read: 1",
        "deployments found: 1",
        "values unresolved: 1 (in 1 deployment)",
        "files that name an engine but yield no deployment: 0",
    ]


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
        command: [vllm, serve, org/unknown-model, --tensor-parallel-size, "2"]
        resources: {limits: {nvidia.com/gpu: 2}}
"""


def test_stats_count_inferred_hardware_even_when_the_check_stops_later(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "d.yaml").write_text(GKE)
    main(["inspect", "--stats", "--format", "json", str(tmp_path)])
    out = json.loads(capsys.readouterr().out)
    assert (out["placed_on_inferred_hardware"], out["checked_on_inferred_hardware"]) == (1, 0)
