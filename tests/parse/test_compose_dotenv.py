"""A compose file is interpolated with its project's ``.env`` (docs.docker.com, "Set, use, and
manage variables in a Compose file with interpolation"), in the shape of agassiyzh/spark-
hackathon@fa4a5713 docker-compose.yaml: ``--tensor-parallel-size ${TENSOR_PARALLEL_SIZE}`` with
``TENSOR_PARALLEL_SIZE=1`` in the ``.env`` beside it (open-world set 17 development: read with no
tensor-parallel size).  A variable neither the file nor ``.env`` sets stays unresolved."""

from __future__ import annotations

from pathlib import Path

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.infer.scopevars import dotenv as parse_env
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

COMPOSE = """\
services:
  llm:
    image: vllm/vllm-openai:latest
    command:
      - ${HF_MODEL_HANDLE}
      - --tensor-parallel-size
      - ${TENSOR_PARALLEL_SIZE}
      - --pipeline-parallel-size
      - ${PP:-1}
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              count: ${GPUS}
              capabilities: [gpu]
"""
DOTENV = """\
# HF_MODEL_HANDLE=google/gemma-4-26B-A4B-it
HF_MODEL_HANDLE=org/m
TENSOR_PARALLEL_SIZE=2  # two GPUs
PP='2'
GPUS="${TENSOR_PARALLEL_SIZE}"
"""


def _parse(tmp_path: Path, dotenv: str | None) -> Deployment:
    if dotenv is not None:
        (tmp_path / ".env").write_text(dotenv)
    path = tmp_path / "docker-compose.yaml"
    path.write_text(COMPOSE)
    result = parse_source(Source.from_text(str(path), COMPOSE), builtin_and_plugin_parsers())
    (dep,) = result.deployments
    return dep


def test_the_projects_env_file_sets_the_variables_compose_interpolates(tmp_path: Path) -> None:
    dep = _parse(tmp_path, DOTENV)
    assert (dep.engine, dep.model, dep.tp, dep.pp, dep.gpus) == ("vllm", "org/m", 2, 2, 2)


def test_without_an_env_file_the_variables_stay_unresolved(tmp_path: Path) -> None:
    dep = _parse(tmp_path, None)
    assert (dep.model, dep.tp, dep.pp) == (None, None, 1)
    assert {u.variable for u in dep.unresolved} >= {"${TENSOR_PARALLEL_SIZE}"}


def test_env_file_syntax() -> None:
    text = 'A=1 # note\nB=\'x #y\'\nC="$A-z"\n export D=3\nE=${UNSET}\nF="open\n#G=9\n'
    assert parse_env(text) == {"A": "1", "B": "x #y", "C": "1-z", "D": "3"}
