from __future__ import annotations

import argparse
import json
import os
import shutil

import pytest

from toplint.commands import hardware
from toplint.errors import UsageError
from toplint.hardware.linkkinds import kind as link_kind

HERE = os.path.join(os.path.dirname(__file__), "data")

MANIFEST = """\
version: 1
clusters:
  - name: p5
    nodes: 2
    instance: p5.48xlarge
    selector: {nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3}
  - name: a100-eth
    nodes: 2
    gpu: A100-SXM4-80GB
    gpus_per_node: 4
    intra_node: {fabric: nvlink, bandwidth: 600 GB/s}
    inter_node: {network: ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false}
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def parse(*argv: str) -> argparse.Namespace:
    parser = _Parser(prog="toplint")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    hardware.register(sub)
    return parser.parse_args(list(argv))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    args = parse(*argv)
    code = args.run(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_check_prints_resolved_json(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "hardware.yaml"
    path.write_text(MANIFEST)
    code, out, err = run(capsys, "hardware", "check", str(path))
    data = json.loads(out)
    p5, eth = data["clusters"]
    assert code == 0
    assert (p5["gpu"], p5["gpus_per_node"], p5["instance"]) == ("H100-SXM-80GB", 8, "p5.48xlarge")
    assert p5["intra_node"]["fabric"] == "nvswitch"
    assert p5["intra_node"]["bandwidth_gb_per_s"] == 450
    assert p5["inter_node"] == {
        "network": "efa",
        "bandwidth_gb_per_s": 12.5,
        "nics_per_node": 32,
        "rdma": True,
        "latency_us": link_kind("efa").latency_us,
    }
    assert p5["selector"] == {"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"}
    assert eth["inter_node"]["bandwidth_gb_per_s"] == 12.5
    assert len(data["warnings"]) == 1 and "per-direction is 300 GB/s" in data["warnings"][0]
    assert "per-direction is 300 GB/s" in err


def test_check_yaml_format(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    import yaml

    path = tmp_path / "hardware.yaml"
    path.write_text(MANIFEST)
    _, out, _ = run(capsys, "hardware", "check", str(path), "--format", "yaml")
    assert yaml.safe_load(out)["clusters"][1]["name"] == "a100-eth"


def test_detect_from_file(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = run(
        capsys,
        "hardware",
        "detect",
        "--topo",
        os.path.join(HERE, "2x3090-bridge-topo.txt"),
        "--gpu-names",
        os.path.join(HERE, "gpu-names-L.txt"),
        "--format",
        "json",
    )
    assert code == 0 and json.loads(out)["clusters"][0]["gpu"] == "RTX-3090"


def test_detect_without_topo_or_nvidia_smi_is_a_usage_error(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(shutil, "which", lambda name: None)
    args = parse("hardware", "detect")
    with pytest.raises(UsageError, match="pass --topo"):
        args.run(args)


def test_hardware_without_subcommand_is_a_usage_error() -> None:
    args = parse("hardware")
    with pytest.raises(UsageError, match="choose a sub-command"):
        args.run(args)


def test_bad_format_is_a_usage_error() -> None:
    with pytest.raises(UsageError):
        parse("hardware", "check", "x.yaml", "--format", "toml")
