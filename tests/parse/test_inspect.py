"""`toplint inspect` shows what was understood."""

from __future__ import annotations

import json
import os

import pytest

from toplint.cli import main


def test_inspect_json_lists_deployments_with_sources(
    tmp_path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    script = os.path.join(str(tmp_path), "run.sh")
    with open(script, "w", encoding="utf-8") as fh:
        fh.write("vllm serve org/m \\\n  -tp 2 -pp $PP\n")
    assert main(["inspect", "--format", "json", script]) == 0
    (dep,) = json.loads(capsys.readouterr().out)["deployments"]
    assert (dep["engine"], dep["model"], dep["tp"], dep["pp"]) == ("vllm", "org/m", 2, None)
    assert dep["sources"]["tp"]["line"] == 2
    assert dep["unresolved"] == [{"field": "pp", "variable": "$PP", "line": 2, "column": 13}]
    assert dep["groups"] == []


def test_inspect_text_reports_parse_findings(
    tmp_path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    script = os.path.join(str(tmp_path), "bad.sh")
    with open(script, "w", encoding="utf-8") as fh:
        fh.write("vllm serve 'm\n")
    assert main(["inspect", script]) == 0
    assert "TL001" in capsys.readouterr().out
