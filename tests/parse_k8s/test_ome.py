"""OME (ome.io/v1beta1) runtimes and InferenceServices, read from OME's controller (issue 14,
gap 5).  Real files: tests/data/corpus2/ome (facts in tests/corpus2/rows.py)."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

RUNTIME = """\
apiVersion: ome.io/v1beta1
kind: ClusterServingRuntime
metadata: {name: srt-big}
spec:
  engineConfig:
    leader:
      runner:
        name: ome-container
        image: lmsysorg/sglang:v0.5.5
        command: [python3, -m, sglang.launch_server, --model-path, $(MODEL_PATH),
                  --tp-size, $(PARALLELISM_SIZE), --nnodes, $(LWS_GROUP_SIZE)]
        resources: {limits: {nvidia.com/gpu: 8}}
    worker:
      size: 2
      runner:
        name: ome-container
        image: lmsysorg/sglang:v0.5.5
        command: [python3, -m, sglang.launch_server, --model-path, $(MODEL_PATH),
                  --tp-size, $(PARALLELISM_SIZE), --nnodes, $(LWS_GROUP_SIZE)]
        resources: {limits: {nvidia.com/gpu: 8}}
"""


def test_parallelism_size_is_gpus_per_pod_times_pods() -> None:
    dep = only("rt.yaml", RUNTIME)
    assert (dep.tp, dep.nodes, dep.gpus_per_node, dep.gpus) == (24, 3, 8, 24)


SINGLE = """\
apiVersion: ome.io/v1beta1
kind: ClusterServingRuntime
metadata: {name: small-rt}
spec:
  engineConfig:
    runner:
      name: ome-container
      image: lmsysorg/sglang:v0.5.2
      command: [python3, -m, sglang.launch_server]
      args: [--model-path=/mnt/data/models/m, --tp-size=1]
      resources: {limits: {nvidia.com/gpu: 1}}
"""


def test_a_runtime_with_no_leader_or_workers_is_one_pod_with_the_runners_gpus() -> None:
    # OME runs a lone runner as the one container of each pod it creates (engine.go
    # reconcileDeployment: a raw Deployment or a Knative Service): one node, its GPUs.
    dep = only("rt.yaml", SINGLE)
    assert (dep.tp, dep.nodes, dep.gpus_per_node, dep.gpus) == (1, 1, 1, 1)


def test_a_lone_runner_whose_engine_spans_nodes_is_not_taken_for_one_pod() -> None:
    text = SINGLE.replace("--tp-size=1]", "--tp-size=1, --nnodes=2]")
    dep = only("rt.yaml", text)
    assert dep.gpus is None


def test_leader_and_workers_are_one_deployment() -> None:
    assert len(parse_text("rt.yaml", RUNTIME).deployments) == 1


def test_model_of_a_runtime_is_unresolved_not_guessed() -> None:
    dep = only("rt.yaml", RUNTIME)
    assert dep.model is None and "MODEL_PATH" in {u.variable for u in dep.unresolved}


def test_accelerator_classes_leave_parallelism_unresolved() -> None:
    # With acceleratorClasses the InferenceService may select a class, and then OME does not
    # set PARALLELISM_SIZE (acceleratorclassselector/selector.go; engine.go).
    text = RUNTIME.replace(
        "spec:\n", "spec:\n  acceleratorRequirements: {acceleratorClasses: [h100, a100]}\n", 1
    )
    dep = only("rt.yaml", text)
    assert dep.tp is None and "PARALLELISM_SIZE" in {u.variable for u in dep.unresolved}


def test_kserve_inference_service_is_still_read_by_kserve() -> None:
    text = """\
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata: {name: m}
spec:
  predictor:
    model:
      modelFormat: {name: huggingface}
      args: [--model_id=meta-llama/Llama-3.1-8B-Instruct, --tensor-parallel-size=2]
      resources: {limits: {nvidia.com/gpu: "2"}}
"""
    dep = only("isvc.yaml", text)
    assert (dep.source_kind, dep.tp) == ("kserve-isvc", 2)


def test_ome_inference_service_naming_only_a_model_has_no_deployment() -> None:
    text = "apiVersion: ome.io/v1beta1\nkind: InferenceService\nmetadata: {name: q}\n"
    text += "spec:\n  model: {name: qwen2-5-72b-instruct}\n  engine: {minReplicas: 1}\n"
    result = parse_text("isvc.yaml", text)
    assert (result.deployments, result.findings) == ((), ())
