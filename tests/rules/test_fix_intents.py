"""Rules hand --fix a structured intent, so the fixer never has to parse a message."""

from __future__ import annotations

import json
from pathlib import Path

from toplint.cli import main

# The seeds' 2 x 4 A100 NVLink nodes joined by 100 Gb/s Ethernet.
HARDWARE = (Path(__file__).parents[1] / "data" / "seed-hardware.yaml").read_text()


def _findings(tmp_path: Path, script: str, capsys) -> dict[str, dict]:
    (tmp_path / "hw.yaml").write_text(HARDWARE)
    (tmp_path / "run.sh").write_text(script)
    main(
        [
            "check",
            str(tmp_path / "run.sh"),
            "--hardware",
            str(tmp_path / "hw.yaml"),
            "--format",
            "json",
        ]
    )
    return {f["rule"]: f for f in json.loads(capsys.readouterr().out)["findings"]}


def test_tl101_fix_flags_are_canonical_options_of_the_engine(tmp_path: Path, capsys) -> None:
    found = _findings(
        tmp_path, "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8\n", capsys
    )
    assert found["TL101"]["data"]["fix_flags"] == {
        "tensor-parallel-size": "4",
        "pipeline-parallel-size": "2",
    }


def test_tl101_speaks_sglang_for_sglang(tmp_path: Path, capsys) -> None:
    script = "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-70B --tp 8\n"
    found = _findings(tmp_path, script, capsys)
    assert found["TL101"]["fix"]["message"].startswith("--tp-size 4 --pp-size 2")
    assert found["TL101"]["data"]["fix_flags"] == {"tp-size": "4", "pp-size": "2"}


def test_tl202_fix_flags_name_the_nearest_valid_tp(tmp_path: Path, capsys) -> None:
    script = "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 3\n"
    found = _findings(tmp_path, script, capsys)
    assert found["TL202"]["data"]["fix_flags"]["tensor-parallel-size"] == "2"


def test_tl209_duplicate_asks_for_removal(tmp_path: Path, capsys) -> None:
    script = (
        "vllm serve meta-llama/Llama-3.1-8B --gpu-memory-utilization 0.95 "
        "--gpu-memory-utilization 0.4\n"
    )
    found = _findings(tmp_path, script, capsys)
    assert found["TL209"]["data"]["fix_remove"] is True
    assert found["TL209"]["column"] == 36  # the first, overridden occurrence
