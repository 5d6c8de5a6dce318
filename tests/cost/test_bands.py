"""An α–β price on a GPU architecture the shipped fit saw no table of takes the wider band."""

from __future__ import annotations

from cost_builders import H100, cluster, place

from toplint.cost.calibration import Timed, time_collective
from toplint.cost.fabric import group_fabric
from toplint.cost.phase import collective
from toplint.cost.uncertainty import (
    CLASSES,
    band,
    fitted_networks,
    fitted_table_archs,
    network_key,
)
from toplint.hardware.archs import ARCHS
from toplint.hardware.types import GpuSpec
from toplint.infra.pkgdata import read_yaml
from toplint.record import replace

A100 = replace(H100, name="A100-SXM4-80GB", arch="ampere", scaleup_bandwidth_gb_per_s=300)


def test_the_no_table_band_is_never_narrower_than_its_class() -> None:
    for cls in CLASSES:
        assert band("alpha-beta", cls, extrapolated=True) >= band("alpha-beta", cls)
        # Only α–β extrapolates: a replayed table is the table whatever the fit saw.
        assert band("interpolation", cls, extrapolated=True) == band("interpolation", cls)


def test_the_fitted_architectures_are_known_ones() -> None:
    assert fitted_table_archs() and fitted_table_archs() <= set(ARCHS)


def _timed(gpu: GpuSpec, network: str = "infiniband") -> Timed:
    c = cluster(gpu=gpu, nodes=2)
    c = replace(c, inter=replace(c.inter, network=network, rdma=network != "ethernet"))
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


def test_a_network_the_fit_never_measured_across_nodes_is_marked_extrapolated() -> None:
    # Tenth pass: across nodes the network constants decide the time; on a network the shipped
    # fit saw no cross-node measurement of with this architecture (accuracy.yaml
    # fitted_networks) the price is another network's constants and prints the wider band.
    assert network_key("infiniband", "hopper") in fitted_networks()
    assert network_key("ethernet", "hopper") not in fitted_networks()
    ib, eth = _timed(H100), _timed(H100, "ethernet")
    assert ib.method == eth.method == "alpha-beta"
    assert not ib.extrapolated
    assert eth.extrapolated
    assert "no ethernet measurement of hopper nodes in the fit" in eth.note
    assert band("alpha-beta", "multi-node", 1 << 20, eth.extrapolated) >= band(
        "alpha-beta", "multi-node", 1 << 20
    )


def test_an_alpha_beta_band_is_its_message_sizes_stratum() -> None:
    # Sixth pass: below 1 MiB the α–β model is latency-bound and its error several times its
    # error above; each stratum prints its own band (accuracy.yaml), never the class's blend.
    bands = read_yaml("toplint.cost", "data/accuracy.yaml")["bands"]
    for cls in CLASSES:
        for size, key in (
            (4096, "below 1 MiB"),
            ((1 << 20) - 1, "below 1 MiB"),
            (1 << 20, "from 1 MiB"),
        ):
            assert band("alpha-beta", cls, size) == bands[f"alpha-beta, {key}"][cls]
            wide = band("alpha-beta", cls, size, extrapolated=True)
            assert wide == bands[f"alpha-beta, no fitted table, {key}"][cls]
            assert wide >= band("alpha-beta", cls, size)  # never narrower without a table
            # A replayed table is not stratified: its error does not grow below 1 MiB.
            assert band("interpolation", cls, size) == band("interpolation", cls)
    # The strata differ where their rows do (inside a node: latency-bound vs bandwidth-bound;
    # across nodes the two strata's errors differ too, and since the twelfth pass's LL cap the
    # small messages' is the narrower one).
    assert band("alpha-beta", "intra-node", 4096) > band("alpha-beta", "intra-node", 1 << 27)
    assert band("alpha-beta", "multi-node", 4096) != band("alpha-beta", "multi-node", 1 << 27)


def test_the_cost_report_prints_the_band_of_the_collectives_size() -> None:
    p = place(None, cluster(gpu=H100, nodes=2), tp=16)
    fabric = group_fabric(p, p.worst("tp"), 16)
    for size in (4096, 1 << 27):
        timed = time_collective(p, fabric, "all_reduce", size)
        assert timed.method == "alpha-beta"
        row = collective("decode", "tp", "all_reduce", 16, size, 1, timed, "", "multi-node")
        assert row.band == band(timed.method, "multi-node", size, timed.extrapolated)
