"""Communication cost of one prefill step and one decode step of a placed deployment.

Volumes follow cost-model.md §1.2–1.11 (Megatron TP: 2 all-reduces per layer + 1 for the
vocab-parallel embedding; logits gather; PP hidden + residual with send-allgather; EP dispatch
and combine, ``toplint.cost.moe``; KV transfer for disaggregated prefill/decode).  A TP
all-reduce runs the engine's own kernel where it applies (``toplint.cost.kernels``); every other
collective is timed by ``toplint.cost.calibration.time_collective`` (the manifest's measurement
> a published table of the same GPU > α–β).  Every time carries its method and an uncertainty
band (``toplint.cost.uncertainty``).
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
from toplint.cost.compute import (
    ep_on,
    group_size,
    moe_decode_ms,
    payload_over_link,
    prefill_compute_ms,
    weight_stream_ms,
)
from toplint.cost.enginecomm import ALLREDUCE, UNPRICED, option
from toplint.cost.fabric import group_fabric, kv_fabric, nccl_fabric
from toplint.cost.kernels import compute_capability, family_of, price, select
from toplint.cost.moe import ACT_BYTES, ep_rows, exchange
from toplint.cost.types import (
    Collective,
    CollectiveGroup,
    CollectiveOp,
    CostReport,
    Phase,
    Workload,
)
from toplint.cost.uncertainty import METHODS, band, error_class
from toplint.engines.registry import get_engine
from toplint.hardware.p2plevel import explain, forced, p2p_level
from toplint.hardware.units import format_bandwidth, format_bytes, format_time_us
from toplint.placement.types import Group, Placement
from toplint.record import replace


def estimate(placement: Placement, workload: Workload) -> CostReport:
    """Every collective on the critical path of a prefill and a decode step, with totals."""
    model = placement.model
    notes: list[str] = [
        f"b = {ACT_BYTES} bytes per activation element (bf16)",
        "time per collective: the engine's own all-reduce kernel where it applies, else a "
        "manifest measurement, else the published nccl-tests table of the same GPU/ranks/op "
        "inside one node (log-interpolated between sizes), else α–β (NCCL ring/tree/NVLS, "
        "concurrent all-to-all); ± is the 80th-percentile error of the method's class",
        "T = tokens per DP rank in the step; prefill = one prompt of "
        f"{workload.prompt_tokens} tokens, decode = {workload.decode_batch} running sequences",
    ]
    if model is None:
        notes.append("model unknown: no collective volumes computed")
        return CostReport(
            workload.prompt_tokens,
            workload.decode_batch,
            (),
            0.0,
            0.0,
            0.0,
            assumptions=tuple(notes),
        )
    rows: list[Collective] = []
    unpriced: list[str] = []
    ep_unpriced = ""
    worst = {kind: placement.worst(kind) for kind in ("tp", "pp")}
    phases: tuple[tuple[Phase, int, int], ...] = (
        ("prefill", workload.prompt_tokens, 1),
        ("decode", workload.decode_batch, workload.decode_batch),
    )
    for phase, tokens, seqs in phases:
        builder = _PhaseBuilder(placement, model, phase, tokens, seqs, notes, worst)
        rows.extend(builder.build())
        if builder.moe is not None and builder.moe.style == UNPRICED:
            unpriced.append(f"{phase} EP exchange: {builder.moe.why}")
            ep_unpriced = ep_unpriced or builder.moe.why
    rows.extend(_kv_transfer(placement, model, workload, notes))
    stream = weight_stream_ms(placement, model, workload.decode_batch, notes)
    compute = prefill_compute_ms(placement, model, workload.prompt_tokens, notes)
    moe = moe_decode_ms(model, notes)
    rows = _overlap(rows, {"prefill": compute, "decode": stream}, notes)
    prefill, decode = _total(rows, "prefill"), _total(rows, "decode")
    return CostReport(
        prompt_tokens=workload.prompt_tokens,
        decode_batch=workload.decode_batch,
        collectives=tuple(rows),
        prefill_comm_ms=prefill[0],
        decode_comm_ms_per_step=decode[0],
        decode_comm_ms_per_token=decode[0] / max(workload.decode_batch, 1),
        decode_weight_stream_ms=stream,
        prefill_compute_ms=compute,
        assumptions=tuple(dict.fromkeys(notes)),
        prefill_comm_ms_range=prefill[1],
        decode_comm_ms_range=decode[1],
        prefill_comm_methods=prefill[2],
        decode_comm_methods=decode[2],
        unpriced=tuple(unpriced),
        ep_unpriced=ep_unpriced,
        decode_moe_ms=moe,
    )


def _total(
    rows: list[Collective], phase: Phase
) -> tuple[float, tuple[float, float], tuple[str, ...]]:
    """Critical-path total of a phase, the ends of its band (bands add up: worst case) and the
    methods its collectives were priced by (in ``METHODS`` order, most trusted first).

    A band b is symmetric in log space (``toplint.cost.uncertainty``): the measured time lies
    in [t/(1+b), t·(1+b)]."""
    on_path = [c for c in rows if c.phase == phase and not c.overlapped]
    centre = sum(c.total_ms for c in on_path)
    low = sum(c.total_ms / (1.0 + c.band) for c in on_path)
    high = sum(c.total_ms * (1.0 + c.band) for c in on_path)
    used = {c.method for c in on_path}
    methods = tuple(m for m in METHODS if m in used) + tuple(sorted(used - set(METHODS)))
    return centre, (low, high), methods


def _overlap(
    rows: list[Collective], other_work: dict[str, float | None], notes: list[str]
) -> list[Collective]:
    """Dual-batch overlap hides EP exchange behind the other micro-batch's work: the part of it
    longer than that work stays on the path (vLLM --enable-dbo, docs "Dual Batch Overlap")."""
    out = list(rows)
    for phase, work in other_work.items():
        hidden = [c for c in out if c.phase == phase and c.overlapped]
        if not hidden:
            continue
        ep_ms = sum(c.total_ms for c in hidden)
        if work is None or ep_ms > work:
            out = [replace(c, overlapped=False) if c in hidden else c for c in out]
            notes.append(
                f"{phase}: dual-batch overlap cannot hide {ep_ms:.3g} ms of EP exchange "
                f"behind {'unknown' if work is None else f'{work:.3g} ms of'} work: counted"
            )
        else:
            notes.append(f"{phase}: {ep_ms:.3g} ms of EP exchange hidden by dual-batch overlap")
    return out


class _PhaseBuilder:
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
        return _collective(self.phase, group, op, ranks, int(message), count, timed, note, cls)

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
        return _collective(
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


def _collective(
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


def _kv_transfer(
    placement: Placement, model: ModelSpec, workload: Workload, notes: list[str]
) -> list[Collective]:
    """Disaggregated P/D: the prompt's KV leaves the prefill instance (§1.11, rule 20)."""
    d = placement.deployment
    if option(d.options, "kv_transfer", "kv_transfer_config") is None:
        return []
    per_token = model.kv_bytes_per_token or _kv_bytes_per_token(model)
    found = kv_fabric(placement)
    if found is None or per_token <= 0 or bottleneck_gb_per_s(found[0], "send_recv") <= 0:
        notes.append("KV transfer configured but no network to carry it: not costed")
        return []
    fabric, shards = found
    total = workload.prompt_tokens * per_token
    shard = total // shards
    timed = time_collective(placement, fabric, "send_recv", shard)
    notes.append(timed.eta_source)
    notes.append(
        f"KV transfer: {per_token} B/token × {workload.prompt_tokens} tokens = {total} B, "
        f"sent as {shards} shards in parallel, each over one GPU's NIC share"
    )
    note = f"KV cache of one prompt to the decode instance, 1/{shards} per GPU"
    cls = error_class("send_recv", fabric.link_kind)
    kernel = "KV connector: point-to-point over the NICs"
    return [_collective("prefill", "kv", "send_recv", shards, shard, 1, timed, note, cls, kernel)]


def _kv_bytes_per_token(m: ModelSpec) -> int:
    if m.mla:
        return m.num_layers * (m.kv_lora_rank + m.qk_rope_head_dim) * ACT_BYTES
    return 2 * m.num_layers * m.num_kv_heads * m.head_dim * ACT_BYTES
