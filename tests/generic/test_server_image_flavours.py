"""A server image that runs an engine only in one flavour of its tags (``Image.tag_flavour``):
Triton Inference Server's ``tritonserver:<yy.mm>-trtllm-python-py3`` ships TensorRT-LLM's
backend (triton-inference-server/tensorrtllm_backend@0b9d7d5a README.md, "Launch the
container"), its ``-py3`` and ``-vllm-python-py3`` tags do not.  Open-world set 23
(sriharshapy/NVIDIA_triton-trtllm-prometheus-k8s-@aa33db1e k8s/deployment.yaml and
triton/Dockerfile) ran ``tritonserver`` in the TensorRT-LLM flavour and yielded no deployment
and no finding: nothing said the file was not checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.parse.helpers import parse_text
from toplint.engines.registry import image_engine, tagged_image
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

_TRT = "nvcr.io/nvidia/tritonserver:24.12-trtllm-python-py3"

_POD = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: triton
spec:
  template:
    spec:
      containers:
      - name: triton-server
        image: {image}
        command: ["/bin/bash", "-c", "exec tritonserver --model-repository=/models"]
        resources:
          limits:
            nvidia.com/gpu: 1
"""


def test_only_the_flavoured_tag_names_the_engine() -> None:
    found = tagged_image("nvidia/tritonserver", "25.12-trtllm-python-py3")
    assert found is not None and found[0].name == "trtllm"
    assert tagged_image("myorg/tritonserver", "24.10-trtllm-python-py3") is not None  # a mirror
    for tag in ("25.12-py3", "25.12-vllm-python-py3", "25.12-py3-sdk", ""):
        assert tagged_image("nvidia/tritonserver", tag) is None, tag
    # the repository alone names no engine: every tag but one runs no TensorRT-LLM
    assert image_engine("nvidia/tritonserver") is None


def test_a_pod_running_triton_in_the_trtllm_flavour_is_never_silent() -> None:
    result = parse_text("deployment.yaml", _POD.format(image=_TRT))
    assert not result.deployments
    (note,) = result.findings
    assert (note.rule, note.line, note.column) == (
        "TL008",
        10,
        24,
    )  # at the image, past its registry
    assert "nvidia/tritonserver:24.12-trtllm" in note.message


@pytest.mark.parametrize(
    "image",
    ["nvcr.io/nvidia/tritonserver:24.12-py3", "nvcr.io/nvidia/tritonserver:24.12-vllm-python-py3"],
)
def test_triton_s_other_flavours_name_no_trtllm(image: str) -> None:
    result = parse_text("deployment.yaml", _POD.format(image=image))
    assert not result.deployments and not result.findings


def test_a_dockerfile_on_the_trtllm_flavour_and_a_docker_run_of_it() -> None:
    dockerfile = (
        f"FROM {_TRT}\nCOPY model_repository /models/\n"
        'CMD ["tritonserver", "--model-repository=/models"]\n'
    )
    (note,) = parse_text("Dockerfile", dockerfile).findings
    assert (note.rule, note.line) == ("TL008", 1)
    run = (
        f"docker run --gpus all -v $PWD/m:/models {_TRT} tritonserver --model-repository=/models\n"
    )
    (note,) = parse_text("start_server.sh", run).findings
    assert (note.rule, note.line) == ("TL008", 1)
    plain = 'FROM nvcr.io/nvidia/tritonserver:24.12-py3\nCMD ["tritonserver"]\n'
    assert not parse_text("Dockerfile", plain).findings


_COMPOSE = """services:
  triton:
    build:
      context: .
      dockerfile: Dockerfile
    image: triton-qwen3-8b:latest
    volumes:
      - ./model_repository:/models:ro
"""


@pytest.mark.parametrize(
    ("base", "named"),
    [(_TRT, "trtllm"), ("nvcr.io/nvidia/tritonserver:24.12-py3", None), ("python:3.11-slim", None)],
)
def test_a_compose_service_built_on_an_engine_s_image_is_never_silent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, base: str, named: str | None
) -> None:
    """The service runs its build's CMD, a script that starts ``tritonserver`` (no engine
    command toplint reads); its own ``image:`` names only the build."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / "Dockerfile").write_text(f'FROM {base}\nCMD ["/opt/triton/run.sh"]\n')
    (tmp_path / "compose.yaml").write_text(_COMPOSE)
    source = Source(path="compose.yaml", text=_COMPOSE, name="compose.yaml")
    result = parse_source(source, builtin_and_plugin_parsers())
    assert not result.deployments
    if named is None:
        assert not result.findings
        return
    (note,) = result.findings
    assert (note.rule, note.line, note.column) == ("TL008", 3, 5)
    assert f"builds on the image `{base}` (`Dockerfile`), a build of {named}" in note.message
