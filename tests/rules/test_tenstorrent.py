"""Tenstorrent deployments are declined (TL011), not priced on the manifest's GPUs.

tenstorrent/tt-inference-server@11ac526e008e3888e15fe3ec884973a26c8ca5bb release_model_spec.json
gave 49 TL205 errors against H100s for vLLM runs on Wormhole meshes (``MESH_DEVICE: TG``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.accelerators import by_env, by_name
from toplint.cli import main

HARDWARE = Path(__file__).resolve().parents[2] / "examples" / "hardware.yaml"

# release_model_spec.json, Qwen/Qwen3-32B on a Galaxy, trimmed (the same excerpt as the TL011
# case test_fail_tenstorrent_mesh_in_a_model_spec).
SPEC = """\
{"model_specs": {"Qwen/Qwen3-32B": {"GALAXY": {"vLLM": {"qwen3_32b_galaxy": {
  "device_model_spec": {
    "vllm_args": {"model": "Qwen/Qwen3-32B", "block_size": "64", "max_model_len": "131072",
                  "max_num_seqs": "8", "max_num_batched_tokens": "131072",
                  "data_parallel_size": 4},
    "override_tt_config": {"dispatch_core_axis": "col", "fabric_config": "FABRIC_1D_RING"},
    "env_vars": {ENV, "VLLM_ALLOW_LONG_MAX_MODEL_LEN": 1}
  }
}}}}}}
"""


def _check(tmp_path: Path, env: str, capsys: pytest.CaptureFixture[str]) -> dict:
    spec = tmp_path / "release_model_spec.json"
    spec.write_text(SPEC.replace("ENV", env))
    argv = ["check", str(spec), "--hardware", str(HARDWARE), "--cluster", "h100-ib"]
    main([*argv, "--format", "json"])
    return json.loads(capsys.readouterr().out)


def test_a_tenstorrent_mesh_is_declined_and_not_priced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _check(tmp_path, '"MESH_DEVICE": "TG", "ARCH_NAME": "wormhole_b0"', capsys)
    assert [f["rule"] for f in doc["findings"]] == ["TL011"]
    assert "Tenstorrent" in doc["findings"][0]["message"]
    assert doc["summary"]["checked"] == 0


def test_the_same_spec_on_gpus_stays_priced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # control: CUDA's variable where MESH_DEVICE was; 131,072 tokens of Qwen3-32B on one H100
    doc = _check(tmp_path, '"CUDA_VISIBLE_DEVICES": "0,1,2,3"', capsys)
    codes = [f["rule"] for f in doc["findings"]]
    assert "TL011" not in codes and "TL205" in codes
    assert doc["summary"]["checked"] == 1


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Wormhole n300", "tenstorrent"),
        ("Tenstorrent Galaxy", "tenstorrent"),
        ("Blackhole p150a", "tenstorrent"),
        ("TT-LoudBox (T3000)", "tenstorrent"),
        # NVIDIA parts a Blackhole board's number (P100, P300) would have taken as a prefix
        ("Tesla P100-PCIE-16GB", None),
        ("Quadro P3000", None),
        ("H100-SXM-80GB", None),
        ("NVIDIA GeForce RTX 4090", None),
    ],
)
def test_tenstorrent_names_leave_nvidia_parts_alone(name: str, kind: str | None) -> None:
    found = by_name(name)
    assert (found.kind if found else None) == kind


@pytest.mark.parametrize(
    ("variable", "kind"),
    [
        ("MESH_DEVICE", "tenstorrent"),  # tenstorrent/vllm@7c6685a5 vllm/v1/worker/tt_worker.py
        ("TT_METAL_HOME", "tenstorrent"),  # tenstorrent/tt-metal@00a21394 llrt/rtoptions.cpp
        ("TT_VISIBLE_DEVICES", "tenstorrent"),  # tenstorrent/tt-umd@3ed9cb6d pci_device.cpp
        ("ARCH_NAME", None),  # a generic name: not evidence by itself
        ("CUDA_VISIBLE_DEVICES", None),
    ],
)
def test_only_tenstorrent_s_own_variables_name_it(variable: str, kind: str | None) -> None:
    found = by_env(variable)
    assert (found.kind if found else None) == kind
