"""The committed held-out publications are the seeded draw benchmarks/heldout.py describes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_heldout_yaml_is_the_seeded_draw() -> None:
    spec = importlib.util.spec_from_file_location(
        "toplint_heldout", ROOT / "benchmarks" / "heldout.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout.yaml").read_text("utf-8"))
    assert doc["seed"] == module.SEED
    assert doc["held_out"] == module.draw()
    assert len(doc["held_out"]) * 4 >= doc["units"]  # at least a quarter


def _bench() -> object:
    spec = importlib.util.spec_from_file_location(
        "toplint_bench_rules", ROOT / "benchmarks" / "accuracy.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


B: Any = _bench()


def _machine(**kw: Any) -> Any:
    return B.Machine("m", "src", "nvlink", 450.0, arch="hopper", **kw)


def test_an_unstated_nic_excludes_only_points_across_nodes() -> None:
    inside = B.Point(_machine(unstated=("nics",), nodes=1), "all_reduce", 8, 1 << 20, 10.0)
    across = B.Point(_machine(unstated=("nics",), nodes=2), "all_reduce", 16, 1 << 20, 10.0)
    assert not inside.unreliable and across.unreliable


def test_one_process_driving_gpus_excludes_only_sizes_below_1_mib() -> None:
    m = _machine(gpus_per_process=4)
    assert B.Point(m, "all_reduce", 4, 512 << 10, 10.0).unreliable
    assert not B.Point(m, "all_reduce", 4, 1 << 20, 10.0).unreliable


def test_a_time_twice_the_next_larger_size_is_not_monotone() -> None:
    m = _machine()
    pts = [B.Point(m, "all_reduce", 8, n, t) for n, t in ((1024, 50.0), (2048, 20.0), (4096, 30.0))]
    marked = B._mark_not_monotone(pts)
    assert [p.not_monotone for p in marked] == [True, False, False]


def _row(cls: str, err: float, held_out: bool) -> Any:
    return B.Row(
        "alpha-beta", cls, "s", "m", "all_reduce", 8, 1024, 100.0, 100.0 * (1 + err), True, held_out
    )


def test_the_alpha_beta_band_comes_from_the_development_rows_only() -> None:
    dev = [_row(c, 0.1, False) for c in B.CLASSES for _ in range(10)]
    held = [_row(c, 3.0, True) for c in B.CLASSES for _ in range(10)]
    others = [
        B.Row(m, "intra-node", "s", "m", "all_reduce", 8, 1024, 100.0, 110.0)
        for m in ("interpolation", "other-system measurement")
    ]
    bands = B.bands(B.summary(dev + held + others))
    assert bands["alpha-beta"]["multi-node"] == 0.1
    assert B.coverage(dev + held, bands)["multi-node"] == (10, 0.0)


def test_the_band_is_symmetric_in_log_space() -> None:
    half = B.Row("alpha-beta", "intra-node", "s", "m", "all_reduce", 8, 1024, 100.0, 50.0)
    double = B.Row("alpha-beta", "intra-node", "s", "m", "all_reduce", 8, 1024, 100.0, 200.0)
    assert half.factor_error == double.factor_error == 1.0
