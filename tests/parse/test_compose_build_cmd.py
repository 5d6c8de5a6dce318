"""A compose service built from a Dockerfile, writing no command, runs that image's CMD.

Excerpts of ciscoaiteam/bridgy-intersight-llm-demo@407de37a8e10ecc78af822314b5ce1fa39bf77fc:
``dockerdeploy/docker-compose.yml`` (service ``vllm-server``), ``vllm/Dockerfile`` and
``vllm/run_vllm_server.sh``.  Before, the compose file was TL008 ("names the image
`bridgy-vllm-gemma2:latest`, a build of vllm, but yields no deployment") while the Dockerfile and
the script were read on their own, without the service's environment or GPUs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.model import ParseResult
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

COMPOSE = """\
version: '3.8'

services:
  vllm-server:
    build:
      context: ../vllm
      dockerfile: Dockerfile
    image: bridgy-vllm-gemma2:latest
    container_name: bridgy-vllm-gemma2
    ports:
      - "8000:8000"
    environment:
      - HF_TOKEN=${HF_TOKEN:-}  # Pass your Hugging Face token if needed for model access
      - TENSOR_PARALLEL_SIZE=1  # Adjust based on available GPUs
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              capabilities: [gpu]
    restart: unless-stopped
"""

DOCKERFILE = """\
FROM nvidia/cuda:12.1.0-runtime-ubuntu22.04

# Set environment variables
ENV DEBIAN_FRONTEND=noninteractive
ENV HF_HOME="/data/huggingface"

# Install vLLM 0.9.2 which has better model compatibility
RUN pip3 install --no-cache-dir vllm==0.9.2

# Set environment variables for model download
ENV MODEL_NAME="google/gemma-2-9b-it"
ENV MODEL_PATH=/data/models/gemma-2-9b-it

# Copy the script to run the vLLM server
COPY run_vllm_server.sh /usr/local/bin/run_vllm_server.sh

# Set working directory
WORKDIR /data

# Run the server by default
CMD ["/usr/local/bin/run_vllm_server.sh"]
"""

SCRIPT = """\
#!/bin/bash
set -e

# Main model startup function
start_vllm() {
  # Use Google's Gemma 2 model name format
  MODEL_NAME="google/gemma-2-9b-it"
  # Always use tmp path to avoid PVC permission issues
  MODEL_PATH="/tmp/models/gemma-2-9b-it"

  # Start the actual vLLM server
  echo "Starting vLLM server with local model path..."
  python -m vllm.entrypoints.openai.api_server \\
    --model "$MODEL_PATH" \\
    --tensor-parallel-size ${TENSOR_PARALLEL_SIZE:-1} \\
    --host 0.0.0.0 \\
    --port 8000 \\
    --served-model-name "gemma-2-9b" \\
    --max-model-len 8192 \\
    --trust-remote-code
}

# Start the vLLM server directly without health check server
echo "Starting vLLM server..."
start_vllm
"""

PATH = "dockerdeploy/docker-compose.yml"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "dockerdeploy").mkdir()
    (tmp_path / "vllm").mkdir()
    (tmp_path / "vllm" / "Dockerfile").write_text(DOCKERFILE)
    (tmp_path / "vllm" / "run_vllm_server.sh").write_text(SCRIPT)
    return tmp_path


def _parse(text: str) -> ParseResult:
    Path(PATH).write_text(text)
    return parse_source(Source.from_text(PATH, text), builtin_and_plugin_parsers())


def test_the_service_runs_its_dockerfiles_cmd_script(repo: Path) -> None:
    (dep,) = _parse(COMPOSE).deployments
    assert (dep.engine, dep.model, dep.tp, dep.nodes, dep.name) == (
        "vllm",
        "/tmp/models/gemma-2-9b-it",
        1,
        1,
        "vllm-server",
    )
    assert (dep.path, dep.line, dep.column) == (PATH, 5, 5)  # the service's `build:`
    assert dep.source_kind == "compose"
    assert dep.options["gpus_visible"] == "all"  # a reservation with no count: all GPUs
    tp = dep.sources["tp"]
    assert (tp.path, tp.line) == ("vllm/run_vllm_server.sh", 15)  # where the flag is written
    engine = dep.provenance["engine"]
    assert "service `vllm-server`'s build (vllm/Dockerfile)" in engine
    assert "`/usr/local/bin/run_vllm_server.sh` (Dockerfile:21)" in engine


def test_the_services_environment_and_gpus_reach_the_script(repo: Path) -> None:
    text = COMPOSE.replace("TENSOR_PARALLEL_SIZE=1", "TENSOR_PARALLEL_SIZE=2")
    text = text.replace("capabilities: [gpu]", "capabilities: [gpu]\n              count: 2")
    (dep,) = _parse(text).deployments
    assert (dep.tp, dep.gpus_per_node) == (2, 2)


def test_a_service_that_writes_its_command_runs_that_not_the_cmd(repo: Path) -> None:
    # compose-spec spec.md `command`: it overrides the image's CMD (control: read as before)
    text = COMPOSE.replace(
        "    restart:",
        '    command: ["python3", "-m", "vllm.entrypoints.openai.api_server", "--model", "m",'
        ' "--tensor-parallel-size", "4"]\n    restart:',
    )
    (dep,) = _parse(text).deployments
    assert (dep.model, dep.tp, dep.line) == ("m", 4, 4)  # at the service, as before
    assert not dep.notes


def test_an_empty_command_empties_the_images_cmd(repo: Path) -> None:
    # spec.md `command`: `[]` or `''` ignores the image's default command
    result = _parse(COMPOSE.replace("    restart:", "    command: []\n    restart:"))
    assert not result.deployments


def test_a_missing_dockerfile_keeps_tl008_and_says_why(repo: Path) -> None:
    (repo / "vllm" / "Dockerfile").unlink()
    result = _parse(COMPOSE)
    assert not result.deployments
    (found,) = result.findings
    assert (found.rule, found.line, found.column) == ("TL008", 8, 12)
    assert "bridgy-vllm-gemma2:latest" in found.message
    assert "service `vllm-server` builds from `../vllm/Dockerfile`, not read: no such file" in (
        found.message
    )


def test_a_dockerfile_outside_the_repository_is_not_read(repo: Path) -> None:
    result = _parse(COMPOSE.replace("context: ../vllm", "context: ../../vllm"))
    assert not result.deployments
    (found,) = result.findings
    assert found.rule == "TL008"
    assert "builds from `../../vllm/Dockerfile`, not read: referenced file outside" in (
        found.message
    )


def test_a_cmd_of_arguments_to_the_base_engine_image_is_read(repo: Path) -> None:
    # Docker: a Dockerfile with no ENTRYPOINT keeps the base image's, its CMD the arguments
    (repo / "vllm" / "Dockerfile").write_text(
        'FROM vllm/vllm-openai:v0.9.2\nCMD ["--model", "org/m", "--tensor-parallel-size", "2"]\n'
    )
    (dep,) = _parse(COMPOSE).deployments
    assert (dep.engine, dep.model, dep.tp, dep.line) == ("vllm", "org/m", 2, 5)
    assert "service `vllm-server`'s build (vllm/Dockerfile)" in dep.provenance["engine"]
