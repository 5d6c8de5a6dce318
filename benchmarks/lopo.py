"""Leave one publication out: the yardstick of a model change on the development data.

    python benchmarks/lopo.py           # totals per class and per network, development only

The unit left out is a publication (benchmarks/heldout.py ``publication``: one repository,
issue thread or page; aiconfigurator's tables one per machine), not a source: a fold never
trains on another run of the cluster or harness it predicts.  The points are the development
publications and the spent draws (benchmarks/data/HELDOUT.md: the second to fourth draws are
development data since the eleventh pass), fitted by ``accuracy.fit`` exactly as the shipped
fit is; the first draw's held-out list and the fifth draw are never among them.

Below that table (nineteenth pass, HELDOUT.md "Twelfth draw"), the same table with the fifth to
eleventh draws' points added: spent, never fitted on, each priced by the development fit
(``accuracy.development_fit``, the model toplint ships), which never saw them, so no fold is
needed.  The first table is kept as it was, so that passes stay comparable.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


def _accuracy() -> Any:
    name = "toplint_accuracy"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parent / "accuracy.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


A = _accuracy()


def development_points() -> list[Any]:
    """Every point a development fit may see: the development publications and the spent
    draws (never the first draw's held-out list, never the fifth draw)."""
    return [*A.development(A.all_points()), *A.spent_points()]


def lopo_rows(points: Sequence[Any] | None = None) -> list[Any]:
    """Each development publication predicted by ``fit`` on every other one."""
    pts = list(points if points is not None else development_points())
    pub = A.heldout_module().publication
    out = []
    for unit in sorted({pub(p.machine.source) for p in pts}):
        train = [p for p in pts if pub(p.machine.source) != unit]
        model = A.fit(train)
        out.extend(
            A._row("alpha-beta", p, model.predict(p)) for p in pts if pub(p.machine.source) == unit
        )
    return out


CLASSES: dict[str, Callable[[Any], bool]] = {
    "all": lambda r: True,
    "across nodes": lambda r: r.across,
    "across nodes, below 1 MiB": lambda r: r.across and r.size < A.SMALL,
    "across nodes, from 1 MiB": lambda r: r.across and r.size >= A.SMALL,
    "inside one node": lambda r: not r.across,
    "below 1 MiB": lambda r: r.size < A.SMALL,
    "all-to-all": lambda r: r.cls == "all-to-all",
}


def unseen_rows() -> list[Any]:
    """The fifth to eleventh draws' points, priced by the development fit (no fit sees them)."""
    return A.unseen_rows(A.all_points())


def totals(rows: Sequence[Any], network: Callable[[Any], str] | None = None) -> list[str]:
    """Markdown rows: points, median error, share within ±25% per class (and per network)."""
    lines = ["| class | points | median error | within ±25% |", "|---|---|---|---|"]
    for name, keep in CLASSES.items():
        s = A.stats(r for r in rows if keep(r))
        if s is not None:
            lines.append(f"| {name} | {s.n} | {s.median:.1%} | {s.within25:.1%} |")
    if network is not None:
        for net in sorted({network(r) for r in rows if r.across}):
            for small in (True, False):
                sel = [r for r in rows if r.across and network(r) == net]
                sel = [r for r in sel if (r.size < A.SMALL) == small]
                s = A.stats(sel)
                if s is not None:
                    size = "below 1 MiB" if small else "from 1 MiB"
                    lines.append(f"| {net}, {size} | {s.n} | {s.median:.1%} | {s.within25:.1%} |")
    return lines


def main(argv: list[str]) -> int:
    pts = development_points()
    nets = {(p.machine.source, p.machine.name): p.machine.step_key for p in pts}
    nets |= {(p.machine.source, p.machine.name): p.machine.step_key for p in A.unseen_points()}
    rows = lopo_rows(pts)
    print("\n".join(totals(rows, lambda r: nets[(r.source, r.system)])))
    print(
        "\nWith the fifth to eleventh draws (spent, never fitted on; each point priced by the "
        "development fit, which never saw it):\n"
    )
    print("\n".join(totals([*rows, *unseen_rows()], lambda r: nets[(r.source, r.system)])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
