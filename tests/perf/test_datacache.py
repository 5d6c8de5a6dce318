"""The data cache returns exactly what the loader returned, keyed by the text it read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toplint.infra import datacache

DATA: Any = {
    "kinds": {2: "nvlink", 8: "pcie"},
    "points": [["all_reduce", 8, 1024, 12.5, 0.0], ["x", -1, None, True, float("inf")]],
    "name": "H100",
}


class _Loader:
    def __init__(self, value: Any) -> None:
        self.value = value
        self.calls = 0

    def __call__(self, text: str) -> Any:
        self.calls += 1
        return self.value


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TOPLINT_CACHE_DIR", str(tmp_path))
    datacache.set_enabled(True)
    yield tmp_path
    datacache.set_enabled(True)


def test_second_read_comes_from_the_cache() -> None:
    load = _Loader(DATA)
    first = datacache.cached_data("text", "t", load)
    second = datacache.cached_data("text", "t", load)
    assert first == second == DATA
    assert load.calls == 1


def test_types_survive() -> None:
    datacache.cached_data("text", "t", _Loader(DATA))
    again = datacache.cached_data("text", "t", _Loader(None))
    assert list(again["kinds"]) == [2, 8]
    assert [type(v) for v in again["points"][1]] == [str, int, type(None), bool, float]


def test_other_text_or_loader_is_a_miss() -> None:
    load = _Loader(DATA)
    datacache.cached_data("text", "t", load)
    datacache.cached_data("text2", "t", load)
    datacache.cached_data("text", "other", load)
    assert load.calls == 3


def test_disabled_cache_neither_reads_nor_writes(cache: Path) -> None:
    datacache.set_enabled(False)
    load = _Loader(DATA)
    datacache.cached_data("text", "t", load)
    datacache.cached_data("text", "t", load)
    assert load.calls == 2
    assert not list(cache.iterdir())


def test_corrupt_entry_is_reloaded(cache: Path) -> None:
    datacache.cached_data("text", "t", _Loader(DATA))
    entries = list(cache.glob("data*-*/*.marshal"))
    assert entries
    for entry in entries:
        entry.write_bytes(b"\xff not marshal")
    load = _Loader(DATA)
    assert datacache.cached_data("text", "t", load) == DATA
    assert load.calls == 1


def test_values_that_are_not_plain_data_are_not_cached(cache: Path) -> None:
    load = _Loader({"when": Path("/x")})
    datacache.cached_data("text", "t", load)
    datacache.cached_data("text", "t", load)
    assert load.calls == 2


def test_unwritable_directory_still_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("TOPLINT_CACHE_DIR", str(blocker))
    assert datacache.cached_data("text", "t", _Loader(DATA)) == DATA


def test_other_depends_is_a_miss() -> None:
    load = _Loader(DATA)
    datacache.cached_data("text", "t", load, depends="schema v1")
    datacache.cached_data("text", "t", load, depends="schema v1")
    datacache.cached_data("text", "t", load, depends="schema v2")
    assert load.calls == 2


def test_another_toplint_version_is_a_miss(monkeypatch: pytest.MonkeyPatch) -> None:
    import toplint

    load = _Loader(DATA)
    datacache.cached_data("text", "t", load)
    monkeypatch.setattr(toplint, "__version__", "99.0")
    datacache.cached_data("text", "t", load)
    assert load.calls == 2
