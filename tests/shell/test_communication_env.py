"""The communication libraries' variables (``NCCL_*``, ``NVSHMEM_*``, ``UCX_*``) a script exports
or a compose service sets reach the deployment's options as a pod's ``env:`` always did
(``toplint.parse.enginecfg.COMMUNICATION_ENV``): Ruashots/qwen3.6-27b-dual-3090-vllm-lxc-
abliterated@45adfccc vllm-serve.sh:21-28 (sweep 36, development) disables NCCL's peer-to-peer
transport on two 3090s without NVLink, and sets vLLM's long-context escape hatch."""

from __future__ import annotations

from tests.parse.helpers import only

SERVE = """# Required for max-model-len 262144 on a model card that declares less
export VLLM_ALLOW_LONG_MAX_MODEL_LEN=1

# 2x 3090 with no NVLink - disable NCCL peer-to-peer
export NCCL_P2P_DISABLE=1

exec /opt/vllm/bin/vllm serve shawnw3i/Huihui-Qwen3.6-27B-abliterated-AWQ-MTP \\
  --tensor-parallel-size 2 \\
  --max-model-len 262144 \\
  --disable-custom-all-reduce
"""


def test_a_scripts_exports_reach_the_deployment() -> None:
    dep = only("vllm-serve.sh", SERVE)
    assert dep.options["env.NCCL_P2P_DISABLE"] == "1"
    assert dep.options["env.VLLM_ALLOW_LONG_MAX_MODEL_LEN"] == "1"


def test_a_compose_services_environment_reaches_the_deployment() -> None:
    text = """services:
  vllm:
    image: vllm/vllm-openai:v0.11.0
    environment:
      - NCCL_P2P_LEVEL=PCI
    command: --model Qwen/Qwen3-32B-AWQ --tensor-parallel-size 2
"""
    assert only("docker-compose.yml", text).options["env.NCCL_P2P_LEVEL"] == "PCI"
