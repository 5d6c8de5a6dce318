"""NCCL_P2P_DISABLE / NCCL_P2P_LEVEL in the deployment's environment: NCCL's collectives cross
host memory, the engines' own IPC all-reduce kernels keep the link (vLLM
all_reduce_utils.py ``gpu_p2p_access_check`` reads no NCCL variable)."""

from __future__ import annotations

from cost_builders import LLAMA_70B, cluster, place, with_options

from toplint.cost.estimate import estimate
from toplint.cost.types import Collective, CostReport, Workload

SEED = Workload(prompt_tokens=4096, decode_batch=1)


def _row(r: CostReport, phase: str, op: str = "all_reduce") -> Collective:
    return next(c for c in r.collectives if (c.phase, c.group, c.op) == (phase, "tp", op))


def test_nccl_prefill_all_reduce_goes_through_host_memory() -> None:
    plain = estimate(place(LLAMA_70B, cluster(), tp=8), SEED)
    off = estimate(
        with_options(place(LLAMA_70B, cluster(), tp=8), **{"env.NCCL_P2P_DISABLE": "1"}), SEED
    )
    before, after = _row(plain, "prefill"), _row(off, "prefill")
    assert before.link == "nvlink" and after.link == "pcie-no-p2p"
    assert after.kernel == "vllm-custom: NCCL"
    assert after.total_ms > 20 * before.total_ms  # 6-8 GB/s against NVLink's hundreds
    assert any("NCCL_P2P_DISABLE=1 sets NCCL's P2P level to LOC" in n for n in off.assumptions)


def test_vllm_custom_all_reduce_keeps_nvlink_for_decode() -> None:
    off = estimate(
        with_options(place(LLAMA_70B, cluster(), tp=8), **{"env.NCCL_P2P_DISABLE": "1"}), SEED
    )
    decode = _row(off, "decode")
    assert decode.kernel == "vllm-custom: custom one-shot" and decode.link == "nvlink"
    assert _row(off, "decode", "gather").link == "pcie-no-p2p"  # NCCL's


def test_nccl_only_engine_loses_the_link_for_decode_too() -> None:
    options = {"env.NCCL_P2P_DISABLE": "1", "disable_custom_all_reduce": "true"}
    off = estimate(with_options(place(LLAMA_70B, cluster(), tp=8), **options), SEED)
    assert _row(off, "decode").link == "pcie-no-p2p"


def test_a_level_every_pair_is_within_changes_nothing() -> None:
    plain = estimate(place(LLAMA_70B, cluster(), tp=8), SEED)
    nvl = estimate(
        with_options(place(LLAMA_70B, cluster(), tp=8), **{"env.NCCL_P2P_LEVEL": "NVL"}), SEED
    )
    assert nvl.prefill_comm_ms == plain.prefill_comm_ms
