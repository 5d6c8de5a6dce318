"""TL215 tensor-parallel-without-shared-memory."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.model import Finding, Severity
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

Outcome reported: the engine stops at start-up (an error).

## Why is this bad?
Without one the container's `/dev/shm` is the runtime's 64 MiB (Docker's and Podman's
`--shm-size` default).  NCCL creates its
shared-memory segments there (SHM transport and proxy buffers, ~9 MB each), so the engine stops
at start-up with "NCCL error: unhandled system error ... Error while creating shared memory
segment /dev/shm/nccl-F9ffgB (size 9637888)" (vllm-project/production-stack#276: TP 2 in a pod
whose `df -h /dev/shm` showed 64M; the same error on 8 x H200 in MiniMax-AI/MiniMax-01#42).
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
"""


def check(rule: Rule, ctx: RuleContext) -> Iterator[Finding]:
    ranks = ranks_without_shared_memory(ctx.deployment)
    if ranks < 2:
        return
    kind = source_kind(ctx.deployment.source_kind)  # where its /dev/shm is set
    where, fix = kind.unit, kind.shm_fix
    yield finding(
        rule,
        ctx,
        "tp",
        f"{ranks} GPU ranks share this {where} but its /dev/shm is the container runtime's "
        "64 MiB: NCCL cannot create its shared-memory segments there and the engine stops at "
        "start-up",
        fix=fix,
        data={"ranks": ranks},
    )


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
