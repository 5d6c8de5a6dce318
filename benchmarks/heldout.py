"""The held-out sources of the accuracy benchmark, drawn by lot (issue 28).

    python benchmarks/heldout.py          # print the draw
    python benchmarks/heldout.py --write  # write benchmarks/data/heldout.yaml

The unit drawn is a publication: every source of benchmarks/data/public.yaml whose measurements
one publication printed (one repository, issue thread or page) is drawn together, so that no
run of a held-out publication's cluster or harness is fitted on.  One exception, written down
before the draw: aiconfigurator's eight shipped tables (toplint/cost/data/measured.yaml) are
eight units, one per machine, because that one publication is every NVLink and PCIe table of
eight GPU models; drawn whole it would leave the fit nothing inside a node.

The draw: sort the units, shuffle them with ``random.Random(SEED)``, hold out the first
``ceil(len(units) / 4)``.  ``tests/benchmarks`` checks that heldout.yaml is this draw.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT / "benchmarks" / "data" / "public.yaml"
MEASURED = ROOT / "linter" / "toplint" / "cost" / "data" / "measured.yaml"
HELDOUT = ROOT / "benchmarks" / "data" / "heldout.yaml"
SEED = 20261201  # the date the third pass collected its data; chosen before the draw
# Sources that share one publication under different source names (same repository).
SAME_PUBLICATION = {
    "mleng-": "stas00/ml-engineering",
    "awsome-ep-": "awslabs/awsome-distributed-ai",
}


def publication(source: str) -> str:
    """The unit a source is drawn with."""
    if source.startswith("aiconfigurator:"):
        return source
    for prefix, pub in SAME_PUBLICATION.items():
        if source.startswith(prefix):
            return pub
    return source.split(":", 1)[0]


def sources() -> list[str]:
    public = yaml.safe_load(PUBLIC.read_text(encoding="utf-8"))["systems"]
    tables = yaml.safe_load(MEASURED.read_text(encoding="utf-8"))["systems"]
    keys = {f"aiconfigurator:{t['key']}" for t in tables}
    return sorted(keys | {s["source"] for s in public})


def draw(seed: int = SEED) -> list[str]:
    units = sorted({publication(s) for s in sources()})
    random.Random(seed).shuffle(units)
    return sorted(units[: math.ceil(len(units) / 4)])


def held_out_sources() -> set[str]:
    """The sources of the committed held-out publications."""
    doc = yaml.safe_load(HELDOUT.read_text(encoding="utf-8"))
    pubs = set(doc["held_out"])
    return {s for s in sources() if publication(s) in pubs}


def main(argv: list[str]) -> int:
    units = sorted({publication(s) for s in sources()})
    held = draw()
    print(f"{len(units)} units, {len(held)} held out (seed {SEED}):")
    for u in held:
        print(f"  {u}")
    if "--write" in argv:
        lines = [
            "# Held-out publications of the accuracy benchmark (issue 28), drawn by lot before any",
            "# fitting on them: benchmarks/heldout.py (procedure in its docstring; HELDOUT.md).",
            "# Never fitted, tuned or excluded on; scored once per change beside the "
            "cross-validation.",
            f"seed: {SEED}",
            f"units: {len(units)}",
            "held_out:",
            *(f"  - {u!r}" if ":" in u or "#" in u else f"  - {u}" for u in held),
        ]
        HELDOUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
