"""The configuration's ``models:`` entry for the path an engine is given beats a guess from the
file (``toplint.parse.modelref``: a label, a download command), in the checkpoint the
deployment is judged with and in the findings that quote it.

tests/recipes8 ds-llama3-8b-vllm-tp1-a10-k8s (deepaksatna/llm-serving-benchmark@f733349e
deployments/vllm/01-vllm-llama.yaml): a Deployment labelled ``model: llama-3-8b`` whose vLLM is
given ``--model=/models/llama-3-8b-instruct``, with that path declared in toplint.yaml; the
label was taken and the declaration never read, so any model the user declared for the path
was ignored.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.hardware.models import declares

DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: vllm-llama
  labels:
    app: vllm-llama
    model: llama-3-8b
spec:
  replicas: 1
  selector: {matchLabels: {app: vllm-llama}}
  template:
    metadata: {labels: {app: vllm-llama}}
    spec:
      containers:
      - name: vllm
        image: vllm/vllm-openai:v0.6.4
        command: ["python3", "-m", "vllm.entrypoints.openai.api_server"]
        args:
        - --model=/models/llama-3-8b-instruct
        - --dtype=float16
        resources:
          limits: {nvidia.com/gpu: "1"}
"""

HARDWARE = """\
version: 1
clusters:
  - name: a10
    nodes: 1
    gpu: "A10"
    gpus_per_node: 1
"""


def _run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], models: dict[str, str] | None
) -> list[dict[str, object]]:
    """``toplint check``'s findings on DEPLOYMENT, one A10, with ``models`` in toplint.yaml."""
    (tmp_path / "deploy.yaml").write_text(DEPLOYMENT)
    (tmp_path / "hardware.yaml").write_text(HARDWARE)
    config = "hardware: hardware.yaml\n"
    if models:
        config += "models:\n" + "".join(f'  "{k}": "{v}"\n' for k, v in models.items())
    (tmp_path / "toplint.yaml").write_text(config)
    argv = [str(tmp_path / "deploy.yaml"), "--config", str(tmp_path / "toplint.yaml")]
    main(["check", *argv, "--format", "json", "--exit-zero", "--no-cache", "--jobs", "1"])
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)["findings"]
    return found


def test_the_declared_path_is_the_model_judged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a 32B model in 16 bits (about 61 GiB) cannot fit one 24 GB A10; the label's 8B does
    found = _run(tmp_path, capsys, {"/models/llama-3-8b-instruct": "Qwen/Qwen3-32B"})
    fits = [f for f in found if f["rule"] == "TL205"]
    assert len(fits) == 1 and fits[0]["severity"] == "error"
    message = str(fits[0]["message"])
    assert "/models/llama-3-8b-instruct at 2 bytes per weight" in message
    assert "label" not in message


def test_without_a_declaration_the_label_names_the_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = _run(tmp_path, capsys, None)
    assert [f for f in found if f["severity"] == "error"] == []


def test_a_declaration_of_the_label_s_model_keeps_the_label(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the path itself is not declared: the label's model stands, declared as the user says
    found = _run(tmp_path, capsys, {"llama-3-8b": "Qwen/Qwen3-32B"})
    fits = [f for f in found if f["rule"] == "TL205"]
    assert len(fits) == 1
    assert "llama-3-8b read from the `model` label at line 7" in str(fits[0]["message"])


def test_declares_matches_a_path_by_its_entry() -> None:
    models = {"/models/llama-3-8b-instruct": "meta-llama/Meta-Llama-3-8B-Instruct"}
    assert declares(models, "/models/llama-3-8b-instruct")
    assert declares(models, "/models/llama-3-8b-instruct/")
    assert not declares(models, "llama-3-8b")
    assert not declares(None, "/models/llama-3-8b-instruct")
    assert not declares(models, "")
