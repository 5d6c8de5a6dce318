#!/usr/bin/env python3
"""Benchmark toplint against the YAML parse floor and yamllint on generated trees.

    python benchmarks/run.py [--sizes 2000,20000] [--repeat 5] [--gen PATH] [--out FILE]

For each size, ``shared/bench/gen_corpus.py TREE --files N`` writes a tree into a temporary
directory; then each tool runs ``--repeat`` times in a fresh process (toplint and the floor in
alternation, round by round) and the median wall time and the peak resident memory (largest
process, from ``wait4``) are reported:

- toplint: ``toplint check TREE --hardware TREE/hardware.yaml``
- floor:   every YAML file of the tree loaded with PyYAML's C loader in one process
- yamllint: ``yamllint TREE``

plus the pre-commit case: one file and its manifest vs ``yamllint`` on that file, run in
alternation (toplint, yamllint, toplint, ...) at least 21 times each, so that a machine whose
speed drifts during the run (a shared 2-core VM does) slows both alike.  Prints a table and
writes benchmarks/RESULTS.md.

Install as users do: ``pip install '.[bench]'`` (not ``-e``: pre-commit installs toplint as a
regular package, and an editable install puts an import hook in front of every import, about
20 ms of start-up here).

Every tool runs as installed software does, from compiled bytecode: ``PYTHONDONTWRITEBYTECODE``
is dropped and ``PYTHONPYCACHEPREFIX`` points into the temporary directory (the checkout stays
clean), and one untimed warm-up run per program writes the bytecode first.  (pip compiles
bytecode when it installs yamllint; an editable toplint would otherwise be recompiled from
source on every run where that variable is set.)

Targets (issue 8, on a 2-core machine): 2,000 files in at most 2.0x the floor and faster than
yamllint, linear to 20,000 files, peak memory under 150 MB, and the one-file case in at most
1.0x yamllint.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_GEN = HERE.parent.parent / "shared" / "bench" / "gen_corpus.py"
FLOOR = (
    "import os, sys, yaml\n"
    "for root, _, files in os.walk(sys.argv[1]):\n"
    "    for name in files:\n"
    "        if name.endswith(('.yaml', '.yml')):\n"
    "            with open(os.path.join(root, name), 'rb') as fh:\n"
    "                list(yaml.load_all(fh.read(), Loader=yaml.CSafeLoader))\n"
)


@dataclass(frozen=True)
class Timing:
    seconds: float  # median wall time
    peak_mb: float  # largest resident set of any process of the run
    cpu_seconds: float = 0.0  # median user + system CPU time


ENV: dict[str, str] = {}  # set by main(): the environment every measured command runs in
_WARM: set[str] = set()  # programs whose bytecode the warm-up run has written


def measure(cmd: list[str], repeat: int) -> Timing:
    """Median wall time and the largest peak RSS over ``repeat`` fresh runs (after a warm-up)."""
    if cmd[0] not in _WARM:  # the first (smallest) case of each program writes its bytecode
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV or None)
        _WARM.add(cmd[0])
    times: list[float] = []
    cpu: list[float] = []
    peak = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.Popen(
            cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV or None
        )
        _, status, usage = os.wait4(proc.pid, 0)
        times.append(time.perf_counter() - start)
        cpu.append(usage.ru_utime + usage.ru_stime)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 1):
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {err}")
        if proc.stderr:
            proc.stderr.close()
        peak = max(peak, usage.ru_maxrss / 1024)  # kB on Linux
    return Timing(statistics.median(times), peak, statistics.median(cpu))


def tool(name: str) -> list[str]:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found; pip install -e '.[bench]'")
    return [found]


def bench_tree(gen: Path, n: int, repeat: int, work: Path) -> dict[str, Timing]:
    tree = work / f"tree-{n}"
    subprocess.run([sys.executable, str(gen), str(tree), "--files", str(n)], check=True)
    hw = str(tree / "hardware.yaml")
    timings = alternating(
        {
            "toplint": [*tool("toplint"), "check", str(tree), "--hardware", hw],
            "toplint -j1": [*tool("toplint"), "check", str(tree), "--hardware", hw, "--jobs", "1"],
            "floor": [sys.executable, "-c", FLOOR, str(tree)],
        },
        repeat,
    )
    timings["yamllint"] = measure([*tool("yamllint"), str(tree)], max(1, repeat // 2))
    return timings


def alternating(cmds: dict[str, list[str]], rounds: int) -> dict[str, Timing]:
    """Each command once per round, in turn, so that drift in the machine's speed (a shared VM
    drifts by 2x over minutes) slows every command alike; medians over the rounds."""
    for cmd in cmds.values():
        measure(cmd, 1)  # warm-up (bytecode)
    runs: dict[str, list[Timing]] = {name: [] for name in cmds}
    for _ in range(rounds):
        for name, cmd in cmds.items():
            runs[name].append(measure(cmd, 1))
    return {
        name: Timing(
            statistics.median(t.seconds for t in got),
            max(t.peak_mb for t in got),
            statistics.median(t.cpu_seconds for t in got),
        )
        for name, got in runs.items()
    }


def bench_one(work: Path, n: int, repeat: int) -> dict[str, Timing]:
    tree = work / f"tree-{n}"
    one = str(sorted(tree.rglob("*.yaml"))[1])  # [0] is hardware.yaml
    hw = str(tree / "hardware.yaml")
    cmds = {
        "toplint": [*tool("toplint"), "check", one, "--hardware", hw],
        "yamllint": [*tool("yamllint"), one],
    }
    return alternating(cmds, max(21, repeat * 4))


def table(trees: dict[int, dict[str, Timing]], one: dict[str, Timing]) -> str:
    rows = [
        "| case | tool | median s | peak MB | vs floor | vs yamllint |",
        "|---|---|---|---|---|---|",
    ]
    for n, t in trees.items():
        for name, tm in t.items():
            floor, lint = tm.seconds / t["floor"].seconds, tm.seconds / t["yamllint"].seconds
            rows.append(
                f"| {n:,} files | {name} | {tm.seconds:.2f} | {tm.peak_mb:.0f} | "
                f"{floor:.2f}x | {lint:.2f}x |"
            )
    for name, tm in one.items():
        rows.append(
            f"| one file + manifest | {name} | {tm.seconds:.3f} | {tm.peak_mb:.0f} | - | "
            f"{tm.seconds / one['yamllint'].seconds:.2f}x |"
        )
    cpu = ", ".join(f"{name} {tm.cpu_seconds * 1e3:.0f} ms" for name, tm in one.items())
    ratio = one["toplint"].cpu_seconds / one["yamllint"].cpu_seconds
    rows.append(f"\nOne file, median CPU time (user + system): {cpu} ({ratio:.2f}x).")
    return "\n".join(rows)


def verdicts(trees: dict[int, dict[str, Timing]], one: dict[str, Timing]) -> list[str]:
    out: list[str] = []
    sizes = sorted(trees)
    small = trees[sizes[0]]
    out.append(_v("<= 2.0x floor", small["toplint"].seconds / small["floor"].seconds <= 2.0))
    out.append(_v("faster than yamllint", small["toplint"].seconds < small["yamllint"].seconds))
    if len(sizes) > 1:
        big = trees[sizes[-1]]
        per_small = small["toplint"].seconds / sizes[0]
        per_big = big["toplint"].seconds / sizes[-1]
        out.append(
            _v(
                f"linear (per file {per_small * 1e3:.2f} -> {per_big * 1e3:.2f} ms)",
                per_big <= 1.25 * per_small,
            )
        )
    peak = max(t["toplint"].peak_mb for t in trees.values())
    out.append(_v(f"peak memory {peak:.0f} MB < 150 MB", peak < 150))
    ratio = one["toplint"].seconds / one["yamllint"].seconds
    out.append(_v(f"one file {ratio:.2f}x yamllint <= 1.0x", ratio <= 1.0))
    return out


def _v(what: str, ok: bool) -> str:
    return f"- {'met' if ok else 'NOT met'}: {what}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="2000,20000")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--gen", type=Path, default=DEFAULT_GEN)
    ap.add_argument("--out", type=Path, default=HERE / "RESULTS.md")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="toplint-bench-") as tmp:
        work = Path(tmp)
        ENV.update(os.environ)
        ENV.pop("PYTHONDONTWRITEBYTECODE", None)
        ENV["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
        trees = {n: bench_tree(args.gen, n, args.repeat if n <= 5000 else 3, work) for n in sizes}
        one = bench_one(work, sizes[0], args.repeat)
    text = table(trees, one)
    checks = "\n".join(verdicts(trees, one))
    print(text + "\n\n" + checks)
    machine = f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    args.out.write_text(
        f"# Benchmark results\n\n`python benchmarks/run.py --sizes {args.sizes} --repeat "
        f"{args.repeat}` on {machine}; medians of fresh processes, peak = largest process.\n\n"
        f"{text}\n\n## Targets\n\n{checks}\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
