"""Resources toplint has no reader for: pods found by shape, engines recognised inside them."""

from __future__ import annotations

from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source

SERVE = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2"


def parse(text: str) -> ParseResult:
    return parse_source(Source.from_text("x.yaml", text), toplint_parsers())


def only(text: str) -> Deployment:
    result = parse(text)
    assert len(result.deployments) == 1, result
    return result.deployments[0]


ARGO = f"""\
apiVersion: argoproj.io/v1alpha1
kind: Workflow
metadata: {{name: serve}}
spec:
  templates:
  - name: server
    container:
      image: vllm/vllm-openai:v0.10.0
      command: [sh, -c, "{SERVE}"]
      resources: {{limits: {{nvidia.com/gpu: 2}}}}
"""

JOBSET = f"""\
apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata: {{name: js}}
spec:
  replicatedJobs:
  - name: workers
    template:
      spec:
        template:
          spec:
            nodeSelector: {{cloud.google.com/gke-accelerator: nvidia-l4}}
            containers:
            - name: c
              image: vllm/vllm-openai
              command: [sh, -c, "{SERVE}"]
              resources: {{limits: {{nvidia.com/gpu: 2}}}}
"""

TEMPLATE = f"""\
apiVersion: template.openshift.io/v1
kind: Template
metadata: {{name: t}}
objects:
- apiVersion: apps/v1
  kind: Deployment
  metadata: {{name: inner}}
  spec:
    replicas: 3
    template:
      spec:
        containers:
        - name: c
          image: vllm/vllm-openai
          command: [sh, -c, "{SERVE}"]
          resources: {{limits: {{nvidia.com/gpu: 2}}}}
"""


def test_a_one_container_template_is_a_pod() -> None:
    dep = only(ARGO)
    assert (dep.engine, dep.tp, dep.gpus_per_node, dep.nodes) == ("vllm", 2, 2, 1)


def test_a_pod_template_nested_in_an_unknown_kind_is_found() -> None:
    dep = only(JOBSET)
    assert (dep.tp, dep.gpus_per_node, dep.name) == (2, 2, "workers")


def test_node_selectors_of_a_found_pod_are_kept() -> None:
    assert only(JOBSET).labels["cloud.google.com/gke-accelerator"] == "nvidia-l4"


def test_an_embedded_resource_is_read_by_its_kind_reader() -> None:
    dep = only(TEMPLATE)
    assert (dep.name, dep.replicas, dep.source_kind) == ("inner", 3, "k8s-deployment")


def test_a_resource_without_containers_yields_nothing() -> None:
    text = "apiVersion: v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 3}\n"
    assert parse(text).deployments == ()


def test_a_found_deployment_is_positioned_at_its_engine_command() -> None:
    assert (only(ARGO).line, only(ARGO).column) == (9, 26)


KNATIVE = f"""\
apiVersion: serving.knative.dev/v1
kind: Service
metadata: {{name: kn}}
spec:
  template:
    spec:
      containers:
      - image: vllm/vllm-openai
        command: [sh, -c, "{SERVE}"]
        resources: {{limits: {{nvidia.com/gpu: 2}}}}
"""

RAYJOB = """\
apiVersion: ray.io/v1
kind: RayJob
metadata: {name: job}
spec:
  entrypoint: vllm serve m --tensor-parallel-size 8 --pipeline-parallel-size 2
  rayClusterSpec:
    headGroupSpec:
      rayStartParams: {num-gpus: "0"}
      template:
        spec:
          containers: [{name: head, image: rayproject/ray}]
    workerGroupSpecs:
    - replicas: 2
      groupName: gpu
      template:
        spec:
          containers:
          - {name: w, image: rayproject/ray, resources: {limits: {nvidia.com/gpu: 8}}}
"""


def test_a_knative_service_is_walked_by_shape() -> None:
    dep = only(KNATIVE)
    assert (dep.engine, dep.tp, dep.gpus_per_node) == ("vllm", 2, 2)


def test_a_rayjob_entrypoint_engine_spans_its_ray_cluster() -> None:
    dep = only(RAYJOB)
    assert (dep.tp, dep.pp, dep.nodes, dep.gpus_per_node) == (8, 2, 2, 8)


def test_a_ray_cluster_takes_the_gpu_workers_node_labels() -> None:
    text = RAYJOB.replace(
        "    - replicas: 2\n      groupName: gpu\n      template:\n        spec:\n",
        "    - replicas: 2\n      groupName: gpu\n      template:\n        spec:\n"
        "          nodeSelector: {cloud.google.com/gke-accelerator: nvidia-h100-80gb}\n",
    )
    assert only(text).labels["cloud.google.com/gke-accelerator"] == "nvidia-h100-80gb"


# A role list of an operator toplint has no reader for (the shape of sgl-project/rbg's
# RoleBasedGroup, which has a reader of its own: tests/parse_k8s/test_rbg.py).
GROUP = """\
apiVersion: example.com/v1
kind: ServingGroup
metadata: {name: pd}
spec:
  roles:
  - name: prefill
    replicas: 2
    leaderWorkerPattern:
      size: 4
      template:
        spec:
          containers:
          - name: sglang
            image: lmsysorg/sglang
            command: [python3, -m, sglang.launch_server, --model-path, Qwen/Qwen3-0.6B,
                      --tp-size, "4", --nnodes, NODES, --node-rank, $(RBG_LWP_WORKER_INDEX)]
            resources: {limits: {nvidia.com/gpu: "1"}}
"""


def test_a_pod_whose_engine_spans_unresolved_nodes_is_not_the_whole_instance() -> None:
    # A leader-worker role of a wrapper toplint has no reader for: the pod is one node of the
    # instance, so its 1 GPU is not the instance's total.
    dep = only(GROUP.replace("NODES", "$(RBG_LWP_GROUP_SIZE)"))
    assert (dep.tp, dep.gpus_per_node, dep.nodes, dep.gpus) == (4, 1, None, None)
    assert "nodes" in {u.field for u in dep.unresolved}
    assert any("--nnodes is not resolved here" in note for note in dep.notes)


def test_a_pod_whose_engine_spans_known_nodes_counts_their_gpus() -> None:
    dep = only(GROUP.replace("NODES", '"4"'))
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (4, 1, 4)
    assert dep.pods_are_nodes is None  # the walk cannot tell whether they share a host


def test_a_single_node_engine_in_an_unread_wrapper_stays_one_pod() -> None:
    dep = only(
        GROUP.replace("--nnodes, NODES, --node-rank, $(RBG_LWP_WORKER_INDEX)", "--port, '8000'")
    )
    assert (dep.nodes, dep.gpus, dep.pods_are_nodes) == (1, 1, True)


# The shape of revving-ai/vLLM-k8s-operator config/samples/core_v1alpha1_vllmdeployment.yaml: the
# operator turns spec.model.name into the container's --model.
OPERATOR_CR = """\
apiVersion: core.vllmoperator.org/v1alpha1
kind: VllmDeployment
metadata: {name: llama}
spec:
  replicas: 1
  model:
    name: "hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4"
    hf_url: "https://huggingface.co/hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4"
  vLLMConfig: {port: 8072, gpu-memory-utilization: "0.75"}
  containers:
    - name: vllm
      image: vllm/vllm-openai:v0.6.2
"""


def test_a_custom_resources_spec_names_the_model_its_containers_leave_out() -> None:
    dep = only(OPERATOR_CR)
    assert (dep.engine, dep.model) == ("vllm", "hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4")
    assert dep.sources["model"].line == 7 and dep.provenance["model"] == "`spec.model.name`"
    display = OPERATOR_CR.replace(
        '"hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4"', "Llama 8B"
    )
    assert only(display).model is None  # a display name is no checkpoint
    named = OPERATOR_CR.replace(
        "image: vllm/vllm-openai:v0.6.2", "image: vllm/vllm-openai\n      args: [--model, org/m]"
    )
    assert only(named).model == "org/m"  # the container's own model wins


def test_a_core_service_routes_to_pods_and_runs_no_engine() -> None:
    # highopes/pd-disaggregation-demo@2dc2f876 .../ai-serving-services-endpoints.yaml: a `kind:
    # List` of v1 Services whose selector is `{app: vllm, model: foundation-sec-8b}` was read as
    # a vLLM deployment of model foundation-sec-8b (from `spec.selector.model`)
    text = """apiVersion: v1
items:
- apiVersion: v1
  kind: Service
  metadata:
    name: foundation-openai
  spec:
    ports:
    - port: 8000
      targetPort: 8000
    selector:
      app: vllm
      model: foundation-sec-8b
    type: NodePort
kind: List
metadata:
  resourceVersion: ""
"""
    result = parse_source(Source.from_text("svc.yaml", text), toplint_parsers())
    assert result.deployments == ()
    assert [f.severity.value for f in result.findings if f.rule == "TL008"] == ["info"]
