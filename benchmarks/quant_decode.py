"""Score toplint's decode ITL of quantized dense checkpoints at one sequence against public figures.

``python benchmarks/quant_decode.py --half fit`` (figure by figure) or ``--half held-out`` (totals
only).  The figures are benchmarks/data/quant_decode/figures.yaml, split by lot in its SPLIT.md;
how each is priced and scored is benchmarks/decode_figures.py.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import decode_figures
from decode_figures import ROOT, predict, totals

DATA = ROOT / "benchmarks" / "data" / "quant_decode"
__all__ = ["DATA", "half", "predict", "totals"]


def half(name: str) -> list[dict[str, Any]]:
    """The figures SPLIT.md lists under the heading of ``name``, in file order."""
    return decode_figures.half(DATA, name)


if __name__ == "__main__":
    raise SystemExit(decode_figures.main("quant-decode", DATA, __doc__.splitlines()[0]))
