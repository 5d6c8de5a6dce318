"""Named facts for the declarative rules: computed once, compared by YAML rules.

Names are dotted (docs/ARCHITECTURE.md "Facts"); values are int, float, str or bool; a fact that
cannot be computed is absent (never None, never guessed).
"""

from __future__ import annotations

from collections.abc import Iterable

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Collective, CostReport
from toplint.model import Deployment
from toplint.placement.types import Placement
from toplint.rulebook.types import Budgets, Workload

Scalar = int | float | str | bool
Facts = dict[str, Scalar]


def collect(
    deployment: Deployment,
    placement: Placement | None,
    cost: CostReport | None,
    model: ModelSpec | None,
    budgets: Budgets,
    workload: Workload,
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
    _budgets(facts, budgets, workload)
    _shares(facts)
    return facts


def _put(facts: Facts, name: str, value: Scalar | None) -> None:
    if value is not None:
        facts[name] = value


def _deployment(facts: Facts, d: Deployment, placement: Placement | None) -> None:
    _put(facts, "deployment.engine", d.engine)
    for name in ("tp", "pp", "dp", "ep"):
        _put(facts, f"deployment.{name}", getattr(d, name))
    _put(facts, "deployment.ep_enabled", d.ep_enabled)
    _put(facts, "deployment.world_size", d.world_size)
    _put(facts, "deployment.gpus_requested", d.gpus)
    nodes = placement.nodes if placement is not None else d.nodes
    gpus_per_node = placement.gpus_per_node if placement is not None else d.gpus_per_node
    _put(facts, "deployment.nodes", nodes)
    _put(facts, "deployment.gpus_per_node", gpus_per_node)


def _model(facts: Facts, model: ModelSpec | None) -> None:
    facts["model.known"] = model is not None
    if model is None:
        return
    facts["model.heads"] = model.num_attention_heads
    facts["model.kv_heads"] = model.num_kv_heads
    facts["model.layers"] = model.num_layers
    facts["model.is_moe"] = model.is_moe
    facts["model.experts"] = model.num_experts
    facts["model.mla"] = model.mla


def _cluster(facts: Facts, placement: Placement) -> None:
    c = placement.cluster
    facts["cluster.name"] = c.name
    facts["cluster.gpu"] = c.gpu.name
    facts["cluster.gpus_per_node"] = c.gpus_per_node
    facts["cluster.nvlink_domain"] = c.intra.nvlink_domain
    facts["cluster.intra.fabric"] = c.intra.fabric
    facts["cluster.intra.p2p"] = c.intra.p2p
    facts["cluster.inter.network"] = c.inter.network
    facts["cluster.inter.rdma"] = c.inter.rdma


def _groups(facts: Facts, placement: Placement) -> None:
    for kind in ("tp", "pp", "ep"):
        g = placement.worst(kind)
        if g is None:
            continue
        facts[f"{kind}.size"] = g.size
        facts[f"{kind}.crosses_nodes"] = any(x.crosses_nodes for x in placement.of(kind))
        facts[f"{kind}.link.kind"] = g.link.kind
        facts[f"{kind}.link.bandwidth_gb_per_s"] = g.link.bandwidth_gb_per_s
        if kind == "tp":
            facts["tp.link.scope"] = g.link.scope


def _sum_ms(rows: Iterable[Collective]) -> float:
    return sum(c.total_ms for c in rows)


def _cost(facts: Facts, cost: CostReport) -> None:
    rows = cost.collectives
    tp_ar = [c for c in rows if c.group == "tp" and c.op == "all_reduce" and c.phase == "prefill"]
    if tp_ar:
        facts["tp.prefill.message_bytes"] = max(c.message_bytes for c in tp_ar)
        facts["tp.prefill.payload_bytes"] = sum(c.payload_bytes for c in tp_ar)
        facts["tp.prefill.wire_bytes_per_gpu"] = sum(c.wire_bytes_per_gpu for c in tp_ar)
    for group in ("tp", "pp", "ep"):
        for phase in ("prefill", "decode"):
            chosen = [c for c in rows if c.group == group and c.phase == phase]
            if chosen:
                facts[f"{group}.{phase}.comm_ms"] = _sum_ms(chosen)
    facts["prefill.comm_ms"] = cost.prefill_comm_ms
    facts["decode.comm_ms_per_step"] = cost.decode_comm_ms_per_step
    facts["decode.comm_ms_per_token"] = cost.decode_comm_ms_per_token
    _put(facts, "decode.weight_stream_ms", cost.decode_weight_stream_ms)
    _put(facts, "prefill.compute_ms", cost.prefill_compute_ms)


def _budgets(facts: Facts, budgets: Budgets, workload: Workload) -> None:
    _put(facts, "budget.itl_ms", budgets.itl_ms)
    _put(facts, "budget.ttft_ms", budgets.ttft_ms)
    facts["workload.prompt_tokens"] = workload.prompt_tokens
    facts["workload.decode_batch"] = workload.decode_batch


# share fact -> (numerator fact, denominator fact)
SHARES = {
    "decode.comm_share_of_itl": ("decode.comm_ms_per_step", "budget.itl_ms"),
    "prefill.comm_share_of_ttft": ("prefill.comm_ms", "budget.ttft_ms"),
    "decode.comm_share_of_weight_stream": ("decode.comm_ms_per_step", "decode.weight_stream_ms"),
    "prefill.comm_share_of_compute": ("prefill.comm_ms", "prefill.compute_ms"),
}


def _shares(facts: Facts) -> None:
    for name, (num, den) in SHARES.items():
        a, b = facts.get(num), facts.get(den)
        if isinstance(a, int | float) and isinstance(b, int | float) and b > 0:
            facts[name] = float(a) / float(b)
