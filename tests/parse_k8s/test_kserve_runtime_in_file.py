"""An InferenceService whose ServingRuntime is defined in the same file is one deployment: the
runtime's container with the predictor merged into it (KServe ``MergeRuntimeContainers``: the
predictor's fields override, its args follow the runtime's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.parse.helpers import parse_text
from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source

# robertgshaw2-neuralmagic/vllm-k8s vllm-kserve/vllm.yml, trimmed: a runtime with no args
# and an InferenceService that names it.
RUNTIME = """\
apiVersion: serving.kserve.io/v1alpha1
kind: ServingRuntime
metadata:
  name: nm-vllm
spec:
  supportedModelFormats:
    - name: huggingface
  containers:
    - name: kserve-container
      image: vllm/vllm-openai:v0.4.2
      args: {runtime_args}
      resources:
        limits: {{cpu: "1"}}
---
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata:
  name: llama-3
spec:
  predictor:
    model:
      runtime: {runtime}
      modelFormat:
        name: huggingface
      args: ["--model", "/mnt/model"]
      storageUri: "oci://org/llama-3:v0.1"
      resources:
        limits: {{nvidia.com/gpu: "{gpus}"}}
"""


def _deps(runtime_args: str = "[]", runtime: str = "nm-vllm", gpus: int = 1) -> list[Deployment]:
    text = RUNTIME.format(runtime_args=runtime_args, runtime=runtime, gpus=gpus)
    return list(parse_text("vllm.yml", text).deployments)


def test_the_runtime_named_by_an_inference_service_is_no_deployment_of_its_own() -> None:
    deps = _deps()
    assert len(deps) == 1
    dep = deps[0]
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "/mnt/model", 1, 1)
    assert dep.line > 15  # reported at the InferenceService, the resource that deploys


def test_the_runtimes_flags_come_before_the_predictors() -> None:
    (dep,) = _deps('["--tensor-parallel-size=2", "--max-model-len=4096"]', gpus=2)
    assert (dep.tp, dep.gpus, dep.model) == (2, 2, "/mnt/model")
    assert dep.sources["tp"].line == 11  # the runtime's args, where the flag is written


def test_a_runtime_the_file_does_not_name_stays_a_template() -> None:
    deps = _deps(runtime="another-runtime")
    assert sorted(d.source_kind for d in deps) == ["kserve-isvc", "kserve-runtime"]


def test_a_template_runtimes_model_is_unresolved_not_missing() -> None:
    """A runtime no InferenceService of the file names serves each InferenceService's model
    (its storageUri): unresolved here (TL003 at info), never 'names no model' (a TL007 error on
    kubeflow/manifests@009c880's kserve-huggingfaceserver ClusterServingRuntime)."""
    (template,) = [d for d in _deps(runtime="another-runtime") if d.source_kind == "kserve-runtime"]
    assert template.model is None
    (given,) = [u for u in template.unresolved if u.field == "model"]
    assert "InferenceService that runs nm-vllm" in given.variable and given.position.line == 4


def test_an_inference_services_storage_path_names_its_model() -> None:
    """``storage: {key, path}`` is KServe's other way to name the checkpoint (it cannot co-exist
    with ``storageUri``): red-hat-data-services/ilab-on-ocp@a8094bd
    manifests/model_serve/mistral-7b-instruct-v02.yaml read as naming no model."""
    text = (
        RUNTIME.format(runtime_args="[]", runtime="another-runtime", gpus=1)
        .replace(
            '      storageUri: "oci://org/llama-3:v0.1"\n',
            "      storage: {key: object-store, path: models/Mistral-7B-Instruct-v0.2}\n",
        )
        .replace('      args: ["--model", "/mnt/model"]\n', "")
    )
    deps = parse_text("isvc.yml", text).deployments
    (isvc,) = [d for d in deps if d.source_kind == "kserve-isvc"]
    assert isvc.model == "models/Mistral-7B-Instruct-v0.2"
    assert (isvc.sources["model"].line, isvc.sources["model"].column) == (25, 42)


def test_the_runtime_in_a_file_beside_the_inference_service_is_merged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An InferenceService and its ServingRuntime as two files of one folder
    (red-hat-data-services/ilab-on-ocp@a8094bd manifests/prometheus_serve/): the runtime's
    container runs, its ``--model`` and flags placed in its own file."""
    runtime, isvc = RUNTIME.format(
        runtime_args='["--model=/mnt/model", "--max-model-len=4096"]', runtime="nm-vllm", gpus=4
    ).split("---\n")
    isvc = isvc.replace('      storageUri: "oci://org/llama-3:v0.1"\n', "").replace(
        '      args: ["--model", "/mnt/model"]\n', '      args: ["--tensor-parallel-size=4"]\n'
    )
    (tmp_path / "runtime.yaml").write_text(runtime)
    (tmp_path / "inference.yaml").write_text(isvc)
    monkeypatch.chdir(tmp_path)
    deps = parse_source(Source.from_text("inference.yaml", isvc), toplint_parsers()).deployments
    (dep,) = deps
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "/mnt/model", 4, 4)
    assert dep.sources["model"].path == "runtime.yaml"
    assert dep.sources["tp"].path == "inference.yaml"


# openshift-psap/topsail@cfc3e8a projects/kserve/toolbox/kserve_deploy_model/files/
# standalone-tgis/base, trimmed: IBM's TGIS runtime for the `pytorch` format, and an
# InferenceService naming it; its overlays' patch.yaml each give the predictor's storage and GPUs.
TGIS = """\
apiVersion: serving.kserve.io/v1alpha1
kind: ServingRuntime
metadata:
  name: standalone-tgis-servingruntime
spec:
  containers:
  - name: kserve-container
    image: quay.io/opendatahub/text-generation-inference:fast
    command: ["text-generation-launcher"]
    args: [--port=3000]
  supportedModelFormats:
  - autoSelect: true
    name: pytorch
---
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata:
  name: isvc
spec:
  predictor:
    model:
      modelFormat:
        name: pytorch
      runtime: standalone-tgis-servingruntime
      storageUri: s3://psap-hf-models/Llama-2-70b-chat-hf/Llama-2-70b-chat-hf
      resources:
        limits: {nvidia.com/gpu: "8"}
"""
PATCH = """\
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata:
  name: isvc
spec:
  predictor:
    model:
      storageUri: s3://psap-hf-models/Llama-2-70b-chat-hf/Llama-2-70b-chat-hf
      args: [--tensor-parallel-size=8]
      resources:
        limits: {nvidia.com/gpu: "8"}
"""


def test_a_runtime_the_file_defines_serves_the_predictor_whatever_its_format() -> None:
    """The runtime an InferenceService names and the file defines is what runs, whatever format
    it serves (`pytorch` here): TGIS's launcher, sharding over the pod's 8 GPUs."""
    (dep,) = parse_text("isvc.yaml", TGIS).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("tgi", "Llama-2-70b-chat-hf", 8, 8)


def test_a_predictor_that_states_no_format_nor_runtime_is_no_deployment() -> None:
    """``modelFormat`` is required (KServe ``ModelSpec``): a predictor without it or a runtime
    is part of a resource (topsail's standalone-tgis/models/*/patch.yaml, a Kustomize patch, was
    read as a whole InferenceService of the `huggingface` format, vLLM at TP 1: TL205 for
    Llama-2-70B on one GPU of the 8 its TGIS shards over).  A runtime named for the engine
    (`runtime: vllm`) still says vLLM runs."""
    assert parse_text("patch.yaml", PATCH).deployments == ()
    named = PATCH.replace("    model:\n", "    model:\n      runtime: kserve-vllm\n")
    (dep,) = parse_text("isvc.yaml", named).deployments
    assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 8, 8)


def test_a_runtime_whose_image_is_a_rebuild_runs_that_engines_server() -> None:
    """A runtime container with only ``args`` whose image is a rebuild named for vLLM
    (topsail's files/vllm/base/servingruntime.yaml, ``quay.io/opendatahub/vllm``) runs vLLM's
    server with the runtime's args, then the predictor's."""
    runtime = TGIS.replace(
        "    image: quay.io/opendatahub/text-generation-inference:fast\n"
        '    command: ["text-generation-launcher"]\n    args: [--port=3000]\n',
        "    image: quay.io/opendatahub/vllm:fast-ibm-nightly-2024-05-01\n"
        "    args: [--model=/mnt/models/, --port=8080]\n",
    ).replace("storageUri:", "args: [--tensor-parallel-size=8]\n      storageUri:")
    (dep,) = parse_text("isvc.yaml", runtime).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "Llama-2-70b-chat-hf", 8, 8)
