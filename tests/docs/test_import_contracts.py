"""The import graph keeps the shape docs/ARCHITECTURE.md draws.

The import-linter contracts of pyproject.toml ([tool.importlinter]: the stage layers, the reading
stage's layers, no circles, what a Python rule may import) hold, and every import they ignore is
listed with its reason in the doc."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

CONTRACTS: list[dict[str, Any]] = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))[
    "tool"
]["importlinter"]["contracts"]

# What a Python rule may import (every other toplint module is in the "rules" contract's
# forbidden list, which the last test keeps complete): the shared types, its context's and the
# facts' vocabularies, the rule-writing helpers, the engine records and the knowledge tables.
RULES_MAY_IMPORT = (
    "toplint",
    "toplint.accelerators",
    "toplint.catalog_types",
    "toplint.engines",
    "toplint.errors",
    "toplint.facts",
    "toplint.facts.registry",
    "toplint.hardware",
    "toplint.hardware.archs",
    "toplint.hardware.contexts",
    "toplint.hardware.data",
    "toplint.hardware.formats",
    "toplint.hardware.linkkinds",
    "toplint.hardware.p2plevel",
    "toplint.hardware.linktable",
    "toplint.hardware.linktypes",
    "toplint.hardware.models",
    "toplint.hardware.topology",
    "toplint.hardware.types",
    "toplint.hardware.units",
    "toplint.hardware.vision",
    "toplint.model",
    "toplint.optionkeys",  # the Deployment.options keys stages write (TL003, TL201, TL213)
    # the outcome model (issue 25): its records, the checkpoint's real bytes, and the judgement
    # of a changed deployment a rule weighs its fix or its alternatives with
    "toplint.outcome",
    "toplint.outcome.judge",
    "toplint.outcome.load",
    "toplint.outcome.cohosted",
    "toplint.outcome.colocation",
    "toplint.outcome.memory",
    "toplint.outcome.hostpool",  # a share free at start-up beside the host's use (TL217)
    "toplint.outcome.weights",  # weights and KV per GPU (outcome.memory's, fitadvice's FP8)
    "toplint.outcome.lengths",  # context lengths as the engine reads them (TL216)
    "toplint.outcome.fitting",  # settings with which it would fit, judged by outcome.memory (TL205)
    "toplint.outcome.precision",  # the GPU's number formats and the engine's answer (TL212)
    "toplint.outcome.starts",  # the engines' own start-up checks (TL206's divisibility)
    "toplint.outcome.refusals",  # the engines' refusals beyond the model's shape (TL213)
    "toplint.outcome.shards",  # what an engine divides over TP (TL202: vocabulary, vision heads)
    "toplint.outcome.marlin",  # the weight-only Marlin fallback's tiles (TL206)
    "toplint.outcome.states",  # a hybrid model's recurrent-state blocks (TL205)
    "toplint.outcome.statesplit",  # SGLang's state slots out of the KV pool (TL205)
    "toplint.outcome.virtual",  # vLLM V0's KV cache per pipeline stage (TL205)
    "toplint.outcome.towers",  # a multimodal model's towers in memory (TL205)
    "toplint.outcome.types",
    "toplint.parse",
    "toplint.parse.options",
    "toplint.parse.switchvalue",  # a switch given a value (TL005), what parse.options reports
    "toplint.parse.retired",  # an option earlier releases took (TL005), what parse.options reports
    "toplint.parse.flagfields",  # the bound of a parallel size (TL010)
    "toplint.parse.sizing",  # which setting names size a parallel dimension (TL003's wording)
    "toplint.placement",
    "toplint.placement.types",
    "toplint.record",
    "toplint.recordinit",
    "toplint.sourcekinds",  # what started a deployment: host, container, pod (TL201/211/215)
    "toplint.rulebook",
    "toplint.rulebook.alltoall",  # the sparse all-to-all backend TL110 and TL208 set
    "toplint.rulebook.analysis",
    "toplint.rulebook.fitadvice",  # what would fit when the weights do not (TL205's advice)
    "toplint.rulebook.stateblocks",  # a hybrid model's recurrent-state blocks, said (TL205)
    "toplint.rulebook.outsidefit",  # SGLang's room outside its fraction, said (TL205)
    "toplint.rulebook.devshm",  # NCCL's /dev/shm files at start-up (TL215)
    "toplint.rulebook.helpers",
    "toplint.rulebook.outcomes",
    "toplint.rulebook.types",
    "toplint.unchecked",  # why a deployment was not checked (TL007)
)


def test_the_contracts_hold() -> None:
    """The checkout's graph, as tools that follow imports see it: ``linter/`` is the source
    root and ``rules`` the checkout's rules/ folder, whether toplint is installed editable or
    not (a regular install puts toplint.rules and toplint.schemas inside the package folder).
    Run in a fresh interpreter: this one has already imported the installed ``toplint``."""
    import subprocess

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "linter"), str(ROOT)])}
    script = (
        "import sys; from importlinter.cli import lint_imports; "
        f"sys.exit(lint_imports({str(ROOT / 'pyproject.toml')!r}, no_cache=True, no_logo=True))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(CONTRACTS)} kept, 0 broken" in done.stdout, done.stdout


def _ignored() -> set[str]:
    return {i for c in CONTRACTS for i in c.get("ignore_imports", ())}


@pytest.mark.parametrize("ignored", sorted(_ignored()))
def test_every_ignored_import_is_listed_in_the_architecture(ignored: str) -> None:
    importer, imported = (part.strip() for part in ignored.split("->"))
    listed = re.search(rf"`{re.escape(importer)}`\s*(->|→)\s*`{re.escape(imported)}`", DOC)
    assert listed, f"docs/ARCHITECTURE.md does not list the ignored import {ignored}"


def test_a_rule_may_import_only_what_is_listed_or_forbidden() -> None:
    """A module added to toplint is either allowed to rules here or forbidden to them there."""
    import pkgutil

    rules = next(c for c in CONTRACTS if c["id"] == "rules")
    forbidden = tuple(rules["forbidden_modules"])
    # The checkout's package folder (an installed toplint also holds rules/ and schemas/).
    package = [str(ROOT / "linter" / "toplint")]
    modules = {"toplint"} | {info.name for info in pkgutil.walk_packages(package, "toplint.")}
    modules = {m for m in modules if not m.startswith("toplint.rules")}  # the rules themselves
    unaccounted = sorted(
        m
        for m in modules
        if m not in RULES_MAY_IMPORT
        and not any(m == f or m.startswith(f + ".") for f in forbidden)
        and not m.startswith("toplint.engines.")
    )
    assert unaccounted == []
