"""Issue 25's properties over every real input the repository holds (benchmarks/properties.py):
the shared corpus, tests/data/corpus2 and every open-world set (on the corpus manifests), the
incident cases (failing and control configs, each with its case's toplint.yaml) and the recipes.

- ``plan``'s first pick (the command it prints, checked as a file beside the input) gets no
  warning or error that another layout it ranks would not get;
- a fix ``--fix --unsafe-fixes`` applies leaves the deployment starting and fitting, and one of
  a deployment that ran makes neither TTFT nor ITL worse at the declared workload;
- a fix ``check`` shows passes the validation ``--fix`` gives one it applies;
- ``plan``'s ITL and TTFT for its pick are what ``check`` and ``cost`` read for its command.

The default run checks inputs drawn by lot from each set (``random.Random(SEED)``); the whole
sweep runs with ``-m slow``.  Held-out halves (open-world, incident and recipe splits) are never
asserted on input by input: ``python benchmarks/properties.py`` counts them.
"""

from __future__ import annotations

import pytest
from conftest import HAVE_SHARED, load_benchmark

PROPS = load_benchmark("properties.py", "toplint_properties_bench")
SEED, PER_SET = 25, 6

# Every input, listed once (walking the sets and reading each recipe.yaml takes most of a CPU
# second, and every worker collects this module).
INPUTS = list(PROPS.inputs())
# Inputs asserted on: every set's development half, and the sets without a split.
ASSERTED = [x for x in INPUTS if x.half != "held-out" and (HAVE_SHARED or x.set != "corpus")]
SETS = sorted({x.set for x in ASSERTED})


def _violations(items: list) -> list[str]:
    result = PROPS.run(items)
    return [f"{kind} {item.path} [{item.key}]: {msg}" for item, kind, msg in result.violations]


def test_every_split_set_has_halves_and_every_input_is_in_one() -> None:
    items = INPUTS
    assert {x.half for x in items} <= {"development", "held-out", "all"}
    assert {"corpus2", "incidents", "recipes"} <= {x.set for x in items}
    assert sum(x.set.startswith("open_world") for x in items) > 0


def test_a_sample_of_every_set_holds_the_properties() -> None:
    items = []
    for name in SETS:
        items += PROPS.sample([x for x in ASSERTED if x.set == name], PER_SET, SEED)
    result = PROPS.run(items)
    assert result.tried["plan"] > 0 and result.tried["fix"] > 0, "nothing planned or fixed"
    shown = [f"{k} {i.path}: {m}" for i, k, m in result.violations]
    assert shown == []


@pytest.mark.slow
@pytest.mark.parametrize("name", SETS)
def test_every_input_of_the_set_holds_the_properties(name: str) -> None:
    assert _violations([x for x in ASSERTED if x.set == name]) == []
