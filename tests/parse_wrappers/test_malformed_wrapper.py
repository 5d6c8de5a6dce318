"""A malformed wrapper is TL001 at its place; the other files' findings stay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main

BROKEN = """\
apiVersion: kubeai.org/v1
kind: Model
metadata: {name: m}
spec:
  url: hf://org/model
  engine: VLLM
  resourceProfile: nvidia-gpu-l4
"""

GOOD = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  template:
    spec:
      containers:
      - name: c
        image: vllm/vllm-openai
        command: [vllm, serve, org/model, --tensor-parallel-size, "4"]
        resources: {limits: {nvidia.com/gpu: 2}}
"""


def test_a_malformed_wrapper_does_not_hide_other_files_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "broken.yaml").write_text(BROKEN)
    (tmp_path / "good.yaml").write_text(GOOD)
    main(["check", "--format", "json", str(tmp_path)])
    findings = json.loads(capsys.readouterr().out)["findings"]
    found = {(Path(f["path"]).name, f["rule"], f["line"]) for f in findings}
    assert ("broken.yaml", "TL001", 7) in found
    assert any(name == "good.yaml" and rule == "TL201" for name, rule, _ in found)
