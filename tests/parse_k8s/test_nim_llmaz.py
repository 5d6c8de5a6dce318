"""NVIDIA NIM (env-configured containers, NIMService) and llmaz Playground/Service."""

from __future__ import annotations

from toplint.model import Deployment, Finding
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source


def deployments(text: str) -> tuple[Deployment, ...]:
    return parse_source(Source.from_text("x.yaml", text), toplint_parsers()).deployments


def nim_pod(env: str) -> str:
    return f"""\
apiVersion: apps/v1
kind: Deployment
metadata: {{name: nim}}
spec:
  template:
    spec:
      containers:
      - name: c
        image: nvcr.io/nim/nvidia/llm-nim:1.14
        env:
{env}
        resources: {{limits: {{nvidia.com/gpu: "4"}}}}
"""


SGLANG_NIM = """\
        - {name: NIM_USE_SGLANG, value: "1"}
        - {name: NIM_TENSOR_PARALLEL_SIZE, value: "4"}
        - {name: NIM_MODEL_NAME, value: "hf://google/gemma-3-27b-it"}"""


def test_nim_env_states_backend_and_tp() -> None:
    (dep,) = deployments(nim_pod(SGLANG_NIM))
    assert (dep.engine, dep.tp, dep.gpus_per_node) == ("sglang", 4, 4)


def test_nim_model_name_drops_the_scheme() -> None:
    (dep,) = deployments(nim_pod(SGLANG_NIM))
    assert dep.model == "google/gemma-3-27b-it"


def test_nim_profile_name_states_the_backend() -> None:
    env = """\
        - {name: NIM_MODEL_PROFILE, value: vllm-bf16-tp2}
        - {name: NIM_TENSOR_PARALLEL_SIZE, value: "2"}"""
    (dep,) = deployments(nim_pod(env))
    assert (dep.engine, dep.tp) == ("vllm", 2)


def test_nim_without_a_stated_backend_is_not_guessed() -> None:
    env = """\
        - {name: NIM_TENSOR_PARALLEL_SIZE, value: "2"}"""
    assert deployments(nim_pod(env)) == ()


def test_a_nim_utility_serves_nothing_and_is_not_asked_for_a_backend() -> None:
    """NVIDIA/nim-deploy@3c6bcbd kserve/scripts/download-all.yaml: a Job running the image's
    ``download-to-cache`` (docs.nvidia.com/nim/large-language-models/latest/utilities.html)
    serves nothing, so it is neither a deployment nor a NIM whose backend is unstated."""
    env = """\
        - {name: NIM_CACHE_PATH, value: /mnt/models/cache}"""
    for utility in ('["download-to-cache", "--all"]', '["list-model-profiles"]'):
        text = nim_pod(env).replace("        env:", f"        args: {utility}\n        env:")
        result = parse_source(Source.from_text("x.yaml", text), toplint_parsers())
        assert result.deployments == () and result.findings == ()
    # the server itself, with no backend stated, is still said to be unread
    served = parse_source(Source.from_text("x.yaml", nim_pod(env)), toplint_parsers())
    assert served.deployments == () and [f.rule for f in served.findings] == ["TL008"]


NIMSERVICE = """\
apiVersion: apps.nvidia.com/v1alpha1
kind: NIMService
metadata: {name: r1}
spec:
  env:
  - {name: NIM_USE_SGLANG, value: "1"}
  image: {repository: nvcr.io/nim/deepseek-ai/deepseek-r1, tag: "1.7.3"}
  replicas: 1
  resources: {limits: {nvidia.com/gpu: 8}}
  multiNode:
    parallelism: {pipeline: 2, tensor: 8}
"""


def test_nimservice_multinode_is_pipeline_pods_of_tensor_gpus() -> None:
    (dep,) = deployments(NIMSERVICE)
    assert (dep.tp, dep.pp, dep.nodes, dep.gpus) == (8, 2, 2, 16)


def test_nimservice_model_comes_from_the_image() -> None:
    (dep,) = deployments(NIMSERVICE)
    assert dep.model == "deepseek-ai/deepseek-r1"


def test_nimservice_tp_is_positioned_at_the_parallelism_value() -> None:
    (dep,) = deployments(NIMSERVICE)
    assert dep.position_of("tp").line == 11


LLMAZ = """\
apiVersion: llmaz.io/v1alpha1
kind: OpenModel
metadata: {name: qwen}
spec:
  source: {modelHub: {modelID: Qwen/Qwen2-0.5B-Instruct}}
  inferenceConfig:
    flavors:
    - {name: a10, limits: {nvidia.com/gpu: 2}}
---
apiVersion: inference.llmaz.io/v1alpha1
kind: Playground
metadata: {name: qwen}
spec:
  replicas: 3
  modelClaim: {modelName: qwen}
"""


def test_llmaz_playground_reads_the_claimed_open_model() -> None:
    (dep,) = deployments(LLMAZ)
    assert (dep.model, dep.gpus_per_node, dep.replicas) == ("Qwen/Qwen2-0.5B-Instruct", 2, 3)


def test_llmaz_playground_defaults_to_vllm_with_no_parallelism() -> None:
    (dep,) = deployments(LLMAZ)
    assert (dep.engine, dep.tp) == ("vllm", 1)


def test_llmaz_flavor_name_is_kept_as_a_hint() -> None:
    (dep,) = deployments(LLMAZ)
    assert dep.labels["llmaz.io/flavor"] == "a10"


def test_a_core_service_deploys_nothing() -> None:
    text = "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec: {ports: [{port: 80}]}\n"
    assert deployments(text) == ()


def test_a_values_file_naming_a_nim_image_is_not_silent() -> None:
    """NVIDIA/nim-deploy@3c6bcbd cloud-service-providers/aws/blueprints/rag-blueprint-eks/helm/
    values.yaml: a chart's values (the chart is not beside them) give the NIM LLM image as a
    repository and two GPUs; nothing reads a deployment from it, which is TL008, not silence.
    A NIM named only in a comment says nothing."""
    text = (
        "nim-llm:\n  image:\n    repository: nvcr.io/nim/nvidia/llama-3.1-nemotron-nano-8b-v1\n"
        '    tag: "1.8.4"\n  resources:\n    limits:\n      nvidia.com/gpu: 2\n'
    )
    found = _one_finding("values.yaml", text)
    assert (found.rule, found.severity.value, found.line, found.column) == (
        "TL008",
        "warning",
        3,
        17,
    )
    assert "nvcr.io/nim/nvidia/llama-3.1-nemotron-nano-8b-v1" in found.message
    quiet = "# image: nvcr.io/nim/meta/llama3-8b-instruct\nreplicas: 1\n"
    assert parse_source(Source.from_text("values.yaml", quiet), toplint_parsers()).findings == ()


def test_a_nim_that_docker_run_starts_from_variables_is_not_silent() -> None:
    """schuettc/ec2-nim-deployment@662953ac ec2-stack.yaml:186-193, shortened: a launch
    template's UserData runs `nvcr.io/nim/${Repository}:${LatestTag}` (its stack's parameters);
    the file yielded nothing at all.  It is TL008, saying a NIM `docker run` starts is not read."""
    text = (
        "Resources:\n  LaunchTemplate:\n    Type: AWS::EC2::LaunchTemplate\n    Properties:\n"
        "      LaunchTemplateData:\n        UserData:\n          Fn::Base64:\n"
        "            !Sub |\n              #!/bin/bash\n"
        "              docker run -d --runtime=nvidia --gpus all -p 8000:8000 \\\n"
        "                nvcr.io/nim/${Repository}:${LatestTag}\n"
    )
    found = _one_finding("ec2-stack.yaml", text)
    assert (found.rule, found.severity.value, found.line, found.column) == (
        "TL008",
        "warning",
        11,
        17,
    )
    assert "`nvcr.io/nim/${Repository}:${LatestTag}`" in found.message
    assert "a NIM that a container runtime's `run` starts" in found.message


def _one_finding(name: str, text: str) -> Finding:
    """The one finding of ``text`` read as the file ``name``."""
    (found,) = parse_source(Source.from_text(name, text), toplint_parsers()).findings
    return found
