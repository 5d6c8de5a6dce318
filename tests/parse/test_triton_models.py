"""Triton Inference Server's vLLM backend (``toplint.parse.structured.triton``): a model
whose ``config.pbtxt`` says ``backend: "vllm"`` starts vLLM with the engine arguments of its
version folder's ``model.json``.  Before, the model repository was no deployment and no
finding: ``model.json`` names no engine, only vLLM's engine arguments.

The files are triton-inference-server/vllm_backend's sample
(samples/model_repository/vllm_model/config.pbtxt@1e27105f, 1/model.json@277d5767; licence
header cut), with a layout added where a test needs one; what the backend does with them is its
src/model.py@00ea75bc (``_init_engine_args``, ``_validate_device_config``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

CONFIG = """name: "vllm_model"
backend: "vllm"

# Disabling batching in Triton, let vLLM handle the batching on its own.
max_batch_size: 0

model_transaction_policy {
  decoupled: True
}

# The usage of device is deferred to the vLLM engine
instance_group [
  {
    count: 1
    kind: KIND_MODEL
  }
]
"""

MODEL = """{
    "model":"facebook/opt-125m",
    "disable_log_requests": true,
    "gpu_memory_utilization": 0.5,
    "enforce_eager": true,
    "disable_log_stats": false
}
"""


def _read(root: Path, model: str = MODEL, config: str | None = CONFIG):  # type: ignore[no-untyped-def]
    (root / ".git").mkdir(exist_ok=True)  # the repository the model repository is in
    folder = root / "model_repository" / "vllm_model"
    (folder / "1").mkdir(parents=True)
    if config is not None:
        (folder / "config.pbtxt").write_text(config)
    path = folder / "1" / "model.json"
    path.write_text(model)
    return parse_source(Source.from_text(str(path), model), builtin_and_plugin_parsers())


def test_the_backends_engine_arguments_are_a_vllm_deployment(tmp_path: Path) -> None:
    (dep,) = _read(tmp_path).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "facebook/opt-125m", 1)
    assert dep.options["gpu_memory_utilization"] == "0.5"
    assert dep.sources["model"].line == 2  # at the key, in model.json


def test_a_layout_in_model_json(tmp_path: Path) -> None:
    model = MODEL.replace(
        '"facebook/opt-125m",',
        '"meta-llama/Llama-3.1-70B-Instruct",\n    "tensor_parallel_size": 4,',
    )
    (dep,) = _read(tmp_path, model).deployments
    assert dep.tp == 4
    assert dep.sources["tp"].line == 3


def test_gpu_device_ids_are_the_gpus_a_kind_model_instance_sees(tmp_path: Path) -> None:
    config = CONFIG + 'parameters: { key: "GPU_DEVICE_IDS" value: { string_value: "2,3" } }\n'
    model = MODEL.replace(
        '"model":"facebook/opt-125m",',
        '"model":"facebook/opt-125m",\n    "tensor_parallel_size": 2,',
    )
    (dep,) = _read(tmp_path, model, config).deployments
    assert dep.gpus_per_node == 2
    assert dep.sources["gpus_per_node"].path.endswith("config.pbtxt")


def test_a_kind_gpu_instance_for_a_model_on_two_gpus_is_recorded(tmp_path: Path) -> None:
    # the backend refuses it at load ("KIND_GPU is currently for single-GPU models"): TL213
    config = CONFIG.replace("KIND_MODEL", "KIND_GPU")
    model = MODEL.replace(
        '"model":"facebook/opt-125m",',
        '"model":"facebook/opt-125m",\n    "tensor_parallel_size": 2,',
    )
    (dep,) = _read(tmp_path, model, config).deployments
    assert dep.options["triton.instance_kind"] == "KIND_GPU"
    at = dep.sources["triton.instance_kind"]
    assert (Path(at.path).name, at.line) == ("config.pbtxt", 15)
    assert dep.gpus_per_node is None  # not a GPU count: the instance kind is what is wrong


@pytest.mark.parametrize("config", [None, CONFIG.replace('"vllm"', '"python"')])
def test_another_backend_or_no_config_is_not_this_reader(
    tmp_path: Path, config: str | None
) -> None:
    result = _read(tmp_path, config=config)
    assert all(d.source_kind != "triton" for d in result.deployments)
