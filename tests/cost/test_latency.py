"""The manifest's inter-node ``latency:`` drives the cost model (issue 13, link kinds)."""

from __future__ import annotations

from pathlib import Path

from cost_builders import LLAMA_70B, place

from toplint.cost.estimate import estimate
from toplint.cost.types import Workload
from toplint.hardware.manifest import load_hardware

MANIFEST = """\
version: 1
clusters:
  - name: h100-ib
    nodes: 2
    gpu: H100-SXM5-80GB
    gpus_per_node: 8
    inter_node: {{network: infiniband, bandwidth: 400 Gb/s, nics_per_node: 8, latency: {latency}}}
"""


def _decode_ms(tmp_path: Path, latency: str) -> float:
    path = tmp_path / f"hw-{latency.replace(' ', '')}.yaml"
    path.write_text(MANIFEST.format(latency=latency), encoding="utf-8")
    cluster = load_hardware(str(path)).clusters[0]
    return estimate(place(LLAMA_70B, cluster, tp=16), Workload()).decode_comm_ms_per_step


def test_inter_node_latency_changes_the_decode_cost(tmp_path: Path) -> None:
    assert _decode_ms(tmp_path, "500 us") > 10 * _decode_ms(tmp_path, "1 us")
