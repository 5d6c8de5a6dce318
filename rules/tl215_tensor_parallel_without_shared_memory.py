"""TL215 tensor-parallel-without-shared-memory."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.hardware.linkkinds import node_kind
from toplint.model import Finding, Severity
from toplint.rulebook import devshm
from toplint.rulebook.helpers import finding, ranks_without_shared_memory
from toplint.rulebook.types import Rule, RuleContext
from toplint.sourcekinds import source_kind

DOC = """\
## What it does
Checks that a container whose engine runs several GPU ranks in it (tensor or pipeline
parallel inside it) has a `/dev/shm` larger than the runtime's 64 MiB: in a Kubernetes pod an
`emptyDir` with `medium: Memory` mounted at `/dev/shm`, or `hostIPC: true`; with `docker run`
(or `podman run`) `--ipc=host`, `--shm-size` above 64 MiB, or a mount at `/dev/shm` (`-v
/dev/shm:/dev/shm`, `--mount`, a `--tmpfs` above 64 MiB or of no size); in a compose service
`ipc: host`, `shm_size`, or a `volumes`/`tmpfs` entry at `/dev/shm`.

Outcome reported: the engine stops at start-up (an error) where NCCL's files certainly
exceed 64 MiB; it may stop (a warning, with the numbers) where that depends on what toplint
cannot know: the NCCL release, the driver, the channel and communicator counts.

## Why is this bad?
Without one the container's `/dev/shm` is the runtime's 64 MiB (Docker's and Podman's
`--shm-size` default), and NCCL creates its host-side files there
(`toplint.rulebook.devshm`, read from NVIDIA/nccl's source): each is `fallocate`d whole, so a
full `/dev/shm` fails at once with "Error while creating shared memory segment ... (size N)"
(NCCL 2.18 only `ftruncate`d them and died of SIGBUS on the first page that did not fit:
TGI's "signal 7" in huggingface/text-generation-inference#1655).  Per rank:

- a ring buffer of 9,637,888 bytes (9.2 MiB: `sizeof(ncclRecvMem)` and the LL, LL128 and Simple
  buffers) per channel, 2 channels at least, for GPUs NCCL joins through its SHM transport:
  those without P2P (no peer access, a path beyond NCCL's P2P level, `NCCL_P2P_DISABLE=1`).
  The "(size 9637888)" of vllm-project/production-stack#276 (TP 2 in a pod whose `/dev/shm`
  was 64M) and NVIDIA/nccl#1518 (4 GPUs, 64 MB, "2 coll channels") is this buffer;
- a proxy-ops pool of 4.0 MiB (NCCL 2.18) to 32.6 MiB (NCCL 2.28 on), when NCCL connects at
  start-up: with cuMem off, or before NCCL 2.22.  MiniMax-AI/MiniMax-01#42 (8 x H200, NVLink,
  vLLM 0.8.3 with NCCL 2.21.5) failed on it: "(size 7340384)".

The ring buffers are files only while NCCL's cuMem is off or cuMem host memory is unavailable
(before NCCL 2.24, a driver before 12.6, a container refusing NUMA calls); otherwise they are
cuMem host memory and nothing is reserved in `/dev/shm` at start-up.  vLLM 0.5 to 0.10 start
NCCL with `NCCL_CUMEM_ENABLE=0` (vllm-project/vllm#5091, removed by #24141), and SGLang does
unless `--enable-symm-mem`: there the files are certain, and 3 or more ranks without P2P need
more than 64 MiB (3 x 22.4 MiB), an error.  Elsewhere it is a warning: two ranks on NVIDIA's
newest NCCL path take 65 MiB in pools alone, a vLLM 0.11+ pair without P2P may start in 64 MiB
(its buffers in cuMem host memory), and an engine opening two communicators doubles the files.

vLLM's Kubernetes guide mounts "shm" as `emptyDir: {medium: Memory}` because "vLLM needs to
access the host's shared memory for tensor parallel inference"; TGI's README ("A note on Shared
Memory (shm)") asks for the same volume; llm-d added it because vLLM with TP "will crash during
startup" without it (llm-d/llm-d-deployer#191).  KServe's huggingfaceserver worked with
`hostIPC` or `--ipc=host` (kserve/kserve#3791).  With `docker run`: vLLM in a container with
two GPUs failed until `--ipc=host` or `--shm-size=10.24gb` (vllm-project/vllm#1393), and
vLLM's Docker example gained `--ipc=host` because "when the shared memory allocated for a
docker container is too small and when TP is used, vLLM can hang" (vllm-project/vllm#1125).

## Example
```yaml
containers:
  - name: vllm
    args: ["--model", "meta-llama/Llama-3.1-70B-Instruct", "--tensor-parallel-size", "4"]
    resources: {limits: {nvidia.com/gpu: 4}}
```

```bash
docker run --gpus all vllm/vllm-openai \
    --model meta-llama/Llama-2-7b-hf --tensor-parallel-size 2
```

## Use instead
```bash
docker run --gpus all --ipc=host vllm/vllm-openai \
    --model meta-llama/Llama-2-7b-hf --tensor-parallel-size 2
```

```yaml
containers:
  - name: vllm
    args: ["--model", "meta-llama/Llama-3.1-70B-Instruct", "--tensor-parallel-size", "4"]
    resources: {limits: {nvidia.com/gpu: 4}}
    volumeMounts: [{name: dshm, mountPath: /dev/shm}]
volumes:
  - name: dshm
    emptyDir: {medium: Memory, sizeLimit: 2Gi}
```

## Options
None.

## Fix safety
Displayed only: a memory-backed volume counts against the pod's memory limit, and
`--ipc=host` shares the host's IPC namespace with the container.

## References
- Incident: https://github.com/vllm-project/production-stack/issues/276
- Incident: https://github.com/MiniMax-AI/MiniMax-01/issues/42
- vLLM on Kubernetes (shm volume): https://docs.vllm.ai/en/latest/deployment/k8s.html
- TGI, "A note on Shared Memory (shm)": https://github.com/huggingface/text-generation-inference#a-note-on-shared-memory-shm
- llm-d, dshm volumes for NCCL: https://github.com/llm-d/llm-d-deployer/pull/191
- KServe, hostIPC for multi-GPU huggingfaceserver: https://github.com/kserve/kserve/issues/3791
- TGI, `-v /dev/shm:/dev/shm` as the working command: https://github.com/huggingface/text-generation-inference/issues/1655
- Incident (docker run): https://github.com/vllm-project/vllm/issues/1393
- vLLM, `--ipc=host` in the Docker example: https://github.com/vllm-project/vllm/pull/1125
- Docker `--shm-size` (default 64m): https://docs.docker.com/reference/cli/docker/container/run/
- Compose `shm_size` and `ipc`: https://github.com/compose-spec/compose-spec/blob/main/05-services.md
- NCCL's /dev/shm files (`fallocate`): https://github.com/NVIDIA/nccl/blob/master/src/os/linux.cc
- NCCL's SHM transport and its cuMem host buffers: https://github.com/NVIDIA/nccl/blob/master/src/transport/shm.cc
- NCCL's start-up connections and proxy pool: https://github.com/NVIDIA/nccl/blob/master/src/init.cc
- SHM segment of 9637888 bytes with a 64 MB /dev/shm: https://github.com/NVIDIA/nccl/issues/1518
- vLLM turns NCCL's cuMem off: https://github.com/vllm-project/vllm/pull/5091
- vLLM stops turning it off: https://github.com/vllm-project/vllm/pull/24141
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    ranks = ranks_without_shared_memory(ctx.deployment)
    if ranks < 2:
        return
    kind = source_kind(ctx.deployment.source_kind)  # where its /dev/shm is set
    where, fix = kind.unit, kind.shm_fix
    found = devshm.need(ctx.deployment, ranks, _link(ctx))
    head = (
        f"{ranks} GPU ranks share this {where} but its /dev/shm is the container runtime's 64 MiB"
    )
    floor, legacy = _mib(found.floor), _mib(found.legacy)
    if found.certain:
        text = (
            f"{head}: NCCL creates at least {floor} MiB of shared-memory files there at start-up "
            f"({found.floor_parts()}{_why(found)}), so the engine stops at start-up"
        )
    else:
        amount = (
            f"{floor} MiB there for certain ({found.floor_parts()}{_why(found)}) and {legacy} MiB"
            if found.floor
            else f"{legacy} MiB there"
        )
        text = (
            f"{head}: the engine may stop at start-up: NCCL creates {amount} when it keeps its "
            f"buffers in /dev/shm ({found.legacy_parts()}), as with {_off_by(found)}, NCCL "
            "before 2.24, a driver before 12.6 or a container refusing NUMA calls; more with "
            "more channels or communicators"
        )
    yield finding(
        rule,
        ctx,
        "tp",
        text,
        fix=fix,
        severity=Severity.ERROR if found.certain else Severity.WARNING,
        data={"ranks": ranks, "floor_bytes": found.floor, "legacy_bytes": found.legacy},
    )


def _link(ctx: RuleContext) -> str | None:
    """The link kind between the GPUs of the deployment's nodes (None without a manifest)."""
    if ctx.placement is None:
        return None
    intra = ctx.placement.cluster.intra
    return node_kind(intra.fabric, intra.p2p)


def _why(found: devshm.ShmNeed) -> str:
    """Why the floor holds: cuMem off, and no P2P between the GPUs for the ring buffers."""
    why = []
    if found.cumem_off is True:
        why.append("cuMem off")
    if found.segments_certain:
        why.append("no P2P between these GPUs")
    elif found.pool_certain and not found.shm_transport and found.pairs == "all":
        why.append("NCCL_SHM_DISABLE=1 sends these GPUs through the network transport")
    return f": {', '.join(why)}" if why else ""


def _off_by(found: devshm.ShmNeed) -> str:
    """Who turns NCCL's cuMem off (``options["nccl_cumem_off"]``: ``Engine.by_release``)."""
    if found.cumem_off is True:
        return "cuMem off (as here)"
    if found.cumem_off is False:
        return "cuMem off (this engine release leaves it on)"
    return "cuMem off (vLLM 0.5 to 0.10 and SGLang turn it off)"


def _mib(size: int) -> str:
    return f"{size / devshm.MIB:.0f}"


RULE = Rule(
    code="TL215",
    name="tensor-parallel-without-shared-memory",
    summary="A container runs several GPU ranks in the runtime's 64 MiB /dev/shm.",
    severity=Severity.ERROR,
    check=check,
    doc=DOC,
    origin=__file__,
    accelerators="gpu",
)
