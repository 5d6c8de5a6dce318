#!/usr/bin/env python3
"""Count the fixes ``toplint check`` drops because their edits fail ``--fix``'s validation.

    python benchmarks/dropped_fixes.py [--save DIR] [TREE ...]

A displayed fix is validated the way ``--fix`` validates one before writing
(``toplint.pipeline.shown``); one that fails is not shown and its finding says
"(not `FIX`: why)", as ``toplint.rulebook.judged`` says for a fix that makes the outcome worse.
Those are counted by rule and by why (its first clause: the rule a fix would add, not the
message, so counts compare across changes).  Each tree runs as a user runs it, in one fresh
``toplint check --format json --no-cache --hardware examples/hardware.yaml TREE`` from the
checkout; ``--save DIR`` keeps each tree's JSON to diff a change's output.

Trees by default: the shared corpus (../shared/corpus), tests/data/corpus2,
tests/data/open_world*, examples.

Measured 2026-12-02 (helper fixedits).  At d7c177e: 15 dropped (TL208 9, TL203 3, TL005, TL201,
TL206 1 each), 5 of them an edit bug (a multi-node script's node edited alone, CLI words in a
NIMService's fields, ``${A[$i]}`` cut at ``]``, a one-item-a-line argv list joined with spaces,
a command read at one place); after the builders were mended, 12 (fixes shown with edits 21 ->
25).  Since main's 99cb2ec a layout fix on an unplaced deployment is not offered, so with no
``--cluster`` the edits of most layout fixes are no longer reached (30 dropped, before and after
these changes alike); ``--cluster h100-ib``: 49 -> 47, ``--cluster a100-eth``: 57 -> 55.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parents[1]
_SHARED = _ROOT.parent / "shared" / "corpus"
_NOT = re.compile(r"\(not `(?:[^`]*)`: (.*)\)$")


def default_trees() -> list[str]:
    data = _ROOT / "tests" / "data"
    trees = [str(_SHARED)] if _SHARED.is_dir() else []
    trees.append("tests/data/corpus2")
    trees += sorted(str(p.relative_to(_ROOT)) for p in data.glob("open_world*") if p.is_dir())
    trees.append("examples")
    return trees


def check(tree: str, cluster: str | None = None) -> dict[str, Any]:
    more = ["--cluster", cluster] if cluster else []
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "toplint",
            "check",
            "--format",
            "json",
            "--no-cache",
            "--hardware",
            "examples/hardware.yaml",
            *more,
            tree,
        ],
        cwd=_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode not in (0, 1):
        raise SystemExit(f"{tree}: exit {run.returncode}\n{run.stderr}")
    result: dict[str, Any] = json.loads(run.stdout)
    return result


def why_of(message: str) -> str | None:
    """The reason a dropped fix gives, to its first clause ("it would add TL208 (warning)")."""
    m = _NOT.search(message)
    if m is None:
        return None
    return m.group(1).split(":", 1)[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="*")
    ap.add_argument("--save", metavar="DIR", help="write each tree's JSON here")
    ap.add_argument("--cluster", help="check every deployment against this cluster")
    args = ap.parse_args(argv)
    by_rule: Counter[str] = Counter()
    by_why: Counter[str] = Counter()
    by_both: Counter[tuple[str, str]] = Counter()
    for tree in args.trees or default_trees():
        out = check(tree, args.cluster)
        if args.save:
            name = tree.strip("/").replace("/", "_") + ".json"
            Path(args.save).mkdir(parents=True, exist_ok=True)
            (Path(args.save) / name).write_text(json.dumps(out, indent=1, sort_keys=True))
        dropped = 0
        for f in out["findings"]:
            why = why_of(f["message"])
            if why is None:
                continue
            dropped += 1
            by_rule[f["rule"]] += 1
            by_why[why] += 1
            by_both[(f["rule"], why)] += 1
        print(f"{tree}: {len(out['findings'])} findings, {dropped} with a dropped fix")
    print(f"\ntotal dropped: {sum(by_rule.values())}")
    print("by rule:")
    for rule, n in sorted(by_rule.items()):
        print(f"  {rule} {n}")
    print("by why:")
    for why, n in by_why.most_common():
        print(f"  {n:3} {why}")
    print("by rule and why:")
    for (rule, why), n in sorted(by_both.items()):
        print(f"  {rule} {n:3} {why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
