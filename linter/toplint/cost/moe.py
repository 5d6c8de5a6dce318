"""MoE expert-parallel exchange of one step: what crosses which link, per engine and library.

Volumes follow cost-model.md §1.8: dispatch sends each token to its top-k experts
(``T·k·H·b_disp``), combine sends them back (``T·k·H·b_comb``); a dense backend
(all-gather / reduce-scatter) moves every rank's tokens (``(W−1)·T·H·b``).  DeepEP's normal
kernels send a token once per destination *node* and forward it over NVLink
(deepseek-ai/DeepEP@0297fc80 docs/legacy.md: "NVLink and RDMA forwarding"): the NIC carries
``T·H·b·E[distinct remote nodes]``, and the kernels' RDMA pipeline also carries the copies for
the sender's own node, ``T·H·b·E[distinct nodes]`` in all (what DeepEP's test divides by for
its "RDMA" bandwidth, tests/test_internode.py ``num_rdma_token_sent``).  When the engine
replicates tokens on every rank (vLLM with DP 1, SGLang without an all-to-all backend) there is
no exchange: one all-reduce per MoE layer combines the experts' outputs, counted with the TP
all-reduces.
"""

from __future__ import annotations

import math
from typing import Protocol

from toplint.catalog_types import ModelSpec
from toplint.cost.enginecomm import (
    ALLREDUCE,
    DENSE,
    PPLX_UNPRICED,
    UNPRICED,
    MoeComm,
    moe_comm,
)
from toplint.cost.types import Collective, CollectiveGroup, CollectiveOp
from toplint.placement.types import Group, Placement
from toplint.record import replace

ACT_BYTES = 2  # bf16 activations (cost-model.md §1.1)


class RowMaker(Protocol):
    def __call__(
        self,
        group: CollectiveGroup,
        op: CollectiveOp,
        g: Group | None,
        ranks: int,
        message: float,
        count: int,
        note: str = "",
        crosses: bool | None = None,
        impl: str = "nccl",
    ) -> Collective | None: ...


def exchange(placement: Placement, phase: str, dp: int) -> MoeComm:
    """The MoE exchange of ``phase``; pplx-kernels inside one node is not priced (issue 28:
    its fixed cost is not modelled, ``PPLX_UNPRICED``), a finding (TL110) and not a number."""
    comm = moe_comm(placement.deployment, dp, phase)
    g = placement.worst("ep")
    if comm.style == "pplx" and not (g is not None and g.crosses_nodes):
        return MoeComm(UNPRICED, f"{comm.why}: {PPLX_UNPRICED}; the EP exchange is not priced")
    return comm


def ep_rows(
    row: RowMaker,
    placement: Placement,
    model: ModelSpec,
    comm: MoeComm,
    ep: int,
    tokens: int,
    moe_layers: int,
    notes: list[str],
) -> list[Collective]:
    """Dispatch and combine of every MoE layer (nothing when the engine all-reduces)."""
    notes.append(f"EP exchange: {comm.why}")
    if comm.style in (ALLREDUCE, UNPRICED) or ep <= 1 or moe_layers == 0:
        return []
    g = placement.worst("ep")
    h, k = model.hidden_size, max(model.top_k, 1)
    if comm.style == DENSE:
        # allgather_reducescatter: every rank receives all W ranks' tokens (§1.8, rule 16).
        msg = ep * tokens * h * ACT_BYTES
        notes.append("dense EP exchange: (W−1)·T·H·b per rank and MoE layer, each way")
        out = [
            row("ep", "all_gather", g, ep, msg, moe_layers, "dispatch"),
            row("ep", "reduce_scatter", g, ep, msg, moe_layers, "combine"),
        ]
        return [replace(c, kernel=comm.kernel) for c in out if c is not None]
    b_disp = 1 if comm.style.startswith("deepep") and model.quant_block else ACT_BYTES
    dispatch = float(tokens * k * h * b_disp)
    combine = float(tokens * k * h * ACT_BYTES)
    note = f"T·k·H·b, k={k}"
    if comm.style == "deepep-normal" and g is not None and g.crosses_nodes:
        nodes = len(g.nodes)
        remote = remote_nodes_per_token(model.num_experts, k, nodes)
        # Every distinct destination node's copy, the sender's own node included: with the
        # experts spread evenly that is remote · N/(N − 1) (network._all_to_all paces it).
        distinct = remote * nodes / (nodes - 1)
        dispatch, combine = dispatch * distinct / k, combine * distinct / k
        note = (
            f"DeepEP normal: each token goes to {distinct:.2f} nodes on average, "
            f"{remote:.2f} of them remote (E={model.num_experts}, k={k}, {nodes} nodes), "
            "then NVLink forwarding"
        )
    notes.append(f"EP {comm.style}: dispatch b={b_disp}, combine b={ACT_BYTES}; {note}")
    out = [
        row("ep", "all_to_all", g, ep, dispatch, moe_layers, f"dispatch {note}", impl=comm.style),
        row("ep", "all_to_all", g, ep, combine, moe_layers, f"combine {note}", impl=comm.style),
    ]
    return [replace(c, kernel=comm.kernel) for c in out if c is not None]


def remote_nodes_per_token(experts: int, k: int, nodes: int) -> float:
    """Expected number of other nodes a token's top-k experts live on (experts spread evenly,
    k distinct experts uniformly at random): (N−1)·(1 − C(E − E/N, k) / C(E, k))."""
    if nodes <= 1 or experts <= 0:
        return 0.0
    per_node = experts // nodes
    if experts - per_node < k:
        return float(nodes - 1)
    miss = math.comb(experts - per_node, k) / math.comb(experts, k)
    return (nodes - 1) * (1.0 - miss)
