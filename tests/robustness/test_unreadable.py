"""Files that exist but cannot be read.  Tests run as root in CI, where chmod 000 does not stop
a read, so /proc/self/mem stands in: a regular file whose read fails with EIO."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toplint.discover.files import discover, read_source
from toplint.model import Finding


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs Linux /proc")
def test_read_error_is_tl001() -> None:
    found = read_source("/proc/self/mem")
    assert isinstance(found, Finding) and found.rule == "TL001"
    assert "cannot read" in found.message


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 file")
def test_permission_denied_is_tl001(tmp_path: Path) -> None:
    target = tmp_path / "secret.yaml"
    target.write_text("a: 1\n")
    target.chmod(0)
    found = read_source(str(target))
    assert isinstance(found, Finding) and "cannot read" in found.message


def test_walk_skips_symlink_loops(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    os.symlink("..", tmp_path / "d" / "up")
    (tmp_path / "d" / "x.yaml").write_text("a: 1\n")
    assert discover([str(tmp_path)]) == [str(tmp_path / "d" / "x.yaml")]


def test_directory_named_like_a_file_is_tl001(tmp_path: Path) -> None:
    found = read_source(str(tmp_path))
    assert isinstance(found, Finding) and "a directory" in found.message
