"""Files that test code or charts rather than deploy: a Python test module (pytest's and
unittest's names) and a helm-unittest suite.  Engine objects and values they build are a
test's fixtures, and reading them as deployments reports findings on nothing that runs."""

from __future__ import annotations

from toplint.parse.base import Source

__all__ = ["is_chart_test", "is_test_code"]


def is_test_code(name: str) -> bool:
    """A Python test module or pytest's conftest (``test_*.py``, ``*_test.py``, the names
    pytest collects by default; ``test.py`` and ``tests.py``, which unittest's default
    discovery pattern ``test*.py`` collects: mudler/LocalAI@82c191a backend/python/vllm/test.py):
    engine objects built there are fixtures of a test, not a deployment, and reading them as
    deployments reports findings on nothing that runs."""
    return name.endswith(".py") and (
        name.startswith("test_")
        or name.endswith("_test.py")
        or name in ("conftest.py", "test.py", "tests.py")
    )


def is_chart_test(source: Source) -> bool:
    """A helm-unittest suite (``tests/*_test.yaml``, its default pattern: a top-level
    ``suite:``, ``tests:`` whose items ``set:`` values and check what the chart renders with
    ``asserts:``; helm-unittest/helm-unittest DOCUMENT.md): the values it sets are a test's,
    which deploy nothing (doublewordai/inference-stack@86bd8dba tests/model_groups_test.yaml
    drew TL007, TL004 and TL201 on a model named ``test``)."""
    if not source.name.endswith(("_test.yaml", "_test.yml")):
        return False
    text = source.text
    return (text.startswith("suite:") or "\nsuite:" in text) and "asserts:" in text
