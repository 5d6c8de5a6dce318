"""``map_files`` runs a per-file task in forked workers and keeps input order."""

from __future__ import annotations

import multiprocessing
import os
import sys

import pytest

from toplint.parse.parallel import map_files


def test_workers_keep_input_order() -> None:
    files = [f"f{i:04d}" for i in range(500)]
    offset = 7  # a closure: workers inherit it, nothing but names is pickled
    assert map_files(files, lambda p: (p, len(p) + offset), jobs=2) == [
        (p, len(p) + offset) for p in files
    ]


@pytest.mark.skipif(
    sys.platform == "darwin" or "fork" not in multiprocessing.get_all_start_methods(),
    reason="workers need fork",
)
def test_work_happens_in_other_processes() -> None:
    pids = set(map_files([str(i) for i in range(400)], lambda _: os.getpid(), jobs=2))
    assert os.getpid() not in pids


def test_one_job_runs_here() -> None:
    assert set(map_files(["a", "b"], lambda _: os.getpid(), jobs=1)) == {os.getpid()}


@pytest.mark.skipif(
    sys.platform == "darwin" or "fork" not in multiprocessing.get_all_start_methods(),
    reason="workers need fork",
)
@pytest.mark.parametrize("enabled", [True, False])
def test_workers_collect_and_the_parent_state_is_restored(enabled: bool) -> None:
    import gc

    was = gc.isenabled()
    try:
        if not enabled:
            gc.disable()
        in_workers = set(map_files([str(i) for i in range(400)], lambda _: gc.isenabled(), jobs=2))
        assert in_workers == {enabled}  # workers collect cycles as the parent did before
        assert gc.isenabled() is enabled  # the parent pauses collection only while it waits
        assert gc.get_freeze_count() == 0  # what was frozen for the fork is collectable again
    finally:
        if was:
            gc.enable()
