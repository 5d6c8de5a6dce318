"""Where a pod's ``/dev/shm`` comes from (``Deployment.options["dev_shm"]``, rule TL215).

Processes of one pod that talk through shared memory (NCCL's SHM transport and its proxy
buffers, vLLM's shared-memory broadcast between workers) create files in ``/dev/shm``.  Unless
the pod says otherwise that is the container runtime's own tmpfs of 64 MiB (``df -h /dev/shm``
in a vLLM pod: "shm 64M", vllm-project/production-stack#276).  A pod gets more from a
memory-backed ``emptyDir`` mounted at ``/dev/shm`` or from the host's IPC namespace
(``hostIPC: true``).

Values: ``host-ipc``, ``memory`` (with ``dev_shm_size`` when the volume has a ``sizeLimit``),
``volume`` (another volume at /dev/shm), ``default`` (the runtime's 64 MiB).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toplint.infra.yamlsafe import Path
from toplint.parse.k8s.context import Ctx


def dev_shm(ctx: Ctx, spec: Path, container: Path) -> dict[str, str]:
    if ctx.get((*spec, "hostIPC")) is True:
        return {"dev_shm": "host-ipc"}
    mounted = mounted_shm(
        ctx.sequence((*container, "volumeMounts")), ctx.sequence((*spec, "volumes"))
    )
    return mounted or {"dev_shm": "default"}


def mounted_shm(mounts: Sequence[Any], volumes: Sequence[Any]) -> dict[str, str] | None:
    """What a container's ``volumeMounts`` put at ``/dev/shm`` from the pod's ``volumes``
    (``memory``, with ``dev_shm_size`` for a ``sizeLimit``, or another ``volume``), or None:
    nothing is mounted there.  Also read where a chart writes the two lists as values
    (``toplint.parse.structured.chartshm``)."""
    named: dict[Any, Any] = {str(v.get("name")): v for v in volumes if isinstance(v, dict)}
    for mount in mounts:
        if not isinstance(mount, dict) or str(mount.get("mountPath", "")).rstrip("/") != "/dev/shm":
            continue
        volume = named.get(str(mount.get("name")))
        empty = volume.get("emptyDir") if isinstance(volume, dict) else None
        if isinstance(empty, dict) and empty.get("medium") == "Memory":
            size = empty.get("sizeLimit")
            return {"dev_shm": "memory", **({"dev_shm_size": str(size)} if size else {})}
        return {"dev_shm": "volume"}
    return None
