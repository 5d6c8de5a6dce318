"""A GPU outside the catalog described by its memory alone keeps its memory checks: start-up,
fit and placement run on what the manifest gives, and the latency its missing figures would
price is reported unpriced (TL011, the summary), never guessed.  A part with no memory, or one
whose name names a non-GPU accelerator, is declined as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main

MANIFEST = """\
version: 1
clusters:
  - name: lab
    nodes: 1
    gpus_per_node: 2
    gpu: {gpu}
    intra_node: {{fabric: pcie}}
"""


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], gpu: str, command: str):
    (tmp_path / "hardware.yaml").write_text(MANIFEST.format(gpu=gpu))
    (tmp_path / "serve.sh").write_text(command + "\n")
    argv = ["check", "--hardware", str(tmp_path / "hardware.yaml"), "--format", "json"]
    code = main([*argv, str(tmp_path / "serve.sh")])
    doc = json.loads(capsys.readouterr().out)
    return code, doc["findings"], doc["summary"]


def test_memory_alone_catches_a_model_that_does_not_fit(tmp_path: Path, capsys) -> None:
    # 70B in bf16 over TP 2 is ~66 GiB of weights per GPU: more than 48 GiB holds.
    code, found, summary = _check(
        tmp_path, capsys, "{name: MyCard, memory: 48 GiB}",
        "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 2",
    )  # fmt: skip
    assert code == 1
    assert any(f["rule"] == "TL205" and f["severity"] == "error" for f in found)
    assert summary["checked"] == 1 and summary["latency_not_priced"] == 1


def test_memory_alone_passes_a_fitting_model_with_its_latency_unpriced(
    tmp_path: Path, capsys
) -> None:
    code, found, summary = _check(
        tmp_path, capsys, "{name: MyCard, memory: 48 GiB}",
        "vllm serve meta-llama/Llama-3.1-8B-Instruct",
    )  # fmt: skip
    assert code == 0
    assert [f["rule"] for f in found] == ["TL011"]
    (tl011,) = found
    assert tl011["severity"] == "info"
    assert tl011["message"].startswith("latency not priced: cluster lab runs on `MyCard`")
    assert "`memory_bandwidth` and `bf16_tflops`" in tl011["message"]
    assert "memory_bandwidth:" in tl011["fix"]["message"]
    assert summary["checked"] == 1 and summary["not_checked"] == {}
    assert summary["latency_not_priced"] == 1


def test_memory_and_bandwidth_without_compute(tmp_path: Path, capsys) -> None:
    code, found, _ = _check(
        tmp_path, capsys, "{name: MyCard, memory: 48 GiB, memory_bandwidth: 960 GB/s}",
        "vllm serve meta-llama/Llama-3.1-8B-Instruct",
    )  # fmt: skip
    (tl011,) = [f for f in found if f["rule"] == "TL011"]
    assert "whose `bf16_tflops` the manifest does not give" in tl011["message"]
    assert "memory_bandwidth" not in tl011["fix"]["message"]
    assert code == 0


def test_a_fully_described_gpu_is_priced(tmp_path: Path, capsys) -> None:
    gpu = "{name: MyCard, memory: 48 GiB, memory_bandwidth: 960 GB/s, bf16_tflops: 181}"
    code, found, summary = _check(
        tmp_path, capsys, gpu, "vllm serve meta-llama/Llama-3.1-8B-Instruct"
    )
    assert code == 0 and found == []
    assert summary["latency_not_priced"] == 0


@pytest.mark.parametrize(
    ("gpu", "why"),
    [
        # a non-GPU accelerator named in the manifest, described or not
        ("{name: Gaudi2, memory: 96 GB}", "runs on Intel Gaudi (HPU) (the manifest's `Gaudi2`)"),
        # a part that gives not even its memory
        ("{name: Acme-X1}", "`Acme-X1`, a part outside the GPU catalog with no memory"),
    ],
)
def test_what_is_not_a_gpu_by_its_description_is_declined(
    tmp_path: Path, capsys, gpu: str, why: str
) -> None:
    command = "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 2"
    code, found, summary = _check(tmp_path, capsys, gpu, command)
    assert code == 0
    assert [f["rule"] for f in found] == ["TL011"]
    assert why in found[0]["message"] and "not checked against hardware" in found[0]["message"]
    assert summary["checked"] == 0 and summary["not_checked"] == {"accelerator not modelled": 1}


def test_cost_says_the_latency_is_not_priced(tmp_path: Path, capsys) -> None:
    (tmp_path / "hardware.yaml").write_text(MANIFEST.format(gpu="{name: MyCard, memory: 48 GiB}"))
    (tmp_path / "serve.sh").write_text("vllm serve meta-llama/Llama-3.1-8B-Instruct\n")
    main(["cost", "--hardware", str(tmp_path / "hardware.yaml"), str(tmp_path / "serve.sh")])
    out = capsys.readouterr().out
    assert "latency not priced: the manifest's GPU has no memory_bandwidth, bf16_tflops" in out
    assert "memory per GPU" in out
