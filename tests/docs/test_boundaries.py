"""Stage boundaries: data flows one way (docs/ARCHITECTURE.md).  A stage imports earlier stages
and the shared modules, and of a later stage at most its types module; no stage imports the
orchestration (pipeline, commands, fixes, plan) that runs it."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "linter" / "toplint"
STAGES = (
    "discover",
    "parse",
    "hardware",
    "placement",
    "cost",
    "outcome",
    "facts",
    "rulebook",
    "report",
)
ORCHESTRATION = ("pipeline", "commands", "cli", "fix", "plan")
# Modules of a stage or of the pipeline that only define the values crossing a boundary.
TYPES_MODULES = {f"toplint.{s}.types" for s in (*STAGES, "pipeline")} | {"toplint.parse.base"}

# (importing module, imported module): why the import goes against the flow.
EXCEPTIONS = {
    ("discover/files.py", "toplint.parse.run"): "a file that cannot be read is a TL001 finding, "
    "built by the parse stage's `unparsable`",
    ("parse/k8s_kaito.py", "toplint.hardware.catalog"): "a KAITO workspace names an instance "
    "type; the instance catalog says which GPUs it has",
    ("parse/cfn_sagemaker.py", "toplint.hardware.catalog"): "a SageMaker endpoint names an "
    "instance type; the instance catalog says how many GPUs its container sees",
    ("parse/k8s_container.py", "toplint.hardware.accelerators"): "a pod's extended resources "
    "may name an accelerator toplint does not model (`google.com/tpu`); the one table says which",
    ("report/builtin.py", "toplint.suppression.inline"): "the built-in plugin documents the "
    "suppression rules TL002/TL006",
    ("rulebook/testing.py", "toplint.pipeline.analyze"): "the public rule-case runner runs a "
    "case through the pipeline's entry point `run_parsed`",
    ("rulebook/testing.py", "toplint.pipeline.lint"): "the rule-case runner finds the rule "
    "under test among all rules (`all_rules`)",
    ("rulebook/testing.py", "toplint.fix.resolve"): "the rule-case runner turns a fix's intents "
    "into edits to check a case's expected `fixed:` text",
    ("rulebook/testing.py", "toplint.fix.apply"): "the rule-case runner applies those edits to "
    "check a case's expected `fixed:` text",
}


def _stage_imports() -> list[tuple[str, str, str, str]]:
    """(module path, its stage, imported module, imported package) for every toplint import."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = os.path.relpath(path, PACKAGE).replace(os.sep, "/")
        stage = rel.split("/")[0]
        if stage not in STAGES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith("toplint."):
                    found.append((rel, stage, name, name.split(".")[1]))
    return found


IMPORTS = _stage_imports()


def _against_the_flow(stage: str, module: str, package: str) -> bool:
    if package in ORCHESTRATION:
        return module not in TYPES_MODULES
    if package in STAGES and STAGES.index(package) > STAGES.index(stage):
        return module not in TYPES_MODULES
    return False


def test_no_stage_imports_a_later_stage_or_the_orchestration() -> None:
    wrong = sorted(
        f"{rel} imports {module}"
        for rel, stage, module, package in IMPORTS
        if _against_the_flow(stage, module, package) and (rel, module) not in EXCEPTIONS
    )
    assert wrong == []


@pytest.mark.parametrize(("rel", "module"), sorted(EXCEPTIONS))
def test_each_exception_is_still_needed(rel: str, module: str) -> None:
    assert any(r == rel and m == module for r, _, m, _ in IMPORTS), f"drop {rel} -> {module}"


def test_cost_and_facts_do_not_import_the_rulebook() -> None:
    assert [
        (rel, module)
        for rel, stage, module, package in IMPORTS
        if stage in ("cost", "facts") and package == "rulebook"
    ] == []
