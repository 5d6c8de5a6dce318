"""Manifests: every error in one run, GPUs outside the catalog, implausibly low figures (15.6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.cli import main
from toplint.errors import ManifestError
from toplint.hardware.manifest import hardware_from_text

SEVERAL_ERRORS = """\
version: 1
clusters:
  - {name: a, nodes: 2, gpu: A100-SXM4-80GB, gpus_per_node: 4}
  - {name: b, nodes: 1, gpu: Mystery-GPU, gpus_per_node: 8}
  - name: c
    nodes: 2
    gpu: H100-SXM-80GB
    gpus_per_node: 8
    inter_node: {network: infiniband}
    measurements:
      - {op: all_reduce, ranks: 8, scope: intra, busbw: "lots"}
  - {name: a, nodes: 1, gpu: A100-SXM4-80GB, gpus_per_node: 4}
"""

DESCRIBED = """\
version: 1
clusters:
  - name: custom
    nodes: 1
    gpu: {name: Acme-X1, memory: 128 GB, memory_bandwidth: 3.7 TB/s, bf16_tflops: 1000}
    gpus_per_node: 8
    intra_node: {fabric: nvswitch, bandwidth: 300 GB/s}
"""

LOW = """\
version: 1
clusters:
  - name: h100
    nodes: 2
    gpu: H100-SXM-80GB
    gpus_per_node: 8
    intra_node: {fabric: nvswitch, bandwidth: 450 Gb/s}
    inter_node: {network: infiniband, bandwidth: 400 MB/s, nics_per_node: 8}
"""


def test_every_error_is_listed_in_one_run() -> None:
    with pytest.raises(ManifestError) as info:
        hardware_from_text(SEVERAL_ERRORS, "hw.yaml")
    lines = str(info.value).splitlines()
    assert [line.split(": ", 2)[1] for line in lines] == [
        "clusters[0].nodes",
        "clusters[1].gpu",
        "clusters[2].inter_node",
        "clusters[2].measurements[0].busbw",
        "clusters[3].name",
    ]


def test_hardware_check_prints_one_error_line_each(tmp_path: Path, capsys) -> None:
    (tmp_path / "hw.yaml").write_text(SEVERAL_ERRORS)
    assert main(["hardware", "check", str(tmp_path / "hw.yaml")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 5 and all(line.startswith("toplint: error: ") for line in err)


def test_a_gpu_outside_the_catalog_can_be_described_in_full() -> None:
    hardware = hardware_from_text(DESCRIBED, "hw.yaml")
    gpu = hardware.clusters[0].gpu
    assert (gpu.name, gpu.memory_gb, gpu.memory_bandwidth_gb_per_s, gpu.bf16_tflops) == (
        "Acme-X1",
        128.0,
        3700.0,
        1000.0,
    )
    assert hardware.warnings == ()


def test_an_undescribed_gpu_says_which_figures_are_missing() -> None:
    text = DESCRIBED.replace(
        "{name: Acme-X1, memory: 128 GB, memory_bandwidth: 3.7 TB/s, bf16_tflops: 1000}",
        "{name: Acme-X1, memory: 128 GB}",
    )
    (warning,) = hardware_from_text(text, "hw.yaml").warnings
    assert "its memory_bandwidth, bf16_tflops are not given" in warning


def test_nvswitch_in_gb_per_s_written_as_gbit_is_implausibly_low() -> None:
    warnings = hardware_from_text(LOW, "hw.yaml").warnings
    assert any("below the slowest nvswitch" in w and '"450 GB/s"' in w for w in warnings)


def test_infiniband_in_megabytes_is_implausibly_low() -> None:
    warnings = hardware_from_text(LOW, "hw.yaml").warnings
    assert any("400 MB/s per NIC is slower than any infiniband NIC" in w for w in warnings)


def test_check_prints_the_manifest_warnings(tmp_path: Path, capsys) -> None:
    (tmp_path / "hw.yaml").write_text(LOW)
    (tmp_path / "serve.sh").write_text("vllm serve meta-llama/Llama-3.1-8B-Instruct -tp 8\n")
    main(["check", str(tmp_path / "serve.sh"), "--hardware", str(tmp_path / "hw.yaml")])
    assert "toplint: warning: " in capsys.readouterr().err
