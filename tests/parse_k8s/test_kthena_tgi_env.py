"""kthena role lists and TGI configured by environment on any TGI image."""

from __future__ import annotations

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source


def deployments(text: str) -> tuple[Deployment, ...]:
    return parse_source(Source.from_text("x.yaml", text), toplint_parsers()).deployments


ROLE = """\
apiVersion: workload.serving.volcano.sh/v1alpha1
kind: ModelServing
metadata: {name: m}
spec:
  replicas: 2
  template:
    roles:
    - name: big
      replicas: 3
      workerReplicas: 1
      entryTemplate:
        spec:
          containers:
          - name: leader
            image: vllm/vllm-openai
            command:
            - sh
            - -c
            - vllm serve m --tensor-parallel-size 8 --pipeline-parallel-size $(GROUP_SIZE)
            resources: {limits: {nvidia.com/gpu: "8"}}
      workerTemplate:
        spec:
          containers:
          - name: worker
            image: vllm/vllm-openai
            command: [sh, -c, "ray start --block"]
            resources: {limits: {nvidia.com/gpu: "8"}}
"""


def test_a_kthena_role_spans_its_entry_and_worker_pods() -> None:
    (dep,) = deployments(ROLE)
    assert (dep.name, dep.nodes, dep.gpus, dep.pp) == ("big", 2, 16, 2)


def test_kthena_role_instances_multiply_serving_groups() -> None:
    (dep,) = deployments(ROLE)
    assert dep.replicas == 6


def tgi(image: str) -> str:
    return f"""\
apiVersion: apps/v1
kind: Deployment
metadata: {{name: t}}
spec:
  template:
    spec:
      containers:
      - name: c
        image: {image}
        env:
        - {{name: MODEL_ID, value: google/gemma-7b}}
        - {{name: NUM_SHARD, value: "2"}}
        - {{name: QUANTIZE, value: bitsandbytes-nf4}}
        resources: {{limits: {{nvidia.com/gpu: 4}}}}
"""


GCP_DLC = (
    "us-docker.pkg.dev/deeplearning-platform-release/gcr.io/"
    "huggingface-text-generation-inference-cu124.2-3.ubuntu2204.py311"
)


def test_tgi_reads_model_and_shards_from_the_container_env() -> None:
    (dep,) = deployments(tgi("ghcr.io/huggingface/text-generation-inference:2.4"))
    assert (dep.engine, dep.model, dep.tp) == ("tgi", "google/gemma-7b", 2)


def test_tgi_env_position_is_the_value_in_the_file() -> None:
    (dep,) = deployments(tgi("ghcr.io/huggingface/text-generation-inference:2.4"))
    assert dep.position_of("tp").line == 12


def test_tgi_quantize_from_env_is_kept() -> None:
    (dep,) = deployments(tgi("ghcr.io/huggingface/text-generation-inference:2.4"))
    assert dep.options["quantize"] == "bitsandbytes-nf4"


def test_a_cloud_rebuild_with_the_version_in_its_name_runs_tgi() -> None:
    (dep,) = deployments(tgi(GCP_DLC))
    assert (dep.engine, dep.tp) == ("tgi", 2)


def test_a_name_that_only_starts_like_the_rebuild_is_not_tgi() -> None:
    image = GCP_DLC.split("-cu124")[0] + "x"
    assert deployments(tgi(image)) == ()
