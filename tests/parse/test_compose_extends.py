"""A compose service that ``extends`` another (compose-spec "extends"), in the shape of
Vercantez/deepseek-v4-flash-mi300x@63912908 compose.tp1x2.yaml: two one-GPU replicas of
compose.yaml's service, each narrowed by ``ROCR_VISIBLE_DEVICES`` (sweep 38 development: no
deployment was read from the file)."""

from __future__ import annotations

from pathlib import Path

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

BASE = """\
services:
  inference:
    image: vllm/vllm-openai-rocm:latest
    ipc: host
    devices:
      - /dev/kfd:/dev/kfd
    environment:
      VLLM_ROCM_USE_AITER: "1"
    command: ["Qwen/Qwen3-8B", "--tensor-parallel-size", "1"]
"""
REPLICAS = """\
services:
  inference-0:
    extends:
      file: compose.yaml
      service: inference
    environment:
      ROCR_VISIBLE_DEVICES: "0"
  inference-1:
    extends:
      file: compose.yaml
      service: inference
    environment:
      - ROCR_VISIBLE_DEVICES=1
    command: ["Qwen/Qwen3-8B", "--tensor-parallel-size", "2"]
"""


def _parse(tmp_path: Path, name: str, text: str) -> list[Deployment]:
    (tmp_path / "compose.yaml").write_text(BASE)
    path = tmp_path / name
    path.write_text(text)
    result = parse_source(Source.from_text(str(path), text), builtin_and_plugin_parsers())
    return list(result.deployments)


def test_a_service_extending_one_of_another_file_is_that_service_with_its_own_keys(
    tmp_path: Path,
) -> None:
    first, second = _parse(tmp_path, "compose.tp1x2.yaml", REPLICAS)
    base = str(tmp_path / "compose.yaml")
    here = str(tmp_path / "compose.tp1x2.yaml")
    assert (first.name, first.model, first.tp, first.gpus_per_node) == (
        "inference-0", "Qwen/Qwen3-8B", 1, 1
    )  # fmt: skip
    assert first.path == here and first.sources["model"].path == base  # inherited, where written
    assert (first.sources["gpus_per_node"].path, first.sources["gpus_per_node"].line) == (here, 7)
    assert first.options["gpus_from"] == "ROCR_VISIBLE_DEVICES"
    assert first.options.get("gpu.vendor") == "amd"  # the base's devices
    # its own command replaces the base's; a list-form entry is merged by its name
    assert (second.tp, second.sources["tp"].path, second.gpus_per_node) == (2, here, 1)
    assert second.options["env.VLLM_ROCM_USE_AITER"] == "1"


def test_a_service_extending_one_of_the_same_file(tmp_path: Path) -> None:
    text = (
        BASE
        + "  replica:\n    extends: inference\n    environment:\n      HIP_VISIBLE_DEVICES: '1'\n"
    )
    deps = _parse(tmp_path, "compose.yaml", text)
    replica = next(d for d in deps if d.name == "replica")
    assert (replica.model, replica.gpus_per_node, replica.options["gpus_from"]) == (
        "Qwen/Qwen3-8B", 1, "HIP_VISIBLE_DEVICES"
    )  # fmt: skip


def test_a_base_that_cannot_be_read_leaves_the_service_as_written(tmp_path: Path) -> None:
    text = REPLICAS.replace("file: compose.yaml", "file: ../elsewhere/compose.yaml")
    assert _parse(tmp_path, "compose.tp1x2.yaml", text) == []  # no image, no engine: as before


OVERRIDE = """\
# docker compose -f compose.yaml -f compose.tp2.yaml up -d inference
services:
  inference:
    environment:
      ROCR_VISIBLE_DEVICES: "0,1"
    command: ["Qwen/Qwen3-8B", "--tensor-parallel-size", "2"]
"""


def test_an_override_file_is_read_over_the_folder_s_compose_file(tmp_path: Path) -> None:
    """Vercantez/deepseek-v4-flash-mi300x@63912908 compose.tp2.yaml (``docker compose -f
    compose.yaml -f compose.tp2.yaml``): a service with no image of its own is the base file's
    service with these keys merged over it ("Merge Compose files")."""
    (dep,) = _parse(tmp_path, "compose.tp2.yaml", OVERRIDE)
    here = str(tmp_path / "compose.tp2.yaml")
    assert (dep.path, dep.tp, dep.gpus_per_node) == (here, 2, 2)
    assert dep.options.get("gpu.vendor") == "amd"  # the base's devices
    assert dep.sources["tp"].path == here


def test_a_service_with_its_own_image_is_no_override(tmp_path: Path) -> None:
    text = OVERRIDE.replace("  inference:\n", "  inference:\n    image: vllm/vllm-openai:latest\n")
    (dep,) = _parse(tmp_path, "compose.tp2.yaml", text)
    assert dep.options.get("gpu.vendor") is None  # not the base's /dev/kfd
