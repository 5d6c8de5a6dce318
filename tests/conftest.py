from __future__ import annotations

import ast
import functools
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

# No property test is timed (speed targets live in benchmarks/): Hypothesis's per-example
# deadline and too-slow health check failed runs on a loaded 2-core machine
# (tests/rules/test_declarative.py, twice in one session).
settings.register_profile("toplint", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("toplint")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The one place the tests find the read-only project data beside the checkout (../shared):
# test modules import these names (``from conftest import CORPUS``) and mark the tests that read
# it ``@pytest.mark.shared``; without it those tests are deselected and the run says so once.
SHARED = Path(ROOT).parent / "shared"
CORPUS = SHARED / "corpus"
HAVE_SHARED = SHARED.is_dir()


_BENCHMARKS: dict[str, ModuleType] = {}  # file -> its module, run once per test process


def load_benchmark(file: str, name: str) -> ModuleType:
    """``benchmarks/<file>`` loaded by path as the module ``name`` (benchmarks/ is not a
    package), in ``sys.modules`` before it runs (its dataclasses look their module up there).

    A file is run once per test process: a second test module asking for it gets the same
    module, also under its own ``name``.  Every worker collects every test module, and
    accuracy.py (asked for by three) reads public.yaml and the held-out draws at import, about
    a CPU second a run.  A test that replaces a benchmark's attribute puts it back
    (``monkeypatch`` or ``try``/``finally``), so sharing the module changes no result."""
    module = _BENCHMARKS.get(file)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, Path(ROOT) / "benchmarks" / file)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        _BENCHMARKS[file] = module
    sys.modules.setdefault(name, module)
    return module


@functools.cache
def parsed_module(path: Path) -> ast.Module:
    """The syntax tree of the Python file ``path``, parsed once per test process.

    Several tests walk every module of toplint (its imports, its module-level statements);
    parsing the package takes about 1.6 CPU s, and the tests only read the trees."""
    return ast.parse(path.read_text(encoding="utf-8"))


@pytest.fixture
def root() -> str:
    return ROOT


@pytest.fixture
def shared() -> str:
    return str(SHARED)


def pytest_configure(config: pytest.Config) -> None:
    """Tests never write toplint's data cache into the user's home (set before collection,
    which may already load catalogs)."""
    config.addinivalue_line(
        "markers", "shared: reads ../shared beside the checkout (deselected when it is absent)"
    )
    config.addinivalue_line("markers", "slow: takes more than ~1 s (run once in CI)")
    if "TOPLINT_CACHE_DIR" not in os.environ:
        import tempfile

        os.environ["TOPLINT_CACHE_DIR"] = _MADE[0] = tempfile.mkdtemp(prefix="toplint-test-cache-")


_MADE = [""]  # the cache folder this run made, removed when it ends


def pytest_unconfigure(config: pytest.Config) -> None:
    if _MADE[0]:
        import shutil

        shutil.rmtree(_MADE[0], ignore_errors=True)
        os.environ.pop("TOPLINT_CACHE_DIR", None)
        _MADE[0] = ""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if HAVE_SHARED:
        return
    needs = [item for item in items if item.get_closest_marker("shared") is not None]
    if needs:
        config.hook.pytest_deselected(items=needs)
        items[:] = [item for item in items if item.get_closest_marker("shared") is None]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line instead of a SKIPPED line per test that reads ../shared."""
    if not HAVE_SHARED:
        terminalreporter.write_line(
            f"../shared is not beside the checkout ({SHARED}): "
            "the tests that read it were deselected"
        )
