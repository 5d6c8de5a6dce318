"""A ConfigMap entry named as an environment variable and written on one line is a value a
container reads, not a launch; an entry with a file's name is a script a pod mounts and runs
(open-world set 22, wrbooth/vllm-serve-bench@db021645
deploy/k8s/bench/bench-engine-configmap.yaml)."""

from __future__ import annotations

from tests.parse.helpers import parse_text
from toplint.parse.k8s.configmap import environment_entry

RECORDED = """apiVersion: v1
kind: ConfigMap
metadata:
  name: bench-engine
data:
  MODEL: Qwen/Qwen2.5-7B-Instruct
  ENGINE_ARGV: >-
    /usr/bin/python3 /usr/local/bin/vllm serve Qwen/Qwen2.5-7B-Instruct --host 0.0.0.0
    --tensor-parallel-size 2 --max-model-len 8192
"""

SCRIPT = """apiVersion: v1
kind: ConfigMap
metadata:
  name: launch
data:
  serve.sh: |
    #!/bin/bash
    vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2
"""


def test_an_argv_recorded_under_a_variable_name_is_no_deployment() -> None:
    assert parse_text("bench-engine-configmap.yaml", RECORDED).deployments == ()


def test_a_script_under_a_file_name_is_still_read() -> None:
    (dep,) = parse_text("launch-configmap.yaml", SCRIPT).deployments
    assert (dep.engine, dep.tp) == ("vllm", 2)


def test_only_one_line_entries_named_as_variables_are_values() -> None:
    cm = {"kind": "ConfigMap", "data": {}}
    assert environment_entry(cm, ("data", "ENGINE_ARGV"), "vllm serve m --tp 2")
    assert not environment_entry(cm, ("data", "serve.sh"), "vllm serve m --tp 2")
    assert not environment_entry(cm, ("data", "START"), "set -e\nvllm serve m --tp 2\n")
    assert not environment_entry({"kind": "Pod"}, ("data", "ENGINE_ARGV"), "vllm serve m")
