"""production-stack: the serving pod's /dev/shm as the chart renders it (TL215's input)."""

from __future__ import annotations

import pytest

from toplint.parse.base import Source
from toplint.parse.structured.helm import HelmValuesParser

SPEC = """\
servingEngineSpec:
  modelSpec:
    - name: llama
      modelURL: meta-llama/Llama-3.1-8B-Instruct
      requestGPU: 2
{extra}"""


def _shm(extra: str) -> dict[str, str]:
    text = SPEC.format(extra=extra)
    [dep] = HelmValuesParser().parse(Source.from_text("values.yaml", text)).deployments
    return {k: v for k, v in dep.options.items() if k.startswith("dev_shm")}


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        # deployment-vllm-multi.yaml (production-stack f1f9822): only the tensorParallelSize key
        # mounts the emptyDir, sized by shmSize (20Gi by default)
        (
            "      vllmConfig: {tensorParallelSize: 2}\n",
            {"dev_shm": "memory", "dev_shm_size": "20Gi"},
        ),
        (
            "      shmSize: 4Gi\n      vllmConfig: {tensorParallelSize: 2}\n",
            {"dev_shm": "memory", "dev_shm_size": "4Gi"},
        ),
        ("      vllmConfig: {extraArgs: [-tp, '2']}\n", {"dev_shm": "default"}),
        # shmSize alone mounts nothing (vllm-project/production-stack#276's values)
        (
            "      shmSize: 20Gi\n      vllmConfig: {extraArgs: [-tp, '2']}\n",
            {"dev_shm": "default"},
        ),
        ("      lmcacheConfig: {enabled: true, enablePD: true}\n", {"dev_shm": "host-ipc"}),
        (
            "      extraVolumes: [{name: d, emptyDir: {}}]\n"
            "      extraVolumeMounts: [{name: d, mountPath: /dev/shm}]\n",
            {"dev_shm": "volume"},
        ),
    ],
)
def test_chart_dev_shm(extra: str, expected: dict[str, str]) -> None:
    assert _shm(extra) == expected


def test_ray_pods_get_the_same_volume_and_no_host_ipc() -> None:
    # ray-cluster.yaml (production-stack d6eece8): the head and the workers mount the emptyDir
    # for tensorParallelSize; lmcacheConfig.enablePD sets no hostIPC there
    ray = "      replicaCount: 1\n      raySpec: {enabled: true, headNode: {requestGPU: 2}}\n"
    assert _shm(ray + "      vllmConfig: {tensorParallelSize: 2, pipelineParallelSize: 2}\n") == {
        "dev_shm": "memory",
        "dev_shm_size": "20Gi",
    }
    pd = "      lmcacheConfig: {enabled: true, enablePD: true}\n"
    assert _shm(ray + pd + "      vllmConfig: {extraArgs: [-tp, '2']}\n") == {"dev_shm": "default"}
