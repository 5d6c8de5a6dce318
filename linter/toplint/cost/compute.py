"""What a step costs besides communication: streaming the weights and prefill compute.

They are the yardsticks the rules measure communication against (cost-model.md §6 rules 13-14).
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.hardware.types import Cluster, GpuSpec, Link
from toplint.model import Dimension
from toplint.placement.types import Placement

HBM_EFFICIENCY = 0.8  # achieved fraction of HBM bandwidth when streaming weights (§6 rule 13)
PREFILL_MFU = 0.5  # model FLOPs utilisation in prefill, middle of 0.4–0.6 (§6 rule 14)


def weight_stream_ms(
    placement: Placement, model: ModelSpec, batch: int, notes: list[str]
) -> float | None:
    """Time to stream one decode step's weights from HBM (§6 rule 13: 0.8 × HBM bandwidth),
    over the whole step: a token passes every pipeline stage in turn, so PP stages each stream
    their share one after another (the step's PP communication is summed the same way)."""
    d = placement.deployment
    tp, pp = group_size(placement, "tp", d.tp), group_size(placement, "pp", d.pp)
    ep = group_size(placement, "ep", d.ep) if ep_on(placement) else tp
    return stream_ms(placement.cluster.gpu, model, batch, tp, pp, ep, notes)


def stream_ms(
    gpu: GpuSpec, model: ModelSpec, batch: int, tp: int, pp: int, ep: int, notes: list[str]
) -> float | None:
    """``weight_stream_ms`` of TP ``tp`` × PP ``pp`` ranks with experts over ``ep`` (``tp``
    when expert parallelism is off): what a layout streams, before it is placed."""
    hbm = gpu.memory_bandwidth_gb_per_s
    if hbm <= 0:
        return None
    experts = model.routed_params
    # A decode batch touches at most batch·k of E experts per layer (upper bound).
    touched = min(1.0, batch * max(model.top_k, 1) / model.num_experts) if experts else 0.0
    per_gpu = (model.params_total - experts) / (tp * pp) + experts * touched / (ep * pp)
    notes.append(
        f"weight streaming at {HBM_EFFICIENCY:g} × HBM bandwidth; "
        f"{model.weight_bytes:g} bytes per weight; {pp} pipeline stage(s) in turn"
    )
    return pp * per_gpu * model.weight_bytes / (HBM_EFFICIENCY * hbm * 1e6)


# A decode step of a DeepSeek-V3-architecture checkpoint (MLA attention, block-FP8 MoE) runs
# one small block-FP8 grouped GEMM per routed expert per MoE layer, far below HBM bandwidth at
# batch 1.  Fitted to one public figure: DeepSeek-V3 FP8 on 8×H200, TP 8, batch 1: 30.29
# tokens/s = 33.0 ms per token (sgl-project/sglang PR #2643, v0.4.1.post2, CUDA graphs and FP8
# GEMM tuning), of which weight streaming and the TP collectives explain ~4 ms: (33.0 − 4) ms /
# (58 MoE layers × 8 experts) ≈ 60 µs.  Checked once, not fitted, against a second: SGLang
# ~26 tokens/s (38.5 ms) on 8×H200 at batch 1 (vllm-project/vllm issue #11539), inside the band.
# Only that architecture is priced so: no public figure here calibrates other MoE models (a
# bf16 Qwen3-30B-A3B on one GPU is far faster), which stream their active experts only.
MOE_EXPERT_US = 60.0
MOE_EXPERT_BAND = 0.5


def moe_decode_ms(model: ModelSpec, notes: list[str]) -> float:
    """The expert kernels' time of one decode step of a DeepSeek-V3-architecture checkpoint:
    ``MOE_EXPERT_US`` per routed expert of one token (k) per MoE layer.  Only observed at batch
    1: a larger batch runs its experts in the same grouped kernel, and the experts it touches
    beyond k are weight streaming (``weight_stream_ms``), so the term does not grow with the
    batch."""
    if not (model.is_moe and model.top_k and model.mla and model.quant_block):
        return 0.0
    if model.weight_bytes > 1:
        return 0.0
    layers = min(model.num_moe_layers or model.num_layers, model.num_layers)
    active = min(model.num_experts, model.top_k)
    notes.append(
        f"MoE decode: {MOE_EXPERT_US:g} µs per routed expert per MoE layer "
        f"({active} experts × {layers} layers; block-FP8 MoE with MLA, fitted to DeepSeek-V3 "
        "batch 1 on 8×H200)"
    )
    return layers * active * MOE_EXPERT_US / 1e3


def prefill_compute_ms(
    placement: Placement, model: ModelSpec, tokens: int, notes: list[str]
) -> float | None:
    """2·P_active·T / (TP·peak·MFU) (§6 rule 14), or None without a peak.

    Pipeline stages run one after another for one prompt: PP splits the work but not the
    latency, so only TP divides it.
    """
    gpus = group_size(placement, "tp", placement.deployment.tp)
    return compute_ms(placement.cluster.gpu, model, tokens, gpus, notes)


def compute_ms(
    gpu: GpuSpec, model: ModelSpec, tokens: int, tp: int, notes: list[str]
) -> float | None:
    """``prefill_compute_ms`` of ``tp`` tensor-parallel ranks, before they are placed."""
    peak = gpu.half_tflops
    if peak <= 0:
        return None
    notes.append(f"prefill compute at MFU {PREFILL_MFU:g} of {peak:g} TFLOPS bf16")
    return 2 * model.params_active * tokens / (tp * peak * 1e12 * PREFILL_MFU) * 1e3


def group_size(placement: Placement, kind: Dimension, declared: int | None) -> int:
    g = placement.worst(kind)
    return g.size if g is not None else max(declared or 1, 1)


def ep_on(placement: Placement) -> bool:
    d = placement.deployment
    return d.ep_enabled or (d.ep or 1) > 1


def link_gb_per_s(link: Link, cluster: Cluster) -> float:
    """The bandwidth of the link itself, per direction, as a person states it: the node's NICs
    together for a hop between nodes (1 x 100 Gb/s = 12.5 GB/s), else the per-GPU link."""
    if link.scope == "inter":
        return cluster.inter.bandwidth_gb_per_s * cluster.inter.nics_per_node
    return link.bandwidth_gb_per_s


def payload_over_link(
    message_bytes: float, layers: int, link: Link, cluster: Cluster
) -> tuple[float, float, float]:
    """The first-order figure "payload ÷ link bandwidth" for a TP prefill: 2 all-reduces per
    layer of ``message_bytes`` each (cost-model.md §1.1), over ``link_gb_per_s``.

    Returns (payload bytes, link GB/s, ms); the ms is 0 when the link has no bandwidth.  ``check``
    (TL101) and ``cost`` both print this one figure beside the ring all-reduce with NCCL costs.
    """
    payload = 2 * layers * message_bytes
    bandwidth = link_gb_per_s(link, cluster)
    ms = payload / (bandwidth * 1e6) if bandwidth > 0 else 0.0
    return payload, bandwidth, ms
