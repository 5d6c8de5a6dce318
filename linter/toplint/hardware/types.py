"""Resolved hardware: what the manifest and the catalogs say about GPUs and links.

All bandwidths are GB/s (10^9 B/s) **per direction**; intra-node bandwidth is per GPU, network
bandwidth is per NIC.  Latencies are microseconds.
"""

from __future__ import annotations

from collections.abc import Mapping

# Link kinds, their classes and manifest spellings live in one table
# (toplint.hardware.linkkinds); fabric and network are its spellings.
from toplint.hardware.linkkinds import Fabric, Network
from toplint.model import Position
from toplint.record import field, record


@record
class GpuSpec:
    name: str  # catalog name, e.g. "A100-SXM4-80GB"
    memory_gb: float
    memory_bandwidth_gb_per_s: float
    scaleup_fabric: Fabric
    scaleup_bandwidth_gb_per_s: float  # per GPU, per direction
    nvlink_domain: int  # GPUs reaching each other at scale-up speed (1 = no NVLink)
    pcie_gen: int
    p2p_default: bool
    arch: str = ""  # a key of toplint.hardware.archs.ARCHS, "" when not known
    bf16_tflops: float = 0.0  # dense peak, for compute estimates
    # Dense FP16 tensor peak of a GPU with no BF16 (Volta, Turing); 0 where BF16 is given.
    fp16_tflops: float = 0.0
    source: str = ""
    # Total memory as the driver reports it to the engine (cudaMemGetInfo, the "total capacity"
    # of CUDA OOM messages, vLLM's total_gpu_memory), in GiB: below the nominal size by the
    # driver's and ECC's reservations; 0 when no public log gives it (memory_gb is used).
    memory_reported_gib: float = 0.0
    # Memory free at an engine's start-up on a GPU whose memory the host shares (unified memory:
    # the OS, its page cache and other processes hold part of the same pool), as the driver
    # reports it (GiB, the lowest and highest measured in public logs); () where the host holds
    # none of the GPU's memory or none was measured (``toplint.outcome.hostpool``).
    free_at_start_gib: tuple[float, float] | tuple[()] = ()

    @property
    def capacity_gib(self) -> float:
        """Memory as the driver reports it, in GiB: the reported total where a public log gives
        it, else the nominal size counted as GiB ("a 24 GB card is 24 GiB")."""
        return self.memory_reported_gib or self.memory_gb

    @property
    def half_tflops(self) -> float:
        """The 16-bit dense peak serving computes at: BF16's, or FP16's on a GPU without BF16
        (vLLM casts a BF16 checkpoint to float16 there: ``toplint.outcome.precision``)."""
        return self.bf16_tflops or self.fp16_tflops


@record
class IntraNode:
    fabric: Fabric
    bandwidth_gb_per_s: float  # per GPU per direction
    p2p: bool
    nvlink_domain: int
    numa_nodes: int = 1
    pcie_gen: int = 4
    pcie_bandwidth_gb_per_s: float = 0.0  # per direction, x16 slot
    latency_us: float | None = None
    # GPUs (local indices) joined by NVLink when not all of the node is (bridged pairs, partial
    # meshes): two GPUs share NVLink when one group holds both; empty = the consecutive
    # ``nvlink_domain`` blocks (toplint.hardware.topology)
    nvlink_groups: tuple[tuple[int, ...], ...] = ()


@record
class InterNode:
    network: Network
    bandwidth_gb_per_s: float  # per NIC per direction (line rate / 8)
    nics_per_node: int
    rdma: bool
    latency_us: float


@record
class Measurement:
    """A user-supplied measurement (e.g. nccl-tests busbw) that beats any model."""

    op: str  # "all_reduce" | "all_gather" | "all_to_all" | ...
    ranks: int
    scope: str  # "intra" | "inter"
    busbw_gb_per_s: float
    message_bytes: int | None = None


@record
class Cluster:
    """A pool of identical nodes."""

    name: str
    nodes: int
    # The GPU every check prices: the node's, or - on a node of mixed GPUs - the weakest of
    # those a deployment runs on (``toplint.hardware.mixed``)
    gpu: GpuSpec
    gpus_per_node: int
    intra: IntraNode
    inter: InterNode
    selector: Mapping[str, str] = field(default_factory=dict)
    instance: str | None = None
    measurements: tuple[Measurement, ...] = ()
    position: Position | None = None
    # One GPU per local index (nvidia-smi's order) on a node whose GPUs are not all one model
    # (a manifest's ``gpu: [RTX-3090, RTX-3080-Ti]``); empty when they are
    gpus_at: tuple[GpuSpec, ...] = ()

    @property
    def total_gpus(self) -> int:
        return self.nodes * self.gpus_per_node

    @property
    def mixed(self) -> bool:
        """Its ``gpu`` stands for GPUs of more than one model (``toplint.hardware.mixed``)."""
        return bool(self.gpus_at) and self.gpu not in self.gpus_at

    def gpu_on(self, local: int) -> GpuSpec:
        """The GPU at local index ``local`` of each node."""
        return self.gpus_at[local] if 0 <= local < len(self.gpus_at) else self.gpu


@record
class Hardware:
    clusters: tuple[Cluster, ...]
    path: str = ""
    warnings: tuple[str, ...] = ()  # e.g. "600 GB/s looks bidirectional"

    def cluster(self, name: str) -> Cluster | None:
        for c in self.clusters:
            if c.name == name:
                return c
        return None


@record
class Link:
    """The slowest hop a group crosses."""

    kind: str  # a key of toplint.hardware.linkkinds.KINDS
    bandwidth_gb_per_s: float  # per GPU per direction available to one rank on this hop
    latency_us: float
    rdma: bool = False
    scope: str = "intra"  # "intra" | "inter"

    def describe(self) -> str:
        return f"{self.kind} {self.bandwidth_gb_per_s:g} GB/s per direction"
