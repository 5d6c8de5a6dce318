"""toplint check --fix / --unsafe-fixes / --diff, end to end through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CORPUS

from toplint.cli import main

# The seeds' 2 x 4 A100 NVLink nodes joined by 100 Gb/s Ethernet.
HARDWARE = (Path(__file__).parents[1] / "data" / "seed-hardware.yaml").read_text()

TP8 = """\
#!/bin/bash
# the seeds' layout, written the wrong way round
vllm serve meta-llama/Meta-Llama-3.1-70B-Instruct \\
    --tensor-parallel-size 8 \\
    --gpu-memory-utilization 0.90   # keep headroom
"""

DUPLICATE = """\
#!/bin/bash
vllm serve meta-llama/Llama-3.1-8B-Instruct --gpu-memory-utilization 0.95 \\
    --max-model-len 8192 --gpu-memory-utilization 0.80
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "hardware.yaml").write_text(HARDWARE)
    (tmp_path / "tp8.sh").write_text(TP8)
    (tmp_path / "dup.sh").write_text(DUPLICATE)
    return tmp_path


def _check(tree: Path, capsys: pytest.CaptureFixture[str], name: str, *flags: str):
    argv = ["check", str(tree / name), "--hardware", str(tree / "hardware.yaml"), "--no-cache"]
    code = main([*argv, *flags])
    out = capsys.readouterr().out
    return code, out


def _rules(tree: Path, capsys: pytest.CaptureFixture[str], name: str) -> set[str]:
    _, out = _check(tree, capsys, name, "--format", "json")
    doc = json.loads(out)
    findings = doc["findings"] if isinstance(doc, dict) else doc
    return {f.get("rule") or f.get("code") for f in findings}


def test_unsafe_fix_not_applied_without_flag(tree: Path, capsys) -> None:
    _check(tree, capsys, "tp8.sh", "--fix")
    assert (tree / "tp8.sh").read_text() == TP8


def test_unsafe_fix_swaps_tp_for_pp_and_clears_tl101(tree: Path, capsys) -> None:
    _check(tree, capsys, "tp8.sh", "--fix", "--unsafe-fixes")
    assert (tree / "tp8.sh").read_text() == TP8.replace(
        "--tensor-parallel-size 8 \\", "--tensor-parallel-size 4 --pipeline-parallel-size 2 \\"
    )
    assert "TL101" not in _rules(tree, capsys, "tp8.sh")


def test_diff_prints_and_writes_nothing(tree: Path, capsys) -> None:
    code, out = _check(tree, capsys, "tp8.sh", "--diff", "--unsafe-fixes")
    assert code == 1
    assert "-    --tensor-parallel-size 8 \\" in out
    assert "+    --tensor-parallel-size 4 --pipeline-parallel-size 2 \\" in out
    assert (tree / "tp8.sh").read_text() == TP8


def test_safe_duplicate_fix_removes_the_ignored_value(tree: Path, capsys) -> None:
    before = _rules(tree, capsys, "dup.sh")
    if "TL209" not in before:
        pytest.skip("TL209 does not flag duplicates in this build")
    _check(tree, capsys, "dup.sh", "--fix")
    assert (tree / "dup.sh").read_text() == DUPLICATE.replace(
        " --gpu-memory-utilization 0.95 \\", " \\"
    )
    assert "TL209" not in _rules(tree, capsys, "dup.sh")


@pytest.mark.shared
def test_gpu_request_fix_changes_limit_and_request(tmp_path: Path, capsys) -> None:
    source = CORPUS / "aibrix/deployment-tp.yaml"
    target = tmp_path / "deployment-tp.yaml"
    old = source.read_text()
    target.write_text(old)
    main(["check", str(target), "--no-cache", "--select", "TL201", "--fix", "--unsafe-fixes"])
    capsys.readouterr()
    expected = old.replace(
        '            limits:\n              nvidia.com/gpu: "1"\n'
        '            requests:\n              nvidia.com/gpu: "1"\n',
        '            limits:\n              nvidia.com/gpu: "4"\n'
        '            requests:\n              nvidia.com/gpu: "4"\n',
    )
    assert target.read_text() == expected
    code = main(["check", str(target), "--no-cache", "--select", "TL201"])
    assert code == 0, capsys.readouterr().out
