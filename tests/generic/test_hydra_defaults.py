"""Hydra `defaults:` composition inside the repository (toplint.parse.generic.hydra)."""

from __future__ import annotations

from pathlib import Path

from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source


def _parse(path: Path):  # type: ignore[no-untyped-def]
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def _repo(tmp_path: Path, primary: str) -> Path:
    (tmp_path / "serving").mkdir()
    (tmp_path / "cluster").mkdir()
    serving = "engine: vllm\ntensor_parallel_size: 4\npipeline_parallel_size: 2\n"
    (tmp_path / "serving" / "tp4.yaml").write_text(serving)
    cluster = "# @package _global_\nnum_nodes: 2\ngpus_per_node: 4\n"
    (tmp_path / "cluster" / "two.yaml").write_text(cluster)
    (tmp_path / "config.yaml").write_text(primary)
    return tmp_path / "config.yaml"


def test_groups_compose_under_their_package_and_global_files_at_the_root(tmp_path: Path) -> None:
    primary = "defaults:\n  - serving: tp4\n  - cluster: two\n  - _self_\nmodel_id: org/m\n"
    (dep,) = _parse(_repo(tmp_path, primary)).deployments
    assert (dep.engine, dep.model, dep.tp, dep.pp, dep.nodes, dep.gpus) == (
        "vllm",
        "org/m",
        4,
        2,
        2,
        8,
    )
    assert dep.sources["tp"].path.endswith("tp4.yaml")  # placed where it is written
    assert dep.sources["tp"].line == 2


def test_the_primary_config_wins_after_its_defaults(tmp_path: Path) -> None:
    primary = "defaults:\n  - serving: tp4\nserving:\n  tensor_parallel_size: 8\n"
    (dep,) = _parse(_repo(tmp_path, primary)).deployments
    assert dep.tp == 8 and dep.sources["tp"].path.endswith("config.yaml")


def test_an_entry_outside_the_repository_or_missing_composes_nothing(tmp_path: Path) -> None:
    primary = "defaults:\n  - serving: ../../etc/x\n  - other: missing\n"
    assert _parse(_repo(tmp_path, primary)).deployments == ()
