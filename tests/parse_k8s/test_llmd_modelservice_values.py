"""llm-d-modelservice values: the command the chart writes for each role's containers.

llm-d-incubation/llm-d-modelservice@3051935e charts/llm-d-modelservice/templates/_helpers.tpl:
``modelCommand: vllmServe`` is ``vllm serve`` with the model of ``modelArtifacts.uri`` and the
``parallelism`` sizes above 1, then the container's ``args``; ``custom`` (the default) runs the
container's own command.  yeqcharlotte/router@3fca72da scripts/k8s/llama3/llm-d/values.yaml
(tests/recipes9) was read with no model (TL007 at error on both roles).
"""

from __future__ import annotations

from toplint.parse.base import Source
from toplint.parse.structured.helm import HelmValuesParser

VLLM_SERVE = """\
modelArtifacts:
  uri: "hf://meta-llama/Llama-3.1-70B-Instruct"
  name: "meta-llama/Llama-3.1-70B-Instruct"
decode:
  create: true
  replicas: 3
  parallelism:
    tensor: 4
  containers:
  - name: vllm
    image: ghcr.io/llm-d/llm-d-cuda:v0.3.0
    modelCommand: vllmServe
    args:
      - "--max-model-len"
      - "32000"
    resources:
      limits:
        nvidia.com/gpu: "4"
prefill:
  create: true
  replicas: 2
  containers:
  - name: vllm
    image: ghcr.io/llm-d/llm-d-cuda:v0.3.0
    modelCommand: vllmServe
    resources:
      limits:
        nvidia.com/gpu: "1"
"""


def _parse(text: str) -> list:  # type: ignore[type-arg]
    source = Source.from_text("values.yaml", text)
    parser = HelmValuesParser()
    assert parser.accepts(source)
    return list(parser.parse(source).deployments)


def test_vllm_serve_takes_the_model_and_sizes_the_chart_writes() -> None:
    decode, prefill = _parse(VLLM_SERVE)
    assert (decode.engine, decode.model, decode.tp, decode.replicas) == (
        "vllm",
        "meta-llama/Llama-3.1-70B-Instruct",
        4,
        3,
    )
    assert decode.options["max_model_len"] == "32000"
    assert decode.sources["model"].line == 2  # at modelArtifacts.uri, the value one edits
    # no parallelism: the chart writes no --tensor-parallel-size (TP 1)
    assert (prefill.model, prefill.tp, prefill.gpus, prefill.replicas) == (
        "meta-llama/Llama-3.1-70B-Instruct",
        1,
        1,
        2,
    )
    assert {d.source_kind for d in (decode, prefill)} == {"helm-llm-d"}


def test_prefill_defaults_to_no_replica() -> None:
    """charts/llm-d-modelservice/values.yaml: ``prefill.replicas: 0``."""
    text = VLLM_SERVE.replace("  replicas: 2\n", "")
    assert [d.name for d in _parse(text)] == ["decode"]


def test_pvc_model_is_the_mounted_path() -> None:
    text = VLLM_SERVE.replace(
        '"hf://meta-llama/Llama-3.1-70B-Instruct"', '"pvc://models-claim/llama/70b"'
    )
    assert _parse(text)[0].model == "/model-cache/llama/70b"


def test_templated_uri_is_the_artifact_name() -> None:
    """The chart's own default ``uri: "hf://{{ .Values.modelArtifacts.name }}"``."""
    text = VLLM_SERVE.replace(
        '"hf://meta-llama/Llama-3.1-70B-Instruct"', '"hf://{{ .Values.modelArtifacts.name }}"'
    )
    assert _parse(text)[0].model == "meta-llama/Llama-3.1-70B-Instruct"


def test_custom_command_is_read_as_the_container_writes_it() -> None:
    text = """\
modelArtifacts:
  uri: "hf://meta-llama/Llama-3.1-8B-Instruct"
decode:
  replicas: 8
  containers:
  - name: vllm
    image: vllm/vllm-openai:latest
    command: [python3, -m, vllm.entrypoints.openai.api_server]
    args: ["--model", "Qwen/Qwen3-8B", "--tensor-parallel-size", "2"]
    resources:
      limits:
        nvidia.com/gpu: "2"
"""
    [dep] = _parse(text)
    assert (dep.engine, dep.model, dep.tp, dep.gpus, dep.replicas) == (
        "vllm",
        "Qwen/Qwen3-8B",
        2,
        2,
        8,
    )


def test_multinode_groups_are_workers_pods_each_a_node() -> None:
    text = (
        VLLM_SERVE.replace("multinode", "x")
        .replace("decode:\n", "multinode: true\ndecode:\n")
        .replace("    tensor: 4\n", "    tensor: 4\n    workers: 2\n")
    )
    decode = _parse(text)[0]
    assert (decode.nodes, decode.gpus_per_node, decode.gpus, decode.pods_are_nodes) == (
        2,
        4,
        8,
        True,
    )


def test_values_of_another_chart_are_not_taken() -> None:
    source = Source.from_text("values.yaml", "decode:\n  replicas: 1\nimage: x\n")
    assert not HelmValuesParser().accepts(source)
