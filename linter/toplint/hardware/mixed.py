"""A node whose GPUs are not all one model (``gpu: [RTX-3090, RTX-3080-Ti]``), seen by one
deployment: what its GPUs give it together.

An engine that spans GPUs of different sizes and speeds gets what the weakest gives:

- **memory**: every rank of a vLLM instance gets the KV cache blocks of the rank with the
  fewest - "Change the num_blocks of each rank to the smallest among all ranks"
  (vllm-project/vllm@bbf906a8 vllm/v1/core/kv_cache_utils.py ``get_kv_cache_configs``) - and
  each rank profiles its own GPU, so the GPU with the least memory decides whether the model
  fits and how many tokens the cache holds (tensor- and pipeline-parallel ranks hold equal
  shares of the weights);
- **speed**: a tensor-parallel step waits for its slowest rank at every all-reduce, and a
  pipeline runs at the pace of its slowest stage, so the slowest GPU's memory bandwidth and
  compute price a step;
- **formats**: a checkpoint runs on every rank, so the oldest architecture (the lowest compute
  capability) decides which number formats and kernels exist;
- **links**: GPUs of different models share no NVLink bridge, so they reach each other over
  PCIe, peer-to-peer only where every one of them has it.

So the deployment is judged on one GPU that has, of each figure, the worst its GPUs have: the
figures of a real GPU where its GPUs are one model.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.hardware import archs
from toplint.hardware.types import Cluster, GpuSpec
from toplint.record import replace

__all__ = ["mixed_note", "on_gpus", "part_names", "weakest"]

_PREFIX, _SOURCE = "mixed ", " (toplint.hardware.mixed)"  # how ``weakest`` names its GPU


def weakest(gpus: Sequence[GpuSpec]) -> GpuSpec:
    """One GPU with the worst of each figure of ``gpus`` (the first, when they are one model)."""
    names = list(dict.fromkeys(g.name for g in gpus))
    if len(names) <= 1:
        return gpus[0]
    smallest = min(gpus, key=lambda g: g.capacity_gib)
    oldest = min(gpus, key=lambda g: archs.of_gpu(g.arch, g.name).compute_capability)
    bf16 = 0.0 if any(not g.bf16_tflops for g in gpus) else min(g.bf16_tflops for g in gpus)
    return GpuSpec(
        name=_PREFIX + " + ".join(names),
        memory_gb=smallest.memory_gb,
        memory_reported_gib=smallest.memory_reported_gib,
        memory_bandwidth_gb_per_s=min(g.memory_bandwidth_gb_per_s for g in gpus),
        scaleup_fabric="pcie",
        scaleup_bandwidth_gb_per_s=min(g.scaleup_bandwidth_gb_per_s for g in gpus),
        nvlink_domain=1,
        pcie_gen=min(g.pcie_gen for g in gpus),
        p2p_default=all(g.p2p_default for g in gpus),
        arch=archs.of_gpu(oldest.arch, oldest.name).name,
        bf16_tflops=bf16,
        fp16_tflops=0.0 if bf16 else min(g.half_tflops for g in gpus),
        source="the weakest of " + ", ".join(names) + _SOURCE,
    )


def part_names(gpu: GpuSpec) -> tuple[str, ...]:
    """The names of the GPUs ``gpu`` stands for: those ``weakest`` joined, else its own."""
    if gpu.source.endswith(_SOURCE) and gpu.name.startswith(_PREFIX):
        return tuple(gpu.name.removeprefix(_PREFIX).split(" + "))
    return (gpu.name,)


def on_gpus(cluster: Cluster, local: Sequence[int] | None) -> Cluster:
    """``cluster`` as a deployment on local GPU indices ``local`` of each node sees it: its
    ``gpu`` the weakest of those GPUs.  ``local`` None (not known: a scheduler places it) is
    every GPU of the node, so a verdict holds wherever it lands."""
    if not cluster.gpus_at:
        return cluster
    count = len(cluster.gpus_at)
    chosen = [i for i in local or () if 0 <= i < count] or range(count)
    gpu = weakest([cluster.gpus_at[i] for i in chosen])
    return cluster if gpu == cluster.gpu else replace(cluster, gpu=gpu)


def mixed_note(cluster: Cluster) -> str | None:
    """What a placement on mixed GPUs is judged by; None when its GPUs are one model."""
    if not cluster.mixed:
        return None
    return (
        f"{cluster.gpu.name}: judged by the weakest - the smallest memory "
        "(every rank gets the KV blocks of the rank with the fewest), the slowest memory and "
        "compute, the oldest architecture's formats"
    )
