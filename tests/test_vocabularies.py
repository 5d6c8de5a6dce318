"""Closed vocabularies are types: mypy strict rejects a misspelled member, and a misspelled
fact constant (issue 29, point 5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

LINTER = Path(__file__).resolve().parents[1] / "linter"

# Each line misspells one member of a closed vocabulary; mypy must report every line.
TYPOS = """\
from toplint.cost.types import Collective
from toplint.engines.types import Engine
from toplint.facts import registry as F
from toplint.model import Fix, Intent
from toplint.placement.types import Placement
from toplint.rulebook.types import Rule
from toplint.unchecked import Unchecked


def typos(engine: Engine, placement: Placement, rule: Rule, row: Collective) -> object:
    return (
        Intent("set-flg", "tensor-parallel-size", "4"),
        Fix("x", applicability="unsave"),
        engine.ep_layout == "dp_xtp",
        placement.worst("tpp"),
        rule.fix_safety == "unsave",
        row.phase == "prefil",
        Unchecked("no-manfest", "why"),
        F.TP_DECODE_COM_MS,
    )
"""


@pytest.mark.slow  # a mypy run: about 1 s alone, several on a loaded machine
def test_mypy_rejects_a_misspelled_member_of_each_closed_vocabulary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MYPYPATH", str(LINTER))
    snippet = tmp_path / "typos.py"
    snippet.write_text(TYPOS, encoding="utf-8")
    out, err, status = api.run(
        [
            "--strict",
            "--no-incremental",
            "--cache-dir=/dev/null",
            "--config-file=",
            "--python-version=3.11",
            str(snippet),
        ]
    )
    assert status == 1, out + err
    flagged = {int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line}
    typo_lines = {
        n for n, text in enumerate(TYPOS.splitlines(), 1) if '"' in text or "F.TP_" in text
    }
    assert flagged == typo_lines, out
