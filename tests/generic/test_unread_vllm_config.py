"""A vLLM ``--config`` file that is not read leaves the layout it may set unknown: the file's keys
are what the command line does not write (docs.vllm.ai, "vllm serve", "Configuration file": the
command line wins where both set one), so an unwritten TP is the file's, not the default
(toplint.parse.enginecfg).  Shape: neet/homelab@e44ea0c roles/vllm/templates/compose.yaml.j2,
whose `--config /root/config.yaml` is a file the role writes on the host."""

from __future__ import annotations

from pathlib import Path

from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

COMPOSE = """\
services:
  vllm:
    image: vllm/vllm-openai:v0.24.0
    gpus: all
    volumes:
      - "/opt/vllm/config.yaml:/root/config.yaml"
    command: --config /root/config.yaml --pipeline-parallel-size 1
"""


def _only(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    (tmp_path / "toplint.yaml").write_text("")  # the repository's root for references
    path = tmp_path / "docker-compose.yaml"
    path.write_text(text)
    (dep,) = parse_source(
        Source.from_text(str(path), text), builtin_and_plugin_parsers()
    ).deployments
    return dep


def test_an_unread_config_leaves_what_the_command_line_does_not_write_unknown(
    tmp_path: Path,
) -> None:
    dep = _only(tmp_path, COMPOSE)
    assert dep.tp is None and dep.pp == 1  # the file may set tp; pp is the command line's
    assert any(u.field == "tp" for u in dep.unresolved)


def test_a_read_config_gives_its_layout(tmp_path: Path) -> None:
    (tmp_path / "vllm.yaml").write_text("tensor-parallel-size: 2\n")
    dep = _only(tmp_path, COMPOSE.replace("/root/config.yaml --", "vllm.yaml --"))
    assert (dep.tp, dep.pp) == (2, 1)
