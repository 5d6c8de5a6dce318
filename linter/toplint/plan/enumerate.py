"""Every valid parallel layout of one model on a number of GPUs, and whether it fits in memory.

Validity follows ../shared/reference/cost-model.md §6 rules 1-7 and §5.3, with each engine's
semantics from ../shared/reference/engine-vocabulary.md: vLLM's EP is derived (EP = TP x DP when
``--enable-expert-parallel``, §1 `--enable-expert-parallel`), SGLang's ``--tp-size`` is the total
across nodes and its ``--ep-size`` lives inside the TP group (§2 `--ep-size`).
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.outcome.shards import padded_vocab
from toplint.outcome.types import GIB
from toplint.outcome.types import Memory as OutcomeMemory
from toplint.record import record

__all__ = ["Layout", "Memory", "layouts", "memory_fit"]


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
    """Per-GPU memory of a layout (GiB) and the KV-cache tokens one replica can hold."""

    usable_gb: float
    weights_gb: float
    overhead_gb: float
    kv_tokens: int  # per replica (one DP rank)
    needed_tokens: int
    # the engine's default context fits one sequence (vLLM refuses to start otherwise, and the
    # planned command sets no --max-model-len): what ``check`` (TL205) asks of the same layout
    context_fits: bool = True

    @property
    def fits(self) -> bool:
        return self.context_fits and self.kv_tokens > 0 and self.kv_tokens >= self.needed_tokens


def layouts(model: ModelSpec, gpus: int, engine: str) -> list[Layout]:
    """Every layout that uses exactly ``gpus`` GPUs and that the engine would start."""
    out: list[Layout] = []
    vocab = padded_vocab(model, engine)
    for tp in _divisors(gpus):
        if (
            not _tp_valid(model, tp, engine) or vocab % tp
        ):  # the engine splits the padded vocabulary
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


def _tp_valid(model: ModelSpec, tp: int, engine: str) -> bool:
    """§6 rules 1-3: heads, KV heads (``Engine.kv_heads_split``) and FFN widths divide by TP."""
    if model.num_attention_heads % tp:
        return False
    if not model.mla and not get_engine(engine).kv_heads_split(model.num_kv_heads, tp):
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


def memory_fit(outcome_memory: OutcomeMemory | None, needed_tokens: int) -> Memory:
    """The outcome's memory (``toplint.outcome.memory``: the engine's own accounting, in GiB)
    in the planner's terms: room for ``needed_tokens`` of KV cache per replica."""
    if outcome_memory is None:
        return Memory(0.0, 0.0, 0.0, 0, needed_tokens)
    m = outcome_memory
    return Memory(
        m.budget / GIB,
        m.weights / GIB,
        m.working / GIB,
        m.kv_tokens,
        needed_tokens,
        m.one_sequence_fits,
    )
