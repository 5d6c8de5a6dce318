"""A compose service whose image runs its own entrypoint script (in the image, not in the
repository) with the engine's CLI subcommand and arguments as its command: read as that CLI's
(``toplint.parse.structured.compose._wrapped_cli``), with a note that the entrypoint was not
read.  ybz21/dgx-spark-multinode@7b04c909 122b-boost/deploy/
docker-compose-model-qwen35-122b-a10b-int4-vllm.yaml:9-34 (sweep 35, development): the service
keyed ``vllm`` was a deployment from its key alone, and TL007 said it "names no model"."""

from __future__ import annotations

from .helpers import parse_text

COMPOSE = """services:
  vllm:
    image: vllm-qwen35-v2
    container_name: vllm-qwen35
    ipc: host
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              count: all
              capabilities: [gpu]
    entrypoint: ["/opt/entrypoint.sh"]
    command:
      - serve
      - Qwen/Qwen3-32B
      - --port
      - "30000"
      - --max-model-len
      - "131072"
      - --tensor-parallel-size
      - "2"
"""


def test_the_engines_subcommand_after_an_unread_entrypoint_is_its_cli() -> None:
    (dep,) = parse_text("docker-compose.yaml", COMPOSE).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "Qwen/Qwen3-32B", 2)
    assert dep.sources["model"].line == 16
    assert any("entrypoint `/opt/entrypoint.sh` is not in the repository" in n for n in dep.notes)


def test_an_image_naming_no_engine_is_not_guessed() -> None:
    text = COMPOSE.replace("image: vllm-qwen35-v2", "image: qwen35-v2").replace("  vllm:", "  llm:")
    assert parse_text("docker-compose.yaml", text).deployments == ()


def test_a_command_that_is_not_the_subcommand_is_not_guessed() -> None:
    text = COMPOSE.replace("      - serve\n", "      - run\n")
    deps = parse_text("docker-compose.yaml", text).deployments
    assert all(d.model != "Qwen/Qwen3-32B" for d in deps)
