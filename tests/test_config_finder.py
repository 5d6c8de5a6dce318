"""``ConfigFinder``: a discovered file's nearest configuration is found without a stat of the
file, and is the one a lookup that asks the file system finds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toplint.config.load import ConfigFinder


def test_file_lookup_equals_the_general_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "toplint.yaml").write_text("hardware: none\n")
    (tmp_path / "team" / "deep").mkdir(parents=True)
    (tmp_path / "team" / "toplint.yaml").write_text("hardware: none\n")
    (tmp_path / "other").mkdir()
    files = ["a.sh", "team/b.sh", "team/deep/c.yaml", "other/d.yaml"]
    for name in files:
        (tmp_path / name).write_text("")
    monkeypatch.chdir(tmp_path)
    for written in [*files, *(str(tmp_path / f) for f in files), "./team/deep/c.yaml"]:
        fast, general = ConfigFinder(), ConfigFinder()
        assert fast.path_for(written, is_file=True) == general.path_for(written), written
    assert ConfigFinder().path_for("team/deep/c.yaml", is_file=True) == os.path.join(
        str(tmp_path), "team", "toplint.yaml"
    )
