"""The accuracy benchmark prices exactly what the CLI prices (issue 28, point 1).

For every machine of benchmarks/data/public.yaml that spans nodes (and the single-node NVLink
ones), a hardware manifest describing it is written, loaded by the manifest loader, placed with
a TP group over the measured ranks, and priced through ``group_fabric`` and ``predict_us``, as
``toplint cost`` does; the benchmark's prediction of the same measurement must be the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import load_benchmark

from toplint.cost.fabric import group_fabric
from toplint.cost.params import PARAMS
from toplint.cost.predict import predict_us
from toplint.hardware.manifest import hardware_from_text
from toplint.model import Deployment
from toplint.placement.place import place

ROOT = Path(__file__).resolve().parents[2]
PCIE_GEN = {31.5: 4, 63.0: 5, 121.0: 6}


BENCH = load_benchmark("accuracy.py", "toplint_accuracy_one_path")
MODEL = BENCH.Model()


def _manifest(m: Any, nodes: int) -> str:
    fabric = ("nvswitch" if m.nvls else "nvlink") if m.intra == "nvlink" else "pcie"
    lines = [
        "version: 1",
        "clusters:",
        "  - name: bench",
        f"    nodes: {nodes}",
        f"    gpu: {{name: {m.name!r}, arch: {m.arch}}}",
        f"    gpus_per_node: {m.gpus_per_node}",
        f"    intra_node: {{fabric: {fabric}, bandwidth: {m.intra_gb_per_s} GB/s, "
        f"pcie_gen: {PCIE_GEN[m.pcie_gb_per_s]}}}",
    ]
    if nodes > 1:
        latency = MODEL.latency[m.step_key]
        lines.append(
            f"    inter_node: {{network: {m.network}, bandwidth: {m.nic_gb_per_s * 8:g} Gb/s, "
            f"nics_per_node: {m.nics_per_node}, latency: {latency:g} us}}"
        )
    return "\n".join(lines) + "\n"


def _cli_us(p: Any) -> float:
    m = p.machine
    nodes = m.nodes or max(p.ranks // m.gpus_per_node, 1)
    hardware = hardware_from_text(_manifest(m, nodes), "bench.yaml")
    deployment = Deployment(
        path="x.sh", line=1, column=1, engine="vllm", model=None, tp=p.ranks, nodes=nodes
    )
    placement = place(deployment, hardware.clusters[0], None)
    group = placement.worst("tp")
    fabric = group_fabric(placement, group, p.ranks)
    return predict_us(p.op, p.size, fabric, PARAMS, m.impl, m.algorithm).time_us


def _cases() -> list[Any]:
    seen: dict[tuple[str, int, str], list[Any]] = {}
    for p in BENCH.public_points():
        if p.machine.intra == "nvlink":
            seen.setdefault((p.machine.name, p.ranks, p.op), []).append(p)
    return [
        pytest.param(ps, marks=RACK_AS_NODE)
        if ps[0].machine.nics_per_node > 64 and BENCH._spans_nodes(ps[0])
        else ps
        for ps in seen.values()
    ]


# The benchmark describes a multi-rack NVL72 run as racks of 64-72 GPUs ("nodes") joined by
# their NICs; a manifest cannot (nics_per_node is at most 64, and a rack is written as trays
# with nvlink_domain 72, which placement prices as NVLink inside the rack).  Strict: when the
# two agree on these, this mark must go.
RACK_AS_NODE = pytest.mark.xfail(
    strict=True, reason="a rack-scale NVLink domain written as one node has no manifest form"
)


def _id(ps: list[Any]) -> str:
    return f"{ps[0].machine.name[:40]}-{ps[0].ranks}-{ps[0].op}"


CASES = _cases()


def test_there_are_cases_across_nodes() -> None:
    plain = [ps[0] for ps in CASES if isinstance(ps, list)]
    assert sum(p.cls == "multi-node" for p in plain) >= 10


@pytest.mark.parametrize("points", CASES, ids=_id)
def test_the_benchmark_prices_what_the_cli_prices(points: list[Any]) -> None:
    for p in points:  # every measured size: bandwidth terms decide only the large ones
        torch = MODEL.torch_overhead_us if p.machine.harness == "torch" else 0.0
        assert MODEL.predict(p) - torch == pytest.approx(_cli_us(p), rel=1e-9), p.size
