"""The real-incident suite (tests/incidents/README.md), scored by benchmarks/incidents.py.

The development half is held at its current level so it cannot silently regress; the held-out
half is a reported number (`python benchmarks/incidents.py`), never tuned, so no test asserts it.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest
from conftest import load_benchmark

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "incidents" / "cases"

# Raise these as rules land; never lower them to make a change pass.
DEVELOPMENT_ON_TOP = 13
DEVELOPMENT_CONTROLS_WITH_ERROR = 0


def _bench() -> ModuleType:
    return load_benchmark("incidents.py", "toplint_incidents_bench")


def test_split_covers_every_case_once() -> None:
    halves = _bench().halves()
    listed = halves["development"] + halves["held-out"]
    assert sorted(listed) == sorted(p.name for p in CASES.iterdir())
    assert len(listed) == len(set(listed)) >= 40


@pytest.mark.parametrize("case", sorted(p.name for p in CASES.iterdir()))
def test_case_cites_its_thread(case: str) -> None:
    text = (CASES / case / "case.yaml").read_text(encoding="utf-8")
    assert re.search(r'url: "https://github\.com/[^/]+/[^/]+/(issues|pull)/\d+"', text)
    assert re.search(r"^root_cause: \"\S", text, re.M)
    expect = re.search(r"^expect: (\S+)", text, re.M)
    assert expect and (expect[1] == "not-judgeable" or re.fullmatch(r"TL\d{3}", expect[1]))
    if expect[1] == "not-judgeable":
        assert re.search(r"^why: \"\S", text, re.M)
    for key in ("config", "control"):
        rel = re.search(rf'^{key}: "([^"]+)"', text, re.M)
        if rel:
            assert (CASES / case / rel[1]).is_file()


@pytest.mark.slow
def test_development_half_holds_its_level() -> None:
    result, _ = _bench().run_half("development")
    assert result.on_top >= DEVELOPMENT_ON_TOP
    assert result.controls_with_error <= DEVELOPMENT_CONTROLS_WITH_ERROR
