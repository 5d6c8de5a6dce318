"""Shapes of set 14's development half (issue 24, round 14; tests/data/open_world14/SPLIT.md).

- a GKE Deployment (nonokangwei/LLM-Tuning-On-GCP@333d2fb Serve/vLLM-on-GKE/vllm_serve.yaml)
  whose container runs the repository's own launcher with ``--tensor_parallel_size=$(TP)`` and
  sets ``TP`` in the same container's ``env``: the kubelet expands ``$(NAME)`` in ``command`` /
  ``args`` from the container's environment before the process starts.
"""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

LAUNCHER_POD = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: vllm-l4
spec:
  replicas: 1
  selector:
    matchLabels:
      app: vllm-l4
  template:
    metadata:
      labels:
        app: vllm-l4
    spec:
      containers:
      - name: vllm-l4
        image: registry.example/artifact-vllm/vllm-server:0.1
        command: ["python3", "/root/scripts/launcher.py", "--tensor_parallel_size=$(TP)"]
        resources:
          limits:
            nvidia.com/gpu: 2
{env}"""


def test_a_variable_the_container_env_sets_fills_a_launchers_flag() -> None:
    env = '        env:\n        - name: TP\n          value: "2"\n'
    dep = only("vllm_serve.yaml", LAUNCHER_POD.format(env=env))
    assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 2, 2)
    assert not dep.unresolved


def test_a_variable_no_env_sets_stays_unresolved() -> None:
    deps = parse_text("vllm_serve.yaml", LAUNCHER_POD.format(env="")).deployments
    assert len(deps) == 1 and deps[0].tp is None
    assert any(u.field == "tp" and u.variable == "TP" for u in deps[0].unresolved)
