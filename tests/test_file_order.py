"""The order tests/conftest.py hands the test files out in (the heaviest first, FIRST): every
file it names exists, and reordering keeps each file's tests together and in their order."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from conftest import FIRST, _file_order

ROOT = Path(__file__).resolve().parents[1]


def test_every_file_handed_out_first_exists() -> None:
    assert [f for f in FIRST if not (ROOT / f).is_file()] == []


def test_reordering_keeps_each_files_tests_together_and_in_order() -> None:
    ids = ["tests/a.py::x", "tests/b.py::y1", "tests/a.py::z", "tests/b.py::y2", "tests/b.py::y3"]
    ids.append(FIRST[0] + "::t")
    items: list[Any] = [SimpleNamespace(nodeid=i) for i in ids]
    got = [item.nodeid for item in _file_order(items)]
    assert sorted(got) == sorted(ids)
    first, b = [FIRST[0] + "::t"], ["tests/b.py::y1", "tests/b.py::y2", "tests/b.py::y3"]
    a = ["tests/a.py::x", "tests/a.py::z"]
    assert got == [*first, *b, *a]  # FIRST, then the file of more tests
