"""plan never ranks a layout check warns of ahead of one it does not: a hybrid model's
recurrent-state blocks fewer than the sequences the planned command runs (TL205's warning) is a
miss of the layout, as check says it (benchmarks/properties.py found plan picking such a
layout: Qwen3.5-397B-A17B-FP8 at DP 2 on two MI355X, recipes13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main

# One MI355X node as AMD's datasheet gives it (the GPU is not in the catalog).
MI355X = """\
version: 1
clusters:
  - name: mi355x
    nodes: 1
    gpu: {name: "MI355X", memory: "288 GB", memory_bandwidth: "8 TB/s", bf16_tflops: 2516}
    gpus_per_node: 8
    intra_node: {fabric: "xgmi", bandwidth: "537.6 GB/s"}
"""


def _recommendations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    path = tmp_path / "hardware.yaml"
    path.write_text(MI355X)
    argv = ["plan", "--hardware", str(path), "--format", "json", "--top", "8"]
    code = main([*argv, "--model", "Qwen/Qwen3.5-397B-A17B-FP8", "--engine", "vllm", "--gpus", "2"])
    assert code == 0
    return json.loads(capsys.readouterr().out)["recommendations"]


def test_too_few_state_blocks_rank_after_every_clean_layout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recs = _recommendations(tmp_path, capsys)
    warned = [
        i
        for i, r in enumerate(recs)
        if any(x.startswith("misses: TL205: the KV cache holds") for x in r["reasons"])
    ]
    assert warned, "the one-GPU replicas' state blocks are fewer than vLLM's 1,024 sequences"
    assert (recs[warned[0]]["tp"], recs[warned[0]]["pp"], recs[warned[0]]["dp"]) == (1, 1, 2)
    clean = [i for i in range(len(recs)) if i not in warned]
    assert clean and max(clean) < min(warned)
    # the pick says why the faster one-GPU replicas are not first: check's own words
    assert any("DP=2" in x and "recurrent state" in x for x in recs[0]["reasons"])


def test_the_pick_gets_no_warning_from_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _recommendations(tmp_path, capsys)[0]
    serve = tmp_path / "serve.sh"
    serve.write_text(first["command"] + "\n")
    code = main(["check", str(serve), "--hardware", str(tmp_path / "hardware.yaml")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "warning]" not in out and "error]" not in out
