"""Fixes and alternatives judged by the outcome (issue 25 point 3).

A layout change is offered only when the deployment it makes starts, fits, runs on no more
GPUs than it has, and is no slower to first token or per token at the declared workload than
the deployment as written (``TIE``: within the model's resolution).  A deployment that does
not run as written has no latency to keep: any change that runs is better.
"""

from __future__ import annotations

from typing import Any

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Budgets, Workload
from toplint.engines import release
from toplint.engines.registry import get_engine
from toplint.hardware.types import Cluster
from toplint.infra.runmemo import RunMemo
from toplint.model import Deployment
from toplint.outcome.memory import weights_per_gpu
from toplint.outcome.starts import problems
from toplint.outcome.types import GIB, Outcome
from toplint.record import record, replace

TIE = 0.05  # the α-β model's stated accuracy per tier (plan.rank.TIE)
CLEARLY = 0.25  # "clearly better": beyond the ±25% band of weight streaming and compute


@record
class Judged:
    """A changed layout and what it would do; ``why`` says what rules it out ("" when ok)."""

    tp: int
    pp: int
    dp: int
    outcome: Outcome
    why: str

    @property
    def ok(self) -> bool:
        return not self.why


def changed(
    dep: Deployment,
    tp: int | None,
    pp: int | None,
    dp: int | None,
    *,
    ep_on: bool = False,
    attention_dp: int | None = None,
) -> Deployment:
    """``dep`` with a new layout, as the engine derives it: attention DP lives inside the TP
    group's GPUs (SGLang ``--enable-dp-attention``: DP stays 1), an EP switch derives EP
    (vLLM: EP = TP × DP)."""
    new = replace(
        dep,
        tp=tp if tp is not None else dep.tp,
        pp=pp if pp is not None else dep.pp,
        dp=dp if dp is not None else dep.dp,
        ep_enabled=dep.ep_enabled or ep_on,
    )
    if attention_dp is not None:
        options = {**new.options, "attention_dp": str(attention_dp)}
        new = replace(new, options=options, dp=1)
    if new.ep_enabled and get_engine(dep.engine).ep_layout == "dp_x_tp":
        new = replace(new, ep=(new.tp or 1) * (new.dp or 1))
    return new


def judge(
    dep: Deployment,
    before: Outcome | None,
    cluster: Cluster,
    model: ModelSpec,
    workload: Workload,
    *,
    tp: int | None = None,
    pp: int | None = None,
    dp: int | None = None,
    ep_on: bool = False,
    attention_dp: int | None = None,
) -> Judged:
    new = changed(dep, tp, pp, dp, ep_on=ep_on, attention_dp=attention_dp)
    return judge_deployment(dep, new, before, cluster, model, workload)


def judge_deployment(
    dep: Deployment,
    new: Deployment,
    before: Outcome | None,
    cluster: Cluster,
    model: ModelSpec,
    workload: Workload,
    *,
    layout: bool = True,
    keep_speed: bool = True,
) -> Judged:
    """``new`` (``dep`` as a fix makes it) judged: it starts and fits, and — a layout change —
    is not the current layout and needs no more GPUs; with ``keep_speed`` (the deployment ran
    as written) it is no slower."""
    # Imported here: a run whose deployments need no what-if (none placed, or no rule weighing
    # a change) never loads the placement, cost and latency models.  Written `import a.b` (a
    # lookup in sys.modules once loaded), not `from a.b import c`, which runs the import
    # machinery at every call (docs/performance.md).
    import toplint.outcome.build

    after = toplint.outcome.build.whatif(new, cluster, model, workload)
    size = (new.tp or 1, new.pp or 1, new.dp or 1)
    why = _layout_why(dep, new, _gpus_it_has(dep, cluster)) if layout else ""
    return Judged(*size, after, why or _why(before if keep_speed else None, after))


def _gpus_it_has(dep: Deployment, cluster: Cluster) -> int | None:
    """The GPUs the deployment may use: its world size, the GPUs it requests or sees when it
    uses fewer (``CUDA_VISIBLE_DEVICES=3,4`` for a one-GPU layout: two; ``Deployment.gpus``),
    or the whole node when every GPU is visible to it and it uses fewer (TGI under ``--gpus
    all`` or on a bare host runs one shard: ``gpus_usable: node``)."""
    if dep.world_size is None:
        return None
    usable = dep.options.get("gpus_visible") == "all" or dep.options.get("gpus_usable") == "node"
    if usable and (dep.nodes or 1) == 1:
        return max(dep.world_size, cluster.gpus_per_node)
    return max(dep.world_size, dep.gpus or 0)


def _layout_why(dep: Deployment, new: Deployment, has: int | None = None) -> str:
    same = (new.tp, new.pp, new.dp, new.options.get("attention_dp")) == (
        dep.tp,
        dep.pp,
        dep.dp,
        dep.options.get("attention_dp"),
    )
    if same and new.ep_enabled == dep.ep_enabled:
        return "it is the current layout"
    has = dep.world_size if has is None else has
    if has is not None and (new.world_size or 0) > has:
        return f"it needs {new.world_size} GPUs, the deployment has {has}"
    return ""


def _why(before: Outcome | None, after: Outcome) -> str:
    if not after.starts:
        return f"the engine would refuse it: {after.problems[0]}"
    if after.memory is not None and not after.memory.fits:
        return f"it {after.verdict()}"
    if before is None or not before.runs or before.latency is None or after.latency is None:
        return ""
    b, a = before.latency, after.latency
    if a.itl_ms > b.itl_ms * (1 + TIE):
        return f"it makes decode slower: {b.itl_ms:.1f} → {a.itl_ms:.1f} ms per token"
    if a.ttft_ms > b.ttft_ms * (1 + TIE):
        return f"it makes the first token slower: {b.ttft_ms:.0f} → {a.ttft_ms:.0f} ms"
    return ""


_BestSplit = tuple[Judged | None, str, int, bool]
# best_split's answers for the run, keyed like a what-if (toplint.outcome.build.shared): a tree's
# deployments repeat layouts (overlays per environment, replicas of one service), and TL101,
# TL102, TL108 and TL109 ask the same question of each.
_BEST: RunMemo[list[tuple[Any, _BestSplit]]] = RunMemo(4096)


def best_split(
    dep: Deployment,
    before: Outcome | None,
    cluster: Cluster,
    model: ModelSpec,
    workload: Workload,
    budgets: Budgets | None,
    *,
    fewer_tp: bool = False,
) -> _BestSplit:
    """``_best_split``, kept for the run: the answer names no file, line or deployment name
    (``toplint.outcome.build.key_of`` lists what of ``dep`` it reads; the options are keyed by
    what is read of them) and depends on nothing else but the arguments in the key."""
    import toplint.outcome.build as build

    return build.shared(
        _BEST, cluster, (build.key_of(dep), model, workload, budgets, fewer_tp, before), dep,
        lambda probe: _best_split(probe, before, cluster, model, workload, budgets, fewer_tp),
    )  # fmt: skip


def _best_split(
    dep: Deployment,
    before: Outcome | None,
    cluster: Cluster,
    model: ModelSpec,
    workload: Workload,
    budgets: Budgets | None,
    fewer_tp: bool,
) -> _BestSplit:
    """Whether another split of the deployment's GPUs (``splits``) is ``clearly_better`` than
    ``before``: the first that is, in rank order (those that run and are no slower first,
    fastest decode first; a split into more replicas ranks as if ``TIE`` slower) and how much
    (``None, ""`` when none is), how many splits there are, and whether any of them runs.

    Only the splits asked for are priced, each a placement and a cost.  A split that cannot be
    clearly better than ``before`` even at its ``floor`` (with ``budgets``, the declared ones)
    is not priced: it has no latency, so it is never clearly better and ranks after every priced
    one.  The priced splits alone decide which is best; the others are asked only whether one
    starts and fits, until one does, when no priced split is clearly better or runs.
    ``tests/outcome/test_best_split.py`` holds this to judging every split and ranking them."""
    found = splits(dep, cluster, model, fewer_tp=fewer_tp)
    weighed, rest = [], []
    for new in found:
        if budgets is None or not _cannot_beat(before, new, cluster, model, workload, budgets):
            weighed.append((judge_deployment(dep, new, before, cluster, model, workload), new))
        else:
            rest.append(new)
    dp = max(dep.dp or 1, 1)
    for alt, new in sorted(weighed, key=lambda w: _rank(w[0], replicas=w[0].dp != dp)):
        how = clearly_better(before, alt, budgets)
        if how:
            how = _at_same_load(dep, new, alt, how, before, cluster, model, workload, budgets)
        if how:
            return alt, how, len(found), True
    import toplint.outcome.build

    unpriced = toplint.outcome.build.unpriced
    runs = any(j.outcome.runs for j, _ in weighed) or any(
        unpriced(new, cluster, model, workload).runs for new in rest
    )
    return None, "", len(found), runs


def _at_same_load(
    dep: Deployment,
    new: Deployment,
    alt: Judged,
    how: str,
    before: Outcome | None,
    cluster: Cluster,
    model: ModelSpec,
    workload: Workload,
    budgets: Budgets | None,
) -> str:
    """``how`` ``alt`` is clearly better, when it still is while it decodes the sequences
    ``dep`` decodes (``toplint.outcome.load``); "" when it is better only by serving fewer."""
    import toplint.outcome.build
    import toplint.outcome.load

    heavier = toplint.outcome.load.at_load(dep, new, workload)
    if heavier is None:
        return how
    loaded = toplint.outcome.build.whatif(new, cluster, model, heavier)
    still = clearly_better(before, replace(alt, outcome=loaded), budgets)
    if not still:
        return ""
    sequences = toplint.outcome.load.in_flight(dep, workload)
    if still == how:
        return f"{how}, also at the same {sequences} sequences in flight"
    return f"{how}; at the same {sequences} sequences in flight, {still}"


def splits(
    dep: Deployment, cluster: Cluster, model: ModelSpec, *, fewer_tp: bool = False
) -> list[Deployment]:
    """Every other TP × PP split of the deployment's TP × PP GPUs (DP kept), and — where the
    engine has data parallelism with an option for it — every TP × DP split of them into
    replicas (TP 4 → TP 2 × DP 2: each replica serves the declared batch, so decode streams more
    weights per GPU but all-reduces across fewer ranks) that may run (``_may_run``).  With
    ``fewer_tp`` only splits with fewer TP ranks."""
    gpus = (dep.tp or 1) * (dep.pp or 1)
    engine = get_engine(dep.engine)
    dims = release.dimensions(dep)  # at the release the image pins (SGLang has PP from 0.4.6)
    current = dep.tp or 1
    dp = max(dep.dp or 1, 1)
    out = [
        changed(dep, tp, gpus // tp, None)
        for tp in range(1, (current if fewer_tp else gpus + 1))
        if tp != current and gpus % tp == 0 and (gpus // tp == 1 or "pp" in dims)
    ]
    if "dp" in dims and engine.layout.dp and not dep.ep_enabled:
        replicas = (changed(dep, tp, 1, dp * gpus // tp) for tp in range(1, gpus) if tp != current)
        out += [
            new
            for new in replicas
            if (not fewer_tp or (new.tp or 1) < current)
            and gpus % (new.tp or 1) == 0
            and _may_run(new, model, cluster)
        ]
    return out


def _cannot_beat(
    before: Outcome | None,
    new: Deployment,
    cluster: Cluster,
    model: ModelSpec,
    workload: Workload,
    budgets: Budgets,
) -> bool:
    """Whether ``new`` cannot be ``clearly_better`` than ``before``, whatever its collectives
    cost: its ``floor`` (streaming, expert kernels and compute alone) misses the budgets
    ``before`` misses and is not ``CLEARLY`` faster on either latency."""
    import toplint.outcome.latency

    if before is None or before.latency is None:
        return True  # nothing to be better than (clearly_better says "")
    lat = before.latency
    least = toplint.outcome.latency.floor(new, cluster.gpu, model, workload)
    if least is None:
        return False
    itl, ttft = least
    if misses(before, budgets) and not _missed(itl, ttft, budgets):
        return False
    decode = itl < lat.itl_ms * (1 - CLEARLY) and ttft <= lat.ttft_ms * (1 + TIE)
    prefill = ttft < lat.ttft_ms * (1 - CLEARLY) and itl <= lat.itl_ms * (1 + TIE)
    return not (decode or prefill)


def _may_run(new: Deployment, model: ModelSpec, cluster: Cluster) -> bool:
    """Whether a layout can start and hold its weights, by arithmetic alone: a split into
    replicas that cannot is not placed and priced (a what-if is the costliest step of a run)."""
    gib = cluster.gpu.capacity_gib
    return not problems(new, model, cluster.gpu) and weights_per_gpu(model, new) < gib * GIB


def _rank(j: Judged, *, replicas: bool = False) -> tuple[int, float, float]:
    """Runs and no slower first, then decode, then first token; a split into more replicas
    ranks as if ``TIE`` slower: it is preferred to a TP × PP split only beyond the model's
    resolution (one engine keeps one KV cache pool and one endpoint)."""
    lat = j.outcome.latency
    worse = 1 + TIE if replicas else 1.0
    return (
        0 if j.ok else 1,
        lat.itl_ms * worse if lat else 1e18,
        lat.ttft_ms * worse if lat else 1e18,
    )


def misses(outcome: Outcome, budgets: Budgets) -> tuple[str, ...]:
    """The declared budgets the outcome misses (its latencies' centre values)."""
    lat = outcome.latency
    return () if lat is None else _missed(lat.itl_ms, lat.ttft_ms, budgets)


def _missed(itl_ms: float, ttft_ms: float, budgets: Budgets) -> tuple[str, ...]:
    out = []
    if budgets.itl_ms is not None and itl_ms > budgets.itl_ms:
        out.append(f"ITL {itl_ms:.1f} ms > {budgets.itl_ms:g} ms budget")
    if budgets.ttft_ms is not None and ttft_ms > budgets.ttft_ms:
        out.append(f"TTFT {ttft_ms:.0f} ms > {budgets.ttft_ms:g} ms budget")
    return tuple(out)


def clearly_better(before: Outcome | None, alt: Judged, budgets: Budgets | None = None) -> str:
    """How much better ``alt`` is than ``before`` when it is clearly so ("" otherwise): it
    meets the declared budgets ``before`` misses, or it is more than ``CLEARLY`` faster on one
    latency and no slower on the other."""
    if before is None or before.latency is None or alt.outcome.latency is None:
        return ""
    if not alt.outcome.runs or (alt.why and not alt.why.startswith("it makes")):
        return ""
    b, a = before.latency, alt.outcome.latency
    if budgets is not None and misses(before, budgets) and not misses(alt.outcome, budgets):
        return (
            f"meets the budgets: ITL {b.itl_ms:.1f} → {a.itl_ms:.1f} ms, TTFT "
            f"{b.ttft_ms:.0f} → {a.ttft_ms:.0f} ms"
        )
    if not alt.ok:
        return ""
    if a.itl_ms < b.itl_ms * (1 - CLEARLY) and a.ttft_ms <= b.ttft_ms * (1 + TIE):
        return f"decode {b.itl_ms:.1f} → {a.itl_ms:.1f} ms per token"
    if a.ttft_ms < b.ttft_ms * (1 - CLEARLY) and a.itl_ms <= b.itl_ms * (1 + TIE):
        return f"first token {b.ttft_ms:.0f} → {a.ttft_ms:.0f} ms"
    return ""
