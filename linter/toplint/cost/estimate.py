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
from toplint.cost.calibration import bottleneck_gb_per_s, time_collective
from toplint.cost.compute import (
    dense_decode_ms,
    moe_decode_ms,
    prefill_compute_ms,
    weight_stream_ms,
)
from toplint.cost.enginecomm import UNPRICED, option
from toplint.cost.fabric import kv_fabric
from toplint.cost.moe import ACT_BYTES
from toplint.cost.phase import PhaseBuilder, collective
from toplint.cost.types import (
    Collective,
    CostReport,
    Phase,
    Workload,
)
from toplint.cost.uncertainty import METHODS, error_class
from toplint.placement.types import Placement
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
        builder = PhaseBuilder(placement, model, phase, tokens, seqs, notes, worst)
        rows.extend(builder.build())
        if builder.moe is not None and builder.moe.style == UNPRICED:
            unpriced.append(f"{phase} EP exchange: {builder.moe.why}")
            ep_unpriced = ep_unpriced or builder.moe.why
    rows.extend(_kv_transfer(placement, model, workload, notes))
    stream = weight_stream_ms(placement, model, workload.decode_batch, notes)
    compute = prefill_compute_ms(placement, model, workload.prompt_tokens, notes)
    moe = moe_decode_ms(placement.cluster.gpu, model, notes)
    dense = dense_decode_ms(model, notes)
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
        decode_dense_ms=dense,
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
    return [collective("prefill", "kv", "send_recv", shards, shard, 1, timed, note, cls, kernel)]


def _kv_bytes_per_token(m: ModelSpec) -> int:
    if m.mla:
        return m.num_layers * (m.kv_lora_rank + m.qk_rope_head_dim) * ACT_BYTES
    return 2 * m.num_layers * m.num_kv_heads * m.head_dim * ACT_BYTES
