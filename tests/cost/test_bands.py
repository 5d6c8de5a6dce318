"""An α–β price on a GPU architecture the shipped fit saw no table of takes the wider band."""

from __future__ import annotations

from cost_builders import H100, cluster, place

from toplint.cost.calibration import Timed, time_collective
from toplint.cost.fabric import group_fabric
from toplint.cost.uncertainty import CLASSES, band, fitted_table_archs
from toplint.hardware.archs import ARCHS
from toplint.hardware.types import GpuSpec
from toplint.record import replace

A100 = replace(H100, name="A100-SXM4-80GB", arch="ampere", scaleup_bandwidth_gb_per_s=300)


def test_the_no_table_band_is_never_narrower_than_its_class() -> None:
    for cls in CLASSES:
        assert band("alpha-beta", cls, extrapolated=True) >= band("alpha-beta", cls)
        # Only α–β extrapolates: a replayed table is the table whatever the fit saw.
        assert band("interpolation", cls, extrapolated=True) == band("interpolation", cls)


def test_the_fitted_architectures_are_known_ones() -> None:
    assert fitted_table_archs() and fitted_table_archs() <= set(ARCHS)


def _timed(gpu: GpuSpec) -> Timed:
    c = cluster(gpu=gpu, nodes=2)
    p = place(None, c, tp=16)
    fabric = group_fabric(p, p.worst("tp"), 16)
    return time_collective(p, fabric, "all_reduce", 1 << 20)


def test_an_architecture_without_a_fitted_table_is_marked_extrapolated() -> None:
    assert "hopper" in fitted_table_archs() and "ampere" not in fitted_table_archs()
    hopper, ampere = _timed(H100), _timed(A100)
    assert hopper.method == ampere.method == "alpha-beta"
    assert not hopper.extrapolated
    assert ampere.extrapolated
    assert "no ampere table in the fit" in ampere.note
