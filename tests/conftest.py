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
