"""A catalog GPU without a figure its latency is priced from (no dense BF16 rate on record from
its vendor: GB10 / DGX Spark, RTX PRO 6000 Blackwell, Apple M2/M3 Ultra) is checked for start-up,
fit and placement, and its latency is reported not priced (TL011 info, the summary), as for a
manifest's part described without the figure; never silently absent.  A manifest that gives the
figure for a catalog part prices it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.hardware.catalog import gpu_names, lookup_gpu

MANIFEST = """\
version: 1
clusters:
  - name: box
    nodes: 1
    gpus_per_node: 1
    gpu: {gpu}
    intra_node: {{fabric: none}}
"""


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], gpu: str):
    (tmp_path / "hardware.yaml").write_text(MANIFEST.format(gpu=gpu))
    (tmp_path / "serve.sh").write_text("vllm serve meta-llama/Llama-3.1-8B-Instruct\n")
    argv = ["check", "--hardware", str(tmp_path / "hardware.yaml"), "--format", "json"]
    main([*argv, str(tmp_path / "serve.sh")])
    doc = json.loads(capsys.readouterr().out)
    return doc["findings"], doc["summary"]


def _missing(name: str) -> bool:
    spec = lookup_gpu(name)
    assert spec is not None
    return spec.half_tflops <= 0 or spec.memory_bandwidth_gb_per_s <= 0


UNPRICED = [name for name in gpu_names() if _missing(name)]


def test_the_catalog_names_its_parts_without_a_figure() -> None:
    assert UNPRICED  # GB10 among them: NVIDIA states only a sparse FP4 rate
    assert "GB10" in UNPRICED and "H100-SXM-80GB" not in UNPRICED


@pytest.mark.parametrize("name", UNPRICED)
def test_a_catalog_part_without_a_figure_says_its_latency_is_not_priced(
    tmp_path: Path, capsys, name: str
) -> None:
    found, summary = _check(tmp_path, capsys, name)
    unpriced = [f for f in found if f["rule"] == "TL011"]
    assert len(unpriced) == 1, found
    (tl011,) = unpriced
    assert tl011["severity"] == "info"
    assert tl011["message"].startswith(f"latency not priced: cluster box runs on `{name}`")
    assert "catalog knows without its `bf16_tflops`" in tl011["message"]
    assert f"gpu: {{name: {name}, …, bf16_tflops:" in tl011["fix"]["message"]
    assert summary["checked"] == 1 and summary["latency_not_priced"] == 1


def test_a_manifest_giving_the_figure_prices_a_catalog_part(tmp_path: Path, capsys) -> None:
    found, summary = _check(tmp_path, capsys, "{name: GB10, bf16_tflops: 100}")
    assert not [f for f in found if f["rule"] == "TL011"]
    assert summary["latency_not_priced"] == 0


def test_a_priced_catalog_part_is_not_reported(tmp_path: Path, capsys) -> None:
    found, summary = _check(tmp_path, capsys, "L40S")
    assert not [f for f in found if f["rule"] == "TL011"]
    assert summary["latency_not_priced"] == 0
