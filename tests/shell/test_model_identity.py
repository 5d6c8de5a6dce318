"""The checkpoint a deployment serves, from its model URI, a download command or a label
(issue 14.5); the deployment says where the id was read."""

from __future__ import annotations

from tests.parse.helpers import only
from toplint.parse.modelref import from_uri

ISVC = """\
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata: {name: llama}
spec:
  predictor:
    model:
      modelFormat: {name: huggingface}
      args: ["--served-model-name=chat"]
      storageUri: URI
      resources: {limits: {nvidia.com/gpu: "1"}}
"""


def test_hf_uri_names_the_hub_id() -> None:
    assert from_uri("hf://meta-llama/Llama-3.1-8B-Instruct") == "meta-llama/Llama-3.1-8B-Instruct"


def test_modelcar_catalog_image_tag_names_the_model() -> None:
    uri = "oci://quay.io/redhat-ai-services/modelcar-catalog:granite-3.1-8b-instruct"
    assert from_uri(uri) == "granite-3.1-8b-instruct"


def test_modelcar_image_name_names_the_model() -> None:
    assert from_uri("oci://registry.example/llama-3.1-8b-instruct-modelcar:1.0") == (
        "llama-3.1-8b-instruct"
    )


def test_pvc_uri_names_its_last_folder() -> None:
    assert from_uri("pvc://models/meta-llama/Llama-3.1-70B-Instruct") == "Llama-3.1-70B-Instruct"


def test_bare_pvc_claim_names_nothing() -> None:
    assert from_uri("pvc://models") is None


def test_storage_uri_wins_over_the_served_name() -> None:
    dep = only("isvc.yaml", ISVC.replace("URI", "hf://meta-llama/Llama-3.1-8B-Instruct"))
    assert dep.model == "meta-llama/Llama-3.1-8B-Instruct"
    assert dep.options["model.from"] == "the model URI `hf://meta-llama/Llama-3.1-8B-Instruct`"


def test_local_path_is_named_by_the_download_that_fills_it() -> None:
    text = (
        "huggingface-cli download Qwen/Qwen2.5-7B-Instruct --local-dir /models/qwen\n"
        "huggingface-cli download BAAI/bge-m3 --local-dir /models/bge\n"
        "vllm serve /models/qwen --tensor-parallel-size 2\n"
    )
    dep = only("serve.sh", text)
    assert dep.model == "Qwen/Qwen2.5-7B-Instruct"
    assert dep.options["model.from"] == "the download command at line 1"
    assert dep.options["model.path"] == "/models/qwen"


def test_local_path_with_the_files_only_download() -> None:
    text = "hf download org/Some-Model\nvllm serve /data/model\n"
    assert only("serve.sh", text).model == "org/Some-Model"


def test_local_path_named_by_a_label() -> None:
    text = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: s
  labels:
    model-name: llama-3.1-8b-instruct
spec:
  template:
    spec:
      containers:
        - name: s
          image: x
          command: ["vllm", "serve", "/mnt/models"]
"""
    dep = only("d.yaml", text)
    assert dep.model == "llama-3.1-8b-instruct"
    assert dep.options["model.from"] == "the `model-name` label at line 6"


def test_local_path_without_any_hint_stays_as_written() -> None:
    dep = only("serve.sh", "vllm serve /mnt/models\n")
    assert dep.model == "/mnt/models" and "model.from" not in dep.options
