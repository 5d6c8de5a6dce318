"""Kubernetes and Helm parsers: one behaviour per test, on small fixtures in data/."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source

DATA = Path(__file__).parent / "data"


def parse(name: str) -> ParseResult:
    path = DATA / name
    return parse_source(Source.from_text(str(path), path.read_text()), toplint_parsers())


def parse_text(text: str, path: str = "<stdin>") -> ParseResult:
    return parse_source(Source.from_text(path, text), toplint_parsers())


def only(name: str) -> Deployment:
    result = parse(name)
    assert len(result.deployments) == 1, result
    return result.deployments[0]


def test_statefulset_pods_are_the_nodes_of_one_instance() -> None:
    dep = only("sts-sglang.yaml")
    assert (dep.nodes, dep.replicas, dep.gpus_per_node, dep.gpus) == (2, 1, 8, 16)


def test_statefulset_hostname_anti_affinity_makes_pods_nodes() -> None:
    assert only("sts-sglang.yaml").pods_are_nodes is True


def test_kubernetes_var_substitution_in_args_list() -> None:
    dep = only("sts-sglang.yaml")
    if dep.engine != "sglang":
        pytest.skip("SGLang vocabulary not available yet")
    assert dep.tp == 16


def test_value_from_env_is_unresolved() -> None:
    dep = only("sts-sglang.yaml")
    flag = dep.flag("node-rank")
    if flag is None:
        pytest.skip("SGLang vocabulary not available yet")
    assert flag.value is None and "RANK" in flag.unresolved


def test_node_selector_becomes_labels() -> None:
    assert only("sts-sglang.yaml").labels == {"gpu": "h100"}


def test_sh_c_script_resolves_container_env_and_exports() -> None:
    dep = only("deploy-script.yaml")
    assert (dep.engine, dep.tp, dep.pp, dep.model) == ("vllm", 4, 2, "meta-llama/Llama-3.1-70B")


def test_sh_c_script_word_position_maps_into_the_file() -> None:
    flag = only("deploy-script.yaml").flag("tensor-parallel-size")
    assert flag is not None
    assert (flag.position.line, flag.position.column) == (25, 17)


def test_deployment_replicas_are_independent_instances() -> None:
    dep = only("deploy-script.yaml")
    assert (dep.replicas, dep.nodes, dep.gpus, dep.pods_are_nodes) == (3, 1, 8, True)


def test_secret_env_in_script_is_unresolved() -> None:
    flag = only("deploy-script.yaml").flag("max-model-len")
    assert flag is not None and flag.value is None


def test_workload_annotations_are_options() -> None:
    assert only("deploy-script.yaml").options["annotation.team"] == "infer"


def test_image_entrypoint_used_when_only_args_given() -> None:
    dep = only("deploy-image-args.yaml")
    assert dep.model == "Qwen/Qwen2.5-7B-Instruct"


def test_config_from_configmap_fills_unset_flags_only() -> None:
    dep = only("deploy-image-args.yaml")
    assert (dep.tp, dep.pp, dep.ep_enabled) == (2, 2, True)
    assert dep.options["config.source"] == "configmap/vllm-config/config.yaml"


def test_mig_resource_is_recorded() -> None:
    dep = only("deploy-image-args.yaml")
    assert dep.gpus_per_node == 2 and dep.options["gpu.mig"] == "true"


def test_lws_group_size_and_worker_index_in_shell_arithmetic() -> None:
    dep = only("lws-hostname.yaml")
    assert (dep.dp, dep.dp_local, dep.nodes, dep.gpus) == (8, 4, 2, 8)
    assert dep.flag("data-parallel-start-rank").value == "0"  # type: ignore[union-attr]


def test_lws_exclusive_hostname_puts_the_group_on_one_host() -> None:
    dep = only("lws-hostname.yaml")
    assert dep.pods_are_nodes is False
    assert dep.options["lws.exclusive-topology"] == "kubernetes.io/hostname"


def test_helm_template_that_is_not_yaml_is_skipped_not_tl001() -> None:
    result = parse("helm-template.yaml")
    assert result.deployments == () and result.findings == ()


def test_broken_manifest_is_tl001_with_position() -> None:
    result = parse_text("apiVersion: v1\nkind: Pod\nspec: [\n", "bad.yaml")
    assert [(f.rule, f.line) for f in result.findings] == [("TL001", 4)]


def test_production_stack_disabled_spec_is_skipped() -> None:
    assert [d.name for d in parse("values-disabled.yaml").deployments] == ["on"]


def test_production_stack_extra_args_come_last_and_win() -> None:
    dep = only("values-disabled.yaml")
    values = [f.value for f in dep.flags if f.name == "gpu-memory-utilization"]
    assert values == ["0.95", "0.4"]
    assert dep.flag("gpu-memory-utilization").value == "0.4"  # type: ignore[union-attr]


def test_production_stack_pp_without_ray_is_ignored() -> None:
    dep = only("values-disabled.yaml")
    assert dep.pp == 1 and dep.options["ignored.pipelineParallelSize"] == "2"


def test_production_stack_tp_source_is_the_values_key() -> None:
    pos = only("values-disabled.yaml").sources["tp"]
    assert pos.line == 11


def test_dynamo_frontend_is_not_a_deployment_and_nodecount_sets_nodes() -> None:
    dep = only("dynamo-multinode.yaml")
    assert (dep.name, dep.tp, dep.nodes, dep.gpus_per_node, dep.gpus) == (
        "VllmWorker",
        16,
        2,
        8,
        16,
    )


def test_stdin_multi_document_yaml_is_read() -> None:
    text = (DATA / "deploy-image-args.yaml").read_text()
    result = parse_text(text)
    assert [d.model for d in result.deployments] == ["Qwen/Qwen2.5-7B-Instruct"]


def test_the_kind_table_matches_every_reader_module() -> None:
    import importlib
    import pkgutil

    import toplint.parse
    from toplint.parse.k8s.kinds import HANDLER_MODULES

    readers = {
        info.name.removeprefix("toplint.parse.")
        for info in pkgutil.walk_packages(toplint.parse.__path__, "toplint.parse.")
        if hasattr(importlib.import_module(info.name), "KINDS")
    }
    assert readers == set(HANDLER_MODULES.values())
    for module in readers:
        kinds = importlib.import_module(f"toplint.parse.{module}").KINDS
        assert set(kinds) == {k for k, m in HANDLER_MODULES.items() if m == module}, module


def test_a_deployment_pod_with_unresolved_nnodes_is_one_node_of_an_unknown_whole() -> None:
    # `--nnodes $(GROUP_SIZE)` that nothing in the file sets: the pod's 2 GPUs are one node's,
    # the instance's total is unknown (was taken as the pod's own 2).
    text = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: s}
spec:
  replicas: 1
  template:
    spec:
      containers:
      - name: sglang
        image: lmsysorg/sglang
        command: [python3, -m, sglang.launch_server, --model-path, Qwen/Qwen3-8B, --tp-size, "4",
                  --nnodes, $(GROUP_SIZE), --node-rank, $(INDEX)]
        resources: {limits: {nvidia.com/gpu: "2"}}
"""
    (dep,) = parse_text(text, "d.yaml").deployments
    assert (dep.gpus_per_node, dep.nodes, dep.gpus, dep.pods_are_nodes) == (2, None, None, None)
    assert any("--nnodes is not resolved here" in note for note in dep.notes)


SIDECAR_POD = """\
apiVersion: batch/v1
kind: Job
metadata: {name: judge}
spec:
  template:
    spec:
      initContainers:
        - name: model-inference-vllm
          image: rocm/vllm-dev:nightly_main_20250430
          resources: {limits: {amd.com/gpu: "2"}}
          command: ["sh", "-c"]
          args:
            - |
              python3 -m vllm.entrypoints.openai.api_server \\
                      --model=meta-llama/Llama-3.1-8B-Instruct \\
                      --tensor-parallel-size="2"
          restartPolicy: Always
        - name: download
          image: rocm/vllm-dev:nightly_main_20250430
          command: ["sh", "-c", "huggingface-cli download meta-llama/Llama-3.1-8B-Instruct"]
      containers:
        - name: evaluate
          image: ghcr.io/silogen/evaluation-workloads-metrics:v0.1
          command: ["sh", "-c", "python3 run_evaluation.py --llm-port=8080"]
      restartPolicy: Never
"""


def test_an_engine_in_a_sidecar_init_container_is_the_pods() -> None:
    """A native sidecar (an init container with ``restartPolicy: Always``, kubernetes.io/docs/
    concepts/workloads/pods/sidecar-containers/) runs for the pod's life beside its containers:
    silogen/ai-workloads@c32f131c31e7fab1a608c47ecb3cee0f95c84a15 workloads/llm-evaluation-judge/
    helm/templates/evaluation_judge_template.yaml serves both its models from two.  It is read
    as a container of the Job's pod, GPUs from its own resources; an ordinary init container,
    which runs to completion before the containers start, is not a server."""
    (dep,) = parse_text(SIDECAR_POD, "job.yaml").deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == (
        "vllm",
        "meta-llama/Llama-3.1-8B-Instruct",
        2,
        2,
    )
    assert dep.source_kind == "k8s-job"


def test_an_init_container_that_runs_to_completion_is_not_a_server() -> None:
    """Control: without ``restartPolicy: Always`` the same container is an ordinary init
    container, read no differently than before (no Kubernetes deployment of the Job)."""
    text = SIDECAR_POD.replace("          restartPolicy: Always\n", "")
    assert not [d for d in parse_text(text, "job.yaml").deployments if d.source_kind == "k8s-job"]
