"""No dead code: vulture finds nothing in the package that tests/dead_code_whitelist.py does
not justify (vulture is pinned in the test extra)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_vulture_finds_no_dead_code() -> None:
    pytest.importorskip("vulture", reason="vulture is in the test extra: pip install '.[test]'")
    whitelist = os.path.join("tests", "dead_code_whitelist.py")
    run = subprocess.run(
        [
            *(sys.executable, "-m", "vulture", "linter/toplint", "rules", whitelist),
            *("--min-confidence", "60"),
            # generated templates, read by name (getattr) in toplint.record._template
            *("--exclude", "recordinit.py"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, (
        "vulture reports unused code; remove it, or add it to tests/dead_code_whitelist.py with "
        "the reason it is used:\n" + run.stdout + run.stderr
    )
