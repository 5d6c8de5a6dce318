"""Issue 30 items 1 and 2: a report, baseline or fix never writes through a link in the tree,
and nothing from the tree is imported, however toplint is started."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import run_toplint

SERVE = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-paralel-size 2\n"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside the repository the runner can write to."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "victim").write_text("keep me\n")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize(
    "flags",
    [
        ["--output", "sarif=REPORT"],
        ["--output", "junit=REPORT"],
        ["--output", "json=REPORT"],
        ["--output", "text=REPORT"],
        ["--write-baseline", "REPORT"],
    ],
)
def test_a_report_that_is_a_symlink_is_replaced_not_followed(
    repo: Path, outside: Path, flags: list[str]
) -> None:
    (repo / "serve.sh").write_text(SERVE)
    (repo / "report.out").symlink_to(outside / "victim")
    (repo / "new.out").symlink_to(outside / "created")  # dangling: open() would create it
    for name in ("report.out", "new.out"):
        args = [f.replace("REPORT", name) for f in flags]
        run = run_toplint(["check", ".", *args], repo)
        assert run.returncode in (0, 1), run.stderr
        assert not (repo / name).is_symlink() and (repo / name).stat().st_size > 0
    assert (outside / "victim").read_text() == "keep me\n"
    assert sorted(p.name for p in outside.iterdir()) == ["victim"]


def test_a_report_in_a_folder_that_links_out_is_refused(repo: Path, outside: Path) -> None:
    (repo / "serve.sh").write_text(SERVE)
    (repo / "reports").symlink_to(outside)
    run = run_toplint(["check", ".", "--output", "sarif=reports/toplint.sarif"], repo)
    assert run.returncode == 2, run.output
    assert "leaves the tree" in run.stderr
    assert sorted(p.name for p in outside.iterdir()) == ["victim"]


@pytest.mark.slow
def test_a_report_in_a_folder_linked_inside_the_tree_is_written(repo: Path) -> None:
    (repo / "serve.sh").write_text(SERVE)
    (repo / "real").mkdir()
    (repo / "reports").symlink_to(repo / "real")
    run = run_toplint(["check", ".", "--output", "json=reports/r.json"], repo)
    assert run.returncode == 1, run.output
    assert json.loads((repo / "real" / "r.json").read_text())["findings"]


def _planted(repo: Path, marker: Path) -> None:
    """A plugin distribution and shadowing modules in the working directory: importing any of
    them writes ``marker``."""
    code = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    info = repo / "evil-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: evil\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[toplint]\nevil = evilplugin\n")
    (info / "RECORD").write_text("")
    for name in ("evilplugin", "yaml", "pluggy", "tomllib", "json", "difflib", "hypothesis"):
        (repo / f"{name}.py").write_text(code)


def test_nothing_from_the_tree_is_imported(repo: Path, tmp_path: Path) -> None:
    """``python -m toplint`` puts the working directory first on ``sys.path``; the tree's
    plugin distribution and its modules named like toplint's imports must stay unloaded."""
    marker = tmp_path / "imported"
    _planted(repo, marker)
    (repo / "serve.sh").write_text(SERVE)
    args = ["check", ".", "--format", "json", "--output", "sarif=toplint.sarif"]
    run = run_toplint(args, repo, env={"PYTHONSAFEPATH": ""})
    assert run.returncode == 1, run.stderr
    assert not marker.exists(), marker.read_text()


def test_a_named_pipe_is_written_into_not_replaced(tmp_path: Path) -> None:
    """``--output sarif=PIPE`` (a named pipe a CI step reads, or ``/dev/null``, a device) is
    written into: renaming a new file over it put a regular file where /dev/null was."""
    import os
    import stat
    import threading

    from toplint.infra.safewrite import write_file

    pipe = tmp_path / "report.fifo"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()))
    reader.start()
    write_file(str(pipe), b'{"runs": []}\n')
    reader.join(timeout=10)
    assert got == [b'{"runs": []}\n']
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def test_a_device_is_written_into_not_replaced() -> None:
    import os
    import stat

    from toplint.infra.safewrite import write_file

    if not stat.S_ISCHR(os.lstat(os.devnull).st_mode):
        pytest.skip("no character device at os.devnull here")
    write_file(os.devnull, b"report\n")
    assert stat.S_ISCHR(os.lstat(os.devnull).st_mode)
