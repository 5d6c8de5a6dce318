"""What SGLang keeps outside --mem-fraction-static (``toplint.outcome.outside``), against the
headroom the engine picks its own default with (sgl-project/sglang@031ed82d
python/sglang/srt/arg_groups/memory_hook.py)."""

from __future__ import annotations

import pytest

from toplint.engines.gpuneeds import OutsideReserve
from toplint.engines.registry import get_engine
from toplint.model import Deployment
from toplint.outcome.outside import MIB, headroom, room, symmetric_pool
from toplint.outcome.types import GIB


def _reserve() -> OutsideReserve:
    reserve = get_engine("sglang").memory.outside
    assert reserve is not None
    return reserve


def _sglang(tp: int = 1, **options: str) -> Deployment:
    return Deployment("serve.sh", 1, 1, "sglang", "Qwen/Qwen3-8B", tp=tp, options=dict(options))


def test_an_h100_at_tp_1_keeps_what_sglang_picks_its_default_with() -> None:
    # 80 GiB: chunked prefill 8192, graphs up to 256: 512 + 8192 x 1.5 + 1/8 x 1024 + 256 x 2
    expected = 512 + 8192 * 1.5 + 1024 / 8 + 256 * 2
    assert headroom(_sglang(), _reserve(), 80 * GIB) == pytest.approx(expected * MIB)


def test_a_small_gpu_has_no_floor_and_a_large_one_keeps_at_least_10_gib() -> None:
    # 24 GiB: chunked prefill 2048, graphs up to 24
    small = 512 + 2048 * 1.5 + 1024 / 8 + 24 * 2
    assert headroom(_sglang(), _reserve(), 24 * GIB) == pytest.approx(small * MIB)
    tiny = _sglang(chunked_prefill_size="1024", cuda_graph_max_bs="8")
    assert headroom(tiny, _reserve(), 80 * GIB) == pytest.approx(10 * 1024 * MIB)


def test_a_decode_server_counts_its_running_requests_and_deepep_its_buffers() -> None:
    decode = _sglang(tp=4, disaggregation_mode="decode", cuda_graph_max_bs="256")
    expected = max(512 + 2048 * 1.5 + 4 / 8 * 1024 + 256 * 2, 10 * 1024)
    assert headroom(decode, _reserve(), 184 * GIB) == pytest.approx(expected * MIB)
    deepep = _sglang(tp=4, disaggregation_mode="decode", moe_a2a_backend="deepep")
    assert headroom(deepep, _reserve(), 184 * GIB) == pytest.approx((expected + 2048) * MIB)
    prefill = _sglang(tp=4, disaggregation_mode="prefill", moe_a2a_backend="deepep")
    assert headroom(prefill, _reserve(), 184 * GIB) == pytest.approx(
        max(512 + 16384 * 1.5 + 512, 10 * 1024) * MIB
    )


def test_the_symmetric_memory_pool_is_4_gib_unless_its_variable_says() -> None:
    assert symmetric_pool(_sglang(), _reserve()) == 0
    on = _sglang(enable_symm_mem="true")
    assert symmetric_pool(on, _reserve()) == 4 * GIB
    sized = _sglang(enable_symm_mem="true", **{"env.SGLANG_SYMM_MEM_PREALLOC_GB_SIZE": "2"})
    assert symmetric_pool(sized, _reserve()) == 2 * GIB


def test_max_total_tokens_leaves_the_rest_of_the_fraction_free() -> None:
    assert room(_sglang(), 100 * GIB, 0.95, 60 * GIB, 1024) == pytest.approx(5 * GIB)
    capped = _sglang(max_total_tokens="1024")
    assert room(capped, 100 * GIB, 0.95, 60 * GIB, 1024 * 1024) == pytest.approx(39 * GIB)
