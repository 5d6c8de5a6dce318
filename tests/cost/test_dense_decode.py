"""Dense decode pricing against the fit half of public figures (benchmarks/data/dense_decode,
benchmarks/dense_decode.py), and the lower bound an ITL says it is where CUDA graphs are off.
The held-out half is not read here: the lead scores it once after merging."""

from __future__ import annotations

import statistics

import pytest
from conftest import load_benchmark


@pytest.fixture(scope="module")
def fit() -> dict[str, tuple[float, str]]:
    """Each fit-half figure's predicted/measured ratio and the ITL's first part."""
    bench = load_benchmark("dense_decode.py", "toplint_dense_decode_bench")
    out: dict[str, tuple[float, str]] = {}
    for fig in bench.half("fit"):
        itl, why = bench.predict(fig)
        assert itl is not None, (fig["id"], why)
        out[fig["id"]] = (itl / fig["itl_ms"], why)
    return out


@pytest.mark.slow
def test_the_fit_half_stays_within_its_error(fit: dict[str, tuple[float, str]]) -> None:
    """Seen while deciding the dense pricing (SPLIT.md): median predicted/measured 0.41, 80th
    percentile error factor 2.44; the one decode run with CUDA graphs within 8%.  The misses
    are an eager run and Llama-3.2-90B-Vision (cost/compute.py ``HBM_EFFICIENCY``)."""
    assert len(fit) == 5
    ratios = [r for r, _ in fit.values()]
    assert statistics.median(ratios) > 0.38
    errors = sorted(max(r, 1 / r) for r in ratios)
    assert errors[3] < 2.6
    for fid in ("tt394-qwen3-4b-4090-isl128", "tt394-qwen3-4b-4090-isl4096"):
        assert 1 / 1.1 < fit[fid][0] < 1.1, fit[fid]


@pytest.mark.slow
def test_an_eager_run_says_its_itl_is_a_lower_bound(fit: dict[str, tuple[float, str]]) -> None:
    assert "lower bound: --enforce-eager" in fit["vl20469-qwen3-14b-awq-a100-eager-c1"][1]
    assert "lower bound" not in fit["tt394-qwen3-4b-4090-isl128"][1]
