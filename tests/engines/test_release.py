"""Vocabularies record the release they were read from; a newer image makes TL005 info."""

from __future__ import annotations

import pytest

from tests.parse.helpers import parse_text
from toplint.engines.registry import all_engines, get_spec
from toplint.engines.release import image_tag, newer_image, pinned, version
from toplint.model import Deployment, Severity


def test_version_reads_tags_as_written() -> None:
    assert version("v0.9.2-cu12") == (0, 9, 2)
    assert version("3.3") == (3, 3, 0)


@pytest.mark.parametrize("tag", ["latest", "nightly", "sha-1234abc", ""])
def test_tags_without_a_release_are_not_versions(tag: str) -> None:
    assert version(tag) is None


def test_image_tag_ignores_the_registry_port_and_digest() -> None:
    assert image_tag("localhost:5000/vllm/vllm-openai:v0.20.0@sha256:abc") == "v0.20.0"
    assert image_tag("vllm/vllm-openai") == ""


def test_every_engine_vocabulary_records_a_release_or_says_none() -> None:
    for engine in all_engines():
        release = engine.cli.release
        assert release == "" or version(release) is not None, engine.name


def test_newer_image_of_the_same_engine() -> None:
    assert newer_image(get_spec("vllm"), "vllm/vllm-openai:v99.0.0") == "v99.0.0"


def test_older_image_is_not_newer() -> None:
    assert newer_image(get_spec("vllm"), "vllm/vllm-openai:v0.6.0") is None


def test_another_engines_image_says_nothing_about_the_release() -> None:
    assert newer_image(get_spec("vllm"), "openmmlab/lmdeploy:v99.0.0") is None


def _pod(image: str, args: str) -> str:
    return f"""\
apiVersion: v1
kind: Pod
metadata: {{name: p}}
spec:
  containers:
    - name: c
      image: {image}
      args: [{args}]
"""


def _tl005(text: str) -> list[Severity]:
    return [f.severity for f in parse_text("p.yaml", text).findings if f.rule == "TL005"]


def test_unknown_flag_on_a_newer_image_is_info() -> None:
    text = _pod("vllm/vllm-openai:v99.1.0", "m, --tensor-parallel-size, '2', --brand-new-flag")
    assert _tl005(text) == [Severity.INFO]


def test_unknown_flag_on_an_image_of_the_vocabulary_release_is_a_warning() -> None:
    text = _pod("vllm/vllm-openai:v0.8.0", "m, --brand-new-flag")
    assert _tl005(text) == [Severity.WARNING]


def test_unknown_flag_on_latest_stays_a_warning() -> None:
    assert _tl005(_pod("vllm/vllm-openai:latest", "m, --brand-new-flag")) == [Severity.WARNING]


def test_info_message_names_the_vocabulary_release() -> None:
    text = _pod("vllm/vllm-openai:v99.1.0", "m, --brand-new-flag")
    (finding,) = [f for f in parse_text("p.yaml", text).findings if f.rule == "TL005"]
    assert f"toplint's vllm {get_spec('vllm').release} vocabulary" in finding.message


def test_compose_image_release_applies_to_its_command() -> None:
    text = (
        "services:\n  lm:\n    image: openmmlab/lmdeploy:v99.0.0\n"
        "    command: lmdeploy serve api_server m --tp 2 --brand-new-flag\n"
    )
    assert _tl005(text) == [Severity.INFO]


def test_docker_run_image_release_applies() -> None:
    text = "docker run --gpus all vllm/vllm-openai:v99.0.0 m --brand-new-flag\n"
    assert [f.severity for f in parse_text("run.sh", text).findings] == [Severity.INFO]


def test_unknown_config_file_key_on_a_newer_image_is_info() -> None:
    text = """\
apiVersion: v1
kind: ConfigMap
metadata: {name: cfg}
data:
  vllm.yaml: |
    tensor-parallel-size: 2
    brand-new-key: 1
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  volumes:
    - {name: cfg, configMap: {name: cfg}}
  containers:
    - name: c
      image: vllm/vllm-openai:v99.0.0
      args: [m, --config, /cfg/vllm.yaml]
      volumeMounts:
        - {name: cfg, mountPath: /cfg}
"""
    assert _tl005(text) == [Severity.INFO]


def test_unknown_config_file_key_beside_a_script_without_image_is_a_warning() -> None:
    from toplint.parse.enginecfg import config_flags

    _, findings = config_flags(get_spec("vllm"), "c.yaml", "brand-new-key: 1\n")
    assert [f.severity for f in findings] == [Severity.WARNING]


def test_a_flag_an_earlier_release_accepted_is_known() -> None:
    # vLLM's --enable-reasoning (store_true until its deprecation in 0.9.0, vllm-project/vllm#17452)
    # as vllm-project/vllm#14452 serves QwQ-32B with it on 0.8.5
    text = _pod("vllm/vllm-openai:v0.8.5", "m, --enable-reasoning, --reasoning-parser, deepseek_r1")
    assert _tl005(text) == []
    assert _tl005(_pod("vllm/vllm-openai:v0.8.5", "m, --enable-reasonings")) == [Severity.WARNING]


def _dep(engine: str, image: str) -> Deployment:
    return Deployment(
        path="x", line=1, column=1, engine=engine, model="m", options={"image": image}
    )


@pytest.mark.parametrize(
    ("engine", "image", "release"),
    [
        ("vllm", "vllm/vllm-openai:v0.9.2", (0, 9, 2)),
        ("vllm", "registry.example.com:5000/mirror/vllm-openai:v0.6.3", (0, 6, 3)),
        ("sglang", "lmsysorg/sglang:v0.4.6.post1-cu124", (0, 4, 6)),
        ("tgi", "ghcr.io/huggingface/text-generation-inference:3.0.1", (3, 0, 1)),
        ("vllm", "vllm/vllm-openai:latest", None),
        ("vllm", "vllm/vllm-openai", None),
        # a base image's tag is not the engine's release (it had been read as vLLM 12.4.1)
        ("vllm", "nvidia/cuda:12.4.1-devel-ubuntu22.04", None),
        ("vllm", "pytorch/pytorch:2.4.0-cuda12.1-cudnn9-runtime", None),
        # another engine's image, and images tagged with another project's release
        ("vllm", "lmsysorg/sglang:v0.4.6", None),
        ("vllm", "kserve/huggingfaceserver:v0.15.0", None),
        (
            "tgi",
            "763104351884.dkr.ecr.us-east-1.amazonaws.com/huggingface-pytorch-tgi-inference:2.1.1-tgi2.0.0-gpu-py310-cu121-ubuntu22.04",
            None,
        ),
    ],
)
def test_a_release_is_pinned_only_by_the_engines_own_image(
    engine: str, image: str, release: tuple[int, int, int] | None
) -> None:
    assert pinned(_dep(engine, image)) == release


def test_a_tag_that_is_not_the_engines_release_is_never_newer() -> None:
    # KServe's huggingfaceserver runs vLLM but is tagged with KServe's release; a base image's
    # tag is no release at all: neither makes an unknown option TL005 info
    assert newer_image(get_spec("vllm"), "kserve/huggingfaceserver:v99.0.0") is None
    assert newer_image(get_spec("vllm"), "nvidia/cuda:99.0.0-devel") is None
