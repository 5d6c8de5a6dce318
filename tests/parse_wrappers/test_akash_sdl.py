"""Akash SDL (deploy.yaml): services run as Kubernetes containers (``command`` replaces the
image's entrypoint, ``args`` are its arguments), GPUs from the service's compute profile.

Excerpts of akash-network/awesome-akash@0a6f1d55cd4b09211126eebc0afe15446d0f5f48 (the path
is beside each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.parse.helpers import only, parse_text
from toplint.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# Llama-3.3-70B/deploy.yaml (storage and pricing trimmed)
VLLM_BASH_C = """\
---
version: "2.0"
services:
  vllm:
    image: vllm/vllm-openai:v0.8.4
    expose:
      - port: 8000
        as: 8000
        to:
          - global: true
    command:
      - bash
      - "-c"
    args:
      - >-
        vllm serve meta-llama/Llama-3.3-70B-Instruct --tensor-parallel-size 2 --max-model-len 8192
    env:
      - "HF_TOKEN=" # Hugging Face API token required for Meta-Llama Models
    params:
      storage:
        shm:
          mount: /dev/shm
profiles:
  compute:
    vllm:
      resources:
        cpu:
          units: 64
        storage:
          - size: 100Gi
          - name: shm
            size: 10Gi
            attributes:
              class: ram
              persistent: false
        gpu:
          units: 2
          attributes:
            vendor:
              nvidia:
                - model: h100
                  ram: 80Gi
                - model: a100
                  ram: 80Gi
  placement:
    dcloud:
      pricing:
        vllm:
          denom: uact
          amount: 1000000
deployment:
  vllm:
    dcloud:
      profile: vllm
      count: 1
"""

# DeepSeek-R1/deploy.yaml (trimmed): SGLang on 8 H200
SGLANG_H200 = """\
---
version: "2.0"
services:
  sglang1:
    image: lmsysorg/sglang:v0.4.1.post4-cu124-srt
    command:
      - bash
      - "-c"
    args:
      - >-
        python3 -m sglang.launch_server --model deepseek-ai/DeepSeek-R1 --tp 8 --trust-remote-code
profiles:
  compute:
    sglang1:
      resources:
        gpu:
          units: 8
          attributes:
            vendor:
              nvidia:
                - model: h200
  placement:
    dcloud:
      pricing:
        sglang1:
          denom: uact
          amount: 1000000
deployment:
  sglang1:
    dcloud:
      profile: sglang1
      count: 1
"""

# Llama-3.1-405B-BF16/deploy.yaml (expose, env and storage trimmed): a Ray head running vLLM
# and two workers joining it, 8 GPUs each
RAY = """\
---
version: "2.0"
services:
  rayhead:
    image: vllm/vllm-openai:v0.6.2
    command:
      - bash
      - "-c"
    args:
      - >-
        ray start --head --port=6380 --block &
        echo "Waiting for Ray to start" &&
        sleep 15 &&
        vllm serve meta-llama/Meta-Llama-3.1-405B-Instruct --tensor-parallel-size 8
        --pipeline-parallel-size 3
  rayworker:
    image: vllm/vllm-openai:v0.6.2
    command:
      - bash
      - "-c"
    args:
      - >-
        ray start --address $RAYHEAD_PORT_6380_TCP_ADDR:6380 --block
  rayworker2:
    image: vllm/vllm-openai:v0.6.2
    command:
      - bash
      - "-c"
    args:
      - >-
        ray start --address $RAYHEAD_PORT_6380_TCP_ADDR:6380 --block
profiles:
  compute:
    rayhead:
      resources:
        gpu:
          units: 8
          attributes:
            vendor:
              nvidia:
                - model: h100
    rayworker:
      resources:
        gpu:
          units: 8
          attributes:
            vendor:
              nvidia:
                - model: h100
  placement:
    dcloud:
      pricing:
        rayhead:
          denom: uakt
          amount: 1000000
deployment:
  rayhead:
    dcloud:
      profile: rayhead
      count: 1
  rayworker:
    dcloud:
      profile: rayworker
      count: 1
  rayworker2:
    dcloud:
      profile: rayworker
      count: 1
"""


def test_bash_c_command_runs_the_args_script_not_the_image_entrypoint() -> None:
    dep = only("deploy.yaml", VLLM_BASH_C)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "meta-llama/Llama-3.3-70B-Instruct", 2)
    assert (dep.nodes, dep.gpus_per_node, dep.gpus, dep.replicas) == (1, 2, 2, 1)
    assert (dep.line, dep.column) == (16, 9)  # the script's `vllm`
    units = dep.sources["gpus"]
    assert (units.line, units.column) == (37, 18)


def test_listed_gpu_models_are_alternatives_and_the_ram_volume_is_dev_shm() -> None:
    dep = only("deploy.yaml", VLLM_BASH_C)
    assert dep.labels["akash.network/gpu.model"] == "h100-80gb,a100-80gb"
    model = dep.sources["label:akash.network/gpu.model"]
    assert (model.line, model.column) == (41, 26)
    assert (dep.options["dev_shm"], dep.options["dev_shm_size"]) == ("memory", "10Gi")


def test_sglang_service_reads_as_before() -> None:
    # control: read right before the SDL reader too (as an engine command embedded in data)
    dep = only("deploy.yaml", SGLANG_H200)
    assert (dep.engine, dep.model, dep.tp) == ("sglang", "deepseek-ai/DeepSeek-R1", 8)


def test_sglang_service_gets_its_profile_gpus() -> None:
    dep = only("deploy.yaml", SGLANG_H200)
    assert (dep.gpus, dep.source_kind) == (8, "akash")


def test_ray_head_and_workers_are_one_deployment_over_three_nodes() -> None:
    dep = only("deploy.yaml", RAY)
    assert (dep.name, dep.tp, dep.pp) == ("rayhead", 8, 3)
    assert (dep.nodes, dep.gpus_per_node, dep.gpus) == (3, 8, 24)


def test_compose_command_still_follows_the_image_entrypoint() -> None:
    # a compose file's `command` is appended to the image's entrypoint (compose semantics):
    # unchanged by the SDL reader, which needs `profiles` and `deployment`
    text = """\
services:
  vllm:
    image: vllm/vllm-openai:v0.8.4
    command: --model org/m --tensor-parallel-size 2
"""
    result = parse_text("docker-compose.yml", text)
    dep = result.deployments[0]
    assert (dep.engine, dep.model, dep.tp, dep.source_kind) == ("vllm", "org/m", 2, "compose")


def test_h200_request_on_the_h100_manifest_is_tl007_at_the_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deploy.yaml"
    path.write_text(SGLANG_H200)
    hardware = str(EXAMPLES / "hardware.yaml")
    main(["check", str(path), "--no-cache", "--hardware", hardware, "--cluster", "h100-ib"])
    out = capsys.readouterr().out
    assert "deploy.yaml:21:26: TL007 [error] not checked against hardware: it asks for H200" in out
    assert "TL205" not in out


def test_env_entries_name_equals_value_configure_an_env_read_engine_at_the_value() -> None:
    # the provider splits each `env` entry at its first `=` (provider@912b76a7 workload.go
    # lines 99-105); TGI reads its options from the environment
    text = """\
version: "2.0"
services:
  tgi:
    image: ghcr.io/huggingface/text-generation-inference:2.4.0
    env:
      - MODEL_ID=meta-llama/Llama-3.1-8B-Instruct
      - NUM_SHARD=2
profiles:
  compute:
    tgi:
      resources:
        gpu:
          units: 2
deployment:
  tgi:
    akash:
      profile: tgi
      count: 1
"""
    dep = only("deploy.yaml", text)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == (
        "tgi",
        "meta-llama/Llama-3.1-8B-Instruct",
        2,
        2,
    )
    tp = dep.sources["tp"]
    assert (tp.line, tp.column) == (7, 19)
