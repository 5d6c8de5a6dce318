"""Predicted (α–β model) vs measured (nccl-tests) time of every calibration collective.

    python benchmarks/accuracy.py            # Markdown: summary per tier/regime, then every row
    python benchmarks/accuracy.py --summary  # summary only

The measurements are the nccl-tests tables of measured-collectives.md shipped as
toplint/cost/data/measured.yaml.  The prediction is ``toplint.cost.collectives.predict_us`` on
the machine as described in that file (link kind per rank count, per-direction bandwidth, NVLS);
the table lookup is deliberately not used, since comparing it with itself would prove nothing.
docs/accuracy.md holds this script's output.
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass

from toplint.cost.calibration import systems
from toplint.cost.collectives import predict_us

LATENCY_MAX = 128 * 1024  # ≤ 128 KiB: latency-bound (cost-model.md §1.12 knee)
MID_MAX = 16 * 1024 * 1024  # 128 KiB–16 MiB: the α/β knee; above: bandwidth-bound


@dataclass(frozen=True)
class Row:
    system: str
    tier: str  # link kind the model used
    regime: str  # "latency" | "knee" | "bandwidth"
    op: str
    ranks: int
    message_bytes: int
    measured_us: float
    predicted_us: float
    algorithm: str

    @property
    def ratio(self) -> float:
        return self.predicted_us / self.measured_us

    @property
    def error_pct(self) -> float:
        return (self.ratio - 1.0) * 100.0


def regime(size: int) -> str:
    if size <= LATENCY_MAX:
        return "latency"
    return "knee" if size <= MID_MAX else "bandwidth"


def rows() -> list[Row]:
    out = []
    for system in systems():
        for p in system.points:
            fabric = system.fabric(p.ranks)
            pred = predict_us(p.op, p.message_bytes, fabric)
            out.append(
                Row(
                    system.name,
                    fabric.intra_kind,
                    regime(p.message_bytes),
                    p.op,
                    p.ranks,
                    p.message_bytes,
                    p.time_us,
                    pred.time_us,
                    f"{pred.algorithm}/{pred.protocol}",
                )
            )
    return out


def size_label(n: int) -> str:
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{n // scale} {unit}"
    return f"{n} B"


def summary(data: list[Row]) -> list[str]:
    lines = [
        "| tier | regime | points | median error | worst under | worst over | max factor |",
        "|---|---|---|---|---|---|---|",
    ]
    keys = sorted({(r.tier, r.regime) for r in data})
    for tier, reg in keys:
        sel = [r for r in data if r.tier == tier and r.regime == reg]
        errs = [r.error_pct for r in sel]
        factor = max(max(r.ratio, 1 / r.ratio) for r in sel)
        lines.append(
            f"| {tier} | {reg} | {len(sel)} | {statistics.median(errs):+.0f}% | "
            f"{min(errs):+.0f}% | {max(errs):+.0f}% | ×{factor:.2f} |"
        )
    return lines


def table(data: list[Row]) -> list[str]:
    lines = [
        "| system | op | n | size | measured µs | predicted µs | error | tier | algorithm |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in data:
        lines.append(
            f"| {r.system} | {r.op} | {r.ranks} | {size_label(r.message_bytes)} | "
            f"{r.measured_us:g} | {r.predicted_us:.1f} | {r.error_pct:+.0f}% | {r.tier} | "
            f"{r.algorithm} |"
        )
    return lines


def main(argv: list[str]) -> int:
    data = rows()
    print("## Summary (error = predicted / measured − 1)\n")
    print("\n".join(summary(data)))
    if "--summary" not in argv:
        print("\n## Every calibration point\n")
        print("\n".join(table(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
