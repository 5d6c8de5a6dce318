"""TL110 all-to-all-backend-mismatch."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.engines.registry import get_engine
from toplint.engines.types import AllToAll, chosen_backend
from toplint.facts import registry as F
from toplint.model import Deployment, Finding, Severity
from toplint.rulebook.alltoall import DENSE, MIN_EP, RDMA_ONLY, sparse_backend
from toplint.rulebook.helpers import finding, flag_fix, opt_int, severity_for
from toplint.rulebook.types import Rule, RuleContext

DOC = """\
## What it does
Checks the MoE all-to-all backend: expert parallelism of `min-ep` (16) or more ranks still on
the dense all-gather/reduce-scatter backend (vLLM's default `allgather_reducescatter`, SGLang's
`--moe-a2a-backend none`), a single-node backend (`pplx`) for a group that spans nodes, or an
RDMA-only backend (DeepEP, MoRI) for a group that spans nodes without RDMA — an error: its
internode kernels run on NVSHMEM over InfiniBand/RoCE and cannot run over TCP.

A value the engine does not accept (vLLM `--all2all-backend` / `VLLM_ALL2ALL_BACKEND`, SGLang
`--moe-a2a-backend`; the accepted values are the engine record's, read from its source) is an
error: the engine refuses to start, and toplint does not price an exchange it cannot know.
Without `--enable-expert-parallel` vLLM runs none of its backends (its all-to-all kernels need
expert parallelism on: each expert is then tensor-parallel over the DP x TP ranks, which all
gather every token), so only a value it rejects is reported there.
An accepted backend whose exchange toplint has not read (vLLM `deepep_v2`, SGLang `megamoe`,
the Ascend backends), and an engine whose EP exchange has not been read at all, get an info
finding: the exchange is not priced, so the communication-time checks skip the deployment.
So does vLLM's `pplx` inside a node: pplx-kernels' dispatch and combine carry a fixed cost
toplint has not modelled (pplx-kernels' published table is 1.6–7× the time its all-to-all
model gives).

## Why is this bad?
The all-gather backend moves `(W−1)·T·H·b` bytes per rank per MoE layer, every token to every
rank, where a sparse all-to-all moves `k·(W−1)/W·T·H·b` (only to the top-k experts' ranks). At
EP 16 with k = 8 that is ~2× more bytes, growing linearly with EP. vLLM's EP documentation
recommends `deepep_high_throughput` for prefill and `deepep_low_latency` for decode across
nodes; `pplx` is for single-node deployments.

## Example
```bash
# 2 nodes x 8 H100, InfiniBand
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 1 --data-parallel-size 16 \\
    --enable-expert-parallel
```

## Use instead
```bash
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 1 --data-parallel-size 16 \\
    --enable-expert-parallel --all2all-backend deepep_low_latency
```

Outcome reported (toplint's severity policy): a backend the engine rejects or whose kernels
cannot run here is an **error**; the dense backend at large EP is a **warning** when a sparse
backend the engine accepts runs here and is no slower to first token or per token at the
declared workload (that backend is the fix), else **info** (one backend serves prefill and
decode: DeepEP's low-latency kernels can slow a long prefill, its high-throughput kernels
decode; without RDMA none can run across nodes).

## Options
- `min-ep` (default `16`): smallest expert-parallel size at which the dense backend is flagged.

## Fix safety
Unsafe: DeepEP needs its kernels installed, NVLink P2P inside nodes and RDMA between them.

## References
- vLLM expert parallel deployment (backend table): https://docs.vllm.ai/en/latest/serving/expert_parallel_deployment/
- DeepEP (RDMA required for internode kernels): https://github.com/deepseek-ai/DeepEP
- SGLang expert parallelism (`--moe-a2a-backend`): https://docs.sglang.io/advanced_features/expert_parallelism.html
"""

SINGLE_NODE = ("pplx",)


def ep_exchanges(dep: Deployment) -> bool:
    """The engine runs an all-to-all at all (vLLM with DP 1 all-reduces over TP instead)."""
    engine = get_engine(dep.engine)
    return not (engine.ep_layout == "dp_x_tp" and (dep.dp or 1) <= 1)


def _ep_at(dep: Deployment) -> str:
    return "ep_enabled" if "ep_enabled" in dep.sources else "ep"


def _backend_at(dep: Deployment, key: str, where: str) -> str:
    """The deployment field whose value chose the backend (the flag, else its variable)."""
    for field in (key, f"env.{where}", where):
        if field in dep.sources:
            return field
    return _ep_at(dep)


def _rdma(ctx: RuleContext) -> bool:
    link_rdma = ctx.placement.worst("ep") if ctx.placement is not None else None
    if link_rdma is not None:
        return link_rdma.link.rdma
    if F.CLUSTER_INTER_RDMA not in ctx.facts and ctx.cluster is not None:
        return ctx.cluster.inter.rdma  # unplaced: the assigned cluster's network
    return bool(ctx.facts.get(F.CLUSTER_INTER_RDMA, False))


def _may_cross(ctx: RuleContext, ep: int) -> bool:
    """The EP group spans nodes as placed, or — unplaced — it is larger than one node: what a
    suggested backend must be able to run over (the findings themselves need the placement)."""
    if F.EP_CROSSES_NODES in ctx.facts:
        return bool(ctx.facts[F.EP_CROSSES_NODES])
    return ctx.cluster is not None and ep > ctx.cluster.gpus_per_node


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    dep = ctx.deployment
    engine = get_engine(dep.engine)
    a2a = engine.all_to_all  # where the engine reads its backend
    if ctx.model is None or not ctx.model.is_moe:
        return
    ep = ctx.facts.get(F.EP_SIZE, dep.ep)
    if not isinstance(ep, int) or ep < 2:
        return
    if a2a is None:
        if ep_exchanges(dep):
            yield finding(
                rule,
                ctx,
                _ep_at(dep),
                f"{engine.title} moves MoE tokens between its {ep} expert-parallel ranks in a "
                "way toplint has not read from its source: that exchange is not priced, so "
                "the communication-time checks (TL105, TL106) skip this deployment",
                data={"ep": ep, "engine": dep.engine},
                severity=severity_for(rule, ctx, Severity.INFO),
            )
        return
    default, flag = a2a.default, a2a.flag
    # The flag wins; an older environment variable (``AllToAll.env``) is its default.
    backend, where = chosen_backend(a2a, dep.options) or (default, flag)
    crosses = bool(ctx.facts.get(F.EP_CROSSES_NODES, False))
    # Never suggest a backend the next run would report: an RDMA-only one across nodes
    # without RDMA falls back to the engine's default (issue 25).
    no_rdma = _may_cross(ctx, ep) and not _rdma(ctx)
    good = default if no_rdma and a2a.sparse.startswith(RDMA_ONLY) else a2a.sparse
    at = _backend_at(dep, a2a.key, where)
    data = {"ep": ep, "backend": backend, "crosses_nodes": crosses}
    wire = a2a.backends.get(backend)
    if wire is None:
        import difflib

        known = sorted(a2a.backends)
        usable = [b for b in known if not (no_rdma and b.startswith(RDMA_ONLY))]
        near = difflib.get_close_matches(backend, usable, n=1, cutoff=0.6)
        hint = f"; did you mean `{near[0]}`?" if near else ""
        yield finding(
            rule,
            ctx,
            at,
            f"`{backend}` is not an all-to-all backend {engine.title} accepts "
            f"({', '.join(known)}): it refuses to start, and toplint does not price the "
            f"expert-parallel exchange{hint}",
            fix=flag_fix(f"{flag} {near[0]}", {flag.lstrip("-"): near[0]}) if near else None,
            data={**data, "known": known, "source": a2a.backends_source},
            severity=severity_for(rule, ctx, Severity.ERROR),
        )
        return
    if a2a.needs_ep and not dep.ep_enabled:
        # Expert parallelism is off: the experts are tensor-parallel over the ranks, every rank
        # needs every token, and no backend's kernels run (vLLM's use_all2all_kernels needs
        # use_ep): the backend is not what moves the tokens (``AllToAll.needs_ep``).
        return
    if wire == "unmodelled" and ep_exchanges(dep):
        yield finding(
            rule,
            ctx,
            at,
            f"what the `{backend}` all-to-all backend sends has not been read from "
            f"{engine.title}'s source: the {ep}-rank expert-parallel exchange is not priced, "
            "so the communication-time checks (TL105, TL106) skip this deployment",
            data=data,
            severity=severity_for(rule, ctx, Severity.INFO),
        )
        return
    if ep >= opt_int(ctx, "min-ep", MIN_EP) and backend in DENSE:
        choice, note = _sparse_choice(ctx, a2a, no_rdma)
        if not choice and backend != default and default in DENSE:
            # No sparse backend runs better here, but a dense backend other than the default is
            # the worse dense one: vLLM's `naive` broadcasts each rank's tokens and all-reduces
            # the result (envs.py: "naive all2all implementation using broadcasts"), where the
            # default all-gathers and reduce-scatters (shared corpus INDEX row 16).
            choice = default
            note += (
                f"; the engine's default `{default}` moves fewer bytes than `{backend}` (it "
                f"all-gathers and reduce-scatters where `{backend}` broadcasts and all-reduces)"
            )
        yield finding(
            rule,
            ctx,
            at,
            f"expert parallelism over {ep} ranks uses the `{backend}` backend, which sends every "
            f"token to all {ep} ranks instead of only to its top-{ctx.model.top_k} experts" + note,
            fix=flag_fix(f"{flag} {choice}", {flag.lstrip("-"): choice}) if choice else None,
            data=data,
            # No sparse backend can run here, or none is faster: nothing better is available.
            severity=severity_for(rule, ctx, Severity.WARNING if choice else Severity.INFO),
        )
    elif crosses and backend.startswith(RDMA_ONLY) and not _rdma(ctx):
        network = ctx.facts.get(F.EP_LINK_KIND, ctx.facts.get(F.CLUSTER_INTER_NETWORK, "?"))
        yield finding(
            rule,
            ctx,
            at,
            f"the `{backend}` backend needs RDMA between nodes (NVSHMEM over InfiniBand/RoCE, "
            f"IBGDA), but the {ep}-rank expert-parallel group spans nodes over {network} "
            "without RDMA: its internode kernels cannot run",
            fix=flag_fix(
                f"{flag} {default} (or give the nodes an RDMA fabric)",
                {flag.lstrip("-"): default},
            )
            if default in DENSE
            else "give the nodes an RDMA fabric",
            data={**data, "network": network},
            severity=severity_for(rule, ctx, Severity.ERROR),
        )
    elif crosses and backend in SINGLE_NODE:
        yield finding(
            rule,
            ctx,
            at,
            f"the `{backend}` all-to-all backend is single-node, but the {ep}-rank "
            "expert-parallel group spans nodes",
            fix=flag_fix(f"{flag} {good}", {flag.lstrip("-"): good}),
            data=data,
        )
    elif wire == "pplx" and not crosses and ep_exchanges(dep) and _unpriced(ctx):
        yield finding(
            rule,
            ctx,
            at,
            f"{_unpriced(ctx)} ({ep} ranks), so the communication-time checks (TL105, TL106) "
            "skip this deployment",
            data=data,
            severity=severity_for(rule, ctx, Severity.INFO),
        )


def _unpriced(ctx: RuleContext) -> str:
    """Why the cost stage left the EP exchange unpriced (the ``ep.unpriced`` fact), or ""."""
    return str(ctx.facts.get(F.EP_UNPRICED, ""))


def _sparse_choice(ctx: RuleContext, a2a: AllToAll, no_rdma: bool) -> tuple[str, str]:
    """The first sparse backend the engine accepts that runs here and is no slower to first
    token or per token (``toplint.rulebook.alltoall.sparse_backend``), and what the message
    adds."""
    dep, model, cluster, sparse = ctx.deployment, ctx.model, ctx.cluster, a2a.sparse
    if model is None or cluster is None or ctx.placement is None:
        if no_rdma and sparse.startswith(RDMA_ONLY):
            return "", _NO_RDMA
        return sparse, ""  # not placed on this cluster: the engine's own recommendation
    within = ctx.facts.get(F.EP_CROSSES_NODES) is False
    choice, tried = sparse_backend(
        dep, ctx.outcome, cluster, model, ctx.workload, a2a, no_rdma=no_rdma, within_node=within
    )
    if choice:
        return choice, ""
    if no_rdma:
        return "", _NO_RDMA
    return "", ("; no sparse backend is better here: " + "; ".join(tried[:2])) if tried else ""


_NO_RDMA = (
    "; the sparse backends need RDMA between nodes, which this cluster lacks: an RDMA "
    "fabric would let them run"
)


RULE = Rule(
    code="TL110",
    name="all-to-all-backend-mismatch",
    summary="EP ≥ 16 on the all-gather backend, or a single-node all-to-all across nodes.",
    severity=Severity.WARNING,
    check=check,
    options={"min-ep": 16},
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
    accelerators="gpu",
)
