"""A compose service whose ``entrypoint`` is a start script of the repository mounted into the
container, the service's ``command`` its arguments (compose appends ``command`` to
``entrypoint``; compose-spec "entrypoint", "volumes"), in the shape of
Vercantez/deepseek-v4-flash-mi300x@63912908 compose.yaml:24-29 and :64-72 with
vllm-entrypoint.sh:14 ``exec vllm serve "$@"`` (sweep 38 development): the service was read
from its image alone, with no model, and the script's ``$@`` note pointed at a caller toplint
had not bound."""

from __future__ import annotations

from pathlib import Path

from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

COMPOSE = """\
services:
  inference:
    image: vllm/vllm-openai:latest
    ipc: host
    volumes:
      - ./vllm-entrypoint.sh:/opt/vllm-entrypoint.sh:ro
    entrypoint: [/opt/vllm-entrypoint.sh]
    command:
      - Qwen/Qwen3-8B
      - --tensor-parallel-size
      - "2"
"""
SCRIPT = '#!/bin/sh\nset -eu\npython3 /opt/patch.py\nexec vllm serve "$@"\n'


def _parse(tmp_path: Path, compose: str = COMPOSE) -> list:
    (tmp_path / "vllm-entrypoint.sh").write_text(SCRIPT)
    path = tmp_path / "compose.yaml"
    path.write_text(compose)
    result = parse_source(Source.from_text(str(path), compose), builtin_and_plugin_parsers())
    return list(result.deployments)


def test_the_mounted_script_runs_the_engine_with_the_service_command(tmp_path: Path) -> None:
    (dep,) = _parse(tmp_path)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "Qwen/Qwen3-8B", 2)
    assert dep.source_kind == "compose" and dep.line == 2  # the service
    assert dep.sources["model"].line == 9  # the command's word, in the compose file


def test_an_entrypoint_no_mount_explains_is_not_followed(tmp_path: Path) -> None:
    compose = COMPOSE.replace("./vllm-entrypoint.sh:/opt/vllm-entrypoint.sh:ro", "cache:/cache")
    deps = _parse(tmp_path, compose)
    assert all(d.model is None for d in deps)  # the image's entrypoint is replaced: unknown
