"""The seeds' worked example, end to end through the CLI: the contract of issue 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main

# The seeds' 2 x 4 A100 NVLink nodes joined by 100 Gb/s Ethernet.
HARDWARE = (Path(__file__).parents[0] / "data" / "seed-hardware.yaml").read_text()

TP8 = """\
#!/bin/bash
vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct \\
    --tensor-parallel-size 8 \\
    --gpu-memory-utilization 0.90
"""

TP4_PP2 = """\
#!/bin/bash
vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct \\
    --tensor-parallel-size 4 \\
    --pipeline-parallel-size 2 \\
    --gpu-memory-utilization 0.90
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "hardware.yaml").write_text(HARDWARE)
    (tmp_path / "tp8.sh").write_text(TP8)
    (tmp_path / "tp4pp2.sh").write_text(TP4_PP2)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tensor_parallel_across_ethernet_is_tl101_and_exit_1(tree: Path, capsys) -> None:
    code, out, _ = run(
        capsys, "check", str(tree / "tp8.sh"), "--hardware", str(tree / "hardware.yaml")
    )
    assert code == 1
    assert f"{tree / 'tp8.sh'}:3:5: TL101" in out  # the --tensor-parallel-size token


def test_seed_recommended_layout_is_clean(tree: Path, capsys) -> None:
    code, out, _ = run(
        capsys, "check", str(tree / "tp4pp2.sh"), "--hardware", str(tree / "hardware.yaml")
    )
    assert code == 0, out
    assert "TL101" not in out


def test_tl101_json_has_position_numbers_and_fix(tree: Path, capsys) -> None:
    code, out, _ = run(
        capsys,
        "check",
        str(tree / "tp8.sh"),
        "--hardware",
        str(tree / "hardware.yaml"),
        "--format",
        "json",
    )
    assert code == 1
    doc = json.loads(out)
    [tl101] = [f for f in doc["findings"] if f["rule"] == "TL101"]
    assert tl101["name"] == "tensor-parallel-across-nodes"
    # Issue 2 made this an error; issue 25's policy (docs/severity.md) makes it a warning: the
    # deployment runs, and TP inside the nodes with PP across them is clearly better, by how much.
    assert tl101["severity"] == "warning"
    assert (tl101["line"], tl101["column"]) == (3, 5)
    assert "ethernet" in tl101["message"]
    assert "TP 4 × PP 2 on the same GPUs is better: first token 1824 → 1030 ms" in tl101["message"]
    assert "--tensor-parallel-size 4 --pipeline-parallel-size 2" in tl101["fix"]["message"]


def test_tl101_is_info_over_infiniband(tree: Path, capsys) -> None:
    ib = HARDWARE.replace(
        "{network: ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false}",
        "{network: infiniband, bandwidth: 400 Gb/s, nics_per_node: 4, rdma: true}",
    )
    (tree / "ib.yaml").write_text(ib)
    code, out, _ = run(
        capsys,
        "check",
        str(tree / "tp8.sh"),
        "--hardware",
        str(tree / "ib.yaml"),
        "--format",
        "json",
        "--fail-on",
        "error",
    )
    [tl101] = [f for f in json.loads(out)["findings"] if f["rule"] == "TL101"]
    # docs/severity.md: TP across InfiniBand where the PP split is slower per token is info,
    # and the PP split is not offered as a fix (it would make decode slower).
    assert tl101["severity"] == "info"
    assert (
        "not `--tensor-parallel-size 4 --pipeline-parallel-size 2`: it makes decode slower: "
        "21.6 → 31.2 ms per token" in tl101["message"]
    )
    assert tl101["fix"] is None
    assert code == 0  # --fail-on error: info does not fail


def test_directory_is_walked(tree: Path, capsys) -> None:
    code, out, _ = run(capsys, "check", str(tree), "--hardware", str(tree / "hardware.yaml"))
    assert code == 1
    assert "tp8.sh" in out and "tp4pp2.sh" not in out.split("Found")[0].replace("tp8.sh", "")


def test_fail_on_error_passes_ethernet_tp_that_runs_but_fail_on_warning_does_not(
    tree: Path, capsys
) -> None:
    # TP 8 across 100 GbE runs (issue 25: a warning, never an error), so `--fail-on error`
    # lets it through and the default `--fail-on warning` still fails it.
    args = ["check", str(tree / "tp8.sh"), "--hardware", str(tree / "hardware.yaml")]
    assert run(capsys, *args, "--fail-on", "error")[0] == 0
    assert run(capsys, *args, "--fail-on", "warning")[0] == 1
