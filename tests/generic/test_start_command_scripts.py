"""A data file's start command that runs a script of the repository (toplint.parse.structured.
scriptref; issue 24, point 5)."""

from __future__ import annotations

from pathlib import Path

from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

CONFIG = """\
docker_server:
  start_command: sh -c /app/data/start.sh
resources:
  accelerator: H100:4
"""


def _parse(path: Path):  # type: ignore[no-untyped-def]
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def test_the_script_a_start_command_runs_is_read_with_the_configs_resources(
    tmp_path: Path,
) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "start.sh").write_text("vllm serve org/m --tensor-parallel-size 4\n")
    (tmp_path / "config.yaml").write_text(CONFIG)
    (dep,) = _parse(tmp_path / "config.yaml").deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 4, 4)
    assert dep.path.endswith("config.yaml") and dep.line == 2
    assert dep.sources["tp"].path.endswith("start.sh")  # the flag stays where it is written
    assert "start.sh" in dep.provenance["engine"]


def test_a_missing_or_outside_script_gives_nothing(tmp_path: Path) -> None:
    (tmp_path / "config.yaml").write_text(CONFIG.replace("/app/data/start.sh", "../x/start.sh"))
    assert _parse(tmp_path / "config.yaml").deployments == ()
    (tmp_path / "c2.yaml").write_text(CONFIG)  # no data/start.sh here
    assert _parse(tmp_path / "c2.yaml").deployments == ()


def test_ci_steps_are_not_start_commands(tmp_path: Path) -> None:
    (tmp_path / "start.sh").write_text("vllm serve org/m --tensor-parallel-size 4\n")
    workflow = "jobs:\n  smoke:\n    runs-on: gpu\n    steps:\n      - run: bash start.sh\n"
    (tmp_path / "ci.yaml").write_text(workflow)
    assert _parse(tmp_path / "ci.yaml").deployments == ()


COMPOSE = """\
services:
  llm:
    image: myorg/dev:cuda12
    volumes:
      - ./deploy:/app:ro
      - hf-cache:/root/.cache
    deploy:
      resources:
        reservations:
          devices: [{driver: nvidia, device_ids: ["0", "1"], capabilities: [gpu]}]
    command: zsh -c "zsh app/serve.sh"
"""


def test_a_compose_service_runs_the_script_its_bind_mount_brings(tmp_path: Path) -> None:
    # compose-spec `services.volumes` short syntax HOST:CONTAINER[:MODE]; `app/serve.sh` is the
    # image root's, /app is ./deploy of the repository.
    (tmp_path / "deploy").mkdir()
    (tmp_path / "deploy" / "serve.sh").write_text("vllm serve org/m --tensor-parallel-size 2\n")
    (tmp_path / "docker-compose.yml").write_text(COMPOSE)
    (dep,) = _parse(tmp_path / "docker-compose.yml").deployments
    assert (dep.engine, dep.tp, dep.line) == ("vllm", 2, 11)
    absolute = COMPOSE.replace('zsh -c "zsh app/serve.sh"', "bash /app/serve.sh")
    (tmp_path / "docker-compose.yml").write_text(absolute)
    assert [d.tp for d in _parse(tmp_path / "docker-compose.yml").deployments] == [2]


def test_a_named_volume_or_a_host_path_outside_explains_no_script(tmp_path: Path) -> None:
    (tmp_path / "deploy").mkdir()
    (tmp_path / "deploy" / "serve.sh").write_text("vllm serve org/m --tensor-parallel-size 2\n")
    text = COMPOSE.replace("./deploy:/app:ro", "/srv/deploy:/app").replace("app/serve", "x/serve")
    (tmp_path / "docker-compose.yml").write_text(text)
    assert _parse(tmp_path / "docker-compose.yml").deployments == ()
