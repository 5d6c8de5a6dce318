"""A pod's ConfigMap written in a file beside its manifest (toplint.parse.k8s.siblings)."""

from __future__ import annotations

from pathlib import Path

from toplint.model import NO_DEPLOYMENT_FOUND, Finding
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source
from toplint.pipeline.analyze import run_files
from toplint.pipeline.settings import Settings

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


LABELLED = CONFIGMAP.replace(
    "metadata: {name: server-config}", "metadata:\n  name: server-config\n  labels:\n    app: vllm"
)


def _tl008(paths: list[Path], of: Path) -> list[Finding]:
    run = run_files([str(p) for p in paths], Settings())
    found = [f for file in run.files for f in file.findings]
    return [f for f in found if f.rule == NO_DEPLOYMENT_FOUND.code and f.path == str(of)]


def test_the_manifest_lists_the_configmap_file_it_read(tmp_path: Path) -> None:
    (tmp_path / "03-configmap.yaml").write_text(LABELLED)
    (tmp_path / "05-deployment.yaml").write_text(DEPLOYMENT)
    result = _parse(tmp_path / "05-deployment.yaml")
    assert [(Path(s.path).name, s.engine, s.deployment.line) for s in result.sourced] == [
        ("03-configmap.yaml", "vllm", 10)
    ]


def test_a_configmap_a_pod_reads_is_not_said_to_be_unchecked(tmp_path: Path) -> None:
    # AyeniOluwatosinOlawale/vllm-k8s-stack@7e0cb853 vllm/configmap.yaml: labelled `app: vllm`,
    # its values are the Deployment's in vllm/deployment.yaml beside it
    cm, deploy = tmp_path / "configmap.yaml", tmp_path / "deployment.yaml"
    cm.write_text(LABELLED)
    deploy.write_text(DEPLOYMENT)
    [note] = _tl008([cm, deploy], cm)
    assert "is read with the deployment at line 10 of" in note.message
    assert "nothing here was checked" not in note.message
    # alone, it names vllm and yields nothing: the finding stays
    [alone] = _tl008([cm], cm)
    assert "yields no deployment" in alone.message
