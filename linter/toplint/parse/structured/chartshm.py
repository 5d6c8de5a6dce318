"""The ``/dev/shm`` of the pods production-stack renders (``toplint.parse.k8s.shm``'s values:
``Deployment.options["dev_shm"]``, rule TL215), for its Helm chart and its VLLMRuntime operator."""

from __future__ import annotations

from typing import Any

from toplint.parse.k8s.shm import mounted_shm


def chart_dev_shm(spec: dict[str, Any], ray: bool = False) -> dict[str, str]:
    """The serving pods' ``/dev/shm`` (``toplint.parse.k8s.shm``'s values) as the chart renders
    it: deployment-vllm-multi.yaml (vllm-project/production-stack@f1f9822) mounts an emptyDir
    ``{medium: Memory, sizeLimit: shmSize}`` (20Gi by default) at /dev/shm only when
    ``vllmConfig`` has the key ``tensorParallelSize``, and sets ``hostIPC`` only for
    ``lmcacheConfig.enablePD``; ``extraVolumeMounts`` and ``extraVolumes`` are the user's own.
    ray-cluster.yaml (@d6eece8) mounts the same volume in the head and worker pods, with no
    ``hostIPC``.  A tensor-parallel size given in ``extraArgs`` leaves the runtime's 64 MiB
    (vllm-project/production-stack#95).  Charts before #105 (February 2025) mounted nothing."""
    lmcache = spec.get("lmcacheConfig")
    if not ray and isinstance(lmcache, dict) and lmcache.get("enablePD"):
        return {"dev_shm": "host-ipc"}
    config = spec.get("vllmConfig")
    if isinstance(config, dict) and "tensorParallelSize" in config:
        return {"dev_shm": "memory", "dev_shm_size": str(spec.get("shmSize") or "20Gi")}
    mounts, volumes = spec.get("extraVolumeMounts"), spec.get("extraVolumes")
    mounted = mounted_shm(
        mounts if isinstance(mounts, list) else [], volumes if isinstance(volumes, list) else []
    )
    return mounted or {"dev_shm": "default"}


def runtime_dev_shm(spec: dict[str, Any]) -> dict[str, str]:
    """A VLLMRuntime's pod: the operator sets no /dev/shm volume and no hostIPC; it mounts only
    the storage PVC (at ``storageConfig.mountPath``) and the chat template (operator/internal/
    controller/vllmruntime_controller.go, vllm-project/production-stack@3310887; "we cannot
    increase the shm size like the helm chart", production-stack#899)."""
    store = spec.get("storageConfig")
    store = store if isinstance(store, dict) else {}
    pvc = bool(store.get("enabled")) and str(store.get("mountPath", "")).rstrip("/") == "/dev/shm"
    return {"dev_shm": "volume" if pvc else "default"}
