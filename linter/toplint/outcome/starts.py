"""Does the engine start: its own validation of a layout against the model.

- attention heads divide by the attention-TP size (vLLM ``ModelConfig.verify_with_parallel_config``
  "Total number of attention heads must be divisible by tensor parallel size"; SGLang asserts
  the same), KV heads divide by TP or TP by KV heads (they are replicated then), or by TP alone
  where the engine never replicates them (TGI: ``Engine.replicates_kv_heads``);
- a vision encoder's heads divide by the TP size where the engine splits them over its ranks
  (``Engine.vision_heads_split``: vLLM's GLM-4V and Qwen2.5-VL encoders, "12 is not divisible
  by 8", vllm-project/vllm#24004);
- Kimi Delta Attention's heads (``ModelSpec.kda_heads``) divide by the attention-TP size: vLLM
  asserts ``num_heads % tp_size == 0`` in ``KimiDeltaAttention.__init__`` (vllm-project/vllm
  @01a7e5d9 vllm/model_executor/layers/kda.py), SGLang raises "KDA num_heads (N) must be
  divisible by global tp_size (T)" over its attention TP (sgl-project/sglang@0220422f
  python/sglang/srt/models/kimi_linear.py ``_get_kda_local_num_heads``);
- the vocabulary, padded to the engine's multiple (``Engine.vocab_padding``: 64 in vLLM and
  SGLang's ``VocabParallelEmbedding``), divides by the TP size its embedding and LM head are
  split over ("151552 is not divisible by 6", vllm-project/vllm#31474);
- routed experts, with the redundant ones EPLB adds, divide by the EP size (vLLM ``FusedMoE``;
  SGLang ``ep_size``; ``toplint.outcome.shards.expert_split``);
- no more pipeline stages than layers (vLLM ``get_pp_indices``; cost-model.md §6 rule 4), and
  a written partition of them (``VLLM_PP_LAYER_PARTITION``) one part a stage, summing to the
  model's layers (``toplint.outcome.weights.pp_partition``; rule TL218);
- each TP shard of the MLP (and of each expert) is a whole number of FP8 weight blocks or
  AWQ/GPTQ groups (vLLM fp8.py "is not divisible by weight quantization block_n", awq.py
  "The input size is not aligned with the quantized weight shape"; rule TL206), and of the
  16 x 64 tiles of the weight-only Marlin kernels an FP8 checkpoint runs on without FP8
  tensor cores (``toplint.outcome.marlin``; rule TL206);
- the engine has the dimension (TGI has no pipeline parallelism: engine-vocabulary.md §4);
- on a given GPU, the GPU computes in the checkpoint's format or the engine runs it otherwise
  (FP8 before Ada, FP4 before Blackwell, BF16 before Ampere: ``toplint.outcome.precision``;
  rule TL212);
- the engine's own refusals beyond the model's shape, where every release the deployment may
  run refuses: TurboMind's power-of-two TP, SGLang's DP-attention sizes, a fused QKV stored
  pre-sharded, Triton's KIND_GPU, a built TensorRT-LLM engine's sizes
  (``toplint.outcome.refusals``; rule TL213).

Each problem is said in the user's words; rules TL202/TL204/TL206/TL207/TL210/TL212/TL213
report them with their own anchors, and a fix is judged by whether its outcome starts.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.engines import release
from toplint.engines.registry import get_engine
from toplint.hardware.types import GpuSpec
from toplint.model import Deployment
from toplint.outcome.marlin import marlin_shards
from toplint.outcome.precision import group_size_refusal, precision
from toplint.outcome.refusals import refused as engine_refused
from toplint.outcome.shards import (
    expert_split,
    head_splits,
    kv_replication_release,
)
from toplint.outcome.weights import pp_partition


def problems(
    dep: Deployment, model: ModelSpec | None, gpu: GpuSpec | None = None
) -> tuple[str, ...]:
    """Why the engine refuses to start ``dep`` (none: it starts); on ``gpu`` when given."""
    found = precision(dep, model, gpu) if gpu is not None else group_size_refusal(dep, model)
    refused = (found.message,) if found is not None and found.effect == "refuses" else ()
    tiles = tuple(
        f"{what} {size} / TP {split}: {why}"
        for what, size, split, why in marlin_shards(model, dep, gpu, moe_tp(dep))
    )
    return _layout_problems(dep, model) + refused + tiles + engine_refused(dep, model)


def _layout_problems(dep: Deployment, model: ModelSpec | None) -> tuple[str, ...]:
    out: list[str] = []
    engine = get_engine(dep.engine)
    pp = max(dep.pp or 1, 1)
    if pp > 1 and "pp" not in engine.dimensions:
        out.append(f"{engine.title} has no pipeline parallelism")
    elif pp > 1 and "pp" not in release.dimensions(dep):
        shown = ".".join(map(str, release.pinned(dep) or ()))
        since = engine.dimensions_since["pp"]
        out.append(
            f"{engine.title} {shown} has no pipeline parallelism ({engine.layout.pp} from {since})"
        )
    if model is None:
        return tuple(out)
    attention_tp = engine.attention_tp(dep)
    undivided = {what: (count, over) for what, count, over in head_splits(dep, model)}
    heads, kv = model.num_attention_heads, model.num_kv_heads
    if "heads" in undivided:
        out.append(f"{heads} attention heads do not divide by tensor-parallel size {attention_tp}")
    if "kv_heads" in undivided:
        out.append(
            f"{kv} KV heads and tensor-parallel size {attention_tp} do not divide"
            if engine.replicates_kv_heads
            else f"{kv} KV head{'s do' if kv != 1 else ' does'} not divide by tensor-parallel "
            f"size {attention_tp} ({engine.title} never replicates KV heads)"
        )
    older = kv_replication_release(model, dep, attention_tp)
    if older is not None and older[1]:
        out.append(
            f"{kv} KV heads do not divide by tensor-parallel size {attention_tp} "
            f"({engine.title} before {older[0]} divides them, never replicates them)"
        )
    kda = model.kda_heads
    if "kda_heads" in undivided and not (kda == heads and "heads" in undivided):  # said once
        out.append(
            f"Kimi Delta Attention's {kda} heads do not divide by tensor-parallel size "
            f"{attention_tp}"
        )
    if "vision_heads" in undivided:
        vision, over = undivided["vision_heads"]
        out.append(
            f"the vision encoder's {vision} attention heads do not divide by tensor-parallel "
            f"size {over}"
        )
    if "vocab" in undivided:
        out.append(
            f"the vocabulary ({model.vocab_size}, padded to {undivided['vocab'][0]}) does not "
            f"divide by tensor-parallel size {attention_tp}"
        )
    experts = expert_split(dep, model)
    if experts is not None:
        routed, extra = experts
        also = f" + {extra} redundant" if extra else ""
        out.append(f"{routed}{also} experts do not divide by expert-parallel size {dep.ep}")
    if pp > model.num_layers:
        out.append(f"{pp} pipeline stages for {model.num_layers} layers")
    partition = pp_partition(model, dep)[1]
    if partition:
        out.append(partition)
    block = model.quant_block or model.quant_group
    for what, size, split in quant_shards(model, dep):
        out.append(f"{what} {size} / TP {split} is not a whole number of {block}-weight blocks")
    return tuple(out)


def moe_tp(dep: Deployment) -> int:
    """Ranks that shard one expert: 1 when EP spans DP×TP (``Engine.ep_layout`` "dp_x_tp"),
    TP / EP when EP divides the TP group."""
    tp = dep.tp or 1
    if get_engine(dep.engine).ep_layout == "dp_x_tp":
        return 1 if dep.ep_enabled else tp
    ep = dep.ep or 1
    return max(tp // ep, 1) if ep > 1 else tp


def quant_shards(model: ModelSpec, dep: Deployment) -> list[tuple[str, int, int]]:
    """(what, size, its TP) pairs whose shard is not a whole number of FP8 blocks or
    AWQ/GPTQ groups (none when the checkpoint has neither)."""
    block, tp = model.quant_block or model.quant_group, dep.tp or 1
    if block <= 0:
        return []
    out = []
    for what, size, split in (
        ("intermediate_size", model.intermediate_size, tp),
        ("moe_intermediate_size", model.moe_intermediate_size if model.is_moe else 0, moe_tp(dep)),
        # The shared experts are one dense MLP over the TP ranks, whatever places the routed
        # ones: DeepSeek-V4-Pro's 3072 at TP 16 with expert parallelism is 192 a rank ("Weight
        # input_size_per_partition = 192 is not divisible by weight quantization block_k =
        # 128" on shared_experts.down_proj, vllm-project/vllm#42384), where the routed experts
        # are placed whole.  Checked where EP leaves the routed experts unsplit: otherwise
        # their width, a divisor of the shared one, is checked above at the same split.
        ("shared experts' intermediate size", _shared_split(model, dep), tp),
    ):
        if size and split > 1 and (size % split or (size // split) % block):
            out.append((what, size, split))
    return out


def _shared_split(model: ModelSpec, dep: Deployment) -> int:
    """The shared experts' width where it is split over more ranks than one routed expert is
    (expert parallelism places the routed ones whole), else 0 (nothing more to check)."""
    if not model.is_moe or not model.shared_expert_ffn or moe_tp(dep) >= (dep.tp or 1):
        return 0
    return model.shared_expert_ffn
