"""Nebari's LLMModel: the vLLM Deployment its operator builds (toplint.parse.k8s.nebari)."""

from __future__ import annotations

from tests.parse.helpers import only as only_in
from tests.parse.helpers import parse_text
from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source


def parse(text: str) -> ParseResult:
    return parse_text("model.yaml", text)


def only(text: str) -> Deployment:
    return only_in("model.yaml", text)


# nebari-dev/llm-serving-pack@50253626 examples/models/qwen3-5-35b-a3b-gptq-int4.yaml, cut down
MODEL = """\
apiVersion: llm.nebari.dev/v1alpha1
kind: LLMModel
metadata:
  name: qwen
spec:
  model:
    name: "Qwen/Qwen3.5-35B-A3B-GPTQ-Int4"
    source: huggingface
  resources:
    gpu:
      count: 4
      type: nvidia
    limits:
      memory: "12Gi"
  serving:
    replicas: 2
SERVING
  access:
    public: false
"""


def model(serving: str = "", advanced: str = "") -> str:
    return MODEL.replace("SERVING\n", serving) + advanced


def test_tensor_parallel_defaults_to_the_gpu_count() -> None:
    dep = only(model())
    assert (dep.engine, dep.model, dep.tp, dep.dp) == (
        "vllm",
        "Qwen/Qwen3.5-35B-A3B-GPTQ-Int4",
        4,
        1,
    )
    assert (dep.gpus_per_node, dep.gpus, dep.nodes, dep.replicas) == (4, 4, 1, 2)
    # the TP size is where the GPU count is written: a fix edits that field
    assert dep.sources["tp"].line == 11


def test_tensor_and_data_parallel_fields_and_vllm_args_are_read() -> None:
    serving = "    tensorParallelism: 2\n    dataParallelism: 2\n"
    serving += "    vllmArgs: [--max-model-len, '8192']\n"
    dep = only(model(serving))
    assert (dep.tp, dep.dp, dep.options["max_model_len"]) == (2, 2, "8192")
    assert dep.sources["tp"].line == 17


def test_the_operator_mounts_a_memory_backed_dev_shm_capped_at_the_memory_limit() -> None:
    dep = only(model())
    assert (dep.options["dev_shm"], dep.options["dev_shm_size"]) == ("memory", "12Gi")


def test_advanced_extra_args_env_and_node_selector_are_the_pods() -> None:
    advanced = """\
  advanced:
    vllm:
      nodeSelector: {nvidia.com/gpu.product: NVIDIA-L4}
      extraArgs: ["--pipeline-parallel-size", "2"]
      extraEnv:
      - {name: NCCL_P2P_DISABLE, value: "1"}
"""
    dep = only(model("    tensorParallelism: 2\n", advanced))
    assert (dep.tp, dep.pp) == (2, 2)
    assert dep.labels["nvidia.com/gpu.product"] == "NVIDIA-L4"
    assert dep.options["env.NCCL_P2P_DISABLE"] == "1"


def test_a_command_of_its_own_that_is_no_engine_serves_nothing() -> None:
    serving = '    image: mock-vllm:dev\n    command: ["python", "/server.py"]\n'
    assert parse(model(serving)).deployments == ()


def test_an_llmmodel_without_the_fields_its_crd_requires_is_refused() -> None:
    result = parse(
        "apiVersion: llm.nebari.dev/v1alpha1\nkind: LLMModel\nmetadata: {name: s}\nspec:\n"
    )
    assert result.deployments == ()
    (finding,) = result.findings
    assert finding.rule == "TL001"
    assert "spec.model and spec.resources" in finding.message


def test_an_llmmodel_kind_of_another_group_is_walked_by_shape() -> None:
    text = model().replace("llm.nebari.dev/v1alpha1", "example.com/v1")
    assert all(d.source_kind != "nebari-llmmodel" for d in parse(text).deployments)


def test_a_crd_that_names_vllm_in_its_schema_is_noted_at_info() -> None:
    crd = """\
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: llmmodels.llm.nebari.dev}
spec:
  versions:
  - name: v1alpha1
    schema:
      openAPIV3Schema:
        properties:
          command:
            description: defaults to python3 -m vllm.entrypoints.openai.api_server
"""
    from toplint.parse.mentions import engine_mention

    found = engine_mention(Source.from_text("crd.yaml", crd))
    assert found is not None and found.severity.value == "info"
    assert "CustomResourceDefinition" in found.message
