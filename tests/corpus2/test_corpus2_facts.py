"""Every file of tests/data/corpus2 is read without a crash, and the facts INDEX.md states come out.

Rows are in ``rows.py``.  A row lists the deployments the file holds (any order); each expected
dict must be matched by a distinct deployment whose fields equal it.  Rows whose reader has not
landed are strict xfails, so they must be unmarked the day they pass.
"""

from __future__ import annotations

from itertools import permutations
from pathlib import Path
from typing import Any

import pytest

from toplint.model import Deployment, ParseResult

from .rows import ROWS, Row

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus2"
NOT_DEPLOYMENT_FILES = ("INDEX.md",)


def parse(rel: str) -> ParseResult:
    """The file read as ``toplint`` reads it (``read_source``: UTF-8, CRLF as LF), then parsed."""
    from toplint.discover.files import read_source
    from toplint.parse.base import Source
    from toplint.parse.builtin import toplint_parsers
    from toplint.parse.run import parse_source

    source = read_source(str(CORPUS / rel))
    assert isinstance(source, Source), source
    return parse_source(source, toplint_parsers())


def facts_of(deployment: Deployment, keys: list[str]) -> dict[str, Any]:
    return {key: getattr(deployment, key) for key in keys}


def matches(expected: tuple[dict[str, Any], ...], found: tuple[Deployment, ...]) -> bool:
    """Some assignment of distinct deployments satisfies every expected dict."""
    if len(expected) != len(found):
        return False
    for order in permutations(found):
        if all(facts_of(d, list(e)) == e for e, d in zip(expected, order, strict=True)):
            return True
    return False


def params() -> list[Any]:
    out = []
    for row in ROWS:
        marks = [pytest.mark.xfail(strict=True, reason=row.pending)] if row.pending else []
        out.append(pytest.param(row, id=row.file, marks=marks))
    return out


def corpus_files() -> list[str]:
    files = (p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*") if p.is_file())
    return sorted(f for f in files if f not in NOT_DEPLOYMENT_FILES)


@pytest.mark.parametrize("row", params())
def test_facts_match_index(row: Row) -> None:
    found = parse(row.file).deployments
    shown = [
        facts_of(d, ["name", "engine", "model", "tp", "pp", "nodes", "gpus_per_node"])
        for d in found
    ]
    assert matches(row.deployments, found), shown


@pytest.mark.parametrize("rel", corpus_files())
def test_file_parses_without_tl001(rel: str) -> None:
    result = parse(rel)
    assert [f.message for f in result.findings if f.rule == "TL001"] == []


def test_every_corpus2_file_has_a_row() -> None:
    assert sorted(row.file for row in ROWS) == corpus_files()


def test_index_lists_every_file() -> None:
    index = (CORPUS / "INDEX.md").read_text()
    assert [f for f in corpus_files() if f"| {f} |" not in index] == []


@pytest.mark.parametrize("row", [r for r in ROWS if r.hardware], ids=lambda r: r.file)
def test_the_files_own_hints_select_the_system_index_names(row: Row) -> None:
    from toplint.hardware.hints import infer

    found = [infer(d) for d in parse(row.file).deployments]
    assert [f.cluster.instance if f else None for f in found] == [row.hardware] * len(found)
