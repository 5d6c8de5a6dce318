"""Same input, same output, byte for byte: worker count and hash seed do not matter."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SHARED

from toplint.model import ParseResult
from toplint.parse.parallel import chunked, map_files, parse_file, worker_count

from .conftest import build_tree, run_cli

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def shared_dir() -> str:
    return str(SHARED)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory, shared_dir: str) -> Path:
    """A generated tree of 300 configs plus the hostile files."""
    root = tmp_path_factory.mktemp("determinism")
    gen = Path(shared_dir) / "bench" / "gen_corpus.py"
    subprocess.run(
        [sys.executable, str(gen), str(root / "gen"), "--files", "300"], check=True, timeout=120
    )
    build_tree(root)
    return root


def _check(root: Path, *extra: str, seed: str = "0") -> bytes:
    args = ["gen", "tree", "--hardware", "gen/hardware.yaml", "--format", "json", *extra]
    proc = run_cli(args, cwd=root, env={"PYTHONHASHSEED": seed})
    assert proc.returncode in (0, 1), proc.stderr
    return bytes(proc.stdout)


@pytest.mark.slow
def test_one_worker_and_two_workers_agree(corpus: Path) -> None:
    assert _check(corpus, "--jobs", "1") == _check(corpus, "--jobs", "2")


@pytest.mark.slow
def test_hash_seed_does_not_change_output(corpus: Path) -> None:
    assert _check(corpus, seed="1") == _check(corpus, seed="12345")


@pytest.mark.slow
def test_findings_are_sorted(corpus: Path) -> None:
    """Path, line, then the findings about the deployment before those about what toplint could
    not judge (``toplint.pipeline.order.NOT_JUDGED``), among the former those about whether
    it starts, then whether it fits, first (``outcome_rank``), column, rule."""
    from toplint.pipeline.order import NOT_JUDGED, outcome_rank

    findings = json.loads(_check(corpus))["findings"]
    keys = [
        (
            f["path"],
            f["line"],
            f["rule"] in NOT_JUDGED,
            outcome_rank(f["rule"]),
            f["column"],
            f["rule"],
        )
        for f in findings
    ]
    assert findings and keys == sorted(keys)
    assert any(k[2] for k in keys) and not all(k[2] for k in keys)  # both kinds are there


@pytest.mark.slow
def test_map_files_keeps_input_order(corpus: Path) -> None:
    files = sorted(str(p) for p in (corpus / "gen").rglob("*.yaml"))[:60]
    serial = map_files(files, parse_file, 1)
    assert [r.path for r in serial] == files
    assert map_files(files, parse_file, 2) == serial


@pytest.mark.slow
def test_parse_results_pickle(corpus: Path) -> None:
    import pickle

    files = sorted(str(p) for p in (corpus / "gen").rglob("*"))[:40]
    results = map_files([f for f in files if Path(f).is_file()], parse_file, 1)
    assert all(isinstance(r, ParseResult) for r in results)
    assert pickle.loads(pickle.dumps(results)) == results


def test_a_handful_of_files_use_one_worker() -> None:
    assert worker_count(3, None) == 1


def test_explicit_jobs_are_capped_by_files(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 16)
    assert worker_count(3, 8) == 3


def test_explicit_jobs_are_capped_by_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert worker_count(5000, 1000) == 2


def test_chunks_cover_files_in_order() -> None:
    files = [f"f{i}" for i in range(103)]
    chunks = chunked(files, 2)
    assert [f for c in chunks for f in c] == files
    assert len(chunks) > 2
