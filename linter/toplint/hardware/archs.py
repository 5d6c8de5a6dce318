"""GPU architectures in one table: what the model does differently on each.

Every architecture the GPU catalog names (``gpus.yaml`` ``arch``) is one ``Arch`` row of
``ARCHS``: its compute capability (the engines' all-reduce size limits are keyed by it), the
rate of one NVLink lane (``toplint hardware detect``), whether and from how many GPUs NCCL runs
NVLink SHARP on it, and the fitted constants of the cost model that differ per architecture
(their defaults; ``toplint.cost.params.Params`` holds what a fit sets instead).  The catalog and
the measured tables are tested to name only rows of this table
(tests/hardware/test_archs.py); a manifest naming another architecture is an error, so adding
one is one row.  ``""`` is a GPU whose architecture is not known: no row, none of the
architecture-specific behaviour (``NO_ARCH``).
"""

from __future__ import annotations

from toplint.record import record


@record
class Arch:
    name: str  # as the catalog and a manifest's ``gpu.arch`` spell it ("hopper")
    compute_capability: float  # SM version (9.0 Hopper); 0 = not an NVIDIA GPU / not known
    # Per-direction GB/s of one NVLink lane: 25 for NVLink 2-4, 50 for NVLink5 [M] (NVLink3 x12
    # = 300 and NVLink4 x18 = 450 per direction, cost-model.md §4.1, agree); 0 = no NVLink.
    nvlink_lane_gb_per_s: float = 0.0
    # Smallest group NCCL runs NVLS for on an NVSwitch node of this architecture; 0 = no NVLS.
    nvls_min_ranks: int = 0
    # Fitted defaults (toplint.cost.params): NVLS busbw / NVLink rate; the scale of NCCL's
    # NVLink per-step latency; one NCCL p2p channel's copy rate (0 = not capped); DeepEP normal
    # kernels' per-GPU pipe rate across nodes (0 = the NIC share alone).
    nvls_eta: float = 0.0
    step_scale: float = 1.0
    p2p_channel_gb_per_s: float = 0.0
    deepep_pipe_gb_per_s: float = 0.0
    # Lower-case tags that identify a GPU of this architecture by name when the catalog entry
    # has no ``arch`` (a manifest-described GPU).
    name_tags: tuple[str, ...] = ()
    # Whose GPU it is ("nvidia", "amd", "apple"): which Kubernetes device plugin's resource a
    # pod asks for to land on one (``toplint.hardware.asks.VENDOR_RESOURCES``); "" = not known.
    vendor: str = "nvidia"


NO_ARCH = Arch("", 0.0, vendor="")

# Compute capabilities: NVIDIA CUDA GPUs list (https://developer.nvidia.com/cuda-gpus);
# kernels.py keys vLLM's CUSTOM_ALL_REDUCE_MAX_SIZES by them (9.0, 10.0).  "fitted": by
# `python benchmarks/accuracy.py --fit` on the development sources only, never the held-out
# publications (benchmarks/data/HELDOUT.md; tests/cost/test_accuracy.py checks they are that
# fit, docs/accuracy.md).
ARCHS: dict[str, Arch] = {
    a.name: a
    for a in (
        Arch("volta", 7.0, nvlink_lane_gb_per_s=25.0, name_tags=("v100",)),
        # Turing (T4, Quadro RTX, RTX 20xx): NVLink 2 bridges at Volta's lane rate (Quadro
        # RTX / RTX 2080 Ti); no BF16, FP8 or FP4 tensor cores.
        Arch(
            "turing",
            7.5,
            nvlink_lane_gb_per_s=25.0,
            name_tags=(
                "t4",
                "quadro-rtx",
                "quadro rtx",
                "titan-rtx",
                "titan rtx",
                "rtx-20",
                "rtx 20",
            ),
        ),
        Arch(
            "ampere",
            8.0,
            nvlink_lane_gb_per_s=25.0,
            # Fitted at its 4.0 bound on ml-engineering's one 8×A100 run (2-2.6× slower than
            # NVIDIA's A100 table, which is held out).  No p2p channel rate: the only Ampere
            # all-to-all table is held out, so the fit has nothing to set it from.
            step_scale=4.0,
        ),
        Arch("ada", 8.9),
        Arch(
            "hopper",
            9.0,
            nvlink_lane_gb_per_s=25.0,
            # 5 GPUs on 8×H200, measured with NCCL_DEBUG=INFO (stas00/ml-engineering@744d01e1
            # network/README.md "SHARP").
            nvls_min_ranks=5,
            nvls_eta=0.969,  # fitted
            step_scale=1.03,
            p2p_channel_gb_per_s=19.4,  # fitted on nccl-tests alltoall ≥ 64 MiB
            deepep_pipe_gb_per_s=50.0,  # fitted on DeepEP's tables
            name_tags=("h100", "h200", "h20", "h800", "gh200"),
        ),
        Arch(
            "blackwell",
            10.0,
            nvlink_lane_gb_per_s=50.0,
            # 6 on 8×B200 (p6-b200, NCCL 2.27.7), same source as Hopper's.
            nvls_min_ranks=6,
            # At the fit's lower bound: its 8-GPU tables up to 256 MiB (aiconfigurator
            # B200/B300, uccl's B300) run no faster than a ring (docs/accuracy.md).
            nvls_eta=0.5,
            step_scale=2.52,  # 8×B200 2 KiB all-reduce 26.5 µs where tuning.cc gives 15
            p2p_channel_gb_per_s=21.8,
            deepep_pipe_gb_per_s=200.0,  # at the fit's upper bound
            name_tags=("b200", "b300", "gb200", "gb300"),
        ),
        Arch("cdna3", 0.0, vendor="amd"),  # AMD MI300X/MI325X: no NVLink, no NVLS
        Arch("apple", 0.0, vendor="apple"),  # Apple silicon: one device, unified memory
    )
}


def arch(name: str) -> Arch:
    """The row of an architecture; ``NO_ARCH`` for "" (not known), KeyError for a name that
    is not in the table."""
    if not name:
        return NO_ARCH
    try:
        return ARCHS[name]
    except KeyError:
        raise KeyError(f"unknown GPU architecture {name!r}; known: {', '.join(ARCHS)}") from None


def of_gpu(arch_name: str, gpu_name: str) -> Arch:
    """A GPU's architecture: the catalog's (or the manifest's), else read from its name."""
    if arch_name:
        return arch(arch_name)
    name = gpu_name.lower()
    for row in ARCHS.values():
        if any(tag in name for tag in row.name_tags):
            return row
    return NO_ARCH
