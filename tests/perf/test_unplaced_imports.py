"""A run that places nothing does not load the outcome model.

A pre-commit run on one file whose deployment is not checked against hardware (no cluster
applies) judges no layout: loading ``toplint.outcome.judge`` and what it imports (memory,
start-up problems, number formats, engine option lookups, the run memos, vision encoders) cost
it 6M instructions (2%).  Rules import them where they weigh a placed deployment.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

OUTCOME = (
    "toplint.outcome.judge",
    "toplint.outcome.memory",
    "toplint.outcome.starts",
    "toplint.outcome.precision",
)
SCRIPT = """
import sys
from toplint.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(" ".join(sorted(m for m in sys.modules if m.startswith("toplint.outcome."))))
"""


@pytest.mark.slow  # a fresh interpreter: over a second on a loaded machine
def test_a_run_without_a_cluster_loads_no_outcome_model(tmp_path: Path) -> None:
    (tmp_path / "serve.sh").write_text(
        "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2\n", encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, "check", str(tmp_path / "serve.sh")],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    loaded = done.stdout.split()
    assert "toplint.outcome.types" in loaded  # the run did get to the rules
    assert not [m for m in OUTCOME if m in loaded], loaded
