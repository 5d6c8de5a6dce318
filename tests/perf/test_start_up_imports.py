"""What a one-file check of a shell script against a manifest does not import.

The README's seed example (``vllm serve`` in a script, the example manifest) is the pre-commit
case, and most of its instructions are start-up.  ``json`` (six patterns compiled at import)
is imported where an option is read as JSON (``--hf-overrides``, a speculative config, a
mapping-valued option); ``locale`` only where gettext may find a catalogue for argparse's texts
(``toplint.infra.argtext``).  Each cost the run 4-5M instructions (callgrind).
"""

from __future__ import annotations

import os
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


@pytest.mark.slow  # a fresh interpreter: over a second on a loaded machine
def test_a_one_file_script_check_loads_neither_json_nor_locale(tmp_path: Path) -> None:
    argv = ["check", str(EXAMPLES / "deploy" / "seed" / "serve-tp8.sh")]
    argv += ["--hardware", str(EXAMPLES / "hardware.yaml")]
    env = {**os.environ, "TOPLINT_CACHE_DIR": str(tmp_path / "cache")}
    for _ in range(2):  # the first run fills the data cache (it reads JSON catalogs to fill it)
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, *argv],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
            env=env,
        )
    loaded = done.stdout.split("\n")[-2].split()
    assert "toplint.outcome.judge" in loaded  # the deployment was placed and judged
    assert not [m for m in NOT_LOADED if m in loaded], done.stderr
