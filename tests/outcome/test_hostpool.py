"""vLLM's start-up check of free memory on a GPU whose memory the host shares (a GB10):
``toplint.outcome.hostpool`` against the catalog's measured band."""

from __future__ import annotations

import pytest

from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.types import GpuSpec
from toplint.model import Deployment
from toplint.outcome.hostpool import start_share


def _gb10() -> GpuSpec:
    gpu = lookup_gpu("DGX Spark")
    assert gpu is not None
    return gpu


def _vllm(**options: str) -> Deployment:
    return Deployment("serve.sh", 1, 1, "vllm", "Qwen/Qwen3-8B", options=dict(options))


def test_the_catalog_gives_a_band_only_where_the_host_shares_the_memory() -> None:
    assert _gb10().free_at_start_gib == (109.53, 117.7)
    h100 = lookup_gpu("H100-SXM-80GB")
    assert h100 is not None and h100.free_at_start_gib == ()
    assert start_share(_vllm(), h100) is None


def test_an_unpinned_default_is_judged_by_the_releases_that_check() -> None:
    # 0.9 (0.9.1-0.19.x) asks 109.52 GiB, inside what is free; 0.92 (0.20.0-0.33.x) 111.95
    found = start_share(_vllm(), _gb10())
    assert found is not None
    assert (found.verdict, found.fraction, found.releases) == (
        "may",
        0.92,
        "from 0.20.0 before 0.34.0",
    )
    assert found.asked_gib == pytest.approx(0.92 * 121.69)
    assert found.unchecked_from == "0.34.0"


def test_a_written_share_above_the_band_refuses_on_every_release_that_checks() -> None:
    found = start_share(_vllm(gpu_memory_utilization="0.97"), _gb10())
    assert found is not None
    assert (found.verdict, found.releases) == ("refuses", "from 0.9.1 before 0.34.0")
    assert start_share(_vllm(gpu_memory_utilization="0.85"), _gb10()) is None


def test_a_pinned_release_checks_or_not() -> None:
    share = {"gpu_memory_utilization": "0.97"}
    checked = start_share(_vllm(image="vllm/vllm-openai:v0.25.0", **share), _gb10())
    assert checked is not None and (checked.verdict, checked.releases) == ("refuses", "")
    assert start_share(_vllm(image="vllm/vllm-openai:v0.34.0", **share), _gb10()) is None
    assert start_share(_vllm(image="vllm/vllm-openai:v0.8.5", **share), _gb10()) is None


def test_an_engine_that_leaves_memory_rather_than_asking_for_it_is_not_judged() -> None:
    sglang = Deployment("serve.sh", 1, 1, "sglang", "Qwen/Qwen3-8B")
    assert start_share(sglang, _gb10()) is None
