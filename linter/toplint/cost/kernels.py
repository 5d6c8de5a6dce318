"""The engines' own all-reduce kernels: which one runs at which size and world size, and its time.

Serving engines do not hand every tensor-parallel all-reduce to NCCL.  Inside one node they run
their own IPC kernels for decode-sized messages and fall back to NCCL above a size limit, across
nodes, or where the GPUs are not fully NVLinked.  The engine's record names its family
(``Engine.allreduce``); this module says what each family does, with the source it was read
from, and prices it: the measured table of that family on the same GPU (aiconfigurator, data
``kernels.yaml``) where there is one, else an α–β model of a one-shot / two-shot IPC kernel,
else NCCL (``toplint.cost.calibration``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from toplint.cost.calibration import system_for
from toplint.cost.collectives import Fabric, intra_eta
from toplint.engines.registry import get_engine
from toplint.hardware import archs
from toplint.hardware.linkkinds import kind
from toplint.infra.pkgdata import read_yaml
from toplint.record import record

if TYPE_CHECKING:
    from toplint.model import Deployment

MIB = 1024 * 1024


@record
class Kernel:
    """The all-reduce implementation one collective runs."""

    family: str  # one of toplint.engines.registry.ALLREDUCE_FAMILIES
    name: str  # "custom one-shot", "custom two-shot", "NCCL", ...
    why: str  # the rule that picked it, with its source
    custom: bool  # False when the family falls back to NCCL


@record
class KernelTime:
    time_us: float
    method: str  # "other-system measurement" | "interpolation" | "alpha-beta"
    note: str


def family_of(deployment: Deployment) -> str:
    """The all-reduce family the deployment's engine runs (``Engine.allreduce_of``: the engine
    record's default unless an option such as ``--disable-custom-all-reduce`` changes it)."""

    return get_engine(deployment.engine).allreduce_of(deployment)


def select(family: str, fabric: Fabric, message_bytes: float, sm: float) -> Kernel:
    """Which kernel ``family`` runs for one all-reduce of ``message_bytes`` on ``fabric``.

    ``sm`` is the GPU's compute capability (9.0 Hopper, 10.0 Blackwell; 0 when unknown).
    """
    if family == "nccl":
        return Kernel(family, "NCCL", "the engine all-reduces with NCCL", False)
    rule = _RULES[family]
    reason = _ipc_refusal(fabric, rule.worlds)
    if reason:
        return Kernel(family, "NCCL", f"{rule.source}: {reason}; NCCL instead", False)
    limit = rule.max_bytes(fabric.ranks, sm)
    if message_bytes >= limit:
        return Kernel(
            family,
            "NCCL",
            f"{rule.source}: {message_bytes / MIB:.3g} MiB is at or above the custom kernel's "
            f"{limit / MIB:.3g} MiB limit for {fabric.ranks} GPUs; NCCL instead",
            False,
        )
    shot = "one-shot" if message_bytes < rule.two_shot_from(fabric.ranks, sm) else "two-shot"
    bound = "no size limit" if math.isinf(limit) else f"below {limit / MIB:.3g} MiB"
    return Kernel(family, f"custom {shot}", f"{rule.source}: {bound}", True)


def _ipc_refusal(fabric: Fabric, worlds: tuple[int, ...]) -> str:
    """Why an IPC kernel cannot run on this group ("" when it can)."""
    if fabric.nodes > 1:
        return "the group spans nodes (IPC buffers are per node)"
    if fabric.ranks not in worlds:
        return f"world size {fabric.ranks} is not one of {', '.join(map(str, worlds))}"
    link = kind(fabric.intra_kind)
    if fabric.ranks > 2 and not link.full:
        return "more than two GPUs without full NVLink"
    if not link.p2p:
        return "no P2P between the GPUs"
    return ""


@record
class _Rule:
    source: str
    worlds: tuple[int, ...]
    max_bytes: Callable[[int, float], float]
    two_shot_from: Callable[[int, float], float]
    alpha_us: float  # fixed cost of one call, fitted on the family's tables (or assumed)
    alpha_source: str


def _ipc_max_by_sm(world: int, sm: float) -> float:
    # vllm/distributed/device_communicators/all_reduce_utils.py CUSTOM_ALL_REDUCE_MAX_SIZES
    # (Hopper 9.0: 64/32 MiB at 2/4 GPUs, 512/256 KiB at 6/8; Blackwell 10.0: 2/2/1/1 MiB),
    # and custom_all_reduce.py max_size 8 MiB.  Above it vLLM uses torch symmetric memory
    # (Hopper/Blackwell) or pynccl: both priced as the measured vLLM path or NCCL here.
    # Other architectures keep the 8 MiB max_size.
    table: dict[float, dict[int, float]] = {
        9.0: {2: 64, 4: 32, 6: 0.5, 8: 0.25},
        10.0: {2: 2, 4: 2, 6: 1, 8: 1},
    }
    per_sm = table.get(sm, {})
    return min(per_sm.get(world, 8.0), 8.0) * MIB


def _workspace_max(world: int, sm: float) -> float:
    # TensorRT-LLM cpp/tensorrt_llm/common/customAllReduceUtils.h getMaxRequiredWorkspaceSize:
    # 16 MB for world size <= 2, else 8 MB; AllReduceBestStrategyTableSM90 switches to NCCL at
    # 8 MiB for hidden 4096-8192 at TP 8.
    return 16e6 if world <= 2 else 8e6


def _two_shot_by_elements(world: int, sm: float) -> float:
    # customAllReduceUtils.h HeuristicThresholdLP (SM90): two-shot from 4096², 1024², 512²
    # elements at TP 2/4/8 (bf16: 2 bytes per element).
    elements = {2: 4096 * 4096, 4: 1024 * 1024, 8: 512 * 512}
    return 2.0 * elements.get(world, 512 * 512)


def _one_shot_below_512k(world: int, sm: float) -> float:
    # vLLM csrc/custom_all_reduce.cuh REDUCE_CASE: world 2 always one-shot (1stage); with full
    # NVLink one-shot below 512 KiB at up to 4 GPUs and below 256 KiB at up to 8, else two-shot.
    # SGLang's kernel is the same code (sgl-kernel, adapted from vLLM).
    if world == 2:
        return float("inf")
    return 512 * 1024 if world <= 4 else 256 * 1024


_RULES: Mapping[str, _Rule] = {
    "vllm-custom": _Rule(
        "vLLM custom_all_reduce.py (world 2/4/6/8, full NVLink above 2 GPUs, one node)",
        (2, 4, 6, 8),
        _ipc_max_by_sm,
        _one_shot_below_512k,
        12.5,
        "vLLM graph-captured all-reduce at 16-128 KiB, 12.4-14.2 µs on H100/H200 "
        "(aiconfigurator comm/vllm/0.24.0)",
    ),
    "sglang-custom": _Rule(
        "SGLang custom_all_reduce.py (vLLM v0.6.4's kernel: world 2/4/6/8, _MAX_CAR_SIZE 8 MiB)",
        (2, 4, 6, 8),
        lambda world, sm: 8.0 * MIB,
        _one_shot_below_512k,
        12.5,
        "assumed as vLLM's graph-captured kernel (the same code; no SGLang table)",
    ),
    "trtllm-custom": _Rule(
        "TensorRT-LLM customAllReduceUtils.h (AUTO: one-shot/two-shot below the workspace)",
        (2, 4, 8),
        _workspace_max,
        _two_shot_by_elements,
        3.0,
        "TensorRT-LLM 16 KiB all-reduce 2.85-3.56 µs on H100 (aiconfigurator "
        "comm/trtllm/1.3.0rc20)",
    ),
    "lmdeploy-custom": _Rule(
        "LMDeploy TurboMind --communicator cuda-ipc (InternLM/lmdeploy@1263d5cd "
        "src/turbomind/comm/cuda_ipc/allreduce.cu AllreduceSum: reduce-scatter + all-gather at "
        "every size, LL16 packets up to 1 MiB, Simple push up to 6 MiB, Simple pull above, NVLS "
        "multimem where the buffer has a multicast address; kMaxRanks 8; no size limit, no "
        "NCCL fallback)",
        (2, 3, 4, 5, 6, 7, 8),
        lambda world, sm: math.inf,
        lambda world, sm: 0.0,  # always two-shot (slices): never one-shot
        12.5,
        "assumed as vLLM's graph-captured kernel (no LMDeploy table)",
    ),
    "aiter-custom": _Rule(
        "aiter custom all-reduce (ROCm/aiter@86a98ee aiter/dist/device_communicators/"
        "custom_all_reduce.py: world 2/4/6/8, one node, max_size 64 MiB; @134ae25 "
        "csrc/include/custom_all_reduce.cuh allreduce REDUCE_CASE: vLLM's one-/two-shot split)",
        (2, 4, 6, 8),
        lambda world, sm: 64.0 * MIB,
        _one_shot_below_512k,
        12.5,
        "assumed as vLLM's graph-captured kernel (the same code; no aiter table)",
    ),
}


def price(kernel: Kernel, fabric: Fabric, message_bytes: float, gpu_name: str) -> KernelTime | None:
    """Time of one custom all-reduce; None when ``kernel`` is NCCL (the caller prices it)."""
    if not kernel.custom:
        return None
    hit = _measured(kernel.family, gpu_name, fabric.ranks, message_bytes)
    if hit is not None:
        return hit
    alpha, why = alpha_us(kernel.family, fabric.arch)
    t = model_us(kernel, fabric, message_bytes, alpha)
    return KernelTime(t, "alpha-beta", f"{kernel.name}: α {alpha:.3g} µs ({why}) + bytes / (η·B)")


def model_us(kernel: Kernel, fabric: Fabric, message_bytes: float, alpha: float) -> float:
    """IPC kernel α–β: one-shot reads (p−1)·S from the peers, two-shot moves 2(p−1)/p·S."""
    eta, _ = intra_eta(fabric.intra_kind, fabric.ranks)
    p = fabric.ranks
    factor = (p - 1) if kernel.name.endswith("one-shot") else 2.0 * (p - 1) / p
    return alpha + factor * message_bytes / (eta * fabric.intra_gb_per_s * 1e3)


# The kernel tables of the accuracy benchmark's held-out publications (issue 28:
# benchmarks/data/heldout.yaml, drawn by lot; tests/cost/test_accuracy.py checks the two agree).
# They are replayed as measurements of their own GPU (``_measured``) but never enter the fitted
# α another GPU is priced with: the α toplint ships is the development sources' alone.
HELD_OUT_TABLES = frozenset({"a100_sxm", "gb200"})


@lru_cache(maxsize=64)  # a pure function of the shipped tables
def alpha_us(
    family: str, arch: str, exclude: frozenset[str] = HELD_OUT_TABLES
) -> tuple[float, str]:
    """A kernel call's fixed cost: the median small-message (≤ 128 KiB) time of the family's
    development tables on GPUs of the same architecture, else of every GPU (one vote per
    machine); the rule's own figure when the family has no table.  ``exclude``: the machines
    left out (the held-out ones; the benchmark adds the one it predicts)."""
    from toplint.cost.calibration import systems

    arch_of = {s.key: s.arch for s in systems()}
    floors: dict[str, list[float]] = {}
    for f, key, _, size, t in _points():
        if f == family and key not in exclude and size <= 128 * 1024:
            floors.setdefault(key, []).append(t)
    per_machine = {k: sorted(v)[len(v) // 2] for k, v in floors.items()}
    same = [t for k, t in per_machine.items() if arch and arch_of.get(k) == arch]
    if same:
        return sorted(same)[len(same) // 2], f"{family} tables of {arch} GPUs (aiconfigurator)"
    if per_machine:
        values = sorted(per_machine.values())
        return values[len(values) // 2], f"{family} tables of every GPU (aiconfigurator)"
    rule = _RULES[family]
    return rule.alpha_us, rule.alpha_source


def _measured(family: str, gpu_name: str, ranks: int, size: float) -> KernelTime | None:

    system = system_for(gpu_name)
    if system is None:
        return None
    series = _series().get((family, system.key, ranks), ())
    if not series or size > series[-1][0]:
        return None
    label = f"{family} on {system.name} (aiconfigurator)"
    if size <= series[0][0]:
        return KernelTime(series[0][1], "other-system measurement", f"{label}; latency floor")
    for (s0, t0), (s1, t1) in itertools.pairwise(series):
        if s0 <= size <= s1:
            if size in (s0, s1):
                t = t0 if size == s0 else t1
                return KernelTime(t, "other-system measurement", label)
            f = math.log(size / s0) / math.log(s1 / s0)
            t = math.exp(math.log(t0) + f * math.log(t1 / t0))
            return KernelTime(t, "interpolation", f"{label}; between {s0} and {s1} B")
    return None  # pragma: no cover - the range check above covers every size


@lru_cache(maxsize=1)
def _points() -> tuple[tuple[str, str, int, int, float], ...]:

    doc = read_yaml("toplint.cost", "data/kernels.yaml")
    return tuple(
        (k["family"], k["system"], int(n), int(s), float(t))
        for k in doc["kernels"]
        for n, s, t in k["points"]
    )


@lru_cache(maxsize=1)
def _series() -> dict[tuple[str, str, int], tuple[tuple[int, float], ...]]:
    """Each (family, machine, ranks) table of ``_points`` as (size, µs) pairs by size."""
    out: dict[tuple[str, str, int], list[tuple[int, float]]] = {}
    for f, key, n, s, t in _points():
        out.setdefault((f, key, n), []).append((s, t))
    return {k: tuple(sorted(v)) for k, v in out.items()}


def compute_capability(arch: str) -> float:
    """SM version of a catalog architecture name (``Arch.compute_capability``: 9.0 Hopper,
    10.0 Blackwell; 0 when not known)."""
    return archs.arch(arch).compute_capability
