"""No ``from x import y`` runs once per file.

A function-local ``from toplint.x import y`` re-imports at every call, and for a module that is
not a package CPython 3.11 formats an ``AttributeError`` for ``__path__`` each time (about
1,700 instructions).  On the 2,000-file benchmark 74,000 of them were 5% of the run.  Imports
that only a rare path needs stay local (start-up imports what a run uses); imports that every
file or deployment executes belong at module level, or, where they would close an import cycle,
are written ``import toplint.x`` (a lookup in ``sys.modules``).
"""

from __future__ import annotations

import builtins
import collections
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from toplint.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
COPIES = 6  # a per-file import runs at least this often; a per-run one (config, manifest) less


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    shutil.copy(EXAMPLES / "hardware.yaml", root.parent / "hardware.yaml")
    for i in range(COPIES):
        shutil.copytree(EXAMPLES / "deploy", root / f"copy{i}")
    return root


def _from_imports(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> collections.Counter[Any]:
    seen: collections.Counter[Any] = collections.Counter()
    real = builtins.__import__

    def counting(name: str, *args: Any) -> Any:
        glob, _, fromlist = (*args, None, None, ())[:3]
        code = sys._getframe(1).f_code
        if fromlist and "toplint" in (glob or {}).get("__name__", ""):
            seen[(code.co_filename, code.co_name, name)] += 1
        return real(name, *args)

    with monkeypatch.context() as m:
        m.setattr(builtins, "__import__", counting)
        main(argv)
    return seen


def test_no_from_import_runs_per_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _tree(tmp_path)
    argv = [str(root), "--hardware", str(tmp_path / "hardware.yaml"), "--jobs", "1"]
    main(["check", *argv])  # the first run imports what it needs, once
    seen = _from_imports(["check", *argv], monkeypatch)
    capsys.readouterr()
    per_file = {site: n for site, n in seen.items() if n >= COPIES}
    assert not per_file, f"imports run once per file or deployment: {per_file}"
    assert len(list(root.rglob("*.*"))) >= 4 * COPIES  # the tree is what the test assumes
