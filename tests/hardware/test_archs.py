"""The GPU-architecture table is the one place: the catalog, the measured tables, a manifest
and the fitted constants name only its rows."""

from __future__ import annotations

import pytest

from toplint.cost.calibration import systems
from toplint.cost.params import PARAMS
from toplint.errors import ManifestError
from toplint.hardware import archs, catalog
from toplint.hardware.manifest import hardware_from_text


def test_every_catalog_gpu_names_an_architecture_of_the_table() -> None:
    for name in catalog.gpu_names():
        gpu = catalog.lookup_gpu(name)
        assert gpu is not None and gpu.arch in archs.ARCHS, name


def test_measured_systems_name_architectures_of_the_table() -> None:
    for s in systems():
        assert s.arch in archs.ARCHS and (not s.nvls or archs.arch(s.nvls).nvls_min_ranks), s.key


def test_unknown_architecture_is_an_error() -> None:
    with pytest.raises(KeyError, match="unknown GPU architecture"):
        archs.arch("kepler-9000")
    assert archs.arch("") is archs.NO_ARCH


def test_name_tags_pick_one_architecture() -> None:
    tags = [(t, a.name) for a in archs.ARCHS.values() for t in a.name_tags]
    for tag, owner in tags:
        assert {a for t, a in tags if t in tag} == {owner}, tag
    assert archs.of_gpu("", "GB200 NVL72").name == "blackwell"
    assert archs.of_gpu("", "H20 96GB").name == "hopper"
    assert archs.of_gpu("", "Mystery-1").name == ""


def test_nvls_architectures_have_a_fitted_eta() -> None:
    for a in archs.ARCHS.values():
        assert bool(a.nvls_min_ranks) == bool(a.nvls_eta), a.name


def test_the_fit_starts_from_the_rows() -> None:
    for a in archs.ARCHS.values():
        assert PARAMS.nvls_eta_of(a) == a.nvls_eta
        assert PARAMS.step_scale_of(a) == a.step_scale
        assert PARAMS.p2p_channel_of(a) == a.p2p_channel_gb_per_s
        assert PARAMS.deepep_pipe_of(a) == a.deepep_pipe_gb_per_s


def test_a_manifest_naming_an_unknown_architecture_is_an_error() -> None:
    text = (
        "version: 1\nclusters:\n  - name: x\n    nodes: 1\n    gpus_per_node: 2\n"
        "    gpu: {name: H100-SXM5-80GB, arch: hoper}\n"
    )
    with pytest.raises(ManifestError, match='"hoper" is not a GPU architecture'):
        hardware_from_text(text, "hw.yaml")
