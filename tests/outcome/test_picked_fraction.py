"""The --mem-fraction-static SGLang picks when none is written (``toplint.outcome.picked``,
``toplint.engines.sglang_memory``), by release, against the sglang wheels' own formulas
(PyPI sglang 0.4.7, 0.4.8 to 0.5.2, 0.5.3 and 0.5.5.post3 sglang/srt/server_args.py; 0.5.23
sglang/srt/arg_groups/memory_hook.py)."""

from __future__ import annotations

import pytest

from toplint.engines.registry import get_engine
from toplint.model import Deployment
from toplint.outcome.memory import memory_setting
from toplint.outcome.types import GIB


def _sglang(tp: int = 1, pp: int = 1, image: str = "", **options: str) -> Deployment:
    opts = dict(options, **({"image": image} if image else {}))
    return Deployment("serve.sh", 1, 1, "sglang", "org/m", tp=tp, pp=pp, options=opts)


def _image(release: str) -> str:
    return f"lmsysorg/sglang:v{release}"


def test_unpinned_it_is_the_current_rule_on_the_gpu_not_a_fixed_0_9() -> None:
    # 80 GiB = 81920 MiB at TP 1: chunked prefill 8192, graphs up to 256;
    # reserved 512 + 8192 x 1.5 + 1/8 x 1024 + 256 x 2 = 13440 MiB
    fraction, setting = memory_setting(_sglang(), capacity=80 * GIB)
    assert fraction == round((81920 - 13440) / 81920, 3) == 0.836
    assert "--mem-fraction-static 0.836" in setting and "current" in setting


def test_on_a_large_gpu_the_headroom_floor_and_rounding_hold() -> None:
    # 141 GiB (H200) at TP 8: chunked prefill 8192, graphs 512 at TP >= 4;
    # 512 + 12288 + 1024 + 1024 = 14848 MiB, above the 10 GiB floor
    mib = 141 * 1024
    fraction, _ = memory_setting(_sglang(tp=8), capacity=141 * GIB)
    assert fraction == round((mib - 14848) / mib, 3)


@pytest.mark.parametrize(
    ("release", "tp", "expected"),
    [
        ("0.4.8", 4, round((81920 - (9.5 + 4 / 2) * 1024) / 81920, 3)),  # 0.856
        ("0.5.2", 1, round((81920 - (9.5 + 1 / 2) * 1024) / 81920, 3)),  # 0.875
        ("0.4.7", 4, 0.85),  # by ranks on a GPU up to 81920 MiB
        ("0.4.7", 16, 0.79),
        ("0.4.6.post5", 1, 0.88),
    ],
)
def test_a_pinned_release_takes_its_own_rule(release: str, tp: int, expected: float) -> None:
    fraction, setting = memory_setting(_sglang(tp=tp, image=_image(release)), capacity=80 * GIB)
    assert fraction == pytest.approx(expected)
    assert "SGLang 0." in setting


def test_the_tiers_count_a_draft_and_dp_attention() -> None:
    dep = _sglang(
        tp=8,
        image=_image("0.5.0"),
        speculative_algorithm="EAGLE",
        enable_dp_attention="true",
    )
    reserve = (12 + 8 / 2) * 1024 + 2 * 1024 + 4 * 1024  # H200 tier, draft, DP attention
    mib = 141 * 1024
    assert memory_setting(dep, capacity=141 * GIB)[0] == round((mib - reserve) / mib, 3)


def test_before_0_4_8_a_gpu_above_96_gib_keeps_18_gib() -> None:
    mib = 141 * 1024
    grown = 0.88 + 48 * 1024 * (1 - 0.88) / mib
    expected = min(grown, (mib - 18 * 1024) / mib)
    fraction, _ = memory_setting(_sglang(image=_image("0.4.7")), capacity=141 * GIB)
    assert fraction == pytest.approx(expected)
    b200, _ = memory_setting(_sglang(image=_image("0.4.7")), capacity=180 * GIB)
    assert b200 == 0.79


def test_a_written_fraction_and_an_unknown_gpu_are_left_as_they_were() -> None:
    written = _sglang(mem_fraction_static="0.7")
    assert memory_setting(written, capacity=80 * GIB)[0] == 0.7
    acc = get_engine("sglang").memory
    assert memory_setting(_sglang())[0] == acc.default  # no GPU: no pick to compute
