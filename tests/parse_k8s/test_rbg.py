"""sgl-project/rbg RoleBasedGroup: roles, leader-worker groups, role templates.

Shapes from sgl-project/rbg@993491fb examples/inference (pd-disagg-leader-worker.yaml,
ecosystem/dynamo/agg-multi-nodes.yaml, ecosystem/mooncake/.../vllm-pd-disagg-with-mooncake-te.yaml)
and examples/deprecated/v1alpha1.
"""

from __future__ import annotations

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source


def deployments(text: str) -> list[Deployment]:
    return list(parse_source(Source.from_text("rbg.yaml", text), toplint_parsers()).deployments)


LEADER_WORKER = """\
apiVersion: workloads.x-k8s.io/v1alpha2
kind: RoleBasedGroup
metadata: {name: pd}
spec:
  roles:
    - name: router
      replicas: 1
      standalonePattern:
        template:
          spec:
            containers:
              - name: router
                image: lmsysorg/sgl-model-gateway
                command: [sgl-model-gateway, --pd-disaggregation]
    - name: prefill
      replicas: 2
      leaderWorkerPattern:
        size: 4
        template:
          spec:
            containers:
              - name: sglang
                image: lmsysorg/sglang
                command: [python3, -m, sglang.launch_server, --model-path, Qwen/Qwen3-8B,
                          --disaggregation-mode, prefill, --tp-size, "4",
                          --dist-init-addr, "$(RBG_LWP_LEADER_ADDRESS):6379",
                          --nnodes, $(RBG_LWP_GROUP_SIZE), --node-rank, $(RBG_LWP_WORKER_INDEX)]
                resources: {limits: {nvidia.com/gpu: "1"}}
"""


def test_a_leader_worker_role_is_size_pods_of_one_instance_and_rbg_sets_its_variables() -> None:
    (dep,) = deployments(LEADER_WORKER)
    assert dep.name == "prefill" and dep.engine == "sglang"
    # RBG_LWP_GROUP_SIZE = size resolves --nnodes; 4 pods × 1 GPU hold TP 4
    assert (dep.tp, dep.nodes, dep.gpus_per_node, dep.gpus, dep.replicas) == (4, 4, 1, 4, 2)
    assert not {u.field for u in dep.unresolved} & {"nodes", "node_rank"}
    assert dep.pods_are_nodes is None  # no anti-affinity: the group's pods may share a host
    assert dep.sources["nodes"].line == 18  # `size: 4`


TEMPLATE_REF = """\
apiVersion: workloads.x-k8s.io/v1alpha2
kind: RoleBasedGroup
metadata: {name: agg}
spec:
  roleTemplates:
    - name: base
      template:
        spec:
          containers:
            - name: vllm
              image: vllm/vllm-openai:latest
  roles:
    - name: decode
      replicas: 3
      standalonePattern:
        templateRef:
          name: base
          patch:
            spec:
              containers:
                - name: vllm
                  command: [vllm, serve, meta-llama/Llama-3.1-8B-Instruct,
                            --tensor-parallel-size, "2"]
                  resources: {limits: {nvidia.com/gpu: "2"}}
"""


def test_a_template_ref_is_read_through_its_patch_and_the_template_alone_runs_nothing() -> None:
    # The role template by itself is never run: only the role that patches the command in.
    (dep,) = deployments(TEMPLATE_REF)
    assert (dep.name, dep.tp, dep.nodes, dep.gpus, dep.replicas) == ("decode", 2, 1, 2, 3)
    assert dep.pods_are_nodes is True


V1ALPHA1 = """\
apiVersion: workloads.x-k8s.io/v1alpha1
kind: RoleBasedGroup
metadata: {name: old}
spec:
  roles:
    - name: lws
      replicas: 1
      workload: {apiVersion: leaderworkerset.x-k8s.io/v1, kind: LeaderWorkerSet}
      leaderWorkerSet: {size: 2}
      template:
        spec:
          containers:
            - name: sglang
              image: lmsysorg/sglang
              command: [python3, -m, sglang.launch_server, --model-path, Qwen/Qwen3-8B, --tp, "2",
                        --nnodes, $(LWS_GROUP_SIZE), --node-rank, $(LWS_WORKER_INDEX)]
              resources: {limits: {nvidia.com/gpu: "1"}}
"""


def test_v1alpha1_leader_worker_set_roles_take_the_lws_size_and_its_variables() -> None:
    (dep,) = deployments(V1ALPHA1)
    assert (dep.tp, dep.nodes, dep.gpus, dep.replicas) == (2, 2, 2, 1)
    assert "nodes" not in {u.field for u in dep.unresolved}


def test_a_role_with_neither_pattern_nor_template_is_walked_one_pod_one_instance() -> None:
    text = LEADER_WORKER.replace(
        "leaderWorkerPattern:\n        size: 4\n        template:",
        ("customComponentsPattern:\n        components:\n        - name: c\n          template:"),
    )
    (dep,) = deployments(text)
    # the walk found the pod; its --nnodes still says it is one node of an unknown whole
    assert (dep.name, dep.tp, dep.gpus_per_node, dep.gpus) == ("c", 4, 1, None)
