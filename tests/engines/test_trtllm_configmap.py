"""TensorRT-LLM's LLM-API YAML mounted from a ConfigMap: the file's sizes win (issue 13)."""

from __future__ import annotations

from tests.parse.helpers import only

MANIFEST = """\
apiVersion: v1
kind: ConfigMap
metadata: {name: trt}
data:
  extra.yaml: |
    tensor_parallel_size: 8
    enable_attention_dp: true
    kv_cache_config:
      free_gpu_memory_fraction: 0.8
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: trt}
spec:
  template:
    spec:
      volumes:
        - name: cfg
          configMap: {name: trt}
      containers:
        - name: server
          image: nvcr.io/nvidia/tensorrt-llm/release:1.0.0
          command: [trtllm-serve, deepseek-ai/DeepSeek-V3, --tp_size, "4",
                    --extra_llm_api_options, /cfg/extra.yaml]
          volumeMounts:
            - {name: cfg, mountPath: /cfg}
          resources: {limits: {nvidia.com/gpu: 8}}
"""


def test_configmap_llm_api_yaml_overrides_the_command_line() -> None:
    dep = only("trt.yaml", MANIFEST)
    assert dep.tp == 8
    assert dep.options["config.source"] == "configmap/trt/extra.yaml"


def test_configmap_attention_dp_reaches_the_record() -> None:
    dep = only("trt.yaml", MANIFEST)
    assert dep.options["enable_attention_dp"] == "true"


def test_configmap_keys_are_positioned_in_the_manifest() -> None:
    dep = only("trt.yaml", MANIFEST)
    assert dep.position_of("tp").line == 6
