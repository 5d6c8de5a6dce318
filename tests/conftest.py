from __future__ import annotations

import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")


@pytest.fixture
def root() -> str:
    return ROOT


@pytest.fixture
def shared() -> str:
    if not os.path.isdir(SHARED):
        pytest.skip("../shared is not beside the checkout")
    return SHARED


def pytest_configure(config: pytest.Config) -> None:
    """Tests never write toplint's data cache into the user's home (set before collection,
    which may already load catalogs)."""
    if "TOPLINT_CACHE_DIR" not in os.environ:
        import tempfile

        os.environ["TOPLINT_CACHE_DIR"] = tempfile.mkdtemp(prefix="toplint-test-cache-")
