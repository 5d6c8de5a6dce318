"""A container that runs a shell script a ConfigMap of the same manifest mounts
(toplint.parse.k8s.mountedscript): a ConfigMap volume's keys are files in the pod
(kubernetes.io "ConfigMaps": "Using ConfigMaps as files from a Pod"), so `bash /scripts/serve.sh`
runs the `serve.sh` key's text, with the container's GPUs and environment."""

from __future__ import annotations

from tests.parse.helpers import parse_text

MANIFEST = """\
apiVersion: v1
kind: ConfigMap
metadata: {name: serve-script}
data:
  serve.sh: |
    #!/bin/bash
    exec vllm serve "$MODEL" --tensor-parallel-size 4 "$@"
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: vllm}
spec:
  template:
    spec:
      containers:
        - name: vllm
          image: vllm/vllm-openai:v0.11.0
          command: ["bash", "/scripts/serve.sh"]
          args: ["--max-model-len", "8192"]
          env: [{name: MODEL, value: meta-llama/Llama-3.1-70B-Instruct}]
          resources: {limits: {nvidia.com/gpu: 4}}
          volumeMounts: [{name: s, mountPath: /scripts}]
      volumes: [{name: s, configMap: {name: serve-script}}]
"""


def test_a_script_a_configmap_mounts_runs_in_the_container_that_runs_it() -> None:
    (dep,) = parse_text("deploy.yaml", MANIFEST).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == (
        "vllm",
        "meta-llama/Llama-3.1-70B-Instruct",  # the container's env
        4,
        4,  # the container's GPUs: the script alone had none
    )
    assert dep.options.get("max_model_len") == "8192"  # the container's args are its "$@"
    assert (dep.line, dep.sources["tp"].line) == (7, 7)  # written in the ConfigMap


def test_a_script_of_the_image_or_of_another_configmap_is_not_read_here() -> None:
    in_image = MANIFEST.replace('"/scripts/serve.sh"', '"/opt/serve.sh"')
    result = parse_text("deploy.yaml", in_image)
    assert [d.gpus for d in result.deployments] == [None]  # only the ConfigMap's own text
    other = MANIFEST.replace("configMap: {name: serve-script}", "configMap: {name: other}")
    assert [d.gpus for d in parse_text("deploy.yaml", other).deployments] == [None]
