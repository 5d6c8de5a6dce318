"""What a step costs besides communication: streaming the weights and prefill compute.

They are the yardsticks the rules measure communication against (cost-model.md §6 rules 13-14).
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.hardware.types import Cluster, GpuSpec, Link
from toplint.hardware.weightbytes import expert_bytes, gathered_bytes, streamed_bytes
from toplint.model import Dimension
from toplint.placement.types import Placement

# Achieved fraction of HBM bandwidth when streaming weights (§6 rule 13).  On the fit half of
# benchmarks/data/dense_decode the one decode run with CUDA graphs (Qwen3-4B bf16 on one RTX 4090,
# vLLM, concurrency 1: 10.5 ms at a 128-token prompt; tenstorrent/tt-inference-server#394) streams
# its 8.05 GB of weights at 766 GB/s, 0.76 of the card's 1,008.  What a layer costs beyond its
# bytes is ``DENSE_LAYER_US`` (dense layers) and ``MOE_LAYER_US`` (MoE layers) below.  Misses
# that are neither: --enforce-eager (the host launches every kernel; ``toplint.outcome.latency``
# says its ITL is a lower bound) and Llama-3.2-90B-Vision at TP 4, 2.4x slower than streaming and
# collectives for a reason its thread does not show (tt-inference-server#379).
HBM_EFFICIENCY = 0.8
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
    # The routed experts spread over the ranks the engine splits them over, as the memory model
    # holds them (``Engine.experts_over``): SGLang's --ep 2 at --tp 8 runs MoE-TP 4 inside each
    # EP rank, so each GPU streams an eighth of them, not a half; vLLM flattens TP x DP.
    ep = max(ep, get_engine(d.engine).experts_over(d))
    return stream_ms(placement.cluster.gpu, model, batch, tp, pp, ep, notes)


def stream_ms(
    gpu: GpuSpec, model: ModelSpec, batch: int, tp: int, pp: int, ep: int, notes: list[str]
) -> float | None:
    """``weight_stream_ms`` of TP ``tp`` × PP ``pp`` ranks with the routed experts over ``ep``
    ranks: what a layout streams, before it is placed."""
    hbm = gpu.memory_bandwidth_gb_per_s
    if hbm <= 0:
        return None
    # The checkpoint's bytes as the memory model counts them resident (16-bit vocabulary tables
    # and group scales of a quantized checkpoint, its experts at their own width), less the
    # input embedding a step gathers a row of per token and the memory model's margin scale of
    # a width that counts its own (MXFP4; ``toplint.hardware.weightbytes``).
    streamed, experts = streamed_bytes(model), expert_bytes(model, margin=False)
    # A decode batch touches at most batch·k of E experts per layer (upper bound).
    touched = min(1.0, batch * max(model.top_k, 1) / model.num_experts) if experts else 0.0
    per_gpu = (streamed - experts) / (tp * pp) + experts * touched / (ep * pp)
    notes.append(
        f"weight streaming at {HBM_EFFICIENCY:g} × HBM bandwidth; {streamed / 1e9:.2f} GB of "
        f"checkpoint a step reads ({model.weight_bytes:g} bytes per layer weight, "
        f"{_tables(model)}); {pp} pipeline stage(s) in turn"
    )
    return pp * per_gpu / (HBM_EFFICIENCY * hbm * 1e6)


def _tables(model: ModelSpec) -> str:
    """What the streamed bytes do with the vocabulary tables, for the notes."""
    if gathered_bytes(model):
        return "the input embedding gathered a row a token, not read"
    if model.vocab_tables == 1:
        return "the embedding tied to the LM head, read once"
    return "the config does not say whether the embedding is tied: counted as read"


# A decode step of an MoE checkpoint at a few sequences pays, on every MoE layer, the fixed time
# of its small kernels (router top-k, the expert-alignment sort, grouped expert GEMMs of a few
# rows, the attention and norms around them) beyond streaming the weights they read.  Structural,
# fitted on the fit half of benchmarks/data/moe_decode (10 public figures: DeepSeek-R1-0528 FP8,
# DeepSeek-V3.2, gpt-oss-120b, MiniMax-M2.5, Qwen3-30B-A3B; A100, H100, H20, H200, B200, B300;
# vLLM and SGLang; concurrency 1-8).  The measured ITL less weight streaming and collectives is
# 62-140 µs per MoE layer on H100/H200 (MiniMax-M2.5 TP 8/4: SemiAnalysisAI/InferenceX PR #832;
# gpt-oss-120b TP 8: InferenceX issue #828; DeepSeek-R1 SGLang v0.5.7: InferenceX issue #870),
# no less on B200/B300 (84 and 82 µs, DeepSeek-R1 FP8 TP 8 batch 1, SGLang v0.5.12: InferenceX
# PRs #3363 and #3175), but 250-280 µs on A100 (gpt-oss-120b, vllm-project/vllm issue #22331)
# and 519 µs on H20 (DeepSeek-V3.2, vLLM 0.13: vllm issue #30832): it stretches with a GPU's
# lower tensor throughput (a few-row GEMM is a few CTAs walking K at one SM's pace) and does not
# shrink on faster GPUs (launch and synchronisation latency).  So: MOE_LAYER_US at the reference
# dense bf16 peak, scaled by reference/peak on slower GPUs.  MLA or not, FP8, FP4 or bf16 alike:
# the fit half has all of them.  It replaces 60 µs per routed expert per layer fitted to one
# figure (DeepSeek-V3 FP8 on 8xH200, SGLang v0.4.1.post2, 33 ms: sgl-project/sglang PR #2643),
# a release SGLang has since outrun 4x on the same GPUs (9.7 ms at concurrency 4, v0.5.12:
# InferenceX PR #3288).
MOE_LAYER_US = 75.0
MOE_LAYER_REF_TFLOPS = 989.0  # H100/H200 SXM dense bf16 (gpus.yaml)
MOE_LAYER_BAND = 0.5  # the fit half's worst figure is off by 1.63x


# A decode step at a few sequences also pays, on every dense layer, the fixed time of its small
# kernels beyond the bytes they stream.  An engine launches about ten kernels per layer (vLLM's
# Qwen2DecoderLayer at vllm-project/vllm@013a2792, vllm/model_executor/models/qwen2.py: fused add +
# RMSNorm, the QKV GEMM, rotary, the KV-cache write and decode attention, o_proj, a second RMSNorm,
# gate_up, SiLU-and-mul, down; an FP8 or int8 checkpoint adds an activation-quantisation kernel
# before each of its four GEMMs), and each has a floor its bytes do not explain: vLLM's RMSNorm
# takes 11 µs at one token on Blackwell (vllm-project/vllm PR #27931's benchmark); vLLM V1's
# piecewise CUDA graphs launch the attention of every layer from the host between graph pieces
# ("multiple kernel launches per layer, with more gaps between the kernel execution": PR #16072;
# piecewise mode costs 0.5-1.6 ms a step on 80-layer models, novitalabs/pegaflow#124). So the term
# is per layer; the figures are at 1-4 sequences, and like the MoE term it is held constant in the
# batch (the batch's bytes are the streaming and KV terms).  Fitted on the fit halves of
# dense_decode, small_decode and quant_decode together (28 figures with CUDA graphs; the
# --enforce-eager one left out, its ITL is a lower bound): streaming and collectives alone leave a
# median 72 µs per layer unexplained (-9 to 206 µs; 272-428 µs on two vision models whose threads do
# not say why), median predicted/measured 0.62, 80th-percentile error factor 3.16.  70 µs brings the
# median to 1.00 and the 80th-percentile error to 1.52, and every half's 80th percentile down (the
# quant_decode figures, vLLM 0.7.2 at one sequence, favour 80-90 µs; the newer vLLM and SGLang runs
# at TP 4-8 10-40 µs: the band below spans both).  No GPU scaling: the residual per layer is no
# larger on the RTX A6000 (155 TFLOPS bf16: -9 to 68 µs) than on H100 (67-206 µs), so it is not the
# MoE term's tensor-throughput stretch. MoE layers carry ``MOE_LAYER_US`` instead, which already
# holds the attention and norms around their experts; DeepSeek's first dense layers carry this one.
# Why V0 and newer engines differ is not graph mode alone: vLLM V0 captures the whole decode
# forward, attention included, as one CUDA graph per batch size (vllm/worker/model_runner.py
# capture_model, vllm-project/vllm@002a0ba9), while V1 ran piecewise graphs until PR #25444 made
# FULL_AND_PIECEWISE the default (opened 2025-09-23, merged); full graphs save 0.33-0.40 ms a
# step on Qwen2.5-1.5B at 1 QPS (PR #20059: 5.42 -> 5.09/5.02 ms TPOT), 12-14 µs a layer.  A
# release-keyed term would need the release, which an unpinned ``vllm serve`` does not give (none
# of the fit figures' commands pins one), so the term stays one constant whose band spans both.
DENSE_LAYER_US = 70.0
DENSE_LAYER_BAND = 0.5  # 35-105 µs: most of the fit halves' residuals per layer


def moe_layers(model: ModelSpec) -> int:
    """The layers ``moe_decode_ms`` prices: every MoE layer of an MoE checkpoint, else none."""
    if not (model.is_moe and model.top_k):
        return 0
    return min(model.num_moe_layers or model.num_layers, model.num_layers)


def dense_decode_ms(model: ModelSpec, notes: list[str]) -> float:
    """The dense layers' kernel time of one decode step beyond weight streaming:
    ``DENSE_LAYER_US`` per layer that is not an MoE layer.  Pipeline stages run their layers in
    turn, and a TP rank runs every layer's kernels on its shard, so every layer counts once per
    step whatever the layout."""
    layers = max(model.num_layers - moe_layers(model), 0)
    if not layers:
        return 0.0
    notes.append(
        f"dense decode: {DENSE_LAYER_US:g} µs of small kernels per dense layer ({layers} "
        "layers: norms, rotary, attention, activation and each GEMM's floor beyond its bytes; "
        "fitted to public small-batch figures, benchmarks/data/dense_decode, small_decode, "
        "quant_decode)"
    )
    return layers * DENSE_LAYER_US / 1e3


def moe_decode_ms(gpu: GpuSpec, model: ModelSpec, notes: list[str]) -> float:
    """The MoE layers' kernel time of one decode step beyond weight streaming:
    ``MOE_LAYER_US`` per MoE layer, stretched by ``MOE_LAYER_REF_TFLOPS`` / the GPU's dense
    bf16 peak where that is lower.  Observed at 1-8 sequences: a larger batch runs its experts
    in the same kernels, and the experts it touches beyond k are weight streaming
    (``weight_stream_ms``), so the term does not grow with the batch.  Pipeline stages run
    their layers in turn, so every MoE layer counts once per step whatever the layout."""
    layers = moe_layers(model)
    if not layers:
        return 0.0
    peak = gpu.half_tflops
    stretch = max(1.0, MOE_LAYER_REF_TFLOPS / peak) if peak > 0 else 1.0
    per_layer = MOE_LAYER_US * stretch
    why = (
        f"{MOE_LAYER_REF_TFLOPS:g}/{peak:g} TFLOPS"
        if peak > 0
        else "the GPU's tensor peak unknown: the Hopper figure, a lower bound"
    )
    notes.append(
        f"MoE decode: {per_layer:.0f} µs of small kernels per MoE layer ({layers} layers; "
        f"{MOE_LAYER_US:g} µs at {MOE_LAYER_REF_TFLOPS:g} TFLOPS bf16, x{stretch:.2f}: {why}; "
        "fitted to public small-batch figures, benchmarks/data/moe_decode)"
    )
    return layers * per_layer / 1e3


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
