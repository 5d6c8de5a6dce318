"""A node whose GPUs are not all one model (``gpu: [RTX-3090, RTX-3080-Ti]``): the manifest reads
one GPU per local index, and each deployment is judged by the weakest of the GPUs it runs on
(``toplint.hardware.mixed``).  The shape is poorman/SynapseStrike@f26b6161
AIArchitect/docker-compose.yml: an RTX 3090 and an RTX 3080 Ti in one box, a vLLM server
pipelined over both and a second one on GPU 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.errors import ManifestError
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.detect import draft_manifest
from toplint.hardware.manifest import hardware_from_text
from toplint.hardware.mixed import on_gpus, weakest
from toplint.hardware.types import Cluster

TI = "{name: RTX-3080-Ti, memory: 12 GB, memory_bandwidth: 912 GB/s, bf16_tflops: 68, arch: ampere}"

MIXED = f"""\
version: 1
clusters:
  - name: box
    nodes: 1
    gpu: [RTX-3090, {TI}]
    intra_node: {{fabric: pcie, p2p: false}}
"""


def _cluster(text: str = MIXED) -> Cluster:
    return hardware_from_text(text, "hw.yaml").clusters[0]


def test_a_list_gives_each_local_index_its_gpu_and_the_node_its_weakest() -> None:
    c = _cluster()
    assert c.gpus_per_node == 2  # the list's length where gpus_per_node is not written
    assert [g.name for g in c.gpus_at] == ["RTX-3090", "RTX-3080-Ti"]
    assert c.gpu_on(0).name == "RTX-3090" and c.gpu_on(1).name == "RTX-3080-Ti"
    # every check not told which GPUs a deployment uses prices the weakest of the node
    assert c.gpu.name == "mixed RTX-3090 + RTX-3080-Ti"
    assert c.gpu.memory_gb == 12.0 and c.gpu.memory_reported_gib == 0.0
    assert c.gpu.memory_bandwidth_gb_per_s == 912.0
    assert c.gpu.bf16_tflops == 68.0 and c.gpu.arch == "ampere"
    assert c.intra.fabric == "pcie" and not c.intra.p2p


def test_the_weakest_takes_the_smallest_memory_with_its_reported_size() -> None:
    a, b = lookup_gpu("RTX-3090"), lookup_gpu("RTX-4090")
    assert a is not None and b is not None
    w = weakest([b, a])
    assert w.memory_reported_gib == min(a.memory_reported_gib or 99, b.memory_reported_gib or 99)
    rates = (a.memory_bandwidth_gb_per_s, b.memory_bandwidth_gb_per_s)
    assert w.memory_bandwidth_gb_per_s == min(rates)
    assert w.arch == "ampere"  # the older architecture decides which formats run (no FP8)
    assert w.nvlink_domain == 1 and w.scaleup_fabric == "pcie"
    assert weakest([a, a]) is a  # one model: that GPU, every name lookup as before


def test_one_model_listed_per_index_is_a_uniform_node() -> None:
    c = _cluster(MIXED.replace(TI, "RTX-3090"))
    assert c.gpus_at == () and c.gpu.name == "RTX-3090" and c.gpus_per_node == 2


def test_a_deployment_is_judged_by_the_gpus_it_runs_on() -> None:
    c = _cluster()
    assert on_gpus(c, (0,)).gpu.name == "RTX-3090"
    assert on_gpus(c, (1,)).gpu.name == "RTX-3080-Ti"
    assert on_gpus(c, (0, 1)).gpu.name == "mixed RTX-3090 + RTX-3080-Ti"
    assert on_gpus(c, None).gpu.name == "mixed RTX-3090 + RTX-3080-Ti"  # wherever it lands


@pytest.mark.parametrize(
    ("gpu", "says"),
    [
        ("[RTX-3090, RTX-4090, RTX-3090]", "gpu lists 3 GPUs but a node has 2"),
        ("[RTX-3090, MI300X]", "of 2 vendors"),
    ],
)
def test_a_list_that_cannot_be_a_node_is_an_error(gpu: str, says: str) -> None:
    text = MIXED.replace(f"gpu: [RTX-3090, {TI}]", f"gpu: {gpu}\n    gpus_per_node: 2")
    with pytest.raises(ManifestError, match=says):
        _cluster(text)


def test_detect_writes_one_entry_per_gpu_of_a_mixed_box() -> None:
    topo = "\tGPU0\tGPU1\nGPU0\t X \tPHB\nGPU1\tPHB\t X \n"
    draft = draft_manifest(topo, ["NVIDIA GeForce RTX 3090", "NVIDIA GeForce RTX 4090"])
    assert "gpu: ['RTX-3090', 'RTX-4090']" in draft
    assert "mixed GPUs, one per GPU in nvidia-smi's order" in draft


COMPOSE = """\
services:
  main:
    image: vllm/vllm-openai:v0.6.3.post1
    environment:
      - CUDA_VISIBLE_DEVICES={devices}
    command: >
      --model Qwen/Qwen2.5-32B-Instruct-AWQ --quantization awq_marlin
      --max-model-len {length} --pipeline-parallel-size {pp} --gpu-memory-utilization 0.90
    ipc: host
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              count: all
              capabilities: [gpu]
"""


def _run(
    tmp_path: Path,
    manifest: str,
    devices: str,
    pp: int,
    capsys: pytest.CaptureFixture[str],
    length: int = 8192,
) -> list[str]:
    (tmp_path / "hw.yaml").write_text(manifest, encoding="utf-8")
    compose = tmp_path / "docker-compose.yml"
    compose.write_text(COMPOSE.format(devices=devices, pp=pp, length=length), encoding="utf-8")
    main(["check", str(compose), "--hardware", str(tmp_path / "hw.yaml"), "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["checked"] == 1
    return [f"{f['rule']} {f['message']} fix: {f.get('fix')}" for f in out["findings"]]


def _tl205(found: list[str]) -> list[str]:
    return [f for f in found if f.startswith("TL205")]


def test_a_pipeline_over_both_gpus_does_not_fit_on_the_smaller(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 32B AWQ in two stages: ~9 GiB a GPU beside the start-up working memory, in 0.9 of 12 GiB
    found = _tl205(_run(tmp_path, MIXED, "0,1", 2, capsys))
    assert found and "0.9 × 12 GiB mixed RTX-3090 + RTX-3080-Ti" in found[0], found
    assert "GPUs of 12.0 GiB or more for one instance" in found[0]  # the memory that decides
    # the control: the node's larger GPU twice
    assert not _tl205(_run(tmp_path, MIXED.replace(TI, "RTX-3090"), "0,1", 2, capsys))


def test_one_gpu_is_judged_by_the_gpu_it_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the whole 32B AWQ (~18 GiB) on one GPU, 2,048 tokens a sequence: it fits the RTX 3090's
    # 0.9 of 23.6 GiB, not the RTX 3080 Ti's 0.9 of 12 GiB
    assert not _tl205(_run(tmp_path, MIXED, "0", 1, capsys, 2048))
    found = _tl205(_run(tmp_path, MIXED, "1", 1, capsys, 2048))
    assert found and "12 GiB RTX-3080-Ti" in found[0], found


def test_servers_sharing_a_gpu_are_judged_by_that_gpus_memory() -> None:
    from toplint.outcome.colocation import _capacity

    node = _cluster()
    # each server's own view is the weakest of its GPUs; the GPU they share is priced as itself
    on_both, on_first = on_gpus(node, (0, 1)), on_gpus(node, (0,))
    assert _capacity([on_both, on_first], (0,)) == lookup_gpu("RTX-3090").memory_reported_gib  # type: ignore[union-attr]
    assert _capacity([on_both, on_gpus(node, (1,))], (1,)) == 12.0


def test_plan_names_each_gpu_of_a_mixed_node_when_nothing_fits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "hw.yaml").write_text(MIXED, encoding="utf-8")
    argv = ["plan", "--model", "Qwen/Qwen2.5-32B-Instruct-AWQ", "--hardware"]
    assert main([*argv, str(tmp_path / "hw.yaml")]) == 2
    assert "(RTX-3090, 24 GB; RTX-3080-Ti, 12 GB)" in capsys.readouterr().err
