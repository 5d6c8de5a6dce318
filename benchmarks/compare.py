#!/usr/bin/env python3
"""Compare two installed toplint versions on the same generated tree, run by run in alternation.

    python benchmarks/compare.py OLD_VENV NEW_VENV [--files 2000] [--rounds 7] [--gen PATH]

``benchmarks/run.py`` measures one installation; two of its runs made minutes apart on a shared
2-core VM differ by more than the change being judged (its own parse floor moved 25% between
runs).  Here each round runs every case once for each version, in turn, so a drift in the
machine's speed slows both alike; medians of wall time and of user + system CPU time
(``RUSAGE_CHILDREN``) are reported, with the new/old ratio.  Cases: the tree with ``--jobs 2``
and ``--jobs 1``, and one file of it with the tree's manifest (the pre-commit case), all from
compiled bytecode after one warm-up run each.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_GEN = HERE.parent.parent / "shared" / "bench" / "gen_corpus.py"


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and user + system CPU seconds of one fresh run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path, help="virtual environment with the old toplint")
    ap.add_argument("new", type=Path, help="virtual environment with the new toplint")
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--gen", type=Path, default=DEFAULT_GEN)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="toplint-compare-") as work:
        tree = Path(work) / "tree"
        subprocess.run(
            [sys.executable, str(args.gen), str(tree), "--files", str(args.files)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        hw = str(tree / "hardware.yaml")
        one = str(sorted(tree.rglob("*.yaml"))[1])  # [0] is hardware.yaml
        cases = {
            "tree --jobs 2": [str(tree), "--hardware", hw, "--jobs", "2"],
            "tree --jobs 1": [str(tree), "--hardware", hw, "--jobs", "1"],
            "one file": [one, "--hardware", hw],
        }
        versions = {"old": args.old, "new": args.new}
        env = dict(os.environ)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(work) / "pycache")
        results: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for case, case_args in cases.items():
            rounds = args.rounds * (3 if case == "one file" else 1)
            for i in range(rounds + 1):  # round 0 warms up (bytecode, data cache)
                for name, venv in versions.items():
                    env["TOPLINT_CACHE_DIR"] = str(Path(work) / f"cache-{name}")
                    got = run([str(venv / "bin" / "toplint"), "check", *case_args], env)
                    if i:
                        results.setdefault((case, name), []).append(got)
    print("| case | old wall s | new wall s | new/old | old CPU s | new CPU s | new/old |")
    print("|---|---|---|---|---|---|---|")
    for case in cases:
        old, new = results[(case, "old")], results[(case, "new")]
        ow, nw = (statistics.median(t[0] for t in r) for r in (old, new))
        oc, nc = (statistics.median(t[1] for t in r) for r in (old, new))
        wall = f"{ow:.3f} | {nw:.3f} | {nw / ow:.2f}"
        print(f"| {case} | {wall} | {oc:.3f} | {nc:.3f} | {nc / oc:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
