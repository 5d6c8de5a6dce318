"""Cross-validated accuracy may not get worse than docs/accuracy.md says.

The check computes (benchmarks/accuracy.py): the α–β model fitted on all sources but one and
evaluated on the one left out, table interpolation with each point left out, tables replayed
against other machines' measurements, and the engines' kernel model on machines it was not
fitted on.  A class whose cross-validated median error rises above its documented figure fails,
and so do error bands (toplint/cost/data/accuracy.yaml) or shipped constants that are not what
the development sources give.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import load_benchmark

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "accuracy.md"
_ROW = re.compile(
    r"^\| ([a-z -]+?) \| ([a-z0-9 ()<-]+?) \| (\d+) \| (\d+)% \| (\d+)% \| ±(\d+)% \|$"
)


def _bench() -> ModuleType:
    return load_benchmark("accuracy.py", "toplint_accuracy_bench")


def _documented() -> dict[tuple[str, str], tuple[int, float]]:
    out = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line.strip())
        if m:
            out[(m[1], m[2])] = (int(m[3]), int(m[4]) / 100)
    return out


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return _bench()


@pytest.fixture(scope="module")
def rows(bench: ModuleType) -> list[Any]:
    return list(bench.all_rows())


@pytest.fixture(scope="module")
def measured(bench: ModuleType, rows: list[Any]) -> dict[tuple[str, str], Any]:
    return dict(bench.summary(rows))


DOCUMENTED = _documented()


def test_the_doc_documents_every_class() -> None:
    classes = {cls for _, cls in DOCUMENTED}
    assert {"intra-node", "pcie", "multi-node", "all-to-all", "custom-kernel", "all"} <= classes


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(DOCUMENTED), ids=lambda k: f"{k[0]}/{k[1]}")
def test_cross_validated_median_error_within_documented_figure(
    key: tuple[str, str], measured: dict[tuple[str, str], Any]
) -> None:
    points, median = DOCUMENTED[key]
    stats = measured[key]
    assert stats.n == points  # the documented figure is about the same data
    assert stats.median <= median + 0.005


@pytest.mark.slow
def test_the_shipped_bands_are_the_development_rows_bands(
    bench: ModuleType, rows: list[Any]
) -> None:
    # Each band is the 80th percentile of its class's development errors (benchmarks/accuracy.py
    # ``bands``); accuracy.yaml is what ``--write`` writes from the rows computed now.
    assert bench.BANDS.read_text(encoding="utf-8") == bench.bands_text(
        bench.bands(rows), bench.dev_table_archs(), bench.dev_network_keys()
    )


@pytest.mark.slow
def test_toplint_ships_the_development_fit(bench: ModuleType) -> None:
    # Issue 28: the constants the CLI prices with are the ones scored on the held-out
    # publications, i.e. fitted on the development ones alone (``--fit`` prints what to write).
    fitted = bench.development_fit(bench.all_points())  # the fit all_rows scores with (cached)
    assert bench.shipped_stale(fitted) == []


def test_a_stale_shipped_constant_is_named(bench: ModuleType) -> None:
    from toplint.record import replace

    ships = bench.Model()
    fitted = bench.Model(replace(ships.params, tree_eta=ships.params.tree_eta + 0.1))
    assert bench.shipped_stale(ships, ships) == []
    assert bench.shipped_stale(fitted, ships) == [
        f"toplint/cost/params.py Params.tree_eta: {ships.params.tree_eta:g} -> "
        f"{bench.shipped(ships.params.tree_eta + 0.1):g}"
    ]


def test_no_fold_starts_from_a_shipped_value(bench: ModuleType) -> None:
    # A key missing from the fit's starting tables falls back to the shipped row, which was
    # fitted on the sources a fold predicts: every fitted row value must have a prior.
    from toplint.hardware.archs import ARCHS
    from toplint.hardware.linkkinds import KINDS

    prior = bench.PRIOR
    assert {k.name for k in KINDS.values() if k.eta} <= set(prior.eta)
    for table, neutral in (
        ("nvls_eta", 0.0),
        ("step_scale", 1.0),
        ("p2p_channel_gb_per_s", 0.0),
        ("deepep_pipe_gb_per_s", 0.0),
    ):
        fitted = {a.name for a in ARCHS.values() if getattr(a, table) != neutral}
        assert fitted <= set(getattr(prior, table)), table


def test_never_fits_on_the_source_it_predicts(bench: ModuleType) -> None:
    seen: list[str] = []
    original = bench.fit

    def spy(train: Any, rounds: int = 2) -> Any:
        seen.append(",".join(sorted({p.machine.source for p in train})))
        return original(train, rounds)

    points = [p for p in bench.all_points() if p.machine.source.startswith("nccl-tests")]
    bench.fit = spy
    try:
        rows = bench.alpha_beta_cv(points)
    finally:
        bench.fit = original
    for row, sources in zip(sorted({r.source for r in rows}), seen, strict=True):
        assert row not in sources.split(",")


def test_unreliable_measurements_are_never_fitted_on(bench: ModuleType) -> None:
    points = bench.public_points()
    shaky = [p for p in points if p.unreliable]
    assert shaky  # public.yaml marks some; otherwise this test says nothing
    seen: list[Any] = []
    original = bench.loss

    def spy(model: Any, pts: Any) -> float:
        seen.extend(pts)
        return float(original(model, pts))

    bench.loss = spy
    try:
        bench.fit(shaky + [p for p in points if p.machine.source == "oci-ocitutorials"], rounds=1)
    finally:
        bench.loss = original
    assert seen and not any(p.unreliable for p in seen)


def test_figures_are_documented_with_and_without_the_unreliable_measurements() -> None:
    assert ("alpha-beta", "multi-node (reliable)") in DOCUMENTED


def _searched(bench: ModuleType, monkeypatch: pytest.MonkeyPatch, loss: Any, start: float) -> float:
    """The value one section search leaves for a constant whose loss is ``loss``."""
    monkeypatch.setattr(bench, "loss", loss)
    model = bench.Model(torch_overhead_us=start)
    bench._golden(model, bench._torch, 0.5, 100.0, [object()])
    return float(model.torch_overhead_us)


def test_the_search_finds_a_narrow_dip_in_a_flat_loss(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A cap that binds only below some value leaves the loss flat over most of the range; the
    # section search alone walks off such a dip, the coarse scan first finds it.
    def dip(model: Any, pts: Any) -> float:
        return 1.0 - max(0.0, 1.0 - abs(model.torch_overhead_us - 7.0) / 3.0)

    assert _searched(bench, monkeypatch, dip, 50.0) == pytest.approx(7.0, abs=0.5)


def test_the_search_keeps_a_value_nothing_beats(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    def best_at_start(model: Any, pts: Any) -> float:
        return 0.0 if model.torch_overhead_us == 42.0 else 1.0 + model.torch_overhead_us / 100

    assert _searched(bench, monkeypatch, best_at_start, 42.0) == 42.0


def test_the_kernel_alpha_leaves_the_held_out_tables_out(bench: ModuleType) -> None:
    # Issue 28: the kernel model's fixed cost is a median of kernel tables; the held-out
    # publications' tables (heldout.yaml) must not be among those it shipped with.
    from toplint.cost import kernels

    held = {s.split(":", 1)[1] for s in bench.HELD_OUT if s.startswith("aiconfigurator:")}
    assert held and held == kernels.HELD_OUT_TABLES
    with_all, _ = kernels.alpha_us("vllm-custom", "blackwell", frozenset())
    shipped, _ = kernels.alpha_us("vllm-custom", "blackwell")
    assert shipped == kernels.alpha_us("vllm-custom", "blackwell", frozenset(held))[0]
    assert with_all != shipped  # gb200's table moved the Blackwell median: it is left out now


def test_a_class_band_comes_from_the_rows_that_print_it(bench: ModuleType) -> None:
    # An α–β prediction on an architecture with no fitted table prints the "no fitted table"
    # band (``printed_band``): its error sets that band, never the class's own.
    def rows(method: str, cls: str, ratio: float, extrapolated: bool, n: int = 40) -> list[Any]:
        return [
            bench.Row(
                method,
                cls,
                f"s{i % 2}",
                "m",
                "all_reduce",
                16,
                1 << 20,
                100.0,
                100.0 * ratio,
                extrapolated=extrapolated,
            )
            for i in range(n)
        ]

    table = [
        *rows("interpolation", "intra-node", 1.1, False),
        *rows("other-system measurement", "intra-node", 1.1, False),
        *rows("alpha-beta", "multi-node", 1.2, False),
        *rows("alpha-beta", "multi-node", 3.0, True),
    ]
    b = bench.bands(table)
    assert b["alpha-beta"]["multi-node"] == pytest.approx(0.2)
    assert b[bench.NO_TABLE]["multi-node"] == pytest.approx(2.0)
    assert all(r.factor_error <= bench.printed_band(r, b) + 1e-9 for r in table[80:])


@pytest.mark.slow
def test_the_spent_draws_feed_only_the_per_transport_constants(bench: ModuleType) -> None:
    # Eleventh pass: the second to fourth draws' publications are development data for each
    # network transport's own constants (GPUDirect-TCPX/-TCPXO η and step, EFA's steps) and
    # for nothing else, so that no price over another network or inside a node moves.
    public = bench.public_points()
    dev = [p for p in public if p.machine.source == "gcp-a3-mega"]
    a3 = [p for p in public if p.machine.source in ("dstack:a3high", "dstack:a3mega")]
    roce = [p for p in public if p.machine.source == "dstack:a4"]
    assert a3 and roce and all(bench._spent(p) for p in a3 + roce)
    alone, with_roce = bench.fit(dev, rounds=1), bench.fit(dev + roce, rounds=1)
    assert (alone.params, alone.latency) == (with_roce.params, with_roce.latency)
    with_a3 = bench.fit(dev + a3, rounds=1)
    moved = {
        k
        for k in alone.params.transport_eta
        if alone.params.transport_eta[k] != with_a3.params.transport_eta[k]
    }
    assert moved == {"tcpx", "tcpxo"}
    assert bench.replace(alone.params, transport_eta={}) == bench.replace(
        with_a3.params, transport_eta={}
    )
