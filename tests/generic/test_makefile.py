"""Makefile recipes that start an engine (issue 24, point 5)."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

MAKEFILE = """\
MODEL ?= org/m
TP := 4

.PHONY: serve
serve:
\t@echo starting
\tCUDA_VISIBLE_DEVICES=0,1,2,3 vllm serve $(MODEL) \\
\t\t--tensor-parallel-size $(TP)
"""


def test_a_recipe_is_read_with_the_makefile_variables_and_positions() -> None:
    dep = only("Makefile", MAKEFILE)
    assert (dep.engine, dep.model, dep.tp, dep.source_kind) == ("vllm", "org/m", 4, "makefile")
    assert dep.path == "Makefile" and dep.line == 7
    assert (dep.sources["tp"].path, dep.sources["tp"].line) == ("Makefile", 8)


def test_a_makefile_that_runs_no_engine_yields_nothing() -> None:
    text = "IMAGE ?= vllm-serve\ndocker:\n\tdocker build -t $(IMAGE) .\n"
    assert parse_text("Makefile", text).deployments == ()
