"""llm-d-modelservice values: what the chart renders for each role's vLLM container
(llm-d-incubation/llm-d-modelservice@3051935e charts/llm-d-modelservice/templates/_helpers.tpl)."""

from __future__ import annotations

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.structured.helm import HelmValuesParser

HEAD = """\
modelArtifacts:
  uri: "hf://Qwen/Qwen3-8B"
  name: "Qwen/Qwen3-8B"
"""

CONTAINER = """\
  containers:
    - name: "vllm"
      image: ghcr.io/llm-d/llm-d-cuda:v0.5.0
      modelCommand: {command}
"""


def _read(text: str) -> list[Deployment]:
    source = Source.from_text("values.yaml", text)
    parser = HelmValuesParser()
    assert parser.accepts(source)
    return list(parser.parse(source).deployments)


def _role(role: str, body: str = "", command: str = "vllmServe") -> str:
    return f"{role}:\n{body}" + CONTAINER.format(command=command)


def test_the_chart_writes_the_tensor_parallel_size_and_asks_for_its_gpus() -> None:
    [dep] = _read(HEAD + _role("decode", "  replicas: 2\n  parallelism:\n    tensor: 4\n"))
    assert (dep.engine, dep.model, dep.name) == ("vllm", "Qwen/Qwen3-8B", "decode")
    assert (dep.tp, dep.gpus_per_node, dep.replicas, dep.nodes) == (4, 4, 2, 1)
    assert dep.options["gpu.resource"] == "nvidia.com/gpu"
    assert dep.sources["tp"].line == 7  # parallelism.tensor


def test_a_written_accelerator_count_is_kept_beside_the_parallelism() -> None:
    body = "  parallelism:\n    tensor: 4\n"
    limits = "      resources:\n        limits:\n          nvidia.com/gpu: 1\n"
    [dep] = _read(HEAD + _role("decode", body) + limits)
    assert (dep.tp, dep.gpus_per_node) == (4, 1)


def test_data_parallelism_is_derived_as_the_chart_does() -> None:
    body = "  parallelism:\n    tensor: 2\n    data: 4\n    workers: 2\n"
    [dep] = _read(HEAD + _role("decode", body))
    # dataLocal = data / workers = 2; GPUs per pod = dataLocal x tensor
    assert (dep.tp, dep.dp, dep.gpus_per_node) == (2, 4, 4)
    assert dep.dp_local == 2


def test_multinode_pods_are_the_workers_of_a_group() -> None:
    body = "  parallelism:\n    tensor: 8\n    data: 2\n    dataLocal: 1\n"
    [dep] = _read("multinode: true\n" + HEAD + _role("decode", body))
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (2, 8, 16)


def test_prefill_without_replicas_is_the_chart_default_of_none() -> None:
    deps = _read(HEAD + _role("prefill") + _role("decode"))
    assert {d.name: d.replicas for d in deps} == {"decode": 1}
    deps = _read(HEAD + _role("prefill", "  replicas: 2\n") + _role("decode"))
    assert {d.name: d.replicas for d in deps} == {"prefill": 2, "decode": 1}


def test_roles_that_run_no_engine_command_are_not_read_here() -> None:
    text = (
        HEAD
        + _role("prefill", "  create: false\n")
        + _role("decode", command="custom")
        + "      command: [python, serve.py]\n"
    )
    assert _read(text) == []
    sim = HEAD + _role("decode").replace("llm-d-cuda:v0.5.0", "llm-d-inference-sim:latest")
    assert _read(sim) == []


def test_the_model_from_each_uri_scheme() -> None:
    """``argsByProtocol``: ``pvc://claim/path`` is the path where the claim is mounted;
    ``pvc+hf://claim/…/org/name`` the id ``org/name`` out of the claim's Hugging Face cache."""
    pvc = HEAD.replace("hf://Qwen/Qwen3-8B", "pvc://models/cache/Qwen/Qwen3-8B")
    assert _read(pvc + _role("decode"))[0].model == "/model-cache/cache/Qwen/Qwen3-8B"
    hf_cache = HEAD.replace("hf://Qwen/Qwen3-8B", "pvc+hf://models/cache/Qwen/Qwen3-8B")
    assert _read(hf_cache + _role("decode"))[0].model == "Qwen/Qwen3-8B"
    named = "modelArtifacts:\n  name: meta-llama/Llama-3.1-8B-Instruct\n"
    assert _read(named + _role("decode"))[0].model == "meta-llama/Llama-3.1-8B-Instruct"
