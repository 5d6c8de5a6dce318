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


def _nemo_rl(tmp_path: Path) -> Path:
    """NeMo-RL's inheritance (NVIDIA-NeMo/RL@7ea279abfbeb698b092856d0dab61e7cf39bc909
    nemo_rl/utils/config.py ``load_config_with_inheritance``; the shape of
    examples/configs/recipes/llm/grpo-nanov3-30ba3b-4n4g-megatron-qa-nvfp4-w4a16-real.yaml,
    whose vLLM TP 4 is written two parents up): ``defaults`` names parent files by path."""
    (tmp_path / ".git").mkdir(parents=True)  # the repository references must stay inside
    (tmp_path / "configs" / "recipes" / "llm").mkdir(parents=True)
    (tmp_path / "modelopt").mkdir()
    base = "policy:\n  generation:\n    backend: vllm\n    vllm_cfg:\n"
    base += "      tensor_parallel_size: 1\n      gpu_memory_utilization: 0.6\n"
    (tmp_path / "configs" / "grpo_math_1B.yaml").write_text(base)
    middle = 'defaults: "../configs/grpo_math_1B.yaml"\npolicy:\n  generation:\n'
    middle += "    vllm_cfg:\n      tensor_parallel_size: 4\n"
    (tmp_path / "modelopt" / "qa_grpo.yaml").write_text(middle)
    recipe = "defaults: ../../../modelopt/qa_grpo.yaml\npolicy:\n  model_name: org/m\n"
    recipe += "  generation:\n    vllm_cfg:\n      gpu_memory_utilization: 0.35\n"
    recipe += "cluster:\n  gpus_per_node: 4\n  num_nodes: 1\n"
    path = tmp_path / "configs" / "recipes" / "llm" / "grpo.yaml"
    path.write_text(recipe)
    return path


def test_parents_named_by_path_merge_under_the_config_grandparent_first(tmp_path: Path) -> None:
    (dep,) = _parse(_nemo_rl(tmp_path)).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 4)
    assert dep.options["gpu_memory_utilization"] == "0.35"  # the child's own wins
    assert dep.sources["tp"].path == str(tmp_path / "modelopt" / "qa_grpo.yaml")
    assert dep.sources["tp"].line == 5


def test_a_parent_outside_the_repository_is_not_read(tmp_path: Path) -> None:
    path = _nemo_rl(tmp_path / "repo")
    (tmp_path / "x.yaml").write_text("policy:\n  generation:\n    vllm_cfg:\n      tp_size: 8\n")
    text = path.read_text().replace("../../../modelopt/qa_grpo.yaml", "../../../../x.yaml")
    path.write_text(text)
    (dep,) = _parse(path).deployments
    assert (dep.tp, "tp" in dep.sources, dep.unresolved) == (1, False, ())
