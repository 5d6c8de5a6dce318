"""A command held in a YAML value runs with the variables the mappings above it declare
(``envs:`` beside a test harness's ``server_cmd``): they are its process environment."""

from __future__ import annotations

from tests.parse.helpers import parse_text
from toplint.accelerators import of_deployment

# vllm-project/vllm-ascend@182b75ea84ff13ece27b57391331ef8935410aea
# tests/e2e/nightly/multi_node/internal_dp/config/DeepSeek-R1-W8A8-EPLB.yaml (trimmed): the
# harness starts `server_cmd` with `envs` (merged from an anchor).  Read without them, the
# Ascend test was judged on an H100 manifest: TL201 and TL205 errors on NPUs it never asked for.
ASCEND = """\
model: "vllm-ascend/DeepSeek-R1-0528-W8A8"
num_nodes: 4
npu_per_node: 16
env_common: &env_common
  HCCL_BUFFSIZE: 1024
  SERVER_PORT: 8080
deployment:
  -
    envs:
      <<: *env_common
    server_cmd: >
      vllm serve vllm-ascend/DeepSeek-R1-0528-W8A8 --port $SERVER_PORT
      --data-parallel-size 2 --tensor-parallel-size 8
"""


def test_variables_declared_above_a_command_are_its_environment() -> None:
    (dep,) = parse_text("DeepSeek-R1-W8A8-EPLB.yaml", ASCEND).deployments
    assert dep.tp == 8
    found = of_deployment(dep)
    assert found is not None and found[0].kind == "ascend" and "HCCL_BUFFSIZE" in found[1]


def test_visible_devices_declared_above_a_command_are_the_gpus_it_sees() -> None:
    text = """\
jobs:
  serve:
    env:
      CUDA_VISIBLE_DEVICES: "0,1"
    run: vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2
"""
    (dep,) = parse_text("bench.yaml", text).deployments
    assert dep.gpus_per_node == 2
    assert dep.sources["gpus_per_node"].line == 4


def test_a_prefix_on_the_command_wins_over_the_block_above() -> None:
    text = """\
env:
  CUDA_VISIBLE_DEVICES: "0,1,2,3"
cmd: CUDA_VISIBLE_DEVICES=0,1 vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2
"""
    (dep,) = parse_text("bench.yaml", text).deployments
    assert dep.gpus_per_node == 2
