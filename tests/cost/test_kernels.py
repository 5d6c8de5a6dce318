"""The engines' own all-reduce kernels: which one runs, read from each engine's source."""

from __future__ import annotations

from toplint.cost.collectives import Fabric
from toplint.cost.kernels import select

MIB = 2**20


def _node(ranks: int = 8) -> Fabric:
    return Fabric("nvlink", 450, ranks, nvls_arch="hopper", arch="hopper")


def test_lmdeploy_cuda_ipc_has_no_size_limit_and_never_falls_back_to_nccl() -> None:
    # lmdeploy@1263d5cd allreduce.cu: Simple pull above 6 MiB, no NCCL path.
    kernel = select("lmdeploy-custom", _node(), 64 * MIB, 9.0)
    assert kernel.custom and kernel.name == "custom two-shot"


def test_lmdeploy_cuda_ipc_is_reduce_scatter_plus_all_gather_even_for_small_messages() -> None:
    assert select("lmdeploy-custom", _node(), 16 * 1024, 9.0).name == "custom two-shot"


def test_lmdeploy_cuda_ipc_runs_any_world_size_up_to_eight() -> None:
    assert select("lmdeploy-custom", _node(3), MIB, 9.0).custom


def test_vllm_custom_all_reduce_still_stops_at_its_hopper_limit() -> None:
    assert not select("vllm-custom", _node(), MIB, 9.0).custom  # 256 KiB at 8 GPUs
