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
``ceil(len(units) / 4)``.  ``tests/cost/test_heldout.py`` checks that heldout.yaml is this draw.

The second draw (eighth pass, 2026-12-02; HELDOUT.md "Second draw"): the first draw's held-out
publications had been looked at over seven passes.  Eight new publications were collected
(heldout2.yaml ``units``, every one absent from public.yaml and measured.yaml by address before
this pass); sorted, shuffled with ``random.Random(SEED2)``, the first ``ceil(len(units) / 2)`` are
held out, before any model change and before any residual of them was computed.  The first
draw's units are every other publication (29 of them, as heldout.yaml says).

    python benchmarks/heldout.py --second          # print the second draw
    python benchmarks/heldout.py --second --write  # write benchmarks/data/heldout2.yaml

The third draw (ninth pass, 2026-12-03; HELDOUT.md "Third draw"): the second draw's held-out
publications were looked at twice in the eighth pass and once more to choose between two fits,
so they are spent.  Seven new publications were collected (``THIRD_UNITS``, every one absent
from public.yaml and measured.yaml by address before this pass); sorted, shuffled with
``random.Random(SEED3)``, the first ``ceil(len(units) / 2)`` are held out, before any model
change and before any residual of them was computed.  The first and second draws' units are
unchanged (the first draw's are every publication but the eighth and ninth passes').

    python benchmarks/heldout.py --third          # print the third draw
    python benchmarks/heldout.py --third --write  # write benchmarks/data/heldout3.yaml

The fourth draw (tenth pass; HELDOUT.md "Fourth draw"): the third draw was looked at twice in
the ninth pass and once more to decide what shipped, so it is spent.  Three new publications
were collected (``FOURTH_UNITS``, every one absent from public.yaml and measured.yaml by
address before this pass).  The pass's rule, written before collection: with more than about
eight publications a lot (seed ``SEED4``) holds out at least half; with fewer, every one is
held out.  Three were found, so all three are held out and no lot is drawn.

    python benchmarks/heldout.py --fourth          # print the fourth draw
    python benchmarks/heldout.py --fourth --write  # write benchmarks/data/heldout4.yaml

The fifth draw (twelfth pass; HELDOUT.md "Fifth draw"): the second to fourth draws are spent
(development data since the eleventh pass).  Three new publications were collected
(``FIFTH_UNITS``, every one absent from public.yaml and measured.yaml by address before this
pass); the fourth draw's rule holds (at most ``LOT_ABOVE``: every one held out, no lot).

    python benchmarks/heldout.py --fifth          # print the fifth draw
    python benchmarks/heldout.py --fifth --write  # write benchmarks/data/heldout5.yaml

The sixth draw (thirteenth pass; HELDOUT.md "Sixth draw"): the fifth draw is spent (scored
before and after the twelfth pass).  Two new publications were collected (``SIXTH_UNITS``,
every one absent from public.yaml, measured.yaml and every earlier draw before this pass); the
fourth draw's rule holds (at most ``LOT_ABOVE``: every one held out, no lot).

    python benchmarks/heldout.py --sixth          # print the sixth draw
    python benchmarks/heldout.py --sixth --write  # write benchmarks/data/heldout6.yaml

The seventh draw (fourteenth pass; HELDOUT.md "Seventh draw"): the sixth draw is spent (looked
at before and after the thirteenth pass).  Four new publications were collected
(``SEVENTH_UNITS``, every one absent from public.yaml, measured.yaml and every earlier draw
before this pass), under the rule and seed (``SEED7``) committed before collection: at most
``LOT_ABOVE``, so every one is held out (no lot).

    python benchmarks/heldout.py --seventh          # print the seventh draw
    python benchmarks/heldout.py --seventh --write  # write benchmarks/data/heldout7.yaml

The eighth draw (fifteenth pass; HELDOUT.md "Eighth draw"): the seventh draw is spent (looked
at before and after the fourteenth pass).  Three new publications were collected
(``EIGHTH_UNITS``, every one absent from public.yaml, measured.yaml and every earlier draw
before this pass), under the rule and seed (``SEED8``) committed before collection, which adds
one criterion: a run across nodes is collected only where its network is stated.  At most
``LOT_ABOVE``, so every one is held out (no lot).

    python benchmarks/heldout.py --eighth          # print the eighth draw
    python benchmarks/heldout.py --eighth --write  # write benchmarks/data/heldout8.yaml

The ninth draw (sixteenth pass; HELDOUT.md "Ninth draw"): the eighth draw is spent (looked at
before and after the fifteenth pass).  Two new publications were collected (``NINTH_UNITS``,
every one absent from public.yaml, measured.yaml and every earlier draw before this pass), under
the eighth draw's rule and the seed (``SEED9``) committed before collection.  At most
``LOT_ABOVE``, so every one is held out (no lot).

    python benchmarks/heldout.py --ninth          # print the ninth draw
    python benchmarks/heldout.py --ninth --write  # write benchmarks/data/heldout9.yaml

The tenth draw (seventeenth pass; HELDOUT.md "Tenth draw"): the ninth draw is spent (looked at
before and after the sixteenth pass).  Two new publications were collected (``TENTH_UNITS``,
every one absent from public.yaml, measured.yaml and every earlier draw before this pass), under
the eighth draw's rule and the seed (``SEED10``) committed before collection.  At most
``LOT_ABOVE``, so every one is held out (no lot).

    python benchmarks/heldout.py --tenth          # print the tenth draw
    python benchmarks/heldout.py --tenth --write  # write benchmarks/data/heldout10.yaml

The eleventh draw (eighteenth pass; HELDOUT.md "Eleventh draw"): the tenth draw is spent
(looked at before and after the seventeenth pass).  Two new publications were collected
(``ELEVENTH_UNITS``, every one absent from public.yaml, measured.yaml and every earlier draw
before this pass), under the eighth draw's rule and the seed (``SEED11``) committed before
collection.  At most ``LOT_ABOVE``, so every one is held out (no lot).

    python benchmarks/heldout.py --eleventh          # print the eleventh draw
    python benchmarks/heldout.py --eleventh --write  # write benchmarks/data/heldout11.yaml

The twelfth draw (nineteenth pass; HELDOUT.md "Twelfth draw"): the eleventh draw is spent
(looked at before and after the eighteenth pass).  Two new publications were collected
(``TWELFTH_UNITS``, every one absent from public.yaml, measured.yaml and every earlier draw
before this pass, the earlier draws' "Not collected" lists included), under the eighth draw's
rule and the seed (``SEED12``) committed before collection.  At most ``LOT_ABOVE``, so every one
is held out (no lot).

    python benchmarks/heldout.py --twelfth          # print the twelfth draw
    python benchmarks/heldout.py --twelfth --write  # write benchmarks/data/heldout12.yaml

The thirteenth draw (twenty-first pass; HELDOUT.md "Thirteenth draw"): the twelfth draw keeps
one look, but has no PCIe point.  One new publication was collected (``THIRTEENTH_UNITS``,
absent from public.yaml, measured.yaml and every earlier draw before this pass, the earlier
draws' "Not collected" lists included), under the eighth draw's rule with the PCIe criterion
and the seed (``SEED13``) committed before collection.  At most ``LOT_ABOVE``, so it is held
out (no lot).

    python benchmarks/heldout.py --thirteenth          # print the thirteenth draw
    python benchmarks/heldout.py --thirteenth --write  # write benchmarks/data/heldout13.yaml

The fourteenth draw (twenty-second pass; HELDOUT.md "Fourteenth draw"): the twelfth and
thirteenth draws keep their one look each and are not scored in this pass.  Two new publications
were collected (``FOURTEENTH_UNITS``, absent from public.yaml, measured.yaml and every earlier
draw before this pass, the earlier draws' "Not collected" lists included), under the eighth
draw's rule with the seed (``SEED14``) committed before collection.  At most ``LOT_ABOVE``, so
both are held out (no lot).

    python benchmarks/heldout.py --fourteenth          # print the fourteenth draw
    python benchmarks/heldout.py --fourteenth --write  # write benchmarks/data/heldout14.yaml

The fifteenth draw (twenty-fourth pass; HELDOUT.md "Fifteenth draw"): the twelfth to fourteenth
draws keep their one look each and are not scored in this pass.  One new publication was
collected (``FIFTEENTH_UNITS``, absent from public.yaml, measured.yaml, every earlier draw and
the session's claims before this pass), under the eighth draw's rule with the seed (``SEED15``)
committed before collection.  At most ``LOT_ABOVE``, so it is held out (no lot).

    python benchmarks/heldout.py --fifteenth          # print the fifteenth draw
    python benchmarks/heldout.py --fifteenth --write  # write benchmarks/data/heldout15.yaml
"""

from __future__ import annotations

import functools
import math
import random
import sys
from collections.abc import Iterable
from pathlib import Path

from toplint.infra.yamlsafe import trusted_data

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT / "benchmarks" / "data" / "public.yaml"
MEASURED = ROOT / "linter" / "toplint" / "cost" / "data" / "measured.yaml"
HELDOUT = ROOT / "benchmarks" / "data" / "heldout.yaml"
HELDOUT2 = ROOT / "benchmarks" / "data" / "heldout2.yaml"
HELDOUT3 = ROOT / "benchmarks" / "data" / "heldout3.yaml"
HELDOUT4 = ROOT / "benchmarks" / "data" / "heldout4.yaml"
HELDOUT5 = ROOT / "benchmarks" / "data" / "heldout5.yaml"
HELDOUT6 = ROOT / "benchmarks" / "data" / "heldout6.yaml"
HELDOUT7 = ROOT / "benchmarks" / "data" / "heldout7.yaml"
HELDOUT8 = ROOT / "benchmarks" / "data" / "heldout8.yaml"
HELDOUT9 = ROOT / "benchmarks" / "data" / "heldout9.yaml"
HELDOUT10 = ROOT / "benchmarks" / "data" / "heldout10.yaml"
HELDOUT11 = ROOT / "benchmarks" / "data" / "heldout11.yaml"
HELDOUT12 = ROOT / "benchmarks" / "data" / "heldout12.yaml"
HELDOUT13 = ROOT / "benchmarks" / "data" / "heldout13.yaml"
HELDOUT14 = ROOT / "benchmarks" / "data" / "heldout14.yaml"
HELDOUT15 = ROOT / "benchmarks" / "data" / "heldout15.yaml"
SEED = 20261201  # the date the third pass collected its data; chosen before the draw
SEED2 = 20261202  # the date the eighth pass collected its data; chosen before the draw
SEED3 = 20261203  # the ninth pass's seed, given in its brief before any collection
SEED4 = 20261204  # the tenth pass's seed, fixed before collection (used only above 8 units)
SEED5 = 20261205  # the twelfth pass's seed, fixed before collection (used only above 8 units)
SEED6 = 20261206  # the thirteenth pass's seed, fixed before collection (used only above 8 units)
SEED7 = 20261207  # the fourteenth pass's seed, committed before collection (only above 8 units)
SEED8 = 20261208  # the fifteenth pass's seed, committed before collection (only above 8 units)
SEED9 = 20261209  # the sixteenth pass's seed, committed before collection (only above 8 units)
SEED10 = 20261210  # the seventeenth pass's seed, committed before collection (only above 8)
SEED11 = 20261211  # the eighteenth pass's seed, committed before collection (only above 8)
SEED12 = 20261212  # the nineteenth pass's seed, committed before collection (only above 8)
SEED13 = 20261213  # the twenty-first pass's seed, committed before collection (only above 8)
SEED14 = 20261214  # the twenty-second pass's seed, committed before collection (only above 8)
SEED15 = 20261215  # the twenty-fourth pass's seed, committed before collection (only above 8)
# Above this many publications a later draw is a lot; at or below it every one is held out.
LOT_ABOVE = 8
# The eighth pass's publications (the units of the second draw), as publication() names them.
SECOND_UNITS = (
    "aws-efa-eks",
    "awsome-distributed-ai#1255",
    "azure-ai-benchmarking-guide",
    "dstack",
    "nccl#527",
    "nccl#652",
    "nccl#812",
    "nccl-tests#119",
)
# The ninth pass's publications (the units of the third draw), as publication() names them.
THIRD_UNITS = (
    "aws-k8s-tester#585",
    "dstack#3865",
    "dstack#3961",
    "gcp-ai-infra-cluster-provisioning",
    "nccl#1469",
    "nccl#1531",
    "nccl-tests#314",
)
# The tenth pass's publications (the units of the fourth draw), as publication() names them.
FOURTH_UNITS = (
    "dranet-gke-rdma",
    "gb10-training",
    "gcm-check-nccl",
)
# The twelfth pass's publications (the units of the fifth draw), as publication() names them.
FIFTH_UNITS = (
    "a3-bandwidth-test",
    "multinode-training-guide",
    "skypilot",
)
# The thirteenth pass's publications (the units of the sixth draw), as publication() names them.
SIXTH_UNITS = (
    "deepep#303",
    "triton-distributed#57",
)
# The fourteenth pass's publications (the units of the seventh draw), as publication() names them.
SEVENTH_UNITS = (
    "datacrunch-supercomputing-clusters",
    "jingchaozhang-blog",
    "nccl#2355",
    "nccl-tests-cluster",
)
# The fifteenth pass's publications (the units of the eighth draw), as publication() names them.
EIGHTH_UNITS = (
    "aws-gpu-communication-benchmark",
    "msccl-nd-h100-v5",
    "mscclpp-ndmv4",
)
# The sixteenth pass's publications (the units of the ninth draw), as publication() names them.
NINTH_UNITS = (
    "nccl-test-results",
    "p6b300-efa-testkit",
)
# The seventeenth pass's publications (the units of the tenth draw), as publication() names them.
TENTH_UNITS = (
    "chlc-rtx4090-p2p",
    "kalavai-client",
)
# The eighteenth pass's publications (the units of the eleventh draw), as publication() names
# them.
ELEVENTH_UNITS = (
    "aikitoria-p2p",
    "llm-insights",
)
# The nineteenth pass's publications (the units of the twelfth draw), as publication() names
# them.
TWELFTH_UNITS = (
    "dgxc-benchmarking",
    "vpbenchmarking",
)
# The twenty-first pass's publications (the units of the thirteenth draw), as publication()
# names them.
THIRTEENTH_UNITS = ("b12x-pcie-calibration",)
# The twenty-second pass's publications (the units of the fourteenth draw), as publication()
# names them.
FOURTEENTH_UNITS = (
    "keitaw-p5-nccl-test",
    "kevinzhao-efa-validation",
)
# The twenty-fourth pass's publications (the units of the fifteenth draw), as publication()
# names them.
FIFTEENTH_UNITS = ("yangwhale-gpu-tpu-pedia",)
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
    """Every source of public.yaml and measured.yaml (a new list each call; read once)."""
    return list(_sources())


@functools.cache
def _sources() -> tuple[str, ...]:
    public = trusted_data(PUBLIC.read_text(encoding="utf-8"))["systems"]
    tables = trusted_data(MEASURED.read_text(encoding="utf-8"))["systems"]
    keys = {f"aiconfigurator:{t['key']}" for t in tables}
    return tuple(sorted(keys | {s["source"] for s in public}))


def first_units() -> list[str]:
    """The first draw's units: every publication but the later passes'."""
    later = set(SECOND_UNITS) | set(THIRD_UNITS) | set(FOURTH_UNITS) | set(FIFTH_UNITS)
    later |= set(SIXTH_UNITS) | set(SEVENTH_UNITS) | set(EIGHTH_UNITS) | set(NINTH_UNITS)
    later |= set(TENTH_UNITS) | set(ELEVENTH_UNITS) | set(TWELFTH_UNITS) | set(THIRTEENTH_UNITS)
    later |= set(FOURTEENTH_UNITS) | set(FIFTEENTH_UNITS)
    return sorted({publication(s) for s in sources()} - later)


def draw(seed: int = SEED) -> list[str]:
    units = first_units()
    random.Random(seed).shuffle(units)
    return sorted(units[: math.ceil(len(units) / 4)])


def draw2(seed: int = SEED2) -> list[str]:
    """The second draw: at least half of the eighth pass's publications."""
    return _half(SECOND_UNITS, seed)


def draw3(seed: int = SEED3) -> list[str]:
    """The third draw: at least half of the ninth pass's publications."""
    return _half(THIRD_UNITS, seed)


def draw4(seed: int = SEED4) -> list[str]:
    """The fourth draw, of the tenth pass's publications (``_every_or_half``)."""
    return _every_or_half(FOURTH_UNITS, seed)


def draw5(seed: int = SEED5) -> list[str]:
    """The fifth draw, of the twelfth pass's publications (``_every_or_half``)."""
    return _every_or_half(FIFTH_UNITS, seed)


def draw6(seed: int = SEED6) -> list[str]:
    """The sixth draw, of the thirteenth pass's publications (``_every_or_half``)."""
    return _every_or_half(SIXTH_UNITS, seed)


def draw7(seed: int = SEED7) -> list[str]:
    """The seventh draw, of the fourteenth pass's publications (``_every_or_half``)."""
    return _every_or_half(SEVENTH_UNITS, seed)


def draw8(seed: int = SEED8) -> list[str]:
    """The eighth draw, of the fifteenth pass's publications (``_every_or_half``)."""
    return _every_or_half(EIGHTH_UNITS, seed)


def draw9(seed: int = SEED9) -> list[str]:
    """The ninth draw, of the sixteenth pass's publications (``_every_or_half``)."""
    return _every_or_half(NINTH_UNITS, seed)


def draw10(seed: int = SEED10) -> list[str]:
    """The tenth draw, of the seventeenth pass's publications (``_every_or_half``)."""
    return _every_or_half(TENTH_UNITS, seed)


def draw11(seed: int = SEED11) -> list[str]:
    """The eleventh draw, of the eighteenth pass's publications (``_every_or_half``)."""
    return _every_or_half(ELEVENTH_UNITS, seed)


def draw12(seed: int = SEED12) -> list[str]:
    """The twelfth draw, of the nineteenth pass's publications (``_every_or_half``)."""
    return _every_or_half(TWELFTH_UNITS, seed)


def draw13(seed: int = SEED13) -> list[str]:
    """The thirteenth draw, of the twenty-first pass's publications (``_every_or_half``)."""
    return _every_or_half(THIRTEENTH_UNITS, seed)


def draw14(seed: int = SEED14) -> list[str]:
    """The fourteenth draw, of the twenty-second pass's publications (``_every_or_half``)."""
    return _every_or_half(FOURTEENTH_UNITS, seed)


def draw15(seed: int = SEED15) -> list[str]:
    """The fifteenth draw, of the twenty-fourth pass's publications (``_every_or_half``)."""
    return _every_or_half(FIFTEENTH_UNITS, seed)


def _every_or_half(units: Iterable[str], seed: int) -> list[str]:
    """A later draw: every unit when there are at most ``LOT_ABOVE`` of them, else at least
    half of them by lot (``_half``)."""
    units = list(units)
    return sorted(units) if len(units) <= LOT_ABOVE else _half(units, seed)


def _half(units: Iterable[str], seed: int) -> list[str]:
    """A later draw: the units sorted, shuffled with ``seed``, the first half (rounded up)."""
    drawn = sorted(units)
    random.Random(seed).shuffle(drawn)
    return sorted(drawn[: math.ceil(len(drawn) / 2)])


def held_out_sources() -> set[str]:
    """The sources of the committed held-out publications."""
    return held_out_of(HELDOUT)


def held_out_of(listing: Path) -> set[str]:
    """The sources of the publications a draw's held-out list (``heldoutN.yaml``) names."""
    doc = trusted_data(listing.read_text(encoding="utf-8"))
    pubs = set(doc["held_out"])
    return {s for s in sources() if publication(s) in pubs}


def held_out2_sources() -> set[str]:
    """The sources of the second draw's held-out publications (heldout2.yaml)."""
    return held_out_of(HELDOUT2)


def held_out3_sources() -> set[str]:
    """The sources of the third draw's held-out publications (heldout3.yaml)."""
    return held_out_of(HELDOUT3)


def held_out4_sources() -> set[str]:
    """The sources of the fourth draw's held-out publications (heldout4.yaml)."""
    return held_out_of(HELDOUT4)


def held_out5_sources() -> set[str]:
    """The sources of the fifth draw's held-out publications (heldout5.yaml)."""
    return held_out_of(HELDOUT5)


def held_out6_sources() -> set[str]:
    """The sources of the sixth draw's held-out publications (heldout6.yaml)."""
    return held_out_of(HELDOUT6)


def held_out7_sources() -> set[str]:
    """The sources of the seventh draw's held-out publications (heldout7.yaml)."""
    return held_out_of(HELDOUT7)


def held_out8_sources() -> set[str]:
    """The sources of the eighth draw's held-out publications (heldout8.yaml)."""
    return held_out_of(HELDOUT8)


def held_out9_sources() -> set[str]:
    """The sources of the ninth draw's held-out publications (heldout9.yaml)."""
    return held_out_of(HELDOUT9)


def held_out10_sources() -> set[str]:
    """The sources of the tenth draw's held-out publications (heldout10.yaml)."""
    return held_out_of(HELDOUT10)


def held_out11_sources() -> set[str]:
    """The sources of the eleventh draw's held-out publications (heldout11.yaml)."""
    return held_out_of(HELDOUT11)


def held_out12_sources() -> set[str]:
    """The sources of the twelfth draw's held-out publications (heldout12.yaml)."""
    return held_out_of(HELDOUT12)


def held_out13_sources() -> set[str]:
    """The sources of the thirteenth draw's held-out publications (heldout13.yaml)."""
    return held_out_of(HELDOUT13)


def held_out14_sources() -> set[str]:
    """The sources of the fourteenth draw's held-out publications (heldout14.yaml)."""
    return held_out_of(HELDOUT14)


def held_out15_sources() -> set[str]:
    """The sources of the fifteenth draw's held-out publications (heldout15.yaml)."""
    return held_out_of(HELDOUT15)


def later_draws() -> list[int]:
    """The numbers of the later draws (the second on) whose held-out list is committed
    (``heldoutN.yaml``), each with its ``held_outN_sources``: what ``accuracy.py --heldoutN``
    can score."""
    data = ROOT / "benchmarks" / "data"
    return sorted(
        n
        for n in range(2, 100)
        if (data / f"heldout{n}.yaml").exists() and callable(globals().get(f"held_out{n}_sources"))
    )


def fifteenth_sources() -> set[str]:
    """Every source of the twenty-fourth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in FIFTEENTH_UNITS}


def fourteenth_sources() -> set[str]:
    """Every source of the twenty-second pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in FOURTEENTH_UNITS}


def thirteenth_sources() -> set[str]:
    """Every source of the twenty-first pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in THIRTEENTH_UNITS}


def twelfth_sources() -> set[str]:
    """Every source of the nineteenth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in TWELFTH_UNITS}


def eleventh_sources() -> set[str]:
    """Every source of the eighteenth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in ELEVENTH_UNITS}


def tenth_sources() -> set[str]:
    """Every source of the seventeenth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in TENTH_UNITS}


def ninth_sources() -> set[str]:
    """Every source of the sixteenth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in NINTH_UNITS}


def eighth_sources() -> set[str]:
    """Every source of the fifteenth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in EIGHTH_UNITS}


def seventh_sources() -> set[str]:
    """Every source of the fourteenth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in SEVENTH_UNITS}


def sixth_sources() -> set[str]:
    """Every source of the thirteenth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in SIXTH_UNITS}


def fifth_sources() -> set[str]:
    """Every source of the twelfth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in FIFTH_UNITS}


def fourth_sources() -> set[str]:
    """Every source of the tenth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in FOURTH_UNITS}


def third_sources() -> set[str]:
    """Every source of the ninth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in THIRD_UNITS}


def second_sources() -> set[str]:
    """Every source of the eighth pass's publications (held out or not)."""
    return {s for s in sources() if publication(s) in SECOND_UNITS}


def main(argv: list[str]) -> int:
    if "--second" in argv:
        return _main_second(argv)
    if "--third" in argv:
        return _main_third(argv)
    if "--fourth" in argv:
        how = "all held out (no lot: at most eight)"
        return _main_later(argv, "Fourth", "tenth", draw4(), FOURTH_UNITS, SEED4, HELDOUT4, how)
    if "--fifth" in argv:
        how = "all held out (no lot: at most eight)"
        return _main_later(argv, "Fifth", "twelfth", draw5(), FIFTH_UNITS, SEED5, HELDOUT5, how)
    if "--sixth" in argv:
        how = "all held out (no lot: at most eight)"
        return _main_later(argv, "Sixth", "thirteenth", draw6(), SIXTH_UNITS, SEED6, HELDOUT6, how)
    if "--seventh" in argv:
        how = "all held out (no lot: at most eight)"
        args7 = ("Seventh", "fourteenth", draw7(), SEVENTH_UNITS, SEED7, HELDOUT7, how)
        return _main_later(argv, *args7)
    if "--eighth" in argv:
        how = "all held out (no lot: at most eight)"
        return _main_later(argv, "Eighth", "fifteenth", draw8(), EIGHTH_UNITS, SEED8, HELDOUT8, how)
    if "--ninth" in argv:
        how = "all held out (no lot: at most eight)"
        return _main_later(argv, "Ninth", "sixteenth", draw9(), NINTH_UNITS, SEED9, HELDOUT9, how)
    if "--tenth" in argv:
        how = "all held out (no lot: at most eight)"
        args = ("Tenth", "seventeenth", draw10(), TENTH_UNITS, SEED10, HELDOUT10, how)
        return _main_later(argv, *args)
    if "--eleventh" in argv:
        how = "all held out (no lot: at most eight)"
        args = ("Eleventh", "eighteenth", draw11(), ELEVENTH_UNITS, SEED11, HELDOUT11, how)
        return _main_later(argv, *args)
    if "--twelfth" in argv:
        how = "all held out (no lot: at most eight)"
        args = ("Twelfth", "nineteenth", draw12(), TWELFTH_UNITS, SEED12, HELDOUT12, how)
        return _main_later(argv, *args)
    if "--thirteenth" in argv:
        how = "all held out (no lot: at most eight)"
        units13 = THIRTEENTH_UNITS
        args = ("Thirteenth", "twenty-first", draw13(), units13, SEED13, HELDOUT13, how)
        return _main_later(argv, *args)
    if "--fourteenth" in argv:
        how = "all held out (no lot: at most eight)"
        units14 = FOURTEENTH_UNITS
        args = ("Fourteenth", "twenty-second", draw14(), units14, SEED14, HELDOUT14, how)
        return _main_later(argv, *args)
    if "--fifteenth" in argv:
        how = "all held out (no lot: at most eight)"
        units15 = FIFTEENTH_UNITS
        args = ("Fifteenth", "twenty-fourth", draw15(), units15, SEED15, HELDOUT15, how)
        return _main_later(argv, *args)
    units = first_units()
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


def _main_second(argv: list[str]) -> int:
    return _main_later(argv, "Second", "eighth", draw2(), SECOND_UNITS, SEED2, HELDOUT2)


def _main_third(argv: list[str]) -> int:
    return _main_later(argv, "Third", "ninth", draw3(), THIRD_UNITS, SEED3, HELDOUT3)


def _main_later(
    argv: list[str],
    ordinal: str,
    passname: str,
    held: list[str],
    units: Iterable[str],
    seed: int,
    out: Path,
    how: str = "drawn by lot",
) -> int:
    """Print a later draw (its pass's new publications, half held out) and, with ``--write``,
    write its list."""
    units = sorted(units)
    print(f"{len(units)} units, {len(held)} held out (seed {seed}):")
    for u in held:
        print(f"  {u}")
    if "--write" in argv:
        item = lambda u: f"  - {u!r}" if ":" in u or "#" in u else f"  - {u}"  # noqa: E731
        lines = [
            f"# {ordinal} held-out draw of the accuracy benchmark (issue 28, {passname} pass): the",
            f"# {passname} pass's publications, {how} before any model change and before",
            f'# any residual of them was computed: benchmarks/heldout.py (HELDOUT.md "{ordinal}',
            '# draw").  Never fitted, tuned or excluded on; scored before and after the pass.',
            f"seed: {seed}",
            "units:",
            *(item(u) for u in units),
            "held_out:",
            *(item(u) for u in held),
        ]
        out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
