"""Shapes of set 14's development half (issue 24, round 14; tests/data/open_world14/SPLIT.md).

- a GKE Deployment (nonokangwei/LLM-Tuning-On-GCP@333d2fb Serve/vLLM-on-GKE/vllm_serve.yaml)
  whose container runs the repository's own launcher with ``--tensor_parallel_size=$(TP)`` and
  sets ``TP`` in the same container's ``env``: the kubelet expands ``$(NAME)`` in ``command`` /
  ``args`` from the container's environment before the process starts;
- a Dynamo TensorRT-LLM worker (RogerLiu312/dynamo-trtllm-benchmark@f823d7b
  scripts/start_disagg_worker.sh) whose ``--extra-engine-args`` is the script's first argument:
  the LLM-API YAML wins over the command line (tensorrt_llm/commands/serve.py
  ``update_llm_args_with_extra_options``), so a file whose path is not known leaves the layout
  unknown, as an unreadable path already did.
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


WORKER = """\
config_file=$1
python3 -m dynamo.trtllm --model-path org/m --extra-engine-args {ref}
"""


def test_an_engine_config_whose_path_is_an_argument_leaves_the_layout_unresolved() -> None:
    dep = only("worker.sh", WORKER.format(ref="${config_file}"))
    assert dep.engine == "trtllm" and dep.tp is None
    assert {u.field for u in dep.unresolved} >= {"tp", "pp"}


def test_trtllm_serves_unknown_options_file_leaves_the_layout_unresolved() -> None:
    dep = only("serve.sh", "F=$1\ntrtllm-serve org/m --extra_llm_api_options $F\n")
    assert dep.tp is None and any(u.field == "tp" for u in dep.unresolved)


def test_a_vllm_config_whose_path_is_unknown_keeps_the_command_lines_layout() -> None:
    """vLLM puts a --config file's options before the command line's (the command line wins):
    nothing is made unknown."""
    dep = only("serve.sh", "CFG=$1\nvllm serve org/m --config $CFG --tensor-parallel-size 2\n")
    assert dep.tp == 2 and not dep.unresolved
