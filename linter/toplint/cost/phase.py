"""The collectives of one step of a placed deployment, prefill or decode: the TP all-reduces
(the engine's own kernel where it applies, ``toplint.cost.kernels``), the logits gather, the PP
boundary's send and all-gather, and the EP exchange's rows (``toplint.cost.moe``), each priced
by ``toplint.cost.calibration.time_collective`` with its uncertainty band.

Built by ``toplint.cost.estimate.estimate`` once per phase; ``collective`` is the one cost row
it and the KV transfer write.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.calibration import (
    Timed,
    bottleneck_gb_per_s,
    no_fitted_table,
    time_collective,
)
from toplint.cost.collectives import Fabric, wire_factor
from toplint.cost.compute import ep_on, group_size, payload_over_link
from toplint.cost.enginecomm import ALLREDUCE
from toplint.cost.fabric import group_fabric, nccl_fabric
from toplint.cost.kernels import compute_capability, family_of, price, select
from toplint.cost.moe import ACT_BYTES, ep_rows, exchange
from toplint.cost.types import Collective, CollectiveGroup, CollectiveOp, Phase
from toplint.cost.uncertainty import band, error_class
from toplint.engines.registry import get_engine
from toplint.hardware.p2plevel import explain, forced, p2p_level
from toplint.hardware.units import format_bandwidth, format_bytes, format_time_us
from toplint.placement.types import Group, Placement
from toplint.record import replace


class PhaseBuilder:
    """The collectives of one step (prefill or decode)."""

    def __init__(
        self,
        placement: Placement,
        model: ModelSpec,
        phase: Phase,
        tokens: int,
        seqs: int,
        notes: list[str],
        worst: dict[str, Group | None],
    ) -> None:
        self.p = placement
        self.worst = worst  # the slowest TP and PP groups (Placement.worst), found once
        self.m = model
        self.phase = phase
        self.t = tokens
        self.seqs = seqs
        self.notes = notes
        d = placement.deployment
        self.tp = group_size(placement, "tp", d.tp)
        self.pp = group_size(placement, "pp", d.pp)
        self.dp = d.dp or 1
        self.ep = group_size(placement, "ep", d.ep) if ep_on(placement) else 1
        # attention data parallelism inside the TP group, as the engine reads it
        self.attention_dp = get_engine(d.engine).attention_dp(d)
        moe_layers = model.num_moe_layers or (model.num_layers if model.is_moe else 0)
        self.moe_layers = min(moe_layers, model.num_layers)
        self.dense_layers = model.num_layers - self.moe_layers
        self.moe = exchange(placement, phase, self.dp) if self.ep > 1 else None
        # an NCCL P2P level the environment sets (toplint.hardware.p2plevel), read once
        self.p2p_level = p2p_level(d.options) is not None

    def build(self) -> list[Collective]:
        ep = (
            ep_rows(
                self._row, self.p, self.m, self.moe, self.ep, self.t, self.moe_layers, self.notes
            )
            if self.moe
            else []
        )
        if self.moe is not None and self.moe.overlapped:
            ep = [replace(c, overlapped=True) for c in ep]
        return [*self._tp(), *self._logits(), *self._pp(), *ep]

    def _row(
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
    ) -> Collective | None:
        if ranks <= 1 or count <= 0 or message <= 0:
            return None
        fabric = group_fabric(self.p, g, ranks, crosses)
        # NCCL's copies follow the environment's P2P level; an all-to-all library's (DeepEP,
        # pplx) and the engine's own all-reduce kernel map peer memory themselves.
        nccl = self._nccl(fabric) if impl == "nccl" else fabric
        if bottleneck_gb_per_s(fabric, op) <= 0:
            # A group over a link with no bandwidth (network "none", fabric "none") cannot run
            # at all; the count and placement rules say so.  Timing it would divide by zero.
            self.notes.append(
                f"{group.upper()} {op} over {fabric.link_kind} has no bandwidth: not costed"
            )
            return None
        if op == "all_reduce" and group == "tp":
            return self._all_reduce(fabric, nccl, int(message), count, note)
        timed = time_collective(self.p, nccl, op, message, impl)
        if timed.eta_source:
            self.notes.append(timed.eta_source)
        cls = error_class(op, nccl.link_kind)
        return collective(self.phase, group, op, ranks, int(message), count, timed, note, cls)

    def _nccl(self, fabric: Fabric) -> Fabric:
        """``fabric`` as NCCL runs it under the deployment's environment (noted when changed)."""
        if not self.p2p_level:
            return fabric
        over = forced(fabric.intra_kind, self.p.deployment.options)
        if over is not None:
            self.notes.append(explain(over))
        return nccl_fabric(fabric, self.p.cluster, over)

    def _all_reduce(
        self, fabric: Fabric, nccl: Fabric, message: int, count: int, note: str
    ) -> Collective:
        """A TP all-reduce through the engine's own kernel family (toplint.cost.kernels): its
        IPC kernel over the hardware's ``fabric``, NCCL over ``nccl``."""

        family = family_of(self.p.deployment)
        sm = compute_capability(self.p.cluster.gpu.arch)
        kernel = select(family, fabric, message, sm)
        own = price(kernel, fabric, message, self.p.cluster.gpu.name)
        if own is not None:
            wide = own.method == "alpha-beta" and bool(no_fitted_table(self.p))
            timed = Timed(
                own.time_us,
                own.method,
                own.note,
                fabric.link_kind,
                fabric.intra_gb_per_s,
                extrapolated=wide,
            )
        else:
            fabric = nccl
            timed = time_collective(self.p, fabric, "all_reduce", message)
            if timed.eta_source:
                self.notes.append(timed.eta_source)
        self.notes.append(f"TP all-reduce kernel ({family}): {kernel.why}")
        cls = error_class("all_reduce", fabric.link_kind, kernel.custom)
        used = f"{family}: {kernel.name}"
        return collective(
            self.phase, "tp", "all_reduce", fabric.ranks, message, count, timed, note, cls, used
        )

    def _tp(self) -> list[Collective]:
        g = self.worst["tp"]
        msg = self.t * self.m.hidden_size * ACT_BYTES
        out: list[Collective | None] = []
        # MoE layers all-reduce over TP unless an EP exchange (dispatch/combine) replaces it.
        ep_exchange = self.moe is not None and self.moe.style != ALLREDUCE
        mlp_ar = self.dense_layers + (0 if ep_exchange else self.moe_layers)
        adp = self.attention_dp
        if adp > 1:
            # DP attention: attention TP = tp/dp; the MLP/MoE TP group gathers every DP
            # rank's tokens and reduce-scatters them back (cost-model.md §1.9).
            atp = max(self.tp // adp, 1)
            out.append(
                self._row(
                    "tp",
                    "all_reduce",
                    g,
                    atp,
                    msg,
                    self.m.num_layers + 1,
                    "attention (DP attention: TP = tp/dp) + embedding",
                )
            )
            for op in ("all_gather", "reduce_scatter"):
                out.append(
                    self._row(
                        "tp",
                        op,
                        g,
                        self.tp,
                        msg * adp,
                        mlp_ar,
                        "DP attention: MLP tokens of all DP ranks",
                    )
                )
            self.notes.append("DP attention: attention all-reduce over tp/dp ranks (assumed)")
        else:
            count = self.m.num_layers + mlp_ar + 1
            row = self._row("tp", "all_reduce", g, self.tp, msg, count, "2L+1 when every MLP is TP")
            out.append(self._with_seed_note(row, msg, g))
        return [c for c in out if c is not None]

    def _with_seed_note(
        self, row: Collective | None, msg: int, g: Group | None
    ) -> Collective | None:
        """The first-order "payload ÷ link bandwidth" beside the ring all-reduce (prefill)."""
        if row is None or self.phase != "prefill" or g is None or g.link.bandwidth_gb_per_s <= 0:
            return row

        payload, bw, ms = payload_over_link(msg, self.m.num_layers, g.link, self.p.cluster)
        note = (
            f"payload ÷ link bandwidth: {format_bytes(payload)} ÷ {format_bandwidth(bw)} = "
            f"{format_time_us(ms * 1000)}; ring all-reduce with NCCL costs: "
            f"{format_time_us(row.total_ms * 1000)} ({row.count} × "
            f"{format_time_us(row.time_us)}, {format_bytes(row.wire_bytes_per_gpu)} on the wire "
            "per GPU)"
        )
        self.notes.append(f"TP prefill: {note}")
        return replace(row, note=f"{note}; {row.note}")

    def _logits(self) -> list[Collective]:
        # ParallelLMHead: each rank holds V/TP logits of every sampled position; gathered to
        # rank 0 (vLLM LogitsProcessor._gather_logits, cost-model.md §1.10).
        msg = self.seqs * self.m.vocab_size * ACT_BYTES
        row = self._row(
            "tp", "gather", self.worst["tp"], self.tp, msg, 1, "logits gather to rank 0 (T_s·V·b)"
        )
        return [row] if row else []

    def _pp(self) -> list[Collective]:
        # hidden_states + residual per boundary; vLLM send_tensor_dict(all_gather_group=tp):
        # each TP rank sends 1/TP, the receiving stage all-gathers (cost-model.md §1.7).
        if self.pp <= 1:
            return []
        g = self.worst["pp"]
        boundary = 2 * self.t * self.m.hidden_size * ACT_BYTES
        crosses = g.crosses_nodes if g else None
        out = [
            self._row(
                "pp",
                "send_recv",
                g,
                2,
                boundary / self.tp,
                self.pp - 1,
                f"hidden + residual, 1/{self.tp} per TP rank (send-allgather)",
                crosses,
            )
        ]
        if self.tp > 1:
            out.append(
                self._row(
                    "pp",
                    "all_gather",
                    self.worst["tp"],
                    self.tp,
                    boundary,
                    self.pp - 1,
                    "send-allgather: all-gather in the receiving stage",
                )
            )
        return [c for c in out if c is not None]


def collective(
    phase: Phase,
    group: CollectiveGroup,
    op: CollectiveOp,
    ranks: int,
    message: int,
    count: int,
    timed: Timed,
    note: str,
    cls: str,
    kernel: str = "NCCL",
) -> Collective:
    payload = message * count
    notes = "; ".join(n for n in (note, timed.note) if n)
    return Collective(
        phase=phase,
        group=group,
        op=op,
        ranks=ranks,
        link=timed.link_kind,
        link_bandwidth_gb_per_s=timed.link_gb_per_s,
        message_bytes=message,
        count=count,
        payload_bytes=payload,
        wire_bytes_per_gpu=round(wire_factor(op, ranks) * payload),
        time_us=timed.time_us,
        total_ms=timed.time_us * count / 1e3,
        method=timed.method,
        note=notes,
        band=band(timed.method, cls, message, timed.extrapolated),
        kernel=kernel,
    )
