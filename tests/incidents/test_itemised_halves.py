"""Itemising a suite (``--cases``, ``--recipes``) is how a half is built on: it never scores the
held-out half beside it, and asking to itemise the held-out half is refused before anything runs."""

from __future__ import annotations

from types import ModuleType, SimpleNamespace

import pytest
from conftest import load_benchmark

# every total either benchmark prints, so that a stub half prints as a real one
_TOTALS = SimpleNamespace(
    on_top=0, judgeable=0, share=0.0, controls_with_error=0, controls=0,
    read_right=0, recipes=0, with_error=0, with_warning=0,
)  # fmt: skip


def _bench(name: str) -> ModuleType:
    return load_benchmark(f"{name}.py", f"toplint_{name}_bench")


@pytest.mark.parametrize(
    ("name", "flag", "suite"),
    [("incidents", "--cases", "round1"), ("recipes", "--recipes", "recipes")],
)
def test_itemising_scores_the_development_half_alone(
    name: str,
    flag: str,
    suite: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = _bench(name)
    scored: list[str] = []

    def run_half(half: str, _set: str) -> tuple[object, list[object]]:
        scored.append(half)
        return _TOTALS, []

    monkeypatch.setattr(bench, "run_half", run_half)
    assert bench.main(["--set", suite, flag]) == 0
    assert scored == ["development"]
    scored.clear()
    assert bench.main(["--set", suite]) == 0  # without itemising, the default scores both
    assert scored == ["development", "held-out"]
    scored.clear()
    with pytest.raises(SystemExit) as refused:
        bench.main(["--set", suite, flag, "--half", "held-out"])
    assert refused.value.code == 2 and scored == []
    assert "development half only" in capsys.readouterr().err
