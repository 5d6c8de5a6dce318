"""The recipes "Add a link kind" and "Add a GPU architecture" (docs/ARCHITECTURE.md), run.

A fake 400 GB/s NVLink-like scale-up fabric and a fake GPU architecture are registered the way
the recipes say (one row each, plus the manifest schema's enum for the fabric's spelling), and
a small deployment on a manifest that names them goes through the real pipeline (``toplint
cost`` and ``toplint check``): it must be placed and priced as the fake kind and architecture,
with their own η, NVLS, kernels and step latency, never as PCIe or as another kind.  Before
link kinds carried their behaviour, such a fabric was placed over PCIe (its domain defaulted to
one GPU) and priced with PCIe's η: a TL102 error.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toplint.cli import main
from toplint.cost.collectives import BASE_LATENCY_US, LL_MAX_BUSBW, NVLINK_STEP_US
from toplint.cost.params import PARAMS
from toplint.hardware import archs, linkkinds
from toplint.hardware.archs import Arch
from toplint.hardware.linkkinds import LinkKind
from toplint.infra.schemas import schema

FAKE_KIND = LinkKind(
    "fakelink",
    linkkinds.SCALEUP,
    0.0,
    "test row: the manifest gives it",
    0.6,
    "test row: as NVLink",
    ("ring", "tree", "nvls", "pairwise"),
    manifest=("fakeswitch",),
    domain=0,  # joins every GPU of the node
    eta=0.8,
    nccl_hw="nvlink",
    nvls=("fakeswitch",),
)
FAKE_ARCH = Arch(
    "fakearch",
    9.0,  # an SM 9.0 part: vLLM's custom all-reduce limits of Hopper apply
    nvls_min_ranks=4,
    nvls_eta=0.9,
    step_scale=1.5,
    name_tags=("fake-x",),
)

MANIFEST = """\
version: 1
clusters:
  - name: fake
    nodes: 1
    gpus_per_node: 8
    gpu: {name: Fake-X1, memory: 96 GB, memory_bandwidth: 4 TB/s, bf16_tflops: 1000,
          arch: fakearch}
    intra_node: {fabric: fakeswitch, bandwidth: 400 GB/s}
"""
SERVE = "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8\n"


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The two rows and the schema's fabric spelling, for one test (removed afterwards)."""
    monkeypatch.setitem(linkkinds.KINDS, FAKE_KIND.name, FAKE_KIND)
    monkeypatch.setitem(archs.ARCHS, FAKE_ARCH.name, FAKE_ARCH)
    fabric = schema("hardware")["$defs"]["intra_node"]["properties"]["fabric"]
    monkeypatch.setitem(fabric, "enum", [*fabric["enum"], *FAKE_KIND.manifest])
    yield


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    (tmp_path / "serve.sh").write_text(SERVE, encoding="utf-8")
    (tmp_path / "hw.yaml").write_text(MANIFEST, encoding="utf-8")
    command, *rest = args
    argv = [command, str(tmp_path / "serve.sh"), "--hardware", str(tmp_path / "hw.yaml"), *rest]
    main([*argv, "--format", "json"])
    return json.loads(capsys.readouterr().out)


def _rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str
) -> dict[tuple[str, str], Any]:
    (doc,) = _run(tmp_path, capsys, "cost", *args)["deployments"]
    return {(r["phase"], r["op"]): r for r in doc["collectives"] if r["group"] == "tp"}


@pytest.mark.usefixtures("registered")
def test_a_new_scaleup_kind_is_placed_as_itself(tmp_path: Path, capsys: Any) -> None:
    rows = _rows(tmp_path, capsys)
    assert {r["link"] for r in rows.values()} == {"fakelink"}
    assert {r["link_bandwidth_gb_per_s"] for r in rows.values()} == {400.0}


@pytest.mark.usefixtures("registered")
def test_no_pcie_finding_on_a_new_scaleup_kind(tmp_path: Path, capsys: Any) -> None:
    doc = _run(tmp_path, capsys, "check")
    codes = {f["rule"] for f in doc["findings"]}
    assert not codes & {"TL102", "TL108"}, codes


@pytest.mark.usefixtures("registered")
def test_the_kinds_nvls_runs_with_the_architectures_eta(tmp_path: Path, capsys: Any) -> None:
    # 64 MiB over 8 GPUs: NVLS (η 0.9 of the architecture) beats the ring (η 0.8 of the kind).
    prefill = _rows(tmp_path, capsys)["prefill", "all_reduce"]
    assert prefill["method"] == "alpha-beta"
    assert f"nvls/simple, η·B = {0.9 * 400:g} GB/s" in prefill["note"]


@pytest.mark.usefixtures("registered")
def test_engines_run_their_ipc_kernel_over_the_new_kind(tmp_path: Path, capsys: Any) -> None:
    decode = _rows(tmp_path, capsys)["decode", "all_reduce"]
    assert decode["kernel"] == "vllm-custom: custom one-shot"


@pytest.mark.usefixtures("registered")
def test_the_architectures_compute_capability_sets_the_kernels_limit(
    tmp_path: Path, capsys: Any
) -> None:
    # 64 sequences: 1 MiB per all-reduce.  vLLM's custom kernel takes it on an architecture it
    # has no table for (8 MiB) but not on an SM 9.0 part at 8 GPUs (256 KiB).
    decode = _rows(tmp_path, capsys, "--decode-batch", "64")["decode", "all_reduce"]
    assert decode["message_bytes"] == 1024 * 1024
    assert decode["kernel"] == "vllm-custom: NCCL"


@pytest.mark.usefixtures("registered")
def test_small_messages_pay_the_architectures_step(tmp_path: Path, capsys: Any) -> None:
    # The logits gather (one step of NVLink's LL row, scaled by the architecture), at the kind's
    # ring η: tuning.cc's constants with the two rows' values, nothing else.
    gather = _rows(tmp_path, capsys)["prefill", "gather"]
    assert gather["note"].startswith("logits gather") and "ring/ll" in gather["note"]
    bw = min(FAKE_KIND.eta * 400 * 0.5, LL_MAX_BUSBW)
    step = NVLINK_STEP_US["ll"] * FAKE_ARCH.step_scale
    expected = (
        BASE_LATENCY_US["ll"] + PARAMS.launch_us + step + gather["wire_bytes_per_gpu"] / (bw * 1e3)
    )
    assert gather["time_us"] == pytest.approx(expected, abs=0.01)


@pytest.mark.usefixtures("registered")
def test_an_architecture_is_read_from_a_gpu_name() -> None:
    assert archs.of_gpu("", "Fake-X1 96GB").name == "fakearch"


def test_rows_are_gone_after_the_test() -> None:
    assert "fakelink" not in linkkinds.KINDS and "fakearch" not in archs.ARCHS
    fabric = schema("hardware")["$defs"]["intra_node"]["properties"]["fabric"]
    assert "fakeswitch" not in fabric["enum"]
