"""KubeRay's and GKE's Ray Serve vLLM sample in a RayService (ray-project/kuberay
ray-operator/config/samples/vllm/serve.py): ``VLLMDeployment`` built from the application's
``args`` (vLLM CLI options) or from ``MODEL_ID`` / ``TENSOR_PARALLELISM`` /
``PIPELINE_PARALLELISM`` in its environment."""

from __future__ import annotations

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source


def deployments(text: str) -> tuple[Deployment, ...]:
    return parse_source(Source.from_text("rayservice.yaml", text), toplint_parsers()).deployments


CLUSTER = """\
  rayClusterConfig:
    headGroupSpec:
      rayStartParams: {}
      template:
        spec:
          containers:
          - name: ray-head
            image: rayproject/ray-ml:2.33.0
    workerGroupSpecs:
    - groupName: gpu-group
      replicas: 2
      rayStartParams: {}
      template:
        spec:
          containers:
          - name: llm
            image: rayproject/ray-ml:2.33.0
            resources:
              limits:
                nvidia.com/gpu: "1"
"""


def service(application: str) -> str:
    return (
        "apiVersion: ray.io/v1\nkind: RayService\nmetadata:\n  name: llama-3-8b\nspec:\n"
        "  serveConfigV2: |\n    applications:\n" + application + CLUSTER
    )


# ray-project/kuberay#2354: the maintainer's working RayService (PP 2 over two one-L4 pods).
ENV_APP = """\
    - name: llm
      import_path:  ray-operator.config.samples.vllm.serve:model
      deployments:
      - name: VLLMDeployment
        num_replicas: 1
      runtime_env:
        env_vars:
          MODEL_ID: "meta-llama/Meta-Llama-3-8B-Instruct"
          TENSOR_PARALLELISM: "1"
          PIPELINE_PARALLELISM: "2"
"""

ARGS_APP = """\
    - name: llm
      import_path:  phi3models.llm:build_app
      args:
        model: "meta-llama/Meta-Llama-3-8B-Instruct"
        tensor-parallel-size: "2"
        max_model_len: "16384"
      deployments:
      - name: VLLMDeployment
        num_replicas: 1
"""


def test_environment_sample_reads_model_and_layout() -> None:
    (dep,) = deployments(service(ENV_APP))
    assert (dep.engine, dep.model) == ("vllm", "meta-llama/Meta-Llama-3-8B-Instruct")
    assert (dep.tp, dep.pp, dep.nodes, dep.gpus_per_node) == (1, 2, 2, 1)


def test_args_sample_reads_vllm_options() -> None:
    (dep,) = deployments(service(ARGS_APP))
    assert (dep.tp, dep.nodes, dep.gpus_per_node) == (2, 2, 1)
    assert dep.options.get("max_model_len") == "16384"


def test_other_applications_are_not_the_sample() -> None:
    other = ENV_APP.replace("VLLMDeployment", "MyDeployment")
    assert deployments(service(other)) == ()


# GoogleCloudPlatform/kubernetes-engine-samples@2b503651 ai-ml/gke-ray/rayserve/llm/tpu/
# ray-service.tpu-v5e-singlehost.yaml: the sample on a worker group of eight TPU chips, its
# model a placeholder envsubst fills in before `kubectl apply`.
TPU_APP = ENV_APP.replace('"meta-llama/Meta-Llama-3-8B-Instruct"', '"$MODEL_ID"')
TPU_CLUSTER = CLUSTER.replace('nvidia.com/gpu: "1"', 'google.com/tpu: "8"')


def test_a_sample_on_tpu_pods_is_declined_and_a_placeholder_model_is_unresolved() -> None:
    from toplint.accelerators import of_deployment

    text = service(TPU_APP).replace(CLUSTER, TPU_CLUSTER)
    (dep,) = deployments(text)
    declined = of_deployment(dep)
    assert declined is not None and declined[0].kind == "tpu"
    assert dep.model is None
    assert [(u.field, u.variable) for u in dep.unresolved] == [("model", "$MODEL_ID")]


def test_a_serve_llm_accelerator_type_of_a_tpu_is_declined() -> None:
    from toplint.accelerators import of_deployment

    app = """\
    - name: llm
      import_path: ray.serve.llm:build_openai_app
      args:
        llm_configs:
        - model_loading_config:
            model_id: meta-llama/Llama-3.1-8B-Instruct
          accelerator_type: TPU-V6E
          engine_kwargs:
            tensor_parallel_size: 8
"""
    (dep,) = deployments(
        service(app).replace(CLUSTER, TPU_CLUSTER.replace("google.com/tpu", "x.com/y"))
    )
    declined = of_deployment(dep)
    assert declined is not None and declined[0].kind == "tpu"
    assert "accelerator_type: TPU-V6E" in declined[1]
