"""Does a weight-only Marlin fallback accept each tensor-parallel shard's shape.

On a GPU without FP8 (or FP4) tensor cores vLLM runs an FP8 (FP4) checkpoint as weight-only
Marlin kernels (``Engine.low_precision_fallback``; ``toplint.outcome.precision``).  Each linear
layer is repacked at its per-rank shape (``prepare_fp8_layer_for_marlin`` repacks
``output_size_per_partition`` x ``input_size_per_partition``; an expert's merged gate/up
weight is ``2 x intermediate_size_per_partition`` wide: ``prepare_moe_fp8_layer_for_marlin``,
vllm-project/vllm@02d33ed1 vllm/model_executor/layers/quantization/utils/marlin_utils_fp8.py),
and the repack refuses a shape that is not a whole number of 16 x 64 tiles: "size_k = ... is
not divisible by tile_k_size = 16", "size_n = ... is not divisible by tile_n_size = 64"
(vllm-project/vllm@3e5cec22 csrc/quantization/gptq_marlin/gptq_marlin_repack.cu, "Verify
compatibility with marlin tile of 16x64").  So the model does not load when, per rank, the
MLP's merged gate/up output ``2 x intermediate_size / TP`` is not a multiple of 64 or its down
projection's input ``intermediate_size / TP`` is not a multiple of 16 (the experts alike, at
the experts' TP).  Incidents: zai-org/GLM-4.5#94, zai-org/GLM-V#178 (GLM-4.5-Air/4.5V FP8 on
RTX 3090 / RTX A6000: "size_n = 2736 (5472) is not divisible by tile_n_size = 64").

A weight-only integer checkpoint (GPTQ, AWQ, AutoRound) runs as Marlin kernels outright on a GPU
without Hopper's Machete kernel (``Engine.int_marlin_archs``: vLLM's), which refuses
a rank's layer whose output is not a multiple of 64.  The layer that misses it is a Gated
DeltaNet stack's ``in_proj_ba``, 2 x ``linear_num_value_heads`` wide: Qwen3.5-397B-A17B's 128 at
TP 4 (tests/incidents/cases/nvforum-qwen35-397b-tp4, "Marlin partition error (output_size=32 <
min_thread_n=64)" on GB10) and Qwen3.6-35B-A3B's 64 at TP 2 on RTX 3090 ("Weight
output_size_per_partition = 32 is not divisible by min_thread_n = 64").  The MLP's shards are
the group-size check's (``toplint.outcome.starts.quant_shards``).
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.hardware.hfquant import WEIGHT_ONLY_INT
from toplint.hardware.types import GpuSpec
from toplint.model import Deployment
from toplint.outcome.precision import precision

TILE_N = 64  # gptq_marlin_repack.cu: marlin::tile_n_size
TILE_K = 16  # gptq_marlin_repack.cu: marlin::tile_k_size


def marlin_shards(
    model: ModelSpec | None, dep: Deployment, gpu: GpuSpec | None, moe_split: int
) -> list[tuple[str, int, int, str]]:
    """(what, size, its TP, the tile it misses) for each MLP shard the weight-only Marlin
    fallback cannot repack; none when the deployment does not run on that fallback."""
    if model is None or gpu is None or (dep.tp or 1) <= 1:
        return []
    if _int_marlin(model, dep, gpu):  # every quantized layer runs on Marlin, not a fallback
        return _gates_untiled(model, dep) if model.linear_ba_listed else []
    out = _untiled(model, dep, moe_split)
    if not out:  # the shards tile: whether the fallback runs does not matter (most layouts)
        return []
    found = precision(dep, model, gpu)
    if found is None or found.effect != "degrades" or found.fmt not in ("fp8", "fp4"):
        return []
    if found.arch not in get_engine(dep.engine).low_precision_fallback.get(found.fmt, ()):
        return []
    return out


def _untiled(model: ModelSpec, dep: Deployment, moe_split: int) -> list[tuple[str, int, int, str]]:
    out = []
    for what, size, split in (
        ("intermediate_size", model.intermediate_size, dep.tp or 1),
        ("moe_intermediate_size", model.moe_intermediate_size if model.is_moe else 0, moe_split),
    ):
        if not size or split <= 1 or size % split:
            continue
        shard = size // split
        if (2 * shard) % TILE_N:
            out.append(
                (
                    what,
                    size,
                    split,
                    f"its merged gate/up output 2 x {shard} = {2 * shard}"
                    f" is not a multiple of Marlin's {TILE_N}-wide tile",
                )
            )
        elif shard % TILE_K:
            out.append(
                (
                    what,
                    size,
                    split,
                    f"its down projection's input {shard} is not a"
                    f" multiple of Marlin's {TILE_K}-deep tile",
                )
            )
    out.extend(_mamba_untiled(model, dep))
    return out


def _mamba_untiled(model: ModelSpec, dep: Deployment) -> list[tuple[str, int, int, str]]:
    """A hybrid stack's Mamba-2 input projection: one column-parallel layer whose per-rank
    output (``width / TP``) the fallback repacks like any other (the weight is quantized in the
    checkpoint: ``MambaMixer2.in_proj`` takes the model's ``quant_config``, vllm-project/vllm@
    004d4e4cf6 vllm/model_executor/layers/mamba/mamba_mixer2.py).  Only a TP that divides the
    groups is judged: otherwise vLLM pads the groups to the head shards and the width changes.
    Incident: Nemotron-3-Nano-30B-A3B NVFP4 at TP 2 on L4, "size_n = 5152 is not divisible by
    tile_n_size = 64" (10304 / 2; tests/incidents/cases/gemmaforge-nemotrontp)."""
    width, groups, tp = model.mamba_in_proj, model.mamba_groups, dep.tp or 1
    if not width or tp <= 1 or not groups or groups % tp or width % tp:
        return []
    shard = width // tp
    if shard % TILE_N == 0:
        return []
    return [
        (
            "Mamba in_proj",
            width,
            tp,
            f"its output {shard} is not a multiple of Marlin's {TILE_N}-wide tile",
        )
    ]


def unlisted_gates(
    model: ModelSpec | None, dep: Deployment, gpu: GpuSpec | None
) -> list[tuple[str, int, int, str]]:
    """The Gated DeltaNet gates' shards Marlin refuses where the checkpoint's quantization lists
    no layers it keeps: refused unless the checkpoint keeps the gates in 16 bits, which toplint
    cannot see (nchapman's Qwen3.6-35B-A3B AutoRound does, to load at TP 2; Intel's do not)."""
    if model is None or gpu is None or model.linear_ba_listed or not _int_marlin(model, dep, gpu):
        return []
    return _gates_untiled(model, dep)


def _int_marlin(model: ModelSpec, dep: Deployment, gpu: GpuSpec) -> bool:
    """A weight-only integer checkpoint on a GPU where the engine runs it as Marlin kernels."""
    archs = get_engine(dep.engine).int_marlin_archs
    return model.quant_method in WEIGHT_ONLY_INT and gpu.arch in archs


def _gates_untiled(model: ModelSpec, dep: Deployment) -> list[tuple[str, int, int, str]]:
    """A Gated DeltaNet stack's quantized ``in_proj_ba`` (``ModelSpec.linear_ba_width``): one
    ``MergedColumnParallelLinear`` whose rank holds ``width / TP`` outputs.  A TP that does not
    divide the value heads is refused before any kernel is chosen, so it is left alone here."""
    width, tp = model.linear_ba_width, dep.tp or 1
    if not width or tp <= 1 or (width // 2) % tp:
        return []
    shard = width // tp
    if shard % TILE_N == 0:
        return []
    return [
        (
            "GDN in_proj_ba",
            width,
            tp,
            f"its output {shard} is not a multiple of Marlin's min_thread_n {TILE_N}",
        )
    ]
