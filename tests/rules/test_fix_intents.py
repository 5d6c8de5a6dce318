"""Rules attach typed intents to their fixes, and JSON carries the edits that carry them out,
so the fixer never reads a message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toplint.cli import main

# The seeds' 2 x 4 A100 NVLink nodes joined by 100 Gb/s Ethernet.
HARDWARE = (Path(__file__).parents[1] / "data" / "seed-hardware.yaml").read_text()


def _findings(tmp_path: Path, script: str, capsys, name: str = "run.sh") -> dict[str, Any]:
    (tmp_path / "hw.yaml").write_text(HARDWARE)
    (tmp_path / name).write_text(script)
    argv = ["check", str(tmp_path / name), "--hardware", str(tmp_path / "hw.yaml")]
    main([*argv, "--format", "json", "--no-cache"])
    return {f["rule"]: f for f in json.loads(capsys.readouterr().out)["findings"]}


def _set(fix: dict[str, Any]) -> dict[str, str]:
    return {i["name"]: i["value"] for i in fix["intents"] if i["kind"] == "set-flag"}


def test_tl101_intents_are_canonical_options_of_the_engine(tmp_path: Path, capsys) -> None:
    found = _findings(
        tmp_path, "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8\n", capsys
    )
    assert _set(found["TL101"]["fix"]) == {
        "tensor-parallel-size": "4",
        "pipeline-parallel-size": "2",
    }


def test_tl101_json_carries_the_edits(tmp_path: Path, capsys) -> None:
    found = _findings(
        tmp_path, "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8\n", capsys
    )
    edits = found["TL101"]["fix"]["edits"]
    assert [(e["location"]["column"], e["content"]) for e in edits] == [
        (60, "4"),
        (61, " --pipeline-parallel-size 2"),
    ]


def test_tl101_speaks_sglang_for_sglang(tmp_path: Path, capsys) -> None:
    script = "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B --tp 8\n"
    found = _findings(tmp_path, script, capsys)
    assert found["TL101"]["fix"]["message"].startswith("--tp-size 4 --pp-size 2")
    assert _set(found["TL101"]["fix"]) == {"tp-size": "4", "pp-size": "2"}


def test_tl202_intent_names_the_nearest_valid_tp(tmp_path: Path, capsys) -> None:
    script = "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 3 --max-model-len 8192\n"
    found = _findings(tmp_path, script, capsys)
    assert _set(found["TL202"]["fix"])["tensor-parallel-size"] == "2"


def test_tl209_duplicate_removes_the_overridden_occurrence(tmp_path: Path, capsys) -> None:
    script = (
        "vllm serve meta-llama/Llama-3.1-8B --gpu-memory-utilization 0.95 "
        "--gpu-memory-utilization 0.4\n"
    )
    found = _findings(tmp_path, script, capsys)
    fix = found["TL209"]["fix"]
    assert fix["intents"] == [
        {
            "kind": "remove-flag",
            "name": "gpu-memory-utilization",
            "value": None,
            "location": {"line": 1, "column": 36},
        }
    ]
    assert [e["location"]["column"] for e in fix["edits"]] == [35]


def test_helm_request_gpu_fix_is_an_edit_not_a_message(tmp_path: Path, capsys) -> None:
    values = """\
servingEngineSpec:
  modelSpec:
  - name: llama
    repository: vllm/vllm-openai
    tag: latest
    modelURL: meta-llama/Llama-3.1-8B-Instruct
    replicaCount: 1
    requestCPU: 8
    requestMemory: 32Gi
    requestGPU: 1
    vllmConfig:
      tensorParallelSize: 2
"""
    found = _findings(tmp_path, values, capsys, name="values.yaml")
    fix = found["TL201"]["fix"]
    assert fix["intents"][0]["kind"] == "set-resource"
    assert [(e["location"]["line"], e["content"]) for e in fix["edits"]] == [(10, "2")]
