"""Error bars: every predicted time carries its method and a band from its class's measured error.

The bands are not guesses: ``benchmarks/accuracy.py --write`` computes them from the public
measurements (leave-one-source-out for the α–β model, leave-one-point-out for interpolation,
other publications of the same GPU for a replayed table) and writes ``data/accuracy.yaml``;
docs/accuracy.md reports the same figures and tests/cost/test_accuracy.py fails when the
cross-validated error of a class rises above them.  A band b is the 80th percentile of
exp(|log(predicted/measured)|) − 1 over the rows of its class that print it (an α–β row of an
architecture without a fitted table prints, and sets, the "no fitted table" band), symmetric in
log space: the measured time lies in [t/(1+b), t·(1+b)] four times in five.  Every band comes
from the development sources' errors (the α–β ones cross-validated); the held-out publications
(benchmarks/data/heldout.yaml) test them.  An α–β price for a GPU whose architecture the
shipped fit saw no table of (``fitted_table_archs``: its per-architecture constants are another
architecture's or a default) takes the "no fitted table" band, never narrower than its class's;
so does a price across nodes on a network the fit saw no cross-node measurement of on that
architecture (``fitted_networks``, tenth pass: its network constants are another network's).

An α–β band is also stratified by message size (sixth pass): below 1 MiB a collective is
latency-bound and the model's error is several times its error above: one intra-node band
(±42%) was printed both for messages from 1 MiB, which their development rows put within ±26%
four times in five, and for smaller ones, which need ±132%.  Each class has a band below and
from ``SIZE_LIMIT`` (with and
without a fitted table), each from its stratum's development rows, the class's band where a
stratum has too few (benchmarks/accuracy.py ``bands``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from toplint.hardware.linkkinds import NETWORK, NONE, PCIE, kind
from toplint.hardware.units import format_time_us
from toplint.infra.pkgdata import read_yaml

DATA = "toplint/cost/data/accuracy.yaml"
METHODS = ("same-system measurement", "other-system measurement", "interpolation", "alpha-beta")
NO_TABLE = "alpha-beta, no fitted table"
CLASSES = ("intra-node", "pcie", "multi-node", "all-to-all", "custom-kernel")
# The α–β size strata: below 1 MiB the latency-bound regime (docs/accuracy.md's "small" rows).
SIZE_LIMIT = 1 << 20
SIZES = ("below 1 MiB", "from 1 MiB")


def size_stratum(message_bytes: float) -> str:
    """The size stratum of an α–β band a message of ``message_bytes`` takes."""
    return SIZES[message_bytes >= SIZE_LIMIT]


def stratum(method: str, message_bytes: float) -> str:
    """The key of accuracy.yaml's size-stratified α–β bands ("alpha-beta, below 1 MiB")."""
    return f"{method}, {size_stratum(message_bytes)}"


def error_class(op: str, link_kind: str, kernel_custom: bool = False) -> str:
    """The accuracy class a collective belongs to (docs/accuracy.md)."""
    if kernel_custom:
        return "custom-kernel"
    if op == "all_to_all":
        return "all-to-all"
    cls = kind(link_kind).cls
    if cls in (NETWORK, NONE):
        return "multi-node"
    if cls == PCIE:
        return "pcie"
    return "intra-node"


def band(
    method: str, cls: str, message_bytes: float | None = None, extrapolated: bool = False
) -> float:
    """Relative uncertainty (±) of a time obtained by ``method`` for a collective of ``cls``;
    ``message_bytes``: its message (an α–β band is the size stratum's; None: the class's, as
    the docs print it); ``extrapolated``: an α–β time on an architecture with no fitted table."""
    bands = _bands()["bands"]
    if method == "alpha-beta":
        method = NO_TABLE if extrapolated else method
        if message_bytes is not None:
            method = stratum(method, message_bytes)
    try:
        return float(bands[method][cls])
    except KeyError:
        raise KeyError(f"no error band for {method!r} / {cls!r} in {DATA}") from None


def network_key(network: str, arch: str) -> str:
    """A network as ``fitted_networks`` names it: its kind and the GPU architecture on it."""
    return f"{network}/{arch or 'unknown'}"


def fitted_networks() -> frozenset[str]:
    """The networks (``network_key``) the shipped α–β constants saw a cross-node measurement of:
    a price across nodes on any other extrapolates and takes the "no fitted table" band."""
    return frozenset(_bands().get("fitted_networks", ()))


def fitted_table_archs() -> frozenset[str]:
    """The GPU architectures the shipped α–β constants were fitted on a table of."""
    return frozenset(_bands()["fitted_table_archs"])


@lru_cache(maxsize=1)
def _bands() -> dict[str, Any]:

    doc: dict[str, Any] = read_yaml("toplint.cost", "data/accuracy.yaml")
    return doc


def render(time_us: float, rel: float) -> str:
    """ "0.63 ms +20%/−17%" text for a time in µs and its band: the measured time lies in
    [t/(1+b), t·(1+b)], so the band reads +b above and −b/(1+b) below."""

    below = rel / (1.0 + rel)
    return f"{format_time_us(time_us)} +{rel * 100:.0f}%/−{below * 100:.0f}%"
