"""``surely_valid`` never says yes where jsonschema finds an error, and says yes to valid input."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from toplint.infra.schemafast import surely_valid

ROOT = Path(__file__).resolve().parents[2]


def _schema(name: str) -> dict[str, Any]:
    text = resources.files("toplint.schemas").joinpath(name).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _manifests() -> list[Any]:
    files = [
        ROOT / "examples" / "hardware.yaml",
        *sorted(ROOT.glob("tests/corpus/manifests/*.yaml")),
    ]
    return [yaml.safe_load(f.read_text("utf-8")) for f in files if f.is_file()]


def _rules() -> list[Any]:
    return [yaml.safe_load(f.read_text("utf-8")) for f in sorted((ROOT / "rules").glob("*.yaml"))]


def _config() -> Any:
    return {
        "select": ["TL1", "TL201"],
        "ignore": "TL003",
        "exclude": ["vendor/**"],
        "per-file-ignores": {"legacy/*.sh": ["TL1"]},
        "rules": {"TL105": {"severity": "warning"}, "TL101": "info"},
    }


CASES = [("hardware.schema.json", d) for d in _manifests()]
CASES += [("rule.schema.json", d) for d in _rules()]
CASES += [("config.schema.json", _config())]


def _paths(data: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield at
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*at, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, (*at, i))


def _mutants(data: Any) -> Iterator[Any]:
    """Each value replaced by wrong types and edge values, each key dropped, a stray key added."""
    replacements: list[Any] = [None, True, 0, -1, 2.5, 1.0, "", "x", [], {}, [1], {"zz": 1}]
    for path in _paths(data):
        for new in replacements:
            yield _set(data, path, new)
        if path:
            yield _set(data, path, _DROP)
        yield _set(data, (*path, "zz_unknown"), 1)


_DROP = object()


def _set(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    out = copy.deepcopy(data)
    parent = out
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if new is _DROP:
        del parent[last]
    elif isinstance(parent, dict) or (isinstance(parent, list) and isinstance(last, int)):
        if isinstance(parent, list) and last >= len(parent):
            return out
        parent[last] = new
    return out


def _errors(schema: dict[str, Any], data: Any) -> list[Any]:
    return list(jsonschema.Draft202012Validator(schema).iter_errors(data))


@pytest.mark.parametrize(("schema", "data"), CASES)
def test_valid_documents_are_recognised(schema: str, data: Any) -> None:
    assert _errors(_schema(schema), data) == []
    assert surely_valid(data, _schema(schema))


@pytest.mark.parametrize(("schema", "data"), CASES)
def test_never_valid_where_jsonschema_finds_an_error(schema: str, data: Any) -> None:
    full = _schema(schema)
    wrong = [m for m in _mutants(data) if surely_valid(m, full) and _errors(full, m)]
    assert wrong == []


def test_unknown_keyword_defers_to_jsonschema() -> None:
    assert not surely_valid(1, {"multipleOf": 2})


def test_remote_reference_defers_to_jsonschema() -> None:
    assert not surely_valid(1, {"$ref": "https://example.com/s.json"})


def test_integral_float_is_an_integer() -> None:
    assert surely_valid(2.0, {"type": "integer"})
    assert not surely_valid(True, {"type": "integer"})


def test_items_after_prefix_items() -> None:
    schema = {"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}
    assert surely_valid(["a", 1, 2], schema)
    assert not surely_valid(["a", "b"], schema)
