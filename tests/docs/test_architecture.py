"""docs/ARCHITECTURE.md says only what the code does: every module, class and function it names
exists, every signature it spells out has those parameters, and its facts table is the
registry's."""

from __future__ import annotations

import importlib
import inspect
import os
import re
from typing import Any

import pytest

from toplint.facts.registry import markdown_table

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "ARCHITECTURE.md")

with open(DOC, encoding="utf-8") as _handle:
    TEXT = _handle.read()

# `toplint.a.b`, `toplint.a.b.name` or `toplint.a.b.name(params) -> result`, in backticks.
NAMED = re.compile(r"`(toplint(?:\.\w+)+)(?:\(([^`]*?)\))?(?: -> [^`]*)?`")
# A backticked name in a table row of the contracts: `Name` beside its module.
CONTRACT_ROW = re.compile(r"^\| (.+?) \| `(toplint(?:\.\w+)+)` \|", re.MULTILINE)


def resolve(dotted: str) -> Any:
    """The module, or the attribute of the longest importable module prefix, ``dotted`` names."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name)
        return obj
    raise ModuleNotFoundError(dotted)


def parameters(spelled: str) -> list[str]:
    """Parameter names as the doc spells them: ``a, b=..., *, c`` -> ["a", "b", "c"]."""
    names = []
    for part in spelled.split(","):
        name = part.split("=")[0].split(":")[0].strip()
        if name and name not in ("*", "/", "...", "…"):
            names.append(name.lstrip("*"))
    return names


NAMES = sorted({m.group(1) for m in NAMED.finditer(TEXT)})
SIGNATURES = sorted(
    {(m.group(1), m.group(2)) for m in NAMED.finditer(TEXT) if m.group(2) is not None}
)
CONTRACTS = sorted(
    (module, name)
    for row in CONTRACT_ROW.finditer(TEXT)
    for module in [row.group(2)]
    for name in re.findall(r"`([A-Z]\w*)`", row.group(1))
)


@pytest.mark.parametrize("dotted", NAMES)
def test_every_named_module_and_function_exists(dotted: str) -> None:
    resolve(dotted)


@pytest.mark.parametrize(("dotted", "spelled"), SIGNATURES)
def test_every_spelled_signature_has_those_parameters(dotted: str, spelled: str) -> None:
    actual = list(inspect.signature(resolve(dotted)).parameters)
    shown = parameters(spelled)
    assert shown == actual[: len(shown)], f"{dotted}({spelled}): the code has {actual}"
    required = [
        n
        for n, p in inspect.signature(resolve(dotted)).parameters.items()
        if p.default is inspect.Parameter.empty
        and p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    ]
    assert set(required) <= set(shown) or "..." in spelled, f"{dotted} also needs {required}"


@pytest.mark.parametrize(("module", "name"), CONTRACTS)
def test_every_contract_type_lives_in_its_module(module: str, name: str) -> None:
    defined = getattr(importlib.import_module(module), name, None)
    assert defined is not None, f"{module} has no {name}"
    assert getattr(defined, "__module__", module) == module, f"{name} is defined elsewhere"


def test_the_doc_names_something() -> None:
    assert len(NAMES) > 10 and len(SIGNATURES) > 5 and len(CONTRACTS) > 10


def test_facts_table_is_the_registry() -> None:
    begin, end = "<!-- facts:begin -->\n", "<!-- facts:end -->"
    table = TEXT.split(begin, 1)[1].split(end, 1)[0]
    assert table == markdown_table(), "regenerate it: python -m toplint.facts.registry"


# A checkout path in backticks (`tests/docs/x.py`, `linter/toplint/engines/`); placeholders in
# capitals (NAME, TLxxx) name a file to write, not one that exists.
PATHS = sorted(
    {
        p
        for p in re.findall(
            r"`((?:linter|rules|schemas|tests|docs|benchmarks|examples)/[^`\s]*)`", TEXT
        )
        if not re.search(r"[A-Z]{2,}|xxx", p)
    }
)


@pytest.mark.parametrize("path", PATHS)
def test_every_named_path_exists(path: str) -> None:
    assert os.path.exists(os.path.join(ROOT, path)), f"docs/ARCHITECTURE.md names {path}"
