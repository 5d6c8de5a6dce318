"""A package adds an engine through the ``toplint_engines`` hook, without editing toplint."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

DEMO = Path(__file__).parent / "demo_engine"
MANIFEST = """\
version: 1
clusters:
  - name: a100-eth
    nodes: 2
    gpu: A100-SXM4-80GB
    gpus_per_node: 4
    intra_node: {fabric: nvlink, bandwidth: 300 GB/s}
    inter_node: {network: ethernet, bandwidth: 100 Gb/s, nics_per_node: 1, rdma: false}
"""


def _install(site: Path, module: str) -> None:
    """What ``pip install`` of the plugin leaves: a dist-info declaring the entry point."""
    info = site / f"{module}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[toplint]\n{module} = {module}\n")


def _check(tmp_path: Path, site: Path, script: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "hw.yaml").write_text(MANIFEST)
    (tmp_path / "serve.sh").write_text(script)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(DEMO)])}
    return subprocess.run(
        [sys.executable, "-m", "toplint", "check", "serve.sh", "--hardware", "hw.yaml"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_plugin_engine_is_read_placed_and_checked(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _install(site, "toplint_engine_demo")
    run = _check(tmp_path, site, "demo-serve meta-llama/Llama-3.1-70B-Instruct --tp 8\n")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "TL101" in run.stdout
    assert "--tp 4 --pp 2" in run.stdout  # the fix in the plugin engine's own spelling


def test_plugin_engine_vocabulary_reports_unknown_flags(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _install(site, "toplint_engine_demo")
    run = _check(tmp_path, site, "demo-serve m --tp 1 --tensor-parallel-size 2\n")
    assert "TL005" in run.stdout, run.stdout + run.stderr


def test_an_engine_registered_twice_is_a_configuration_error(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _install(site, "toplint_engine_demo")
    dup = tmp_path / "dup"
    dup.mkdir()
    (dup / "toplint_engine_dup.py").write_text(
        "from toplint.plugins import hookimpl\n"
        "from toplint_engine_demo import ENGINE\n\n"
        "@hookimpl\ndef toplint_engines():\n    return [ENGINE]\n"
    )
    _install(site, "toplint_engine_dup")
    (site / "toplint_engine_dup.py").write_text((dup / "toplint_engine_dup.py").read_text())
    run = _check(tmp_path, site, "demo-serve m --tp 1\n")
    assert run.returncode == 2, run.stdout + run.stderr
    assert "registered twice" in run.stderr
