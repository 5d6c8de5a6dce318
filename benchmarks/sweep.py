#!/usr/bin/env python3
"""Run toplint over whole public repositories and count what must never happen.

    python benchmarks/sweep.py ROOT --half development [--details] [--hardware FILE --cluster C]
    python benchmarks/sweep.py ROOT --half held-out     # totals only, by design
    python benchmarks/sweep.py ROOT --split benchmarks/data/SWEEP17.md --half ...

ROOT holds one folder per repository, named ``owner+name`` and extracted from the snapshot
the split (``--split``, default benchmarks/data/SWEEP16.md) names (``git archive HEAD``, files
of 4 MiB and more absent).  Per repository toplint runs as a user runs it, in fresh processes
from the repository's folder: ``toplint check . --format json --no-cache`` (exit code,
seconds, findings) and ``toplint inspect . --format json`` (what it read).  Then each file is
parsed once more in this process to time it alone.  Per half it reports:

- **crashes**: TL000 findings, runs that exit 3, tracebacks on stderr.  Must be 0;
- **errors**: error-severity findings (each one a claim that the file is wrong, to be triaged);
- **slow**: files whose parse takes over 1 s of CPU alone (with toplint's collector settings);
- **silent**: files that name an engine (benchmarks/open_world.py's pattern, written apart
  from toplint's own scan) yet yield no deployment and no finding.  Must be 0.

``--details`` prints each problem, for the development half only.
"""

from __future__ import annotations

import argparse
import gc
import json
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from open_world import names_engine
from splits import halves as split_halves

from toplint.parse.testcode import is_test_code

SPLIT = Path(__file__).resolve().parent / "data" / "SWEEP16.md"
HALVES = {"development": "## Development", "held-out": "## Held-out"}
SLOW_SECONDS = 1.0
_SINGULAR = {"crashes": "crash", "errors": "error", "slow": "slow", "silent": "silent"}


@dataclass
class Repo:
    name: str
    files: int = 0
    exit_code: int = 0
    seconds: float = 0.0
    crashes: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    slow: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"{self.name}: files {self.files}, exit {self.exit_code}, {self.seconds:.1f} s; "
            f"crashes {len(self.crashes)}, errors {len(self.errors)}, slow {len(self.slow)}, "
            f"silent {len(self.silent)}"
        )


def half(name: str, split: Path = SPLIT) -> list[str]:
    """``owner/name`` of the repositories the split lists under the half's heading."""
    listed = split_halves(split.read_text("utf-8"), HALVES["development"], HALVES["held-out"])
    return [item.split("@", 1)[0] for item in listed[name]]


def _toplint(args: Sequence[str], cwd: Path) -> tuple[int, float, dict[str, Any], str]:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "toplint", *args], cwd=cwd, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    try:
        out = json.loads(proc.stdout) if proc.stdout.strip() else {}
    except json.JSONDecodeError:
        out = {}
    return proc.returncode, seconds, out, proc.stderr


def _where(f: dict[str, Any]) -> str:
    return f"{f.get('path')}:{f.get('line')}:{f.get('column')} {f.get('rule')} {f.get('message')}"


def _slow_files(folder: Path) -> list[str]:
    """Files whose parse alone takes over SLOW_SECONDS (the parse stage, in this process)."""
    from toplint.discover.files import discover, read_source
    from toplint.parse.builtin import toplint_parsers
    from toplint.parse.run import parse_source

    # as `toplint` runs: what the interpreter built frozen, the collector's threshold raised
    # (toplint.cli); without them a 1.7 MB CRD's parse measured 1.5-2.5 s instead of 0.6 s
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
    parsers = toplint_parsers()
    slow = []
    for path in discover([str(folder)]):
        source = read_source(path)
        if not hasattr(source, "text"):
            continue
        start = time.process_time()  # CPU time: the machine may be shared
        parse_source(source, parsers)  # type: ignore[arg-type]
        seconds = time.process_time() - start
        if seconds > SLOW_SECONDS:
            slow.append(f"{Path(path).relative_to(folder)} {seconds:.2f} s")
    return slow


def sweep(root: Path, name: str, extra: Sequence[str], timing: bool) -> Repo:
    folder = root / name.replace("/", "+")
    repo = Repo(name)
    code, seconds, out, err = _toplint(
        ["check", ".", "--format", "json", "--no-cache", *extra], folder
    )
    repo.exit_code, repo.seconds = code, seconds
    repo.files = out.get("summary", {}).get("files", 0)
    findings = out.get("findings", [])
    repo.crashes = [_where(f) for f in findings if f.get("rule") == "TL000"]
    if code == 3 or "Traceback" in err:
        repo.crashes.append(f"run: exit {code}: {err.strip()[-300:]}")
    repo.errors = [_where(f) for f in findings if f.get("severity") == "error"]
    _, _, seen, _ = _toplint(["inspect", ".", "--format", "json", *extra], folder)
    read = {re.sub(r"^\./", "", str(d.get("path"))) for d in seen.get("deployments", [])}
    flagged = {re.sub(r"^\./", "", str(f.get("path"))) for f in findings}
    flagged |= {re.sub(r"^\./", "", str(f.get("path"))) for f in seen.get("findings", [])}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        if not path.is_file() or rel in read or rel in flagged or path.stat().st_size > 1 << 20:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if names_engine(text) and _would_read(rel) and not is_test_code(path.name):
            repo.silent.append(rel)
    if timing:
        repo.slow = _slow_files(folder)
    return repo


def _would_read(rel: str) -> bool:
    from toplint.discover.files import SKIP_DIRS, wanted

    return wanted(Path(rel).name) and not SKIP_DIRS.intersection(Path(rel).parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--half", choices=HALVES, required=True)
    parser.add_argument("--split", type=Path, default=SPLIT, help="the sweep's split file")
    parser.add_argument("--hardware")
    parser.add_argument("--cluster")
    parser.add_argument("--details", action="store_true")
    parser.add_argument("--no-timing", action="store_true", help="skip the per-file parse times")
    parser.add_argument("--only", help="one repository of the half (owner/name)")
    args = parser.parse_args(argv)
    extra = ["--hardware", args.hardware, "--cluster", args.cluster] if args.hardware else []
    names = [n for n in half(args.half, args.split) if args.only in (None, n)]
    totals: Counter[str] = Counter()
    for name in names:
        repo = sweep(args.root, name, extra, not args.no_timing)
        for key in ("crashes", "errors", "slow", "silent"):
            totals[key] += len(getattr(repo, key))
        totals["files"] += repo.files
        totals["exit3"] += repo.exit_code == 3
        if args.half == "development":
            print(repo.line())
            if args.details:
                for key in ("crashes", "errors", "slow", "silent"):
                    for item in getattr(repo, key):
                        print(f"  {_SINGULAR[key]}: {item}")
            sys.stdout.flush()
    print(
        f"{args.half}: {len(names)} repositories, {totals['files']} files; "
        f"crashes {totals['crashes']}, runs exiting 3 {totals['exit3']}, "
        f"errors {totals['errors']}, slow {totals['slow']}, silent {totals['silent']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
