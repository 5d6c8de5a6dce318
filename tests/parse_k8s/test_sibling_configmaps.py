"""A pod's ConfigMap written in a file beside its manifest (toplint.parse.k8s.siblings)."""

from __future__ import annotations

from pathlib import Path

from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source

# kcns008/llm-on-k8s@dcaf96f5 openshift-kimi-k2-0905-vllm/manifests/, cut down: the Deployment
# takes --model and --tensor-parallel-size from a ConfigMap in 03-configmap.yaml.
DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: server}
spec:
  template:
    spec:
      containers:
      - name: vllm
        image: vllm/vllm-openai:latest
        command: [python3, -m, vllm.entrypoints.openai.api_server]
        args: [--model=$(MODEL_NAME), --tensor-parallel-size=$(TENSOR_PARALLEL_SIZE)]
        env:
        - name: MODEL_NAME
          valueFrom: {configMapKeyRef: {name: server-config, key: MODEL_NAME}}
        - name: TENSOR_PARALLEL_SIZE
          valueFrom: {configMapKeyRef: {name: server-config, key: TENSOR_PARALLEL_SIZE}}
        resources: {limits: {nvidia.com/gpu: 2}}
"""
CONFIGMAP = """\
apiVersion: v1
kind: ConfigMap
metadata: {name: server-config}
data: {MODEL_NAME: "Qwen/Qwen2.5-7B-Instruct", TENSOR_PARALLEL_SIZE: "2"}
"""


def _parse(path: Path):  # type: ignore[no-untyped-def]
    return parse_source(Source.from_text(str(path), path.read_text()), toplint_parsers())


def test_a_configmap_in_a_file_beside_the_manifest_gives_its_values(tmp_path: Path) -> None:
    (tmp_path / "03-configmap.yaml").write_text(CONFIGMAP)
    (tmp_path / "05-deployment.yaml").write_text(DEPLOYMENT)
    (dep,) = _parse(tmp_path / "05-deployment.yaml").deployments
    assert (dep.model, dep.tp, dep.gpus) == ("Qwen/Qwen2.5-7B-Instruct", 2, 2)


def test_a_name_two_files_beside_it_define_stays_unresolved(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(CONFIGMAP)
    (tmp_path / "b.yaml").write_text(CONFIGMAP.replace('"2"', '"4"'))
    (tmp_path / "deployment.yaml").write_text(DEPLOYMENT)
    (dep,) = _parse(tmp_path / "deployment.yaml").deployments
    assert dep.tp is None and dep.model is None


def test_a_configmap_in_another_folder_is_not_looked_for(tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "configmap.yaml").write_text(CONFIGMAP)
    (tmp_path / "deployment.yaml").write_text(DEPLOYMENT)
    (dep,) = _parse(tmp_path / "deployment.yaml").deployments
    assert dep.tp is None
