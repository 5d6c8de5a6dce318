"""How a deployment moves MoE tokens, from its engine's record and its options.

The engine record (``Engine.all_to_all``: the backend option, its environment variable and the
engine's default; ``Engine.ep_layout``) says which backend runs; this module says what each
backend does on the wire, read from the libraries' and engines' sources:

- a backend named ``none`` has no all-to-all: tokens are already on every rank after the
  attention all-reduce, each rank runs its experts, and one all-reduce combines them (SGLang
  ``--moe-a2a-backend none``, its default);
- an engine whose EP group is the DP×TP ranks of a stage (``ep_layout == "dp_x_tp"``) with
  DP 1 has the same: vLLM runs its all-to-all kernels only when ``dp_size > 1 and use_ep``
  (vllm/model_executor/layers/fused_moe/config.py ``use_all2all_kernels``) and otherwise
  all-reduces the experts' outputs over the TP group;
- ``allgather_reducescatter`` / ``naive`` gather every rank's tokens (dense);
- DeepEP runs its normal kernels or its low-latency kernels (``deepep_high_throughput`` /
  ``deepep_low_latency``, or ``deepep`` with ``--deepep-mode normal|low_latency|auto``: auto is
  normal for prefill and low-latency for decode), pplx its own kernels; MoRI, NIXL-EP,
  Mooncake and FlashInfer's NVLink all-to-all send each token copy straight to its expert's
  rank and are priced as concurrent point-to-point sends (the row's kernel says so);
- ``--enable-dbo`` (dual-batch overlap) overlaps the exchange with the other micro-batch.

Which value means which of these is the engine record's (``AllToAll.backends``, read from the
engine's source).  A value the engine does not accept, a value whose exchange toplint has not
read (``unmodelled``), and an engine whose EP exchange was not read at all are not priced:
the exchange is ``UNPRICED``, the cost report says so, and TL110 reports it at its line.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from toplint.engines.registry import get_engine
from toplint.engines.types import chosen_backend
from toplint.infra.runmemo import RecordedOptions
from toplint.record import record

if TYPE_CHECKING:
    from toplint.model import Deployment

# The MoE token exchange of one phase.
ALLREDUCE = "allreduce"  # tokens replicated; experts sharded; one all-reduce combines
DENSE = "dense"  # all-gather every rank's tokens, reduce-scatter back
UNPRICED = "unpriced"  # the exchange is not known: not priced, reported (TL110)

# pplx-kernels' dispatch/combine inside one node carries a fixed cost toplint has not modelled
# (``toplint.cost.moe.exchange`` leaves it unpriced; across nodes vLLM's pplx is single-node
# and TL110 says so, and it stays priced for TL104): on its only
# public table (perplexityai/pplx-kernels@7af30594 README.md) a concurrent all-to-all with
# NCCL's fixed cost is 56% off left out (median, 30 points; 1 token at EP16 takes 103 µs), and
# 1.6-7x short on measurements outside benchmarks/data (issue 28).  Not a number: TL110.
PPLX_UNPRICED = (
    "pplx-kernels' dispatch and combine have a fixed cost toplint has not modelled (its public "
    "table is 1.6-7x the time toplint's all-to-all model gives)"
)

# What the cost rows name as the kernel of each priced style.
_KERNELS = {
    "deepep-ll": "DeepEP low-latency",
    "deepep-normal": "DeepEP normal",
    "pplx": "pplx-kernels",
}


@record
class MoeComm:
    style: str  # ALLREDUCE | DENSE | UNPRICED | one of toplint.cost.network.A2A_IMPLS
    why: str  # the engine behaviour and its source
    overlapped: bool = False  # dual-batch overlap hides it behind the other micro-batch
    kernel: str = ""  # what runs the exchange, as the cost table names it


@lru_cache(maxsize=4096)  # option names repeat across a tree's deployments
def _norm(key: str) -> str:
    return key.lower().replace("-", "_").lstrip("_")


def option(options: Mapping[str, str], *names: str) -> str | None:
    """The value of the first of ``options`` (in their order) whose name is one of ``names``,
    spelled with dashes or underscores, in any case."""
    # ``type() is``: an isinstance of a Mapping subclass goes through ABCMeta (asked ~10,000
    # times on a 2,000-file tree).
    if type(options) is RecordedOptions:  # a what-if notes what it reads (infra.runmemo)
        value = option(options.inner, *names)
        options.noted_option(names, value)
        return value
    index = _indexed(options)
    best: tuple[int, str] | None = None
    for name in _normed(names):
        hit = index.get(name)
        if hit is not None and (best is None or hit < best):
            best = hit
    return best[1] if best is not None else None


@lru_cache(maxsize=1024)  # the outcome model asks for the same few name lists
def _normed(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(_norm(n) for n in names))


def _indexed(options: Mapping[str, str]) -> dict[str, tuple[int, str]]:
    """Each normalised name of ``options`` -> (position of its first spelling, value).  The
    outcome model asks a deployment's options for a dozen names: they are indexed once."""
    held = _INDEX.get(id(options))
    if held is not None and held[0] is options and held[1] == len(options):
        return held[2]
    index: dict[str, tuple[int, str]] = {}
    for i, (key, value) in enumerate(options.items()):
        index.setdefault(_norm(key), (i, value))
    if len(_INDEX) >= 1024:
        _INDEX.clear()
    _INDEX[id(options)] = (options, len(options), index)  # held: its id stays its own
    return index


_INDEX: dict[int, tuple[Mapping[str, str], int, dict[str, tuple[int, str]]]] = {}


def flag(options: Mapping[str, str], *names: str) -> bool:
    value = option(options, *names)
    return value is not None and value.lower() not in ("false", "0", "no", "off")


def moe_comm(deployment: Deployment, dp: int, phase: str) -> MoeComm:
    """The MoE exchange the deployment runs in ``phase`` ("prefill" | "decode") with EP on."""

    engine = get_engine(deployment.engine)
    a2a = engine.all_to_all
    overlap = flag(deployment.options, "enable_dbo")
    if engine.ep_layout == "dp_x_tp" and dp <= 1:
        return MoeComm(
            ALLREDUCE,
            f"{engine.title} EP with DP 1: the EP group is the TP group; no all-to-all, the "
            "experts' outputs are all-reduced over TP (use_all2all_kernels = dp_size > 1)",
        )
    if a2a is None:
        return MoeComm(
            UNPRICED,
            f"{engine.title}: how it moves MoE tokens between expert-parallel ranks has not "
            "been read from its source; the EP exchange is not priced",
        )

    chosen = chosen_backend(a2a, deployment.options)
    backend, where = chosen or (a2a.default, a2a.flag)
    origin = f"{engine.title} {where} {backend}" + ("" if chosen else " (its default)")
    wire = a2a.backends.get(backend)
    if a2a.needs_ep and not deployment.ep_enabled and wire is not None:
        # no backend's kernels run without the EP switch: the experts are tensor-parallel over
        # the DP x TP ranks, which all gather every token (``AllToAll.needs_ep``)
        why = f"{engine.title} without expert parallelism: every rank gathers all tokens"
        return MoeComm(DENSE, why, flag(deployment.options, "enable_dbo"), "all-gather: NCCL")
    if wire is None:
        return MoeComm(
            UNPRICED,
            f"{origin}: not a value {engine.title} accepts ({', '.join(sorted(a2a.backends))}; "
            f"{a2a.backends_source}); the EP exchange is not priced",
        )
    if wire == "unmodelled":
        return MoeComm(
            UNPRICED,
            f"{origin}: toplint has not read what this backend sends; the EP exchange is not "
            "priced",
        )
    if wire == "allreduce":
        return MoeComm(ALLREDUCE, f"{origin}: no all-to-all; one all-reduce combines the experts")
    if wire == "dense":
        return MoeComm(
            DENSE, f"{origin}: every rank gathers all tokens", overlap, f"{backend}: NCCL"
        )
    style = _library(wire, option(deployment.options, "deepep_mode"), phase)
    if overlap:
        origin += "; --enable-dbo overlaps it with the other micro-batch's compute"
    kernel = _KERNELS.get(style) or f"{backend} (priced as concurrent sends)"
    return MoeComm(style, origin, overlap, kernel)


def _library(wire: str, mode: str | None, phase: str) -> str:
    """The all-to-all implementation (toplint.cost.network.A2A_IMPLS) of a wire model."""
    if wire == "deepep-mode":
        wanted = (mode or "auto").lower()
        if wanted == "auto":
            wanted = "normal" if phase == "prefill" else "low_latency"
        return "deepep-ll" if wanted.startswith("low") else "deepep-normal"
    if wire == "sends":
        return "nccl"  # concurrent point-to-point sends (network._all_to_all)
    return wire  # deepep-ll, deepep-normal, pplx
