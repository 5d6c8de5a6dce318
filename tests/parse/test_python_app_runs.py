"""A Dockerfile or a script that runs a Python file of the repository reads the engine it builds
there (``toplint.parse.generic.pychain``), whether an interpreter runs it (``python serve.py``)
or a serving CLI imports it (BentoML's ``bentoml serve service:VLLM`` imports ``service`` from
its working directory), in the shape of DCC-BS/bentoml-vllm-llm@ba9fc970 Dockerfile: ``ADD .
/app``, ``WORKDIR /app``, ``ENTRYPOINT uv run bentoml serve service:VLLM -p 50001`` (open-world
set 17 development: read as nothing)."""

from __future__ import annotations

from pathlib import Path

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

SERVICE = """\
import bentoml
from vllm import AsyncEngineArgs

@bentoml.service(name="llm")
class VLLM:
    def __init__(self) -> None:
        self.args = AsyncEngineArgs(model="org/m", tensor_parallel_size=2)
"""
DOCKERFILE = """\
FROM nvidia/cuda:12.6.3-cudnn-runtime-ubuntu22.04
ADD . /app
WORKDIR /app
ENTRYPOINT uv run bentoml serve service:VLLM -p 50001
"""


def _parse(tmp_path: Path, name: str, text: str) -> list[Deployment]:
    (tmp_path / "service.py").write_text(SERVICE)
    path = tmp_path / name
    path.write_text(text)
    found = parse_source(Source.from_text(str(path), text), builtin_and_plugin_parsers())
    return list(found.deployments)


def test_a_dockerfile_serving_a_bentoml_service_of_its_context_reads_it(tmp_path: Path) -> None:
    (dep,) = _parse(tmp_path, "Dockerfile", DOCKERFILE)
    assert (dep.engine, dep.model, dep.tp, dep.line) == ("vllm", "org/m", 2, 4)
    assert dep.sources["tp"].path.endswith("service.py")


def test_a_dockerfile_running_a_python_file_it_copies_reads_it(tmp_path: Path) -> None:
    text = DOCKERFILE.replace("ADD . /app", "COPY service.py /srv/").replace("/app", "/srv")
    text = text.replace("uv run bentoml serve service:VLLM -p 50001", '["python3", "service.py"]')
    (dep,) = _parse(tmp_path, "Dockerfile", text)
    assert (dep.engine, dep.tp) == ("vllm", 2)


def test_a_file_no_copy_puts_in_the_image_is_not_read(tmp_path: Path) -> None:
    text = DOCKERFILE.replace("ADD . /app\n", "").replace("WORKDIR /app", "WORKDIR /opt")
    text = text.replace("service:VLLM", "/opt/other/service:VLLM")
    assert _parse(tmp_path, "Dockerfile", text) == []


def test_a_script_that_serves_a_bentoml_service_reads_it(tmp_path: Path) -> None:
    (dep,) = _parse(tmp_path, "serve.sh", "#!/bin/bash\nbentoml serve service:VLLM --port 3000\n")
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)


def test_a_compose_service_building_that_image_reads_it_with_its_gpus(tmp_path: Path) -> None:
    """DCC-BS/bentoml-vllm-llm@ba9fc970 compose.yaml: ``build: {context: ., dockerfile:
    Dockerfile}`` and an nvidia device reservation of ``device_ids: ['1']``."""
    (tmp_path / "Dockerfile").write_text(DOCKERFILE)
    compose = (
        "services:\n  llm:\n    build:\n      context: .\n      dockerfile: Dockerfile\n"
        "    deploy:\n      resources:\n        reservations:\n          devices:\n"
        "            - driver: nvidia\n              device_ids: ['1']\n"
        "              capabilities: [gpu]\n"
    )
    (dep,) = _parse(tmp_path, "compose.yaml", compose)
    assert (dep.engine, dep.tp, dep.gpus, dep.nodes, dep.line) == ("vllm", 2, 1, 1, 3)
    assert dep.path.endswith("compose.yaml") and dep.name == "llm"
