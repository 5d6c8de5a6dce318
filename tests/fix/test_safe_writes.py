"""--fix keeps every byte outside its edits and never loses data (issue 16 item 4, issue 18.4)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.fix import files as fix_files_module
from toplint.fix.apply import fix_files
from toplint.pipeline.lint import text_checker
from toplint.pipeline.settings import Settings
from toplint.rulebook.run import RuleSettings

HARDWARE = (Path(__file__).parents[1] / "data" / "seed-hardware.yaml").read_text()
TP8 = "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 8\n"
FIXED = TP8.replace("-size 8", "-size 4 --pipeline-parallel-size 2")


def _fix(tmp_path: Path, *paths: str, unsafe: bool = True) -> tuple[int, str]:
    (tmp_path / "hw.yaml").write_text(HARDWARE)
    argv = ["check", *paths, "--hardware", str(tmp_path / "hw.yaml"), "--no-cache", "--fix"]
    return main([*argv, *(["--unsafe-fixes"] if unsafe else [])]), ""


def _write(path: Path, text: str, newline: str = "\n") -> Path:
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    return path


ARGS = (
    '["--model", "meta-llama/Llama-3.1-8B-Instruct", "--gpu-memory-utilization", "0.95", '
    '"--max-model-len", "8192", "--gpu-memory-utilization", "0.8"]'
)
FLOW_DUP = f"""\
apiVersion: apps/v1
kind: Deployment
metadata: {{name: v}}
spec:
  template:
    spec:
      containers:
        - name: vllm
          image: vllm/vllm-openai
          args: {ARGS}
"""


def test_quoted_flow_items_are_removed_without_eating_later_flags(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path / "dep.yaml", FLOW_DUP)
    _fix(tmp_path, str(path), unsafe=False)
    capsys.readouterr()
    assert path.read_text() == FLOW_DUP.replace('"--gpu-memory-utilization", "0.95", ', "")


def test_bom_keeps_line_one_columns(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bom.sh"
    path.write_bytes(b"\xef\xbb\xbf" + TP8.encode())
    _fix(tmp_path, str(path))
    capsys.readouterr()
    assert path.read_bytes() == b"\xef\xbb\xbf" + FIXED.encode()


SCRIPT = """\
#!/bin/bash
vllm serve meta-llama/Llama-3.1-70B-Instruct \\
\t--tensor-parallel-size 8 \\
\t--max-model-len 8192
"""


def test_crlf_and_tabs_are_kept(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path / "crlf.sh", SCRIPT, "\r\n")
    _fix(tmp_path, str(path))
    capsys.readouterr()
    expected = SCRIPT.replace(
        "--tensor-parallel-size 8", "--tensor-parallel-size 4 --pipeline-parallel-size 2"
    )
    assert path.read_bytes() == expected.replace("\n", "\r\n").encode()


def test_missing_final_newline_stays_missing(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path / "nonl.sh", TP8.rstrip("\n"))
    _fix(tmp_path, str(path))
    capsys.readouterr()
    assert path.read_text() == FIXED.rstrip("\n")


FOLDED = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: v}
spec:
  template:
    spec:
      containers:
        - name: vllm
          image: vllm/vllm-openai
          command: ["/bin/sh", "-c"]
          args:
            - >-
              vllm serve meta-llama/Llama-3.1-8B-Instruct
              --max-model-len 4096 --gpu-memory-utilization 0.8
              --max-model-len 8192
          resources:
            limits:
              nvidia.com/gpu: 1
"""


def test_folded_scalar_in_sh_c_is_edited_in_place(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path / "folded.yaml", FOLDED)
    _fix(tmp_path, str(path), unsafe=False)
    capsys.readouterr()
    assert path.read_text() == FOLDED.replace("--max-model-len 4096 ", "")


def test_a_file_named_twice_is_fixed_once(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    _write(tmp_path / "a.sh", TP8)
    _fix(tmp_path, "a.sh", "./a.sh")
    assert "fixed 1 finding in 1 file" in capsys.readouterr().err
    assert (tmp_path / "a.sh").read_text() == FIXED


def test_a_file_and_a_link_to_it_are_fixed_once(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path / "a.sh", TP8)
    (tmp_path / "b.sh").symlink_to(path)
    _fix(tmp_path, str(path), str(tmp_path / "b.sh"))
    capsys.readouterr()
    assert path.read_text() == FIXED and (tmp_path / "b.sh").is_symlink()


def test_a_link_met_in_a_folder_is_not_written_through(tmp_path: Path) -> None:
    outside = _write(tmp_path / "outside.sh", TP8)
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "link.sh").symlink_to(outside)
    (tmp_path / "hw.yaml").write_text(HARDWARE)
    check = text_checker(Settings(hardware_path=str(tmp_path / "hw.yaml")), RuleSettings())
    link = str(tree / "link.sh")
    outcome = fix_files([link], lambda _: check, unsafe=True, write=True, named=[str(tree)])
    assert "symlink" in outcome.files[0].error
    assert outside.read_text() == TP8


def test_a_link_named_explicitly_is_written_through(tmp_path: Path, capsys) -> None:
    target = _write(tmp_path / "real.sh", TP8)
    (tmp_path / "link.sh").symlink_to(target)
    _fix(tmp_path, str(tmp_path / "link.sh"))
    capsys.readouterr()
    assert target.read_text() == FIXED and (tmp_path / "link.sh").is_symlink()


def test_mode_is_kept(tmp_path: Path, capsys) -> None:
    path = _write(tmp_path / "x.sh", TP8)
    path.chmod(0o751)
    _fix(tmp_path, str(path))
    capsys.readouterr()
    assert path.read_text() == FIXED and (path.stat().st_mode & 0o777) == 0o751


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root chowns")
def test_owner_is_kept(tmp_path: Path, capsys) -> None:
    """The rename puts a new file in place: it is given the old file's owner back."""
    path = _write(tmp_path / "x.sh", TP8)
    os.chown(path, 4321, 4322)
    _fix(tmp_path, str(path))
    capsys.readouterr()
    info = path.stat()
    assert path.read_text() == FIXED and (info.st_uid, info.st_gid) == (4321, 4322)


def test_read_only_file_is_reported_and_others_proceed(tmp_path: Path, capsys) -> None:
    locked = _write(tmp_path / "a.sh", TP8)
    locked.chmod(0o444)
    other = _write(tmp_path / "b.sh", TP8)
    _fix(tmp_path, str(locked), str(other))
    err = capsys.readouterr().err
    assert f"not changed: {locked}: read-only" in err
    assert locked.read_text() == TP8 and other.read_text() == FIXED


def test_full_disk_leaves_the_file_whole(tmp_path: Path, capsys, monkeypatch) -> None:
    path = _write(tmp_path / "a.sh", TP8)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(fix_files_module.os, "fsync", full)
    _fix(tmp_path, str(path))
    assert "No space left on device" in capsys.readouterr().err
    assert path.read_text() == TP8
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.sh", "hw.yaml"]


def test_a_change_made_while_checking_is_not_undone(tmp_path: Path) -> None:
    path = _write(tmp_path / "a.sh", TP8)
    (tmp_path / "hw.yaml").write_text(HARDWARE)
    check = text_checker(Settings(hardware_path=str(tmp_path / "hw.yaml")), RuleSettings())
    edited = "# edited meanwhile\n" + TP8

    def check_for(name: str):  # the user saves the file while toplint checks it
        def run(p: str, text: str):
            path.write_text(edited)
            return check(p, text)

        return run

    outcome = fix_files([str(path)], check_for, unsafe=True, write=True, named=[str(path)])
    assert path.read_text() == edited
    assert "changed since toplint read it" in outcome.files[0].error


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX ownership")
def test_summary_lists_what_was_and_was_not_changed(tmp_path: Path, capsys) -> None:
    good = _write(tmp_path / "a.sh", TP8)
    locked = _write(tmp_path / "b.sh", TP8)
    locked.chmod(0o444)
    _fix(tmp_path, str(good), str(locked))
    err = capsys.readouterr().err
    assert f"fixed: {good}:1:46: TL101" in err
    assert f"not changed: {locked}: read-only; not written" in err
