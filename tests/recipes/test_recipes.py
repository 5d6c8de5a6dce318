"""The working-recipe suites (tests/recipes*/README.md), scored by
`python benchmarks/recipes.py --set recipes|recipes2|...|recipes10`.

Every recipe is a configuration an engine's or operator's own documentation (recipes, recipes2)
or one of its users (recipes3; recipes4 in the engines' trackers; recipes5 for a platform;
recipes6 what users run in 2026; recipes7 on datacenter GPUs; recipes8 on workstation,
datacenter and Kubernetes serving in 2026; recipes9 on Kubernetes and across nodes; recipes10
measured datacenter-GPU, large-MoE and disaggregated runs that projects publish) publishes
as working on the
hardware it names, so each suite's development half must read right and get no error
(``COVERAGE_GAPS`` apart).  The held-out halves are reported numbers
(`python benchmarks/recipes.py`), never tuned, so no test asserts them.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from conftest import load_benchmark

TESTS = Path(__file__).resolve().parents[1]
# suite name (benchmarks/recipes.py --set) -> (folder, the fewest recipes it was collected with)
SUITES = {
    "recipes": (TESTS / "recipes", 30),
    "recipes2": (TESTS / "recipes2", 24),
    "recipes3": (TESTS / "recipes3", 24),
    "recipes4": (TESTS / "recipes4", 20),
    "recipes5": (TESTS / "recipes5", 20),
    "recipes6": (TESTS / "recipes6", 16),
    "recipes7": (TESTS / "recipes7", 11),
    "recipes8": (TESTS / "recipes8", 12),
    "recipes9": (TESTS / "recipes9", 12),
    "recipes10": (TESTS / "recipes10", 13),
    "recipes11": (TESTS / "recipes11", 17),
    "recipes12": (TESTS / "recipes12", 12),
    "recipes13": (TESTS / "recipes13", 15),
    "recipes14": (TESTS / "recipes14", 13),
    "recipes15": (TESTS / "recipes15", 10),
    "recipes16": (TESTS / "recipes16", 10),
    "recipes17": (TESTS / "recipes17", 11),
    "recipes18": (TESTS / "recipes18", 10),
    "recipes19": (TESTS / "recipes19", 12),
}
# Development recipes whose layout is not in the files toplint reads, so it is unresolved, not
# read: a config that names a file toplint may not open (a path outside the repository: TL009, an
# error by the read policy, docs/threat-model.md) - the only error it may get - or one whose
# parallel sizes live in an artifact the repository does not hold (no error).  No claim about the
# deployment's outcome.
COVERAGE_GAPS: dict[tuple[str, str], list[str]] = {
    # NVIDIA/TensorRT-LLM#7364: `--extra_llm_api_options /tmp/config.yml`, the file in the
    # container (its PP and EP are what the file would say)
    ("recipes4", "tr-qwen3-30b-a3b-fp8-tp1-h800"): ["TL009"],
    # Triton's tensorrtllm backend (config.pbtxt `backend: "tensorrtllm"`) runs the engine its
    # `gpt_model_path` names, built for a fixed TP (trtllm-build's checkpoint, recorded in the
    # engine directory - not in the repository) that the server's MPI world must match
    # (triton-inference-server/tensorrtllm_backend@039e5b4a scripts/launch_triton_server.py:
    # `--world_size`, "only support tensor parallelism now", one tritonserver rank each): TL008
    # info, no deployment
    ("recipes7", "ir-llama31-8b-fp8-trtllm-triton-tp1-h100pcie"): [],
}


def _recipes(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and not p.name.startswith("_"))


ALL = [(suite, recipe) for suite, (folder, _) in SUITES.items() for recipe in _recipes(folder)]


def _bench() -> ModuleType:
    return load_benchmark("recipes.py", "toplint_recipes_bench")


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_split_covers_every_recipe_once(suite: str) -> None:
    folder, fewest = SUITES[suite]
    halves = _bench().halves(suite)
    listed = halves["development"] + halves["held-out"]
    assert sorted(listed) == _recipes(folder)
    assert len(listed) == len(set(listed)) >= fewest


def _first(folder: Path, spec: dict[str, Any]) -> str:
    return (folder / spec["config"][0]).read_text(encoding="utf-8").split("\n", 1)[0]


@pytest.mark.parametrize(("suite", "recipe"), ALL)
def test_recipe_cites_its_source_and_stated_hardware(suite: str, recipe: str) -> None:
    folder = SUITES[suite][0] / recipe
    spec = yaml.safe_load((folder / "recipe.yaml").read_text(encoding="utf-8"))
    source = spec["source"]
    if "kind" in source:  # a thread or page (recipes3): its address and who wrote it, when
        assert source["url"].startswith("https://") and source["where"]
        # named by a part of its address: the repository, the thread's number, the post's id
        cited = next(
            (p for p in source["url"].split("/")[3:] if len(p) >= 5 and p in _first(folder, spec)),
            source["url"],
        )
    else:  # a file: its repository, commit and path
        assert re.fullmatch(r"[0-9a-f]{40}", source["commit"])
        assert source["url"].startswith(f"https://github.com/{source['repository']}/blob/")
        cited = source["repository"]
    assert spec["hardware_stated"] and spec["expect"] == "no-error"
    for rel in spec["config"]:
        first = (folder / rel).read_text(encoding="utf-8").split("\n", 1)[0]
        # each config file names where it was copied from (a thread by its address or repository)
        assert cited in first or source.get("repository", "\0") in first
    assert (folder / "hardware.yaml").is_file()


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_development_half_reads_right_and_gets_no_error(suite: str) -> None:
    result, outcomes = _bench().run_half("development", suite)
    gaps = {recipe: rules for (name, recipe), rules in COVERAGE_GAPS.items() if name == suite}
    wrong = [
        (o.recipe, o.read, o.errors)
        for o in outcomes
        if (o.errors or not o.read_right) and sorted(set(o.errors)) != gaps.get(o.recipe)
    ]
    assert wrong == []
    assert result.with_error == sum(bool(rules) for rules in gaps.values())
    assert result.read_right == result.recipes - len(gaps)
