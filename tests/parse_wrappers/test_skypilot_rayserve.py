"""SkyPilot task YAML and stand-alone Ray Serve LLM configs."""

from __future__ import annotations

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source


def deployments(text: str) -> tuple[Deployment, ...]:
    return parse_source(Source.from_text("task.yaml", text), toplint_parsers()).deployments


def task(accelerators: str, nodes: int = 1) -> str:
    return f"""\
resources:
  accelerators: {accelerators}
num_nodes: {nodes}
envs:
  MODEL: meta-llama/Llama-3.1-70B-Instruct
run: |
  if [ "$SKYPILOT_NODE_RANK" == "0" ]; then
    vllm serve $MODEL \\
      --tensor-parallel-size $SKYPILOT_NUM_GPUS_PER_NODE \\
      --pipeline-parallel-size $SKYPILOT_NUM_NODES
  else
    sleep infinity
  fi
"""


def test_skypilot_variables_come_from_resources_and_num_nodes() -> None:
    (dep,) = deployments(task("H100:8", nodes=2))
    assert (dep.tp, dep.pp, dep.nodes, dep.gpus_per_node) == (8, 2, 2, 8)


def test_skypilot_envs_feed_the_run_script() -> None:
    (dep,) = deployments(task("H100:8"))
    assert dep.model == "meta-llama/Llama-3.1-70B-Instruct"


def test_skypilot_candidates_with_one_count_resolve() -> None:
    (dep,) = deployments(task("{H100:8, A100-80GB:8}"))
    assert (dep.tp, dep.gpus_per_node) == (8, 8)


def test_skypilot_candidates_with_different_counts_stay_unresolved() -> None:
    (dep,) = deployments(task("{H100:8, A100:4}"))
    assert (dep.tp, dep.gpus_per_node) == (None, None)


def test_skypilot_accelerators_are_kept_as_a_hint() -> None:
    (dep,) = deployments(task("L4:4"))
    assert dep.labels["skypilot.co/accelerators"] == "L4:4"


def test_skypilot_head_and_worker_branches_are_one_deployment() -> None:
    assert len(deployments(task("H100:8", nodes=2))) == 1


SERVE = """\
applications:
- name: app
  import_path: ray.serve.llm:build_openai_app
  args:
    llm_configs:
    - model_loading_config: {model_id: small, model_source: Qwen/Qwen2.5-7B-Instruct}
      accelerator_type: L4
      engine_kwargs: {tensor_parallel_size: 2}
      placement_group_config: {bundle_per_worker: {GPU: 1}, strategy: STRICT_PACK}
      deployment_config: {num_replicas: 3}
"""


def test_ray_serve_config_reads_engine_kwargs() -> None:
    (dep,) = deployments(SERVE)
    assert (dep.engine, dep.model, dep.tp, dep.replicas) == (
        "vllm",
        "Qwen/Qwen2.5-7B-Instruct",
        2,
        3,
    )


def test_ray_strict_pack_places_a_replica_on_one_node() -> None:
    (dep,) = deployments(SERVE)
    assert (dep.nodes, dep.gpus_per_node) == (1, 2)


def test_ray_strict_spread_places_each_worker_on_its_own_node() -> None:
    (dep,) = deployments(SERVE.replace("STRICT_PACK", "STRICT_SPREAD"))
    assert (dep.nodes, dep.gpus_per_node) == (2, 1)


def test_ray_pack_leaves_the_nodes_unknown() -> None:
    (dep,) = deployments(SERVE.replace("STRICT_PACK", "PACK"))
    assert (dep.nodes, dep.gpus) == (None, 2)


def test_ray_serve_config_names_each_model_by_its_id() -> None:
    (dep,) = deployments(SERVE)
    assert dep.name == "small"


DP = """\
applications:
- name: dp
  import_path: ray.serve.llm:build_dp_openai_app
  args:
    llm_config:
      model_loading_config: {model_id: Qwen/Qwen2.5-0.5B-Instruct}
      engine_kwargs: {data_parallel_size: 4, tensor_parallel_size: 2}
      experimental_configs: {dp_size_per_node: 2}
"""


def test_ray_dp_size_per_node_spreads_dp_ranks_over_nodes() -> None:
    (dep,) = deployments(DP)
    assert (dep.dp, dep.tp, dep.nodes, dep.gpus_per_node, dep.gpus) == (4, 2, 2, 4, 8)
