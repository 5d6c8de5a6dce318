"""Every valid parallel layout of one model on a number of GPUs, and whether it fits in memory.

Validity follows ../shared/reference/cost-model.md §6 rules 1-7 and §5.3, with each engine's
semantics from ../shared/reference/engine-vocabulary.md: vLLM's EP is derived (EP = TP x DP when
``--enable-expert-parallel``, §1 `--enable-expert-parallel`), SGLang's ``--tp-size`` is the total
across nodes and its ``--ep-size`` lives inside the TP group (§2 `--ep-size`).
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.record import record

__all__ = ["Layout", "Memory", "layouts", "memory_fit"]

GPU_MEMORY_UTILIZATION = 0.9  # vLLM default, a per-instance fraction (§6 rule 7)
OTHER_OVERHEAD_GB = 3.5  # activations + CUDA graphs, aiconfigurator "other" (§6 rule 7)
KV_BYTES = 2  # bf16 KV cache (§6 rule 7, b_kv)


@record
class Layout:
    """One way to spread a model over GPUs.  ``ep`` is 1 when expert parallelism is off."""

    tp: int
    pp: int
    dp: int
    ep: int = 1

    @property
    def gpus(self) -> int:
        return self.tp * self.pp * self.dp  # EP adds no GPUs (§6 notation)

    def describe(self) -> str:
        parts = [f"TP={self.tp}", f"PP={self.pp}", f"DP={self.dp}"]
        if self.ep > 1:
            parts.append(f"EP={self.ep}")
        return " ".join(parts)


@record
class Memory:
    """Per-GPU memory of a layout (GB) and the KV-cache tokens one replica can hold."""

    usable_gb: float
    weights_gb: float
    overhead_gb: float
    kv_tokens: int  # per replica (one DP rank)
    needed_tokens: int

    @property
    def fits(self) -> bool:
        return self.kv_tokens > 0 and self.kv_tokens >= self.needed_tokens


def layouts(model: ModelSpec, gpus: int, engine: str) -> list[Layout]:
    """Every layout that uses exactly ``gpus`` GPUs and that the engine would start."""
    out: list[Layout] = []
    for tp in _divisors(gpus):
        if not _tp_valid(model, tp):
            continue
        for pp in _divisors(gpus // tp):
            if pp > model.num_layers:  # §6 rule 4
                continue
            dp = gpus // (tp * pp)
            if not _can_run(engine, pp, dp):
                continue
            for ep in _ep_options(model, tp, dp, engine):
                if _fp8_blocks_ok(model, tp, ep):
                    out.append(Layout(tp, pp, dp, ep))
    return out


def _divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


def _tp_valid(model: ModelSpec, tp: int) -> bool:
    """§6 rules 1-3: heads, KV heads and FFN widths divide by TP."""
    if model.num_attention_heads % tp:
        return False
    kv = model.num_kv_heads
    if not model.mla and kv % tp and tp % kv:
        return False
    return not (model.intermediate_size and model.intermediate_size % tp)


def _can_run(engine: str, pp: int, dp: int) -> bool:
    """The engine parallelises what the layout needs (``Engine.dimensions``)."""

    dims = get_engine(engine).dimensions
    return (pp == 1 or "pp" in dims) and (dp == 1 or "dp" in dims)


def _ep_options(model: ModelSpec, tp: int, dp: int, engine: str) -> list[int]:
    """EP sizes the engine can run: 1 (experts TP-sharded) plus the engine's EP layouts."""
    if not model.is_moe:
        return [1]

    layout = get_engine(engine).ep_layout
    candidates: list[int] = []
    if layout == "inside_tp":
        # --ep-size divides the TP size; EP groups live inside each TP group (vocabulary §2).
        candidates = [e for e in _divisors(tp) if e > 1]
    elif layout == "dp_x_tp" and tp * dp > 1:
        # a switch: EP = TP x DP, nothing else (§1 of the vocabulary).
        candidates = [tp * dp]
    options = [1] if model.moe_intermediate_size % tp == 0 else []
    return options + [e for e in candidates if model.num_experts % e == 0]  # §6 rule 6


def _fp8_blocks_ok(model: ModelSpec, tp: int, ep: int) -> bool:
    """§5.3: block-FP8 checkpoints need each TP shard of a weight to be whole 128-blocks."""
    block = model.quant_block
    if not block or model.weight_bytes > 1:
        return True
    if model.intermediate_size and (model.intermediate_size // tp) % block:
        return False
    tp_moe = 1 if ep > 1 else tp  # with EP the experts are whole on each rank
    return not (model.is_moe and (model.moe_intermediate_size // tp_moe) % block)


def memory_fit(
    model: ModelSpec, layout: Layout, gpu_memory_gb: float, needed_tokens: int
) -> Memory:
    """§6 rule 7 at gpu_memory_utilization 0.9: weights, overhead and the KV cache left over."""
    usable = GPU_MEMORY_UTILIZATION * gpu_memory_gb
    experts = expert_params(model)
    expert_split = layout.ep if layout.ep > 1 else layout.tp
    params = (model.params_total - experts) / (layout.tp * layout.pp) + experts / (
        expert_split * layout.pp
    )
    weights = params * model.weight_bytes / 1e9
    overhead = OTHER_OVERHEAD_GB + _nccl_gb(layout)
    free_bytes = (usable - weights - overhead) * 1e9
    per_token = _kv_bytes_per_token_per_gpu(model, layout)
    tokens = int(free_bytes // per_token) if free_bytes > 0 else 0
    return Memory(usable, weights, overhead, tokens, needed_tokens)


def _nccl_gb(layout: Layout) -> float:
    """NCCL buffers: aiconfigurator 342 MB for 2 GPUs, 392 MB for 4-8 (§6 rule 7)."""
    ranks = max(layout.tp, layout.ep)
    if layout.gpus == 1:
        return 0.0
    return 0.342 if ranks <= 2 else 0.392


def _kv_bytes_per_token_per_gpu(model: ModelSpec, layout: Layout) -> float:
    """§6 rule 7: L/PP x 2 x max(1, kv_heads/TP) x head_dim x b (MLA: L/PP x latent x b)."""
    layers = model.num_layers / layout.pp
    if model.mla:
        return layers * (model.kv_lora_rank + model.qk_rope_head_dim) * KV_BYTES
    heads = max(1.0, model.num_kv_heads / layout.tp)
    return layers * 2 * heads * model.head_dim * KV_BYTES


def expert_params(model: ModelSpec) -> float:
    """Routed-expert parameters: MoE layers x experts x 3 x H x moe_intermediate (§5.2)."""
    if not model.is_moe or not model.moe_intermediate_size:
        return 0.0
    layers = model.num_moe_layers or model.num_layers
    return float(layers * model.num_experts * 3 * model.hidden_size * model.moe_intermediate_size)
