"""Shipped data has one loader and one validation function, and its cache never answers with
what an older schema, fact list or toplint accepted."""

from __future__ import annotations

import ast
import functools
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import parsed_module

from toplint.errors import ConfigError
from toplint.infra import datacache, schemas
from toplint.infra.pkgdata import read_yaml
from toplint.rulebook.load import rule_from_yaml_text

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "linter" / "toplint"

RULE = """\
code: TL998
name: cached-rule
summary: A rule for the cache tests.
severity: warning
when: {gt: [tp.size, 1]}
message: "TP {tp.size}"
doc: "## What it does\\nTests.\\n"
"""


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TOPLINT_CACHE_DIR", str(tmp_path))
    datacache.set_enabled(True)
    yield tmp_path


def _tightened(monkeypatch: pytest.MonkeyPatch, change: Any) -> None:
    """Serve a changed rule schema, as a newer toplint would ship it."""
    text = schemas.schema_text("rule")
    tight = json.loads(text)
    change(tight)
    monkeypatch.setattr(schemas, "schema_text", lambda name: json.dumps(tight))
    monkeypatch.setattr(schemas, "schema", lambda name: tight)


def test_a_tightened_schema_rejects_a_rule_the_warm_cache_accepted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rule_from_yaml_text(RULE, "r.yaml")  # accepted, and now cached
    _tightened(monkeypatch, lambda s: s["properties"]["name"].update(pattern="^x-"))
    with pytest.raises(ConfigError, match=r"r\.yaml:2:7: name"):
        rule_from_yaml_text(RULE, "r.yaml")


def test_a_removed_fact_rejects_a_rule_the_warm_cache_accepted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from toplint.facts import registry

    rule_from_yaml_text(RULE, "r.yaml")
    fewer = {k: v for k, v in registry.FACTS.items() if k != "tp.size"}
    monkeypatch.setattr(registry, "FACTS", fewer)
    with pytest.raises(ConfigError, match=r"unknown fact `tp\.size`"):
        rule_from_yaml_text(RULE, "r.yaml")


def test_shipped_yaml_reads_back_the_same_from_the_cache() -> None:
    first = read_yaml("toplint.hardware.data", "gpus.yaml")
    again = read_yaml("toplint.hardware.data", "gpus.yaml")
    assert first == again and first["gpus"]


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


@functools.cache
def _imports(path: Path) -> frozenset[str]:
    tree = parsed_module(path)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return frozenset(names)


def _relative(path: Path) -> str:
    return os.path.relpath(path, PACKAGE).replace(os.sep, "/")


def test_only_yamlsafe_uses_pyyaml() -> None:
    """PyYAML is read in one place: the loader and the two modules it is split into (building
    values, a document's positions)."""
    users = [_relative(p) for p in _modules() if "yaml" in {n.split(".")[0] for n in _imports(p)}]
    assert sorted(users) == ["infra/yamlbuild.py", "infra/yamldoc.py", "infra/yamlsafe.py"]


def test_only_the_schema_module_validates_against_a_schema() -> None:
    def validates(path: Path) -> bool:
        names = _imports(path)
        return "jsonschema" in names or "toplint.infra.schemafast.surely_valid" in names

    assert [_relative(p) for p in _modules() if validates(p)] == ["infra/schemas.py"]


def test_the_cache_key_version_is_the_package_version() -> None:
    import sys

    import toplint

    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib
    with open(ROOT / "pyproject.toml", "rb") as handle:
        assert toplint.__version__ == tomllib.load(handle)["project"]["version"]
