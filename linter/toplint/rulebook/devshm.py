"""What NCCL writes into a container's /dev/shm when several GPU ranks start in it (TL215).

Read from NCCL's source (NVIDIA/nccl, master at 5067397c and the release tags named):

- Every file is created by ``ncclOsShmOpen`` (src/os/linux.cc; src/misc/shmutils.cc before
  2.24): ``mkstemp("/dev/shm/nccl-XXXXXX")`` then ``fallocate(fd, 0, 0, size + 4)`` (a 4-byte
  reference count after the data), so the space is taken at once and a full /dev/shm fails there
  with "Error while creating shared memory segment ... (size N)".  NCCL 2.18 called ``ftruncate``
  instead: nothing is reserved and the process dies of SIGBUS when it first writes a page that no
  longer fits (huggingface/text-generation-inference#1655's "signal 7").
- The SHM transport (src/transport/shm.cc) joins two GPUs of one host that have no P2P path:
  ``p2pCanConnect`` (src/transport/p2p.cc) refuses a pair beyond the P2P level (PXB by default,
  LOC with ``NCCL_P2P_DISABLE=1``: src/graph/paths.cc) or without CUDA peer access, and
  ``shmCanConnect`` is skipped with ``NCCL_SHM_DISABLE=1`` (the network transport then joins
  them).  Each receiving connection holds one buffer (``shmRecvSetup``, ``SHM_LOCALITY`` 2):
  ``sizeof(ncclRecvMem)`` plus the three protocols' ``buffSizes`` (src/init.cc
  ``computeBuffSizes``), ``SEGMENT`` below, the "(size 9637888)" of
  vllm-project/production-stack#276 and NVIDIA/nccl#1518.  The ring gives every rank one
  receiving connection per channel, and NCCL doubles the channels its search found
  (src/graph/connect.cc ``ncclTopoPostset``: ``nChannels * 2``), so 2 at least.
- The buffer is a /dev/shm file only on NCCL's legacy path: ``ncclShmAllocateShareableBuffer``
  (src/transport/shm.cc) takes cuMem host memory instead when cuMem is on (``NCCL_CUMEM_ENABLE``,
  by default on where the driver has virtual memory management: src/misc/cudawrap.cc) and cuMem
  host allocations are (``NCCL_CUMEM_HOST_ENABLE``: from NCCL 2.24 on with a 12.6 driver or newer,
  unless the container refuses the NUMA calls, "Docker in particular").
- With cuMem off (or ``NCCL_RUNTIME_CONNECT=0``, or before NCCL 2.22) ``initTransportsRank``
  (src/init.cc) connects every ring and tree at start-up and then "Connect[s] to local net
  proxy", whose progress thread maps a ``ncclProxyOpsPool`` (src/proxy.cc ``proxyProgressInit``):
  one more file per rank and communicator, ``POOLS`` below by release (``sizeof`` of the struct
  in src/include/proxy.h; 7340384 is MiniMax-AI/MiniMax-01#42's NCCL 2.21.5 log, 14156128
  NVIDIA/nccl#1589's).  The network transport maps the same pool on its first connection.
  With cuMem on, 2.22 and later connect when a collective first needs it: the engines' warm-up
  all-reduce at start-up (vLLM's ``PyNcclCommunicator`` in
  vllm/distributed/device_communicators/pynccl.py).
- NVLS's registration file (src/transport/nvls.cc) is a few KiB; vLLM's own message queues
  (vllm/distributed/device_communicators/shm_broadcast.py ``ShmRingBuffer``) are created with
  ``SharedMemory(create=True, size)``, which reserves nothing: neither counts at start-up.

Not known to toplint, so not in the floor: the NCCL release (the pool's size), the driver (cuMem
host memory), the channel count beyond 2, and how many communicators the engine opens (vLLM opens
its own ``PyNcclCommunicator`` beside PyTorch's process groups; each has its buffers and pool).
"""

from __future__ import annotations

from collections.abc import Mapping

from toplint.hardware.linkkinds import kind
from toplint.hardware.p2plevel import SHM_DISABLE, forced, p2p_level, strtol
from toplint.model import Deployment
from toplint.record import record

MIB = 1 << 20
LIMIT = 64 * MIB  # the container runtime's /dev/shm (Docker's and Podman's --shm-size default)
PAGE = 4096  # tmpfs takes whole pages
# One SHM receive buffer: sizeof(ncclRecvMem) (src/include/comm.h, padded to MEM_ALIGN 4096) +
# LL (NCCL_LL_LINES_PER_THREAD 8 x NCCL_LL_MAX_NTHREADS 512 x NCCL_STEPS 8 x 16-byte line) +
# LL128 (NCCL_LL128_ELEMS_PER_THREAD 120 x NCCL_LL128_MAX_NTHREADS 640 x NCCL_STEPS 8 x 8) +
# Simple (DEFAULT_BUFFSIZE 1 << 22): src/init.cc DEFAULT_*_BUFFSIZE, src/include/device.h.
SEGMENT = 4096 + 8 * 512 * 8 * 16 + 120 * 640 * 8 * 8 + (1 << 22)  # 9637888
MIN_CHANNELS = 2  # src/graph/connect.cc: the channels found, doubled
# sizeof(struct ncclProxyOpsPool) from the release on (MAX_OPS_PER_PEER x NCCL_MAX_LOCAL_RANKS
# ncclProxyOp records, src/include/proxy.h of each tag, compiled).
POOLS = (
    ("2.18", 4_194_656),
    ("2.20", 5_767_520),
    ("2.21", 7_340_384),
    ("2.23", 10_486_112),
    ("2.24", 14_156_128),
    ("2.25", 31_850_880),
    ("2.26", 33_030_528),
    ("2.28", 34_210_176),
)


def pages(size: int) -> int:
    """The bytes a file of ``size`` data bytes takes in tmpfs (NCCL adds its 4-byte count)."""
    return -(-(size + 4) // PAGE) * PAGE


@record
class ShmNeed:
    """NCCL's /dev/shm files in one container at start-up, for one communicator."""

    ranks: int
    floor: int  # bytes created for certain
    legacy: int  # bytes on NCCL's /dev/shm path with the newest pool (may be what it takes)
    pairs: str  # GPU pairs on the SHM transport: "all", "none", "unknown"
    cumem_off: bool | None  # the engine or environment turns cuMem off (None: not known)
    pool_certain: bool
    segments_certain: bool
    shm_transport: bool  # NCCL_SHM_DISABLE is not 1

    @property
    def certain(self) -> bool:
        return self.floor > LIMIT

    def floor_parts(self) -> str:
        """What the floor is made of, per rank."""
        parts = []
        if self.pool_certain:
            parts.append(f"a proxy pool of {_mib(pages(POOLS[0][1]))} MiB or more")
        if self.segments_certain:
            parts.append(f"{MIN_CHANNELS} SHM ring buffers of {_mib(pages(SEGMENT))} MiB")
        return " and ".join(parts) + " per rank" if parts else "nothing certain"

    def legacy_parts(self) -> str:
        """What the legacy figure is made of, per rank."""
        text = f"a {_mib(pages(POOLS[-1][1]))} MiB proxy pool (NCCL {POOLS[-1][0]})"
        if self.pairs != "none" and self.shm_transport:
            text += f" and {MIN_CHANNELS} SHM ring buffers of {_mib(pages(SEGMENT))} MiB"
        return text + " per rank"


def need(dep: Deployment, ranks: int, link_kind: str | None) -> ShmNeed:
    """NCCL's /dev/shm bytes for ``ranks`` GPU ranks of ``dep`` in one container whose GPUs are
    joined by ``link_kind`` (None: no manifest says)."""
    options = dep.options
    pairs = shm_pairs(link_kind, options)
    shm_off = _env_is(options, SHM_DISABLE, 1)
    written = options.get("env.NCCL_CUMEM_ENABLE")
    off = True if _env_is(options, "NCCL_CUMEM_ENABLE", 0) else None
    engine = options.get("nccl_cumem_off")  # the engine's own (Engine.by_release)
    if off is None and not isinstance(written, str) and engine in ("true", "false"):
        off = engine == "true"
    host_off = off is True or _env_is(options, "NCCL_CUMEM_HOST_ENABLE", 0)
    pool_certain = (
        off is True
        or _env_is(options, "NCCL_RUNTIME_CONNECT", 0)
        or (shm_off and pairs == "all")  # the network transport joins them
    )
    segments_certain = host_off and pairs == "all" and not shm_off
    per_rank = pages(POOLS[0][1]) if pool_certain else 0
    if segments_certain:
        per_rank += MIN_CHANNELS * pages(SEGMENT)
    legacy = pages(POOLS[-1][1])
    if pairs != "none" and not shm_off:
        legacy += MIN_CHANNELS * pages(SEGMENT)
    return ShmNeed(
        ranks,
        ranks * per_rank,
        ranks * legacy,
        pairs,
        off,
        pool_certain,
        segments_certain,
        not shm_off,
    )


def shm_pairs(link_kind: str | None, options: Mapping[str, str]) -> str:
    """Which GPU pairs of a node NCCL joins through host memory: "all" (no P2P between them,
    or the environment turns it off for every pair), "none" (P2P on every pair), "unknown" (no
    manifest, a level some pairs are within, a cross-socket path NCCL may take P2P over)."""
    if link_kind is None:
        return "unknown"
    row = kind(link_kind)
    if not row.p2p_path:
        # no peer access at all, or a SYS path (P2P at level SYS, and by default on AMD hosts
        # with two GPUs: src/graph/paths.cc ncclTopoCheckP2p)
        if row.pcie_path == "host-bounce":
            return "all"
        found = p2p_level(options)
        return "all" if found is not None and found[0] == "LOC" else "unknown"
    over = forced(link_kind, options)
    if over is None:
        return "none"
    return "all" if over.kind else "unknown"


def _env_is(options: Mapping[str, str], name: str, value: int) -> bool:
    """The deployment's environment sets NCCL variable ``name`` to ``value`` as NCCL reads it
    (``strtoll(text, NULL, 0)``: src/misc/param.cc)."""
    text = options.get(f"env.{name}")
    return isinstance(text, str) and strtol(text) == value


def _mib(size: int) -> str:
    return f"{size / MIB:.1f}"
