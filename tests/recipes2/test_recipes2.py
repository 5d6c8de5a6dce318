"""The second working-recipe suite (tests/recipes2/README.md), scored by
`python benchmarks/recipes.py --set recipes2`.

The same checks as tests/recipes/test_recipes.py on the second collection: every recipe cites its
source and stated hardware, the split covers each recipe once, and the development half reads right
and gets no error.  The held-out half is a reported number, never tuned, so no test asserts it.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from conftest import load_benchmark

SUITE = Path(__file__).resolve().parent
RECIPES = sorted(p.name for p in SUITE.iterdir() if p.is_dir() and not p.name.startswith("_"))


def _bench() -> ModuleType:
    return load_benchmark("recipes.py", "toplint_recipes_bench")


def test_split_covers_every_recipe_once() -> None:
    halves = _bench().halves("recipes2")
    listed = halves["development"] + halves["held-out"]
    assert sorted(listed) == RECIPES
    assert len(listed) == len(set(listed)) >= 24


@pytest.mark.parametrize("recipe", RECIPES)
def test_recipe_cites_its_source_and_stated_hardware(recipe: str) -> None:
    spec = yaml.safe_load((SUITE / recipe / "recipe.yaml").read_text(encoding="utf-8"))
    source = spec["source"]
    assert re.fullmatch(r"[0-9a-f]{40}", source["commit"])
    assert source["url"].startswith(f"https://github.com/{source['repository']}/blob/")
    assert spec["hardware_stated"] and spec["expect"] == "no-error"
    for rel in spec["config"]:
        first = (SUITE / recipe / rel).read_text(encoding="utf-8").split("\n", 1)[0]
        assert source["repository"] in first  # each config file names where it was copied from
    assert (SUITE / recipe / "hardware.yaml").is_file()


def test_development_half_reads_right_and_gets_no_error() -> None:
    result, outcomes = _bench().run_half("development", "recipes2")
    wrong = [(o.recipe, o.read, o.errors) for o in outcomes if o.errors or not o.read_right]
    assert wrong == []
    assert result.with_error == 0 and result.read_right == result.recipes
