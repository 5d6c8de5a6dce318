"""SGLang's split of the KV pool's memory between a hybrid model's recurrent state and the KV
cache (``toplint.outcome.statesplit``; sgl-project/sglang@001ccef0
python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py ``handle_max_mamba_cache``)."""

from __future__ import annotations

import pytest

from toplint.catalog_types import ModelSpec
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.memory import memory
from toplint.outcome.types import Memory

HYBRID = "Qwen/Qwen3.6-27B"  # 48 Gated DeltaNet + 16 full-attention layers
NANO = "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16"  # 23 Mamba-2 layers, 6 attention
H100 = 79.19  # GiB the driver reports


def _model(name: str) -> ModelSpec:
    model = lookup_model(name)
    assert model is not None
    return model


def _memory(name: str = HYBRID, tp: int = 1, engine: str = "sglang", **options: str) -> Memory:
    dep = Deployment(
        path="launch.sh",
        line=1,
        column=1,
        engine=engine,
        model=name,
        tp=tp,
        options={"mem_fraction_static": "0.85", **options},
    )
    return memory(dep, _model(name), H100, "H100-SXM5-80GB")


def _rest(m: Memory) -> float:
    """SGLang's rest_memory: the fraction of the total less the weights, within what the
    working memory leaves."""
    return min(m.capacity * 0.85 - m.weights, m.capacity - m.weights - m.working)


def test_by_default_the_state_takes_nine_nineteenths_of_the_pool_in_whole_slots() -> None:
    m, model = _memory(), _model(HYBRID)
    slot = 48 * model.state_bytes  # one request's state in each of the 48 linear layers
    slots = int(_rest(m) * 0.9 / 1.9 // slot)
    assert slots > 0
    assert m.kv_tokens == int((_rest(m) - slots * slot) // m.kv_per_token)


def test_the_kv_tokens_are_about_one_in_one_point_nine_of_the_pool_without_the_state() -> None:
    m = _memory()
    without = int(_rest(m) // m.kv_per_token)
    assert without / 1.9 <= m.kv_tokens < without / 1.9 + 48 * _model(HYBRID).state_bytes
    assert m.kv_tokens < 0.55 * without  # toplint used to print ``without``


def test_the_ratio_flag_gives_the_state_another_share() -> None:
    m, model = _memory(mamba_full_memory_ratio="0.5"), _model(HYBRID)
    slot = 48 * model.state_bytes
    slots = int(_rest(m) * 0.5 / 1.5 // slot)
    assert m.kv_tokens == int((_rest(m) - slots * slot) // m.kv_per_token)
    assert m.kv_tokens > _memory().kv_tokens


def test_a_written_cache_size_or_running_requests_without_radix_cache_set_the_slots() -> None:
    slot = 48 * _model(HYBRID).state_bytes
    sized = _memory(max_mamba_cache_size="100")
    assert sized.kv_tokens == int((_rest(sized) - 100 * slot) // sized.kv_per_token)
    running = _memory(disable_radix_cache="true", max_running_requests="64")
    assert running.kv_tokens == int((_rest(running) - 64 * slot) // running.kv_per_token)
    # with the radix cache on, the running requests do not size the state: the ratio does
    assert _memory(max_running_requests="64").kv_tokens == _memory().kv_tokens


def test_tensor_parallel_ranks_each_hold_their_heads_share_of_a_slot() -> None:
    m, model = _memory(tp=2), _model(HYBRID)
    slot = 48 * model.state_bytes / 2
    slots = int(_rest(m) * 0.9 / 1.9 // slot)
    assert m.kv_tokens == int((_rest(m) - slots * slot) // m.kv_per_token)


def test_a_mamba2_stack_s_slot_is_its_23_layers_state() -> None:
    m, model = _memory(NANO), _model(NANO)
    slot = 23 * model.state_bytes
    slots = int(_rest(m) * 0.9 / 1.9 // slot)
    assert m.kv_tokens == int((_rest(m) - slots * slot) // m.kv_per_token)


@pytest.mark.parametrize(
    ("name", "engine"), [("Qwen/Qwen2.5-7B-Instruct", "sglang"), (HYBRID, "vllm")]
)
def test_no_split_without_state_or_in_an_engine_that_pages_it_otherwise(
    name: str, engine: str
) -> None:
    m = _memory(name, engine=engine, gpu_memory_utilization="0.85")
    budget = m.capacity * 0.85 - m.weights
    pool = budget if engine == "sglang" else budget - m.working
    if engine == "sglang":
        pool = min(pool, m.capacity - m.weights - m.working)
    assert m.kv_tokens == int(pool // m.kv_per_token)


# SGLang 0.5.2 and 0.5.3 (the PyPI wheels' sglang/srt/model_executor/model_runner.py): for
# Qwen3-Next (``is_hybrid_gdn``) the radix cache is off and max_mamba_cache_size is
# --max-running-requests or 512, taken out of rest_memory whatever it holds
# (profile_max_num_token); the ratio came with the Mamba radix cache (sgl-project/sglang#11214).
NEXT = "Qwen/Qwen3-Next-80B-A3B-Instruct"  # 36 Gated DeltaNet layers, 12 full-attention
H20 = 96.0


def _next(tp: int = 2, image: str = "", **options: str) -> Memory:
    pins = {"image": f"lmsysorg/sglang:{image}"} if image else {}
    dep = Deployment(
        path="launch.sh",
        line=1,
        column=1,
        engine="sglang",
        model=NEXT,
        tp=tp,
        options={**pins, **options},
    )
    return memory(dep, _model(NEXT), H20, "H20-96GB")


def _slot(tp: int) -> float:
    return 36 * _model(NEXT).state_bytes / tp


def test_before_the_mamba_radix_cache_qwen3_next_takes_512_slots_whatever_the_pool() -> None:
    old, new = _next(tp=4, image="v0.5.3-cu126"), _next(tp=4, image="v0.5.5.post3-cu129")
    assert old.kv_tokens == int((_pool(old) - 512 * _slot(4)) // old.kv_per_token)
    assert new.kv_tokens < old.kv_tokens  # the ratio's share is larger here
    assert "512 recurrent-state slots" in old.state_fixed and not new.state_fixed


def test_512_slots_more_than_the_pool_leave_no_kv_cache_at_tp2_on_h20() -> None:
    m = _next(image="v0.5.2-cu126")  # sgl-project/sglang#10467: "Not enough memory"
    assert 0 < _pool(m) < 512 * _slot(2)
    assert m.kv_tokens == 0 and not m.fits and not m.fits_from
    assert m.refusal == "Not enough memory. Please try to increase --mem-fraction-static."
    assert _next(image="v0.5.5.post3-cu129").fits
    assert not _next(image="v0.5.3-cu126", max_running_requests="128").refusal


def test_unpinned_is_judged_as_those_releases_and_the_later_rule_is_a_doubt() -> None:
    m = _next()
    assert m.kv_tokens == 0 and not m.fits
    assert m.fits_from.startswith("SGLang 0.5.4 and later")


def test_written_running_requests_set_the_fixed_count_with_the_radix_cache_on() -> None:
    m = _next(image="v0.5.3-cu126", max_running_requests="128")
    assert m.fits
    assert m.kv_tokens == int((_pool(m) - 128 * _slot(2)) // m.kv_per_token)


def test_the_fixed_count_is_qwen3_next_s_alone() -> None:
    dep = Deployment(path="launch.sh", line=1, column=1, engine="sglang", model=HYBRID, tp=1)
    assert not memory(dep, _model(HYBRID), H100, "H100-SXM5-80GB").state_fixed


def _pool(m: Memory) -> float:
    """What SGLang sizes its KV and state pools from: the fraction less the weights, within
    what the working memory leaves."""
    fraction = float(m.setting.split()[1])
    return min(m.capacity * fraction - m.weights, m.capacity - m.weights - m.working)
