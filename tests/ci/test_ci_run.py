"""`.ci/run` tests the whole supported Python range that pyproject.toml declares."""

from __future__ import annotations

import os
import re
import sys

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _ci_setting(name: str) -> str:
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as handle:
        match = re.search(rf"^{name}=(\S+)$", handle.read(), re.MULTILINE)
    assert match, f".ci/run sets {name}"
    return match.group(1)


def _pyproject() -> dict[str, object]:
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as handle:
        return tomllib.load(handle)


def test_ci_tests_the_oldest_python_that_pyproject_accepts() -> None:
    project = _pyproject()["project"]
    assert isinstance(project, dict)
    assert project["requires-python"] == f">={_ci_setting('OLDEST_PYTHON')}"


def test_ruff_targets_the_oldest_supported_python() -> None:
    ruff = _pyproject()["tool"]
    assert isinstance(ruff, dict)
    oldest = _ci_setting("OLDEST_PYTHON").replace(".", "")
    assert ruff["ruff"]["target-version"] == f"py{oldest}"


def test_ci_runs_the_slow_tests_that_the_readme_command_leaves_out() -> None:
    addopts = _pyproject()["tool"]["pytest"]["ini_options"]["addopts"]  # type: ignore[index]
    assert "-m 'not slow'" in addopts
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as handle:
        assert re.search(r"^python -m pytest .*-m slow$", handle.read(), re.MULTILINE)
