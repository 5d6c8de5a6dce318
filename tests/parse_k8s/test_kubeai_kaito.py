"""KubeAI Model and KAITO Workspace: layouts the wrapper implies rather than writes."""

from __future__ import annotations

from toplint.model import Deployment, ParseResult
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source


def parse(text: str) -> ParseResult:
    return parse_source(Source.from_text("x.yaml", text), toplint_parsers())


def only(text: str) -> Deployment:
    result = parse(text)
    assert len(result.deployments) == 1, result
    return result.deployments[0]


def kubeai(profile: str, engine: str = "VLLM", url: str = "hf://org/model") -> str:
    return f"""\
apiVersion: kubeai.org/v1
kind: Model
metadata: {{name: m}}
spec:
  url: {url}
  engine: {engine}
  args:
  - --tensor-parallel-size=4
  env: {{VLLM_ATTENTION_BACKEND: FLASHINFER}}
  resourceProfile: {profile}
"""


def test_kubeai_profile_count_is_the_pods_gpus() -> None:
    dep = only(kubeai("nvidia-gpu-l4:4"))
    assert (dep.engine, dep.tp, dep.gpus_per_node, dep.nodes) == ("vllm", 4, 4, 1)


def test_kubeai_hf_url_is_the_model() -> None:
    assert only(kubeai("nvidia-gpu-l4:4")).model == "org/model"


def test_kubeai_pvc_url_serves_the_mounted_path() -> None:
    assert only(kubeai("nvidia-gpu-l4:4", url="pvc://weights/llama")).model == "/model"


def test_kubeai_profile_name_is_kept_as_a_hardware_hint() -> None:
    assert only(kubeai("nvidia-gpu-h100:8")).labels["kubeai.org/resource-profile"] == (
        "nvidia-gpu-h100"
    )


def test_kubeai_cpu_profile_counts_no_gpu() -> None:
    assert only(kubeai("cpu:2")).gpus_per_node is None


def test_kubeai_engine_toplint_does_not_read_yields_nothing() -> None:
    assert parse(kubeai("nvidia-gpu-l4:1", engine="OLlama")).deployments == ()


def test_a_model_kind_of_another_api_group_is_walked_by_shape() -> None:
    # Not KubeAI's: its resource profile means nothing here.  Since issue 24 the options it
    # writes are still read, generically and saying so (before, the file yielded nothing).
    text = kubeai("nvidia-gpu-l4:1").replace("kubeai.org/v1", "example.com/v1")
    dep = only(text)
    assert (dep.engine, dep.tp, dep.gpus, dep.gpus_per_node) == ("vllm", 4, None, None)
    assert dep.provenance["engine"] == "`engine: VLLM`"
    assert "kubeai.org/resource-profile" not in dep.labels


def workspace(
    sku: str, count: int = 1, config: str = "", preset: str = "llama-3.3-70b-instruct"
) -> str:
    cm = ""
    if config:
        cm = f"""\
apiVersion: v1
kind: ConfigMap
metadata: {{name: params}}
data:
  inference_config.yaml: |
    vllm:
      {config}
---
"""
    return (
        cm
        + f"""\
apiVersion: kaito.sh/v1beta1
kind: Workspace
metadata: {{name: ws}}
resource:
  count: {count}
  instanceType: {sku}
inference:
  preset: {{name: {preset}}}
"""
        + ("  config: params\n" if config else "")
    )


def test_kaito_tp_is_the_gpus_of_one_instance() -> None:
    # 61 GiB of weights: more than half an A100 80 GB, within two (configureParallelism tier 2).
    dep = only(workspace("Standard_NC48ads_A100_v4", preset="qwen2.5-coder-32b-instruct"))
    assert (dep.tp, dep.pp, dep.gpus_per_node) == (2, 1, 2)


def test_kaito_a10_v5_skus_are_whole_a10s() -> None:
    # KAITO's azure_sku_handler.go: Standard_NV36ads_A10_v5 is one A10 (24Gi), NV72ads two;
    # ibranibeny/Kaito-Deployment@0823a30 workspace-llama31.yaml read no GPUs before.
    one = only(workspace("Standard_NV36ads_A10_v5", preset="llama-3.1-8b-instruct"))
    assert (one.tp, one.gpus_per_node, one.gpus, one.nodes) == (1, 1, 1, 1)
    assert only(workspace("Standard_NV72ads_A10_v5", preset="phi-4-mini-instruct")).gpus == 2


def test_kaito_pp_is_the_node_count_its_estimator_sets() -> None:
    # 131 GiB of Llama-3.3-70B on 2 x A100 80 GB: KAITO's estimator needs 3 GPUs, so 2 nodes
    # (estimator.go), whatever `count` says; PP = nodes.
    dep = only(workspace("Standard_NC48ads_A100_v4", count=3))
    assert (dep.tp, dep.pp, dep.nodes, dep.gpus) == (2, 2, 2, 4)


def test_kaito_count_the_estimator_overrides_is_noted() -> None:
    dep = only(workspace("Standard_NC48ads_A100_v4", count=3))
    assert any("`count: 3` is only its starting value" in n for n in dep.notes)


def test_kaito_small_model_on_a_multi_gpu_instance_runs_data_parallel() -> None:
    # Llama-3.1-8B's 15 GiB is under half of one A100 80 GB: DP = GPUs, TP = 1 (tier 1).
    dep = only(workspace("Standard_NC48ads_A100_v4", preset="llama-3.1-8b-instruct"))
    assert (dep.tp, dep.dp, dep.nodes) == (1, 2, 1)


def test_kaito_max_model_len_of_the_configmap_feeds_the_estimator() -> None:
    # Llama-3.3-70B on 1 x A100 80 GB: 3 nodes at KAITO's default 2,048 tokens; the KV cache
    # of 131,072 tokens (40 GiB) leaves each GPU less room for weights: 6 nodes.
    short = only(workspace("Standard_NC24ads_A100_v4"))
    long = only(workspace("Standard_NC24ads_A100_v4", config="max-model-len: 131072"))
    assert (short.nodes, long.nodes) == (3, 6)


def test_kaito_nodes_without_an_instance_type_are_unresolved() -> None:
    text = workspace("Standard_NC48ads_A100_v4").replace(
        "  instanceType: Standard_NC48ads_A100_v4\n", "  labelSelector: {matchLabels: {a: b}}\n"
    )
    dep = only(text)
    assert dep.nodes is None and "nodes" in {u.field for u in dep.unresolved}


def test_kaito_preset_names_the_repository() -> None:
    assert only(workspace("Standard_NC48ads_A100_v4")).model == "meta-llama/Llama-3.3-70B-Instruct"


def test_kaito_inference_config_overrides_kaitos_own_arguments() -> None:
    dep = only(workspace("Standard_NC24ads_A100_v4", config="tensor-parallel-size: 2"))
    assert (dep.tp, dep.gpus_per_node) == (2, 1)


def test_kaito_inference_config_value_is_positioned_inside_the_configmap() -> None:
    dep = only(workspace("Standard_NC24ads_A100_v4", config="tensor-parallel-size: 2"))
    assert dep.position_of("tp").line == 7


def test_kaito_unknown_instance_type_leaves_gpus_unknown() -> None:
    dep = only(workspace("Standard_Unknown_v9"))
    assert dep.gpus_per_node is None
    assert any("not in toplint's instance catalog" in n for n in dep.notes)


def test_kaito_transformers_runtime_is_not_read() -> None:
    text = workspace("Standard_NC24ads_A100_v4").replace(
        "metadata: {name: ws}",
        "metadata: {name: ws, annotations: {kaito.sh/runtime: transformers}}",
    )
    assert parse(text).deployments == ()


def test_kubeai_malformed_profile_is_tl001_at_the_value() -> None:
    result = parse(kubeai("nvidia-gpu-l4"))
    assert [(f.rule, f.line) for f in result.findings] == [("TL001", 10)]


def test_kaito_malformed_inference_config_is_tl001_inside_the_configmap() -> None:
    result = parse(workspace("Standard_NC24ads_A100_v4", config="tensor-parallel-size: [2"))
    assert [(f.rule, f.line) for f in result.findings] == [("TL001", 8)]  # where YAML stops


def test_kaito_own_value_is_dropped_where_the_configmap_sets_it() -> None:
    dep = only(workspace("Standard_NC24ads_A100_v4", config="tensor-parallel-size: 2"))
    assert [f.name for f in dep.flags].count("tensor-parallel-size") == 1
