"""Named facts for the declarative rules: computed once, compared by YAML rules.

Every name comes from ``toplint.facts.registry`` (its type, unit and meaning are there); values
are int, float, str or bool; a fact that cannot be computed is absent (never None, never
guessed).
"""

from __future__ import annotations

from collections.abc import Iterable

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Budgets, Collective, CostReport, Workload
from toplint.facts import registry as F
from toplint.model import Deployment, Dimension
from toplint.outcome.types import Outcome
from toplint.placement.types import Placement

Scalar = int | float | str | bool
Facts = dict[str, Scalar]


def collect(
    deployment: Deployment,
    placement: Placement | None,
    cost: CostReport | None,
    model: ModelSpec | None,
    budgets: Budgets,
    workload: Workload,
    outcome: Outcome | None = None,
) -> Facts:
    """Every fact that can be computed for one deployment."""
    facts: Facts = {}
    _deployment(facts, deployment, placement)
    _model(facts, model)
    if placement is not None:
        _cluster(facts, placement)
        _groups(facts, placement)
    if cost is not None:
        _cost(facts, cost)
    if outcome is not None:
        _outcome(facts, outcome)
    _budgets(facts, budgets, workload)
    _shares(facts)
    return facts


def _outcome(facts: Facts, outcome: Outcome) -> None:
    """What the deployment will do (``toplint.outcome``): the facts severities are judged by."""
    facts[F.OUTCOME_STARTS] = outcome.starts
    if outcome.memory is not None:
        facts[F.OUTCOME_FITS] = outcome.memory.fits
    lat = outcome.latency
    if lat is not None and lat.itl_ms > 0:
        facts[F.OUTCOME_ITL_MS] = lat.itl_ms
        facts[F.OUTCOME_ITL_MS_LOW] = lat.itl_band[0]
        facts[F.OUTCOME_TTFT_MS] = lat.ttft_ms
        facts[F.OUTCOME_TTFT_MS_LOW] = lat.ttft_band[0]
        facts[F.OUTCOME_TOKENS_PER_S] = lat.tokens_per_s


def _put(facts: Facts, name: str, value: Scalar | None) -> None:
    if value is not None:
        facts[name] = value


def _deployment(facts: Facts, d: Deployment, placement: Placement | None) -> None:
    _put(facts, F.DEPLOYMENT_ENGINE, d.engine)
    _put(facts, F.DEPLOYMENT_TP, d.tp)
    _put(facts, F.DEPLOYMENT_PP, d.pp)
    _put(facts, F.DEPLOYMENT_DP, d.dp)
    _put(facts, F.DEPLOYMENT_EP, d.ep)
    _put(facts, F.DEPLOYMENT_EP_ENABLED, d.ep_enabled)
    _put(facts, F.DEPLOYMENT_WORLD_SIZE, d.world_size)
    _put(facts, F.DEPLOYMENT_GPUS_REQUESTED, d.gpus)
    nodes = placement.nodes if placement is not None else d.nodes
    gpus_per_node = placement.gpus_per_node if placement is not None else d.gpus_per_node
    _put(facts, F.DEPLOYMENT_NODES, nodes)
    _put(facts, F.DEPLOYMENT_GPUS_PER_NODE, gpus_per_node)


def _model(facts: Facts, model: ModelSpec | None) -> None:
    facts[F.MODEL_KNOWN] = model is not None
    if model is None:
        return
    facts[F.MODEL_HEADS] = model.num_attention_heads
    facts[F.MODEL_KV_HEADS] = model.num_kv_heads
    facts[F.MODEL_LAYERS] = model.num_layers
    facts[F.MODEL_IS_MOE] = model.is_moe
    facts[F.MODEL_EXPERTS] = model.num_experts
    facts[F.MODEL_MLA] = model.mla


def _cluster(facts: Facts, placement: Placement) -> None:
    c = placement.cluster
    facts[F.CLUSTER_NAME] = c.name
    facts[F.CLUSTER_GPU] = c.gpu.name
    facts[F.CLUSTER_GPUS_PER_NODE] = c.gpus_per_node
    facts[F.CLUSTER_NVLINK_DOMAIN] = c.intra.nvlink_domain
    facts[F.CLUSTER_INTRA_FABRIC] = c.intra.fabric
    facts[F.CLUSTER_INTRA_P2P] = c.intra.p2p
    facts[F.CLUSTER_INTER_NETWORK] = c.inter.network
    facts[F.CLUSTER_INTER_RDMA] = c.inter.rdma


# group kind -> (size, crosses nodes, link kind, link bandwidth) facts
_GROUP_FACTS: dict[Dimension, tuple[str, str, str, str]] = {
    "tp": (F.TP_SIZE, F.TP_CROSSES_NODES, F.TP_LINK_KIND, F.TP_LINK_BANDWIDTH),
    "pp": (F.PP_SIZE, F.PP_CROSSES_NODES, F.PP_LINK_KIND, F.PP_LINK_BANDWIDTH),
    "ep": (F.EP_SIZE, F.EP_CROSSES_NODES, F.EP_LINK_KIND, F.EP_LINK_BANDWIDTH),
}


def _groups(facts: Facts, placement: Placement) -> None:
    for kind, (size, crosses, link, bandwidth) in _GROUP_FACTS.items():
        g = placement.worst(kind)
        if g is None:
            continue
        facts[size] = g.size
        facts[crosses] = any(x.crosses_nodes for x in placement.of(kind))
        facts[link] = g.link.kind
        facts[bandwidth] = g.link.bandwidth_gb_per_s
        if kind == "tp":
            facts[F.TP_LINK_SCOPE] = g.link.scope


def _sum_ms(rows: Iterable[Collective]) -> float:
    return sum(c.total_ms for c in rows)


# (group, phase) -> the fact holding that group's collectives in that phase
_COMM_MS = {
    ("tp", "prefill"): F.TP_PREFILL_COMM_MS,
    ("tp", "decode"): F.TP_DECODE_COMM_MS,
    ("pp", "prefill"): F.PP_PREFILL_COMM_MS,
    ("pp", "decode"): F.PP_DECODE_COMM_MS,
    ("ep", "prefill"): F.EP_PREFILL_COMM_MS,
    ("ep", "decode"): F.EP_DECODE_COMM_MS,
}


def _cost(facts: Facts, cost: CostReport) -> None:
    """The cost facts.  When part of a step could not be priced (``cost.unpriced``: an EP
    exchange toplint does not know) no total is stated: the TP rows leave out the MoE layers
    whose exchange is unknown, and a total without them would be a guess (TL110 reports it)."""
    rows = cost.collectives
    whole = not cost.unpriced
    tp_ar = [c for c in rows if c.group == "tp" and c.op == "all_reduce" and c.phase == "prefill"]
    if tp_ar:
        facts[F.TP_PREFILL_MESSAGE_BYTES] = max(c.message_bytes for c in tp_ar)
        if whole:
            facts[F.TP_PREFILL_PAYLOAD_BYTES] = sum(c.payload_bytes for c in tp_ar)
            facts[F.TP_PREFILL_WIRE_BYTES] = sum(c.wire_bytes_per_gpu for c in tp_ar)
    for (group, phase), name in _COMM_MS.items():
        chosen = [c for c in rows if c.group == group and c.phase == phase]
        if chosen and (whole or group == "pp"):
            facts[name] = _sum_ms(chosen)
    if cost.ep_unpriced:
        facts[F.EP_UNPRICED] = cost.ep_unpriced
    _put(facts, F.DECODE_WEIGHT_STREAM_MS, cost.decode_weight_stream_ms)
    _put(facts, F.PREFILL_COMPUTE_MS, cost.prefill_compute_ms)
    if not whole:
        return
    facts[F.PREFILL_COMM_MS] = cost.prefill_comm_ms
    facts[F.DECODE_COMM_MS_PER_STEP] = cost.decode_comm_ms_per_step
    facts[F.DECODE_COMM_MS_PER_TOKEN] = cost.decode_comm_ms_per_token
    if cost.collectives:
        facts[F.PREFILL_COMM_MS_LOW], facts[F.PREFILL_COMM_MS_HIGH] = cost.prefill_comm_ms_range
        low, high = cost.decode_comm_ms_range
        facts[F.DECODE_COMM_MS_PER_STEP_LOW], facts[F.DECODE_COMM_MS_PER_STEP_HIGH] = low, high
        facts[F.PREFILL_COMM_MS_METHOD] = ", ".join(cost.prefill_comm_methods)
        facts[F.DECODE_COMM_MS_PER_STEP_METHOD] = ", ".join(cost.decode_comm_methods)


def _budgets(facts: Facts, budgets: Budgets, workload: Workload) -> None:
    _put(facts, F.BUDGET_ITL_MS, budgets.itl_ms)
    _put(facts, F.BUDGET_TTFT_MS, budgets.ttft_ms)
    facts[F.WORKLOAD_PROMPT_TOKENS] = workload.prompt_tokens
    facts[F.WORKLOAD_DECODE_BATCH] = workload.decode_batch


# share fact -> (numerator fact, denominator fact)
SHARES = {
    F.DECODE_COMM_SHARE_OF_ITL: (F.DECODE_COMM_MS_PER_STEP, F.BUDGET_ITL_MS),
    F.DECODE_COMM_SHARE_OF_ITL_LOW: (F.DECODE_COMM_MS_PER_STEP_LOW, F.BUDGET_ITL_MS),
    F.PREFILL_COMM_SHARE_OF_TTFT_LOW: (F.PREFILL_COMM_MS_LOW, F.BUDGET_TTFT_MS),
    F.PREFILL_COMM_SHARE_OF_TTFT: (F.PREFILL_COMM_MS, F.BUDGET_TTFT_MS),
    F.DECODE_COMM_SHARE_OF_WEIGHT_STREAM: (F.DECODE_COMM_MS_PER_STEP, F.DECODE_WEIGHT_STREAM_MS),
    F.PREFILL_COMM_SHARE_OF_COMPUTE: (F.PREFILL_COMM_MS, F.PREFILL_COMPUTE_MS),
}


def _shares(facts: Facts) -> None:
    get = facts.get
    for name, (num, den) in SHARES.items():
        b = get(den)
        if isinstance(b, _NUMBER) and b > 0:  # most deployments: no budget, no denominator
            a = get(num)
            if isinstance(a, _NUMBER):
                facts[name] = float(a) / float(b)


_NUMBER = (int, float)  # a tuple: ``int | float`` builds a union at every call
