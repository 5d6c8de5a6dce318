"""Communication cost of one deployment step, collective by collective."""

from __future__ import annotations

from typing import Literal

from toplint.record import record

# Closed vocabularies of a collective (a typo is a mypy error, never a row no sum picks up).
Phase = Literal["prefill", "decode"]
# the communicator: a parallel group, or "kv" (the KV-cache transfer of a disaggregated pair)
CollectiveGroup = Literal["tp", "pp", "ep", "dp", "kv"]
CollectiveOp = Literal[
    "all_reduce", "all_gather", "reduce_scatter", "gather", "send_recv", "all_to_all"
]


@record
class Workload:
    """What a deployment is costed for (the configuration's ``workload:``)."""

    prompt_tokens: int = 4096  # a long prompt (the README's worked example)
    decode_batch: int = 1


@record
class Budgets:
    """The latencies its costs are compared with (the configuration's ``budgets:``)."""

    itl_ms: float | None = None  # inter-token latency budget per decode step
    ttft_ms: float | None = None  # time-to-first-token budget


@record
class Collective:
    """One kind of collective on the critical path of a step.

    ``message_bytes`` is the logical payload of one collective (nccl-tests "size");
    ``payload_bytes`` = message_bytes x count (the seeds' definition);
    ``wire_bytes_per_gpu`` is what one GPU sends in one direction for all of them
    (ring all-reduce: 2(p-1)/p x payload).  ``time_us`` is one collective, ``total_ms`` all.
    """

    phase: Phase
    group: CollectiveGroup
    op: CollectiveOp
    ranks: int
    link: str  # link kind, e.g. "nvlink", "ethernet"
    link_bandwidth_gb_per_s: float
    message_bytes: int
    count: int
    payload_bytes: int
    wire_bytes_per_gpu: int
    time_us: float
    total_ms: float
    # How the time was obtained (toplint.cost.uncertainty.METHODS): "same-system measurement"
    # (the manifest's own), "other-system measurement" / "interpolation" (a published table of
    # the same GPU model on another machine), "alpha-beta" (the model).
    method: str
    note: str = ""
    kernel: str = ""  # the all-reduce implementation, e.g. "vllm-custom: custom one-shot"
    band: float = 0.0  # relative uncertainty (±) of time_us, from the method's class
    overlapped: bool = False  # hidden behind compute (dual-batch overlap): not on the path


@record
class CostReport:
    prompt_tokens: int
    decode_batch: int
    collectives: tuple[Collective, ...]
    prefill_comm_ms: float
    decode_comm_ms_per_step: float
    decode_comm_ms_per_token: float
    # Estimates used to judge shares: weight-streaming time per decode step and prefill compute.
    # weight streaming of one decode step over all pipeline stages in turn
    decode_weight_stream_ms: float | None = None
    prefill_compute_ms: float | None = None
    assumptions: tuple[str, ...] = ()
    # The ends of the uncertainty bands, summed over the collectives (low, high).
    prefill_comm_ms_range: tuple[float, float] = (0.0, 0.0)
    decode_comm_ms_range: tuple[float, float] = (0.0, 0.0)
    # How the collectives on each phase's critical path were priced (uncertainty.METHODS).
    prefill_comm_methods: tuple[str, ...] = ()
    decode_comm_methods: tuple[str, ...] = ()
    # What is on the path but could not be priced, and why (an all-to-all backend toplint does
    # not know): the phase totals leave it out, so no rule judges them (TL110 reports it).
    unpriced: tuple[str, ...] = ()
    ep_unpriced: str = ""  # why the EP exchange is not priced ("": it is): the ep.unpriced fact
    # The MoE layers' small kernels of one decode step beyond streaming (compute.moe_decode_ms).
    decode_moe_ms: float = 0.0
    # The dense layers' small kernels of one decode step beyond streaming
    # (compute.dense_decode_ms).
    decode_dense_ms: float = 0.0
