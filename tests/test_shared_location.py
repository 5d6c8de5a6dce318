"""Tests find ../shared in one place, and say once when it is absent (issue 15.8)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

# A path to the shared data built anywhere but tests/conftest.py.
_BUILT = re.compile(r"""/\s*["']shared|["']shared["']\s*[,)]|/work/shared""")


def test_only_conftest_locates_shared() -> None:
    offenders = [
        str(p.relative_to(TESTS))
        for p in TESTS.rglob("*.py")
        if p.name != "conftest.py" or p.parent != TESTS
        if p != Path(__file__) and _BUILT.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_without_shared_the_tests_that_need_it_are_deselected_with_one_line(
    tmp_path: Path,
) -> None:
    tests = tmp_path / "checkout" / "tests"
    tests.mkdir(parents=True)
    shutil.copy(TESTS / "conftest.py", tests / "conftest.py")
    (tests / "test_x.py").write_text(
        "import pytest\n\n"
        "@pytest.mark.shared\n"
        "def test_reads_shared():\n    raise AssertionError\n\n"
        "def test_plain():\n    pass\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-ra", "-p", "no:cacheprovider", str(tests)],
        capture_output=True,
        text=True,
        cwd=tests.parent,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout
    assert "1 passed, 1 deselected" in run.stdout
    assert run.stdout.count("../shared is not beside the checkout") == 1
    assert "SKIPPED" not in run.stdout
