"""A folder trtllm-serve's TensorRT backend serves may be an engine built outside the file: its
sizes are the build's, not the serving command's default of 1 (``toplint.engines.trtllm``
``by_release``), unless the file builds it (``toplint.parse.builtengine``) or writes them."""

from __future__ import annotations

from tests.parse.helpers import only
from tests.parse.test_builtengine import BUILD, CONVERT


def test_a_folder_served_by_the_tensorrt_backend_has_unknown_sizes() -> None:
    dep = only("serve.sh", "trtllm-serve /engines/llama-tp4 --backend tensorrt\n")
    assert (dep.tp, dep.pp) == (None, None)
    assert {u.field for u in dep.unresolved} == {"tp", "pp"}
    assert all(u.variable == "/engines/llama-tp4" for u in dep.unresolved)
    assert "trtllm-build" in dep.unresolved[0].why


def test_before_1_0_the_tensorrt_backend_is_the_default() -> None:
    text = (
        "docker run --gpus all nvcr.io/nvidia/tensorrt-llm/release:0.21.0 "
        "trtllm-serve /engines/llama-tp4/\n"
    )
    assert only("serve.sh", text).tp is None


def test_the_pytorch_backend_serves_a_checkpoint_folder_at_its_written_sizes() -> None:
    # unpinned: a recent release, whose default backend (PyTorch) loads checkpoints, not engines
    assert only("serve.sh", "trtllm-serve /models/Llama-3.1-8B-Instruct\n").tp == 1
    text = "trtllm-serve /engines/llama-tp4 --backend pytorch\n"
    assert only("serve.sh", text).tp == 1
    text = (
        "docker run --gpus all nvcr.io/nvidia/tensorrt-llm/release:1.0.0 "
        "trtllm-serve /models/llama\n"
    )
    assert only("serve.sh", text).tp == 1


def test_written_sizes_and_a_hub_id_are_read_as_written() -> None:
    dep = only("serve.sh", "trtllm-serve /engines/llama-tp4 --backend trt --tp_size 4\n")
    assert (dep.tp, dep.unresolved) == (4, ())
    text = "trtllm-serve meta-llama/Llama-3.1-8B-Instruct --backend tensorrt\n"
    assert only("serve.sh", text).tp == 1


def test_a_folder_the_file_builds_runs_the_build_sizes() -> None:
    text = CONVERT + BUILD + "trtllm-serve /engines/llama-tp4 --backend tensorrt\n"
    dep = only("build.sh", text)
    assert (dep.tp, dep.pp, dep.unresolved) == (4, 2, ())
