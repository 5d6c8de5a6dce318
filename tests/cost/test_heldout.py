"""The committed held-out publications are the seeded draw benchmarks/heldout.py describes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import load_benchmark

ROOT = Path(__file__).resolve().parents[2]


B: Any = load_benchmark("accuracy.py", "toplint_bench_rules")


def test_heldout_yaml_is_the_seeded_draw() -> None:
    module = B.heldout_module()
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout.yaml").read_text("utf-8"))
    assert doc["seed"] == module.SEED
    assert doc["held_out"] == module.draw()
    assert len(doc["held_out"]) * 4 >= doc["units"]  # at least a quarter


def test_heldout2_yaml_is_the_second_seeded_draw() -> None:
    # Eighth pass: the second held-out set is the lot drawn over the pass's own publications.
    module = B.heldout_module()
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout2.yaml").read_text("utf-8"))
    assert doc["seed"] == module.SEED2 == 20261202
    assert doc["units"] == sorted(module.SECOND_UNITS)
    assert doc["held_out"] == module.draw2()
    assert len(doc["held_out"]) * 2 >= len(doc["units"])  # at least half


def test_heldout3_yaml_is_the_third_seeded_draw() -> None:
    # Ninth pass: the third held-out set is the lot drawn over the pass's own publications, with
    # the seed its brief gave before any of them was collected.
    module = B.heldout_module()
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout3.yaml").read_text("utf-8"))
    assert doc["seed"] == module.SEED3 == 20261203
    assert doc["units"] == sorted(module.THIRD_UNITS)
    assert doc["held_out"] == module.draw3()
    assert len(doc["held_out"]) * 2 >= len(doc["units"])  # at least half


def test_the_third_draw_is_new_and_kept_out_of_the_scored_points() -> None:
    # Every ninth-pass unit names sources of public.yaml, none is an earlier draw's unit, and
    # no third-draw point reaches the points the benchmark fits and cross-validates on.
    module = B.heldout_module()
    pubs = {module.publication(s) for s in module.sources()}
    third = set(module.THIRD_UNITS)
    assert third <= pubs
    assert not third & (set(module.SECOND_UNITS) | set(module.first_units()))
    assert module.held_out3_sources() <= module.third_sources()
    assert not {p.machine.source for p in B.all_points()} & module.third_sources()
    assert {p.machine.source for p in B.heldout_points(3)} == module.held_out3_sources()


def test_heldout4_yaml_holds_out_every_tenth_pass_publication() -> None:
    # Tenth pass: three new publications, at most eight, so by the rule written before collection
    # every one is held out (no lot); above eight the seeded half would be.
    module = B.heldout_module()
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout4.yaml").read_text("utf-8"))
    assert doc["seed"] == module.SEED4 == 20261204
    assert doc["units"] == sorted(module.FOURTH_UNITS)
    assert doc["held_out"] == module.draw4() == sorted(module.FOURTH_UNITS)
    assert len(module.FOURTH_UNITS) <= module.LOT_ABOVE


def test_the_fourth_draw_is_new_and_kept_out_of_the_scored_points() -> None:
    module = B.heldout_module()
    pubs = {module.publication(s) for s in module.sources()}
    fourth = set(module.FOURTH_UNITS)
    assert fourth <= pubs
    earlier = set(module.SECOND_UNITS) | set(module.THIRD_UNITS) | set(module.first_units())
    assert not fourth & earlier
    assert not {p.machine.source for p in B.all_points()} & module.fourth_sources()
    assert {p.machine.source for p in B.heldout_points(4)} == module.held_out4_sources()
    assert len(B.heldout_points(4)) == 37


def test_heldout5_yaml_holds_out_every_twelfth_pass_publication() -> None:
    # Twelfth pass: three new publications, at most eight, so by the fourth draw's rule every
    # one is held out (no lot).
    module = B.heldout_module()
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout5.yaml").read_text("utf-8"))
    assert doc["seed"] == module.SEED5 == 20261205
    assert doc["units"] == sorted(module.FIFTH_UNITS)
    assert doc["held_out"] == module.draw5() == sorted(module.FIFTH_UNITS)
    assert len(module.FIFTH_UNITS) <= module.LOT_ABOVE


def test_the_fifth_draw_is_new_and_kept_out_of_the_fit() -> None:
    # No fifth-draw point reaches the points the benchmark fits and cross-validates on, nor the
    # spent draws the per-transport constants learn from.
    module = B.heldout_module()
    pubs = {module.publication(s) for s in module.sources()}
    fifth = set(module.FIFTH_UNITS)
    assert fifth <= pubs
    earlier = set(module.SECOND_UNITS) | set(module.THIRD_UNITS) | set(module.FOURTH_UNITS)
    assert not fifth & (earlier | set(module.first_units()))
    assert not {p.machine.source for p in B.all_points()} & module.fifth_sources()
    assert not {p.machine.source for p in B.spent_points()} & module.fifth_sources()
    assert {p.machine.source for p in B.heldout_points(5)} == module.held_out5_sources()
    assert len(B.heldout_points(5)) == 124


def test_heldout6_yaml_holds_out_every_thirteenth_pass_publication() -> None:
    # Thirteenth pass: two new publications, at most eight, so by the fourth draw's rule both
    # are held out (no lot).
    module = B.heldout_module()
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout6.yaml").read_text("utf-8"))
    assert doc["seed"] == module.SEED6 == 20261206
    assert doc["units"] == sorted(module.SIXTH_UNITS)
    assert doc["held_out"] == module.draw6() == sorted(module.SIXTH_UNITS)
    assert len(module.SIXTH_UNITS) <= module.LOT_ABOVE


def test_the_sixth_draw_is_new_and_kept_out_of_the_fit() -> None:
    # No sixth-draw point reaches the points the benchmark fits and cross-validates on, nor the
    # spent draws; its publications are none of the earlier draws' and are printed whole.
    module = B.heldout_module()
    pubs = {module.publication(s) for s in module.sources()}
    sixth = set(module.SIXTH_UNITS)
    assert sixth <= pubs
    earlier = set(module.SECOND_UNITS) | set(module.THIRD_UNITS) | set(module.FOURTH_UNITS)
    earlier |= set(module.FIFTH_UNITS) | set(module.first_units())
    assert not sixth & earlier
    assert not {p.machine.source for p in B.all_points()} & module.sixth_sources()
    assert not {p.machine.source for p in B.spent_points()} & module.sixth_sources()
    assert {p.machine.source for p in B.heldout_points(6)} == module.held_out6_sources()
    assert len(B.heldout_points(6)) == 19


def test_heldout7_yaml_holds_out_every_fourteenth_pass_publication() -> None:
    # Fourteenth pass: four new publications, at most eight, so by the rule committed before
    # collection (HELDOUT.md "Seventh draw") every one is held out (no lot).
    module = B.heldout_module()
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout7.yaml").read_text("utf-8"))
    assert doc["seed"] == module.SEED7 == 20261207
    assert doc["units"] == sorted(module.SEVENTH_UNITS)
    assert doc["held_out"] == module.draw7() == sorted(module.SEVENTH_UNITS)
    assert len(module.SEVENTH_UNITS) <= module.LOT_ABOVE


def test_the_seventh_draw_is_new_and_kept_out_of_the_fit() -> None:
    # No seventh-draw point reaches the points the benchmark fits and cross-validates on, nor
    # the spent draws; its publications are none of the earlier draws' and are printed whole.
    module = B.heldout_module()
    pubs = {module.publication(s) for s in module.sources()}
    seventh = set(module.SEVENTH_UNITS)
    assert seventh <= pubs
    earlier = set(module.SECOND_UNITS) | set(module.THIRD_UNITS) | set(module.FOURTH_UNITS)
    earlier |= set(module.FIFTH_UNITS) | set(module.SIXTH_UNITS) | set(module.first_units())
    assert not seventh & earlier
    assert not {p.machine.source for p in B.all_points()} & module.seventh_sources()
    assert not {p.machine.source for p in B.spent_points()} & module.seventh_sources()
    assert {p.machine.source for p in B.heldout_points(7)} == module.held_out7_sources()
    assert len(B.heldout_points(7)) == 116


# The draws from the eighth on, each under the eighth draw's rule (HELDOUT.md "Eighth draw":
# networks stated across nodes; at most LOT_ABOVE publications, so every one held out): the
# draw's number, its units' and seed's names in benchmarks/heldout.py, the seed, the draw
# function, its sources function and how many points it holds.
LATER_DRAWS = [
    (8, "EIGHTH_UNITS", "SEED8", 20261208, "draw8", "eighth_sources", 178),
    (9, "NINTH_UNITS", "SEED9", 20261209, "draw9", "ninth_sources", 244),
    (10, "TENTH_UNITS", "SEED10", 20261210, "draw10", "tenth_sources", 124),
    (11, "ELEVENTH_UNITS", "SEED11", 20261211, "draw11", "eleventh_sources", 26),
    (12, "TWELFTH_UNITS", "SEED12", 20261212, "draw12", "twelfth_sources", 121),
    (13, "THIRTEENTH_UNITS", "SEED13", 20261213, "draw13", "thirteenth_sources", 14),
    (14, "FOURTEENTH_UNITS", "SEED14", 20261214, "draw14", "fourteenth_sources", 89),
    (15, "FIFTEENTH_UNITS", "SEED15", 20261215, "draw15", "fifteenth_sources", 6),
]
EARLIER_UNITS = (
    "SECOND_UNITS", "THIRD_UNITS", "FOURTH_UNITS", "FIFTH_UNITS", "SIXTH_UNITS", "SEVENTH_UNITS",
)  # fmt: skip


@pytest.mark.parametrize(("n", "units", "seed_name", "seed", "draw", "_s", "_p"), LATER_DRAWS)
def test_a_later_draw_holds_out_every_publication_of_its_pass(
    n: int, units: str, seed_name: str, seed: int, draw: str, _s: str, _p: int
) -> None:
    # At most eight new publications, so by the rule committed before collection each is held
    # out (no lot).
    module = B.heldout_module()
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / f"heldout{n}.yaml").read_text("utf-8"))
    assert doc["seed"] == getattr(module, seed_name) == seed
    assert doc["units"] == sorted(getattr(module, units))
    assert doc["held_out"] == getattr(module, draw)() == sorted(getattr(module, units))
    assert len(getattr(module, units)) <= module.LOT_ABOVE


@pytest.mark.parametrize(("n", "units", "_n", "_seed", "_d", "sources", "points"), LATER_DRAWS)
def test_a_later_draw_is_new_and_kept_out_of_the_fit(
    n: int, units: str, _n: str, _seed: int, _d: str, sources: str, points: int
) -> None:
    # No point of the draw reaches the points the benchmark fits and cross-validates on, nor
    # the spent draws; its publications are none of the earlier draws' and are printed whole.
    module = B.heldout_module()
    pubs = {module.publication(s) for s in module.sources()}
    drawn = set(getattr(module, units))
    assert drawn <= pubs
    earlier = set(module.first_units())
    for name in (*EARLIER_UNITS, *(u for m, u, *_ in LATER_DRAWS if m < n)):
        earlier |= set(getattr(module, name))
    assert not drawn & earlier
    own = getattr(module, sources)()
    assert not {p.machine.source for p in B.all_points()} & own
    assert not {p.machine.source for p in B.spent_points()} & own
    assert {p.machine.source for p in B.heldout_points(n)} == getattr(
        module, f"held_out{n}_sources"
    )()
    assert len(B.heldout_points(n)) == points


@pytest.mark.parametrize("n", [m for m, *_ in LATER_DRAWS])
def test_a_later_draw_states_every_network_it_crosses(n: int) -> None:
    # The criterion the eighth draw's rule added before collection: a run across nodes is
    # collected only where its network is stated, so no point spanning nodes is priced on an
    # assumed fabric (exclusion rule 1's `unstated: [nics]`).  The tenth, eleventh and
    # thirteenth draws found only runs inside one node.
    across = [p for p in B.heldout_points(n) if B._spans_nodes(p)]
    assert bool(across) == (n in (8, 9, 12, 14, 15))
    assert all("nics" not in p.machine.unstated for p in across)
    assert all(p.machine.network not in ("", "none") for p in across)


def test_the_two_draws_partition_the_publications() -> None:
    # The first draw's 29 units are every publication but the eighth pass's, and each of the
    # eighth pass's units names sources of public.yaml.
    module = B.heldout_module()
    first = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout.yaml").read_text("utf-8"))
    assert len(module.first_units()) == first["units"]
    pubs = {module.publication(s) for s in module.sources()}
    assert set(module.SECOND_UNITS) <= pubs
    assert not set(module.SECOND_UNITS) & set(module.first_units())
    assert module.held_out2_sources() <= module.second_sources()


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


def _row(
    cls: str, err: float, held_out: bool, source: str = "s", extrapolated: bool = False
) -> Any:
    return B.Row(
        "alpha-beta",
        cls,
        source,
        "m",
        "all_reduce",
        8,
        1024,
        100.0,
        100.0 * (1 + err),
        True,
        held_out,
        extrapolated,
        cls == "multi-node",
    )


def _others() -> list[Any]:
    return [
        B.Row(m, c, f"s{i % 2}", "m", "all_reduce", 8, 1024, 100.0, 110.0)
        for m in ("interpolation", "other-system measurement")
        for c in B.CLASSES
        for i in range(10)
    ]


def _dev(cls: str, errs: list[float], **kw: Any) -> list[Any]:
    return [_row(cls, e, False, source=f"s{i % 2}", **kw) for i, e in enumerate(errs)]


def test_the_alpha_beta_band_comes_from_the_development_rows_only() -> None:
    dev = [r for c in B.CLASSES for r in _dev(c, [0.1] * 40)]
    held = [_row(c, 3.0, True) for c in B.CLASSES for _ in range(40)]
    bands = B.bands(dev + held + _others())
    assert bands["alpha-beta"]["multi-node"] == 0.1
    assert B.coverage(dev + held, bands)["multi-node"] == (40, 0.0)


def test_the_band_is_the_80th_percentile_of_its_class() -> None:
    errs = [i / 100 for i in range(1, 101)]  # 1% .. 100%
    dev = _dev("multi-node", errs) + [r for c in B.CLASSES[:1] for r in _dev(c, [0.5] * 40)]
    assert B.bands(dev + _others())["alpha-beta"]["multi-node"] == 0.8


def test_a_small_class_takes_its_parents_band() -> None:
    # 10 multi-node points: too few for a band of their own; the method's pooled rows decide.
    dev = _dev("intra-node", [0.2] * 40) + _dev("multi-node", [2.0] * 10)
    bands = B.bands(dev + _others())
    assert bands["alpha-beta"]["multi-node"] == bands["alpha-beta"]["pcie"] == 0.2
    one_source = [_row("pcie", 0.05, False) for _ in range(40)]  # one source is not a class
    assert B.bands(dev + one_source + _others())["alpha-beta"]["pcie"] == 0.2


def test_no_fitted_table_widens_the_band_only_where_its_rows_are_worse() -> None:
    dev = (
        _dev("intra-node", [0.2] * 40)
        + _dev("pcie", [0.8] * 40, extrapolated=True)
        + _dev("multi-node", [0.3] * 40)
        + _dev("multi-node", [0.1] * 40, extrapolated=True)
    )
    bands = B.bands(dev + _others())
    wide = bands[B.NO_TABLE]
    assert wide["intra-node"] == 0.8  # no rows of its own: its node scope's (the pcie ones)
    assert wide["multi-node"] == bands["alpha-beta"]["multi-node"] == 0.3  # never narrower
    held = _row("intra-node", 0.5, True, extrapolated=True)
    assert B.printed_band(held, bands) == 0.8


def test_the_band_is_symmetric_in_log_space() -> None:
    half = B.Row("alpha-beta", "intra-node", "s", "m", "all_reduce", 8, 1024, 100.0, 50.0)
    double = B.Row("alpha-beta", "intra-node", "s", "m", "all_reduce", 8, 1024, 100.0, 200.0)
    assert half.factor_error == double.factor_error == 1.0


def test_the_fitted_table_architectures_of_a_fold() -> None:
    train = (s for s in ("aiconfigurator:h100_sxm", "aiconfigurator:l40s", "mleng-a100"))
    assert B.table_archs(train) == {"hopper", "ada"}  # a generator is read once
    assert "ampere" not in B.dev_table_archs()  # the A100 table is held out


def _sized(cls: str, err: float, size: int, n: int = 60, **kw: Any) -> list[Any]:
    return [
        B.Row(
            "alpha-beta",
            cls,
            f"s{i % 3}",
            "m",
            "all_reduce",
            8,
            size,
            100.0,
            100.0 * (1 + err),
            **kw,
        )
        for i in range(n)
    ]


def test_each_size_stratum_takes_its_own_rows_band() -> None:
    # Sixth pass: a latency-bound stratum's error must not widen the bandwidth-bound one's band
    # (nor the other way round); the class band is the fallback for a stratum with too few rows.
    dev = _sized("multi-node", 1.0, 4096) + _sized("multi-node", 0.1, 1 << 27)
    dev += _sized("intra-node", 0.3, 1 << 27) + _sized("intra-node", 2.0, 4096, n=10)
    b = B.bands(dev + _others())
    assert b["alpha-beta, below 1 MiB"]["multi-node"] == 1.0
    assert b["alpha-beta, from 1 MiB"]["multi-node"] == 0.1
    assert b["alpha-beta"]["multi-node"] == 1.0  # the class's blend, no longer printed
    # 10 small intra-node rows are too few: the class's band (over all 70 of its rows).
    assert b["alpha-beta, below 1 MiB"]["intra-node"] == b["alpha-beta"]["intra-node"]
    small, large = dev[0], dev[60]
    assert B.printed_band(small, b) == 1.0 and B.printed_band(large, b) == 0.1
    assert B.coverage_cv(dev + _others())["multi-node, from 1 MiB"] == (60, 1.0)


def test_without_a_table_a_stratum_is_never_narrower_than_with_one() -> None:
    dev = _sized("multi-node", 0.5, 1 << 27) + _sized("multi-node", 0.1, 1 << 27, extrapolated=True)
    dev += _sized("multi-node", 0.2, 4096, extrapolated=True)  # no table, no stratum of its own
    b = B.bands(dev + _others())
    assert b[f"{B.NO_TABLE}, from 1 MiB"]["multi-node"] == 0.5
    # Below 1 MiB with a table: too few rows, so the class's (0.5); its no-table stratum has
    # its own rows (0.2) but is never narrower than that.
    assert b["alpha-beta, below 1 MiB"]["multi-node"] == 0.5
    assert b[f"{B.NO_TABLE}, below 1 MiB"]["multi-node"] == 0.5


def test_the_second_draw_is_scored_in_totals_per_class() -> None:
    # Synthetic rows only: the held-out-2 report prints per-class totals, never a source.
    rows = _sized("multi-node", 0.1, 4096, n=3, across=True) + _sized("intra-node", 1.0, 1 << 27)
    b = {
        k: dict.fromkeys(B.CLASSES, 0.5)
        for k in ("alpha-beta, below 1 MiB", "alpha-beta, from 1 MiB")
    }
    lines = B.heldout2_totals(rows, b)
    assert "| all | 63 | 100.0% | 4.8% | 4.8% |" in lines
    assert "| multi-node | 3 | 10.0% | 100.0% | 100.0% |" in lines
    assert "| all-to-all | 0 | — | — | — |" in lines
    assert "| across nodes | 3 | 10.0% | 100.0% | 100.0% |" in lines
    assert not any("s0" in line for line in lines)


def test_the_spent_draws_set_bands_but_are_not_cross_validated_rows() -> None:
    # Tenth pass: the second and third draws are development data, priced by the development
    # fit that never saw them; they set the bands (band_rows) and are kept out of the
    # cross-validated error tables (summary), whose figures stay comparable pass to pass.
    def row(source: str, later: bool) -> Any:
        return B.Row(
            "alpha-beta",
            "multi-node",
            source,
            "m",
            "all_reduce",
            16,
            1 << 20,
            100.0,
            150.0,
            later=later,
            across=True,
        )

    cv, spent = row("cv-source", False), row("dstack:a3high", True)
    assert B.band_rows([cv, spent], "alpha-beta") == [cv, spent]
    assert B.summary([cv, spent])[("cross-validated alpha-beta", "multi-node")].n == 1


def test_the_fifth_to_eleventh_draws_are_scored_never_fitted_nor_band_rows() -> None:
    # Nineteenth pass (HELDOUT.md "Twelfth draw", the plan): the spent draws 5-11 enter the
    # development figures as rows priced by the development fit, which never saw them; they are
    # in no training set (the fit's points, the spent draws 2-4, lopo's folds), set no band,
    # and sit only in their own splits of the report.
    unseen = B.UNSEEN_SOURCES
    module = B.heldout_module()
    later = (
        module.fifth_sources() | module.sixth_sources() | module.seventh_sources()
        | module.eighth_sources() | module.ninth_sources() | module.tenth_sources()
        | module.eleventh_sources()
    )  # fmt: skip
    assert unseen == later
    assert not {p.machine.source for p in B.all_points()} & unseen
    assert not {p.machine.source for p in B.spent_points()} & unseen
    rows = B.unseen_rows(B.all_points())
    assert len(rows) == len(B.unseen_points()) == 831
    assert all(r.unseen and not r.later and not r.held_out for r in rows)
    assert B.band_rows(rows, "alpha-beta") == []
    table = B.summary(rows)
    assert table[(B.UNSEEN, "all")].n == table[(B.WITH_UNSEEN, "all")].n == 831
    assert ("cross-validated alpha-beta", "all") not in table
