"""Score toplint's reading of ROCm ATOM launches on InferenceX's single-node ATOM scripts.

``python benchmarks/atom_inferencex.py --half development`` (or ``held-out``: totals only).
The files are SemiAnalysisAI/InferenceX@843c6254f ``benchmarks/single_node/**/*atom*.sh``,
copied unmodified to tests/data/atom_inferencex/ and split by lot in its SPLIT.md.  A file
scores when toplint reads an ATOM deployment from it and reports no unknown option (TL005).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "atom_inferencex"


def half(name: str) -> list[str]:
    """The file paths SPLIT.md lists under the heading of ``name``."""
    heading = {"development": "## Development", "held-out": "## Held out"}[name]
    lines = (DATA / "SPLIT.md").read_text().splitlines()
    start = lines.index(heading) + 1
    out = []
    for line in lines[start:]:
        if line.startswith("## "):
            break
        if line.startswith("- `"):
            out.append(line[3 : line.index("`", 3)])
    return out


def score(path: str) -> tuple[bool, str]:
    run = subprocess.run(
        [sys.executable, "-m", "toplint", "inspect", "--format", "json", str(DATA / path)],
        capture_output=True,
        text=True,
        check=False,
    )
    report = json.loads(run.stdout or "{}")
    engines = [d.get("engine") for d in report.get("deployments", [])]
    unknown = [f for f in report.get("findings", []) if f.get("rule") == "TL005"]
    ok = "atom" in engines and not unknown
    return ok, f"engines {engines}, TL005 {len(unknown)}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("development", "held-out"), default="development")
    args = parser.parse_args()
    files = half(args.half)
    results = [(path, *score(path)) for path in files]
    if args.half == "development":
        for path, ok, why in results:
            print(f"{'ok  ' if ok else 'MISS'} {path}: {why}")
    hits = sum(ok for _, ok, _ in results)
    print(f"atom-inferencex {args.half}: {hits}/{len(results)} files read as ATOM without TL005")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
