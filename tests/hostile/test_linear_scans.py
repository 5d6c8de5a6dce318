"""Issue 30 item 4, round 2: scans of file text that were quadratic — launcher and directive
scans, in-tree configuration globs, TOML string placement, fix edits.  Each input took
seconds (minutes at the 4 MiB a lint target may have) before; each is bounded here in CPU
time well above what it takes now (tens of milliseconds) and well below what it took."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from toplint.model import Position


def _cpu(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def _sbatch_lines() -> object:
    from toplint.parse.text.launchers import directive_allocation

    # 30,000 directives: the line of each was counted from the file's start (3 s; 40,000: 5.4 s)
    alloc = directive_allocation("#SBATCH -N 1\n" * 29_999 + "#SBATCH -N 2\n", "x.sbatch")
    assert alloc.nodes == (2, Position("x.sbatch", 30_000, 12))
    return alloc


def _pbs_selects() -> object:
    from toplint.parse.text.launchers import directive_allocation

    # 8,000 `select=1:` with no `:ngpus=` in their word: each searched the word's rest (5.4 s)
    return directive_allocation("#PBS -l " + "select=1:" * 8000 + " :ngpus=2\n", "x.pbs")


def _srun_words() -> object:
    from toplint.parse.text.launchers import launcher_allocation

    # each launcher word read every word after it: 8,000 took 3.6 s
    words = [("srun", Position("x.sh", 1, k + 1)) for k in range(8000)]
    alloc = launcher_allocation([*words, ("-N", words[0][1]), ("3", words[1][1])])
    assert alloc.nodes is not None and alloc.nodes[0] == 3
    return alloc


def _toml_strings() -> object:
    from tests.parse.helpers import parse_text

    # each string of a TOML array was searched for from the file's start and its line counted
    # from there: 20,000 took 2.6 s, 40,000 9.9 s
    words = ", ".join(f'"x{i}"' for i in range(20_000))
    text = f'# "vllm"\n[a]\nnames = [{words}, "\\tz"]\nb = ["vllm", "serve", "org/m"]\n'
    result = parse_text("x.toml", text)
    assert [(d.line, d.column) for d in result.deployments] == [(4, 7)]
    return result


LINEAR = {
    "sbatch-lines": _sbatch_lines,
    "pbs-selects": _pbs_selects,
    "srun-words": _srun_words,
    "toml-strings": _toml_strings,
}


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    """Imports and first-use set-up are not the scan's time."""
    from tests.parse.helpers import parse_text

    parse_text("w.toml", 'b = ["vllm", "serve", "org/m"]\n')
    parse_text("w.sh", "#SBATCH -N 1\nsrun -N 1 vllm serve org/m\n")


@pytest.mark.parametrize("name", sorted(LINEAR))
def test_scan_is_linear(name: str) -> None:
    assert _cpu(LINEAR[name]) < 1.5


def test_fix_edits_are_linear_in_findings() -> None:
    """The edits of 8,000 findings that each remove one flag of a 16,000-flag command line:
    each finding walked every flag and searched its line's ends (8.7 s; check --output sarif on such
    a file: 4,000 pairs 2.6 s, 8,000 9.6 s, 16,000 44 s; now 1.6, 3.2 and 6.6 s)."""
    from tests.parse.helpers import only
    from toplint.fix.apply import apply_edits
    from toplint.fix.resolve import attach_edits
    from toplint.model import Finding, Fix, Intent, Severity

    flags = "".join(f"--tensor-parallel-size {k % 3 + 1} " for k in range(8000))
    text = f"vllm serve org/m {flags}\n"
    dep = only("x.sh", text)
    findings = [
        Finding(
            "TL005",
            "x",
            Severity.ERROR,
            "x.sh",
            1,
            f.position.column,
            "m",
            Fix("remove", (), "safe", (Intent("remove-flag", f.name, None, f.position),)),
        )
        for f in dep.flags
        if f.name != "model"
    ]
    start = time.process_time()
    fixed = attach_edits(findings, dep, text, "x.sh")
    assert time.process_time() - start < 1.5
    assert all(f.fix is not None and len(f.fix.edits) == 1 for f in fixed)
    edits = [e for f in fixed if f.fix is not None for e in f.fix.edits]
    assert apply_edits(text, edits) == ("vllm serve org/m \n", tuple(edits))
