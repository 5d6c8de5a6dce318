"""The committed held-out publications are the seeded draw benchmarks/heldout.py describes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_heldout_yaml_is_the_seeded_draw() -> None:
    spec = importlib.util.spec_from_file_location(
        "toplint_heldout", ROOT / "benchmarks" / "heldout.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    doc = yaml.safe_load((ROOT / "benchmarks" / "data" / "heldout.yaml").read_text("utf-8"))
    assert doc["seed"] == module.SEED
    assert doc["held_out"] == module.draw()
    assert len(doc["held_out"]) * 4 >= doc["units"]  # at least a quarter
