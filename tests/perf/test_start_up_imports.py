"""What a one-file check of a shell script, and a tree holding its manifest, do not import.

The README's seed example (``vllm serve`` in a script, the example manifest) is the pre-commit
case, and most of its instructions are start-up.  ``json`` (six patterns compiled at import)
is imported where an option is read as JSON (``--hf-overrides``, a speculative config, a
mapping-valued option); ``locale`` only where gettext may find a catalogue for argparse's texts
(``toplint.infra.argtext``).  Each cost the run 4-5M instructions (callgrind).  A manifest in
the linted tree is a file no reader takes: it is not asked of the readers named by a file's
name (the Python reader's modules), and the declarative readers that find nothing for it do not
load the Python reader (``pytree`` and ``ast``): 20M instructions of the 200-file benchmark
tree.  Without a configuration file, ``config.validate`` is not loaded either.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOT_LOADED = ("json", "locale")
SCRIPT = """
import sys
from toplint.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)))
"""


def _loaded(argv: list[str], where: Path) -> list[str]:
    env = {**os.environ, "TOPLINT_CACHE_DIR": str(where / "cache")}
    for _ in range(2):  # the first run fills the data cache (it reads JSON catalogs to fill it)
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, *argv],
            capture_output=True,
            text=True,
            check=False,
            cwd=where,
            env=env,
        )
    return done.stdout.split("\n")[-2].split()


@pytest.mark.slow  # a fresh interpreter: over a second on a loaded machine
def test_a_tree_holding_its_manifest_loads_no_python_reader(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(EXAMPLES / "deploy" / "k8s", tree / "k8s")
    shutil.copy(EXAMPLES / "hardware.yaml", tree / "hardware.yaml")
    loaded = _loaded(["check", str(tree), "--hardware", str(tree / "hardware.yaml")], tmp_path)
    assert "toplint.parse.generic.declarative" in loaded  # the manifest was offered to them
    unwanted = ("ast", "toplint.parse.generic.pyparser", "toplint.parse.generic.pytree")
    assert not [m for m in (*unwanted, "toplint.config.validate") if m in loaded]


@pytest.mark.slow  # a fresh interpreter: over a second on a loaded machine
def test_a_one_file_script_check_loads_neither_json_nor_locale(tmp_path: Path) -> None:
    argv = ["check", str(EXAMPLES / "deploy" / "seed" / "serve-tp8.sh")]
    argv += ["--hardware", str(EXAMPLES / "hardware.yaml")]
    loaded = _loaded(argv, tmp_path)
    assert "toplint.outcome.judge" in loaded  # the deployment was placed and judged
    assert not [m for m in NOT_LOADED if m in loaded]
