"""One rule for a behaviour some releases have (``toplint.engines.release.holds``): the release
the deployment pins in the behaviour's range applies, out of it does not, none pinned is
"unknown", judged as applying and said as a doubt naming the releases and the pin that settles
it.  Each release-dependent check that asks it, at a pin in range, out of range and none."""

from __future__ import annotations

import pytest

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.engines.release import Releases, holds
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome import shards, states, statesplit, virtual
from toplint.outcome.precision import precision
from toplint.outcome.refusals import refusals
from toplint.record import replace


def _dep(engine: str, model: str, pin: str = "", tp: int = 1, pp: int = 1) -> Deployment:
    options = {"engine_release": pin} if pin else {}  # a package install's pin (parse.pins)
    return Deployment(
        path="serve.sh",
        line=1,
        column=1,
        engine=engine,
        model=model,
        tp=tp,
        pp=pp,
        options=options,
    )


def _model(name: str) -> ModelSpec:
    model = lookup_model(name)
    assert model is not None
    return model


@pytest.mark.parametrize(
    ("pin", "verdict"),
    [("0.5.3", "applies"), ("0.6.0", "does not apply"), ("", "unknown")],
)
def test_a_pin_in_the_range_applies_out_of_it_does_not_and_none_is_unknown(
    pin: str, verdict: str
) -> None:
    found = holds(_dep("lmdeploy", "facebook/opt-125m", pin), Releases(until="0.6.0"))
    assert found.verdict == verdict
    assert found.judged == (verdict != "does not apply")  # unknown is judged as applying
    assert found.certain == (verdict == "applies")


def test_unknown_names_the_releases_and_the_pin_that_settles_it() -> None:
    found = holds(_dep("lmdeploy", "facebook/opt-125m"), Releases(until="0.6.0"))
    assert found.doubt() == (
        "no LMDeploy release is pinned: judged as LMDeploy before 0.6.0; an image tag "
        "(openmmlab/lmdeploy:<release>) or a pip pin (lmdeploy==<release>) settles it"
    )
    assert found.others() == "LMDeploy 0.6.0 and later"
    pinned = holds(_dep("lmdeploy", "facebook/opt-125m", "0.5.3"), Releases(until="0.6.0"))
    assert pinned.doubt() == "" and pinned.pinned_said() == "LMDeploy 0.5.3"


def test_a_range_with_both_ends() -> None:
    releases = Releases(since="0.5.2", until="0.5.4")
    assert [releases.cover(r) for r in ((0, 5, 1), (0, 5, 2), (0, 5, 3), (0, 5, 4))] == [
        False,
        True,
        True,
        False,
    ]
    found = holds(_dep("sglang", "m"), releases)
    assert found.span() == "SGLang from 0.5.2 until 0.5.4"
    assert found.others() == "SGLang before 0.5.2 or 0.5.4 and later"


@pytest.mark.parametrize(("pin", "kind"), [("0.5.3", "error"), ("0.6.0", None), ("", "warning")])
def test_turbomind_power_of_two_tp(pin: str, kind: str | None) -> None:
    """InternLM/lmdeploy@v0.5.3 lmdeploy/turbomind/turbomind.py "tp should be 2^n", gone from the
    serve path in v0.6.0 (#2434)."""
    found = refusals(_dep("lmdeploy", "facebook/opt-125m", pin, tp=6), None)
    if kind is None:
        assert found == ()
        return
    [refusal] = found
    assert refusal.certain == (kind == "error")
    if kind == "warning":
        assert "no LMDeploy release is pinned: judged as LMDeploy before 0.6.0" in refusal.message
        assert "lmdeploy==<release>" in refusal.message


@pytest.mark.parametrize(("pin", "fixed"), [("0.5.3", True), ("0.5.4", False), ("", True)])
def test_sglang_qwen3_next_fixed_state_slots(pin: str, fixed: bool) -> None:
    model = replace(_model("Qwen/Qwen3.6-27B"), model_type="qwen3_next")
    split = get_engine("sglang").memory.state_split
    assert split is not None
    dep = _dep("sglang", model.id, pin)
    assert statesplit.fixed(dep, model, split) is fixed
    found = statesplit.fixed_holds(dep, model, split)
    assert (found is not None and found.unknown) == (pin == "")


@pytest.mark.parametrize(
    ("pin", "expected"),
    [("0.9.0", (2, "")), ("0.9.1", (1, "")), ("", (2, "vLLM 0.9.1 and later"))],
)
def test_vllm_v0_one_kv_cache_per_pipeline_stage(pin: str, expected: tuple[int, str]) -> None:
    assert virtual.caches(_dep("vllm", "facebook/opt-125m", pin, pp=2)) == expected


@pytest.mark.parametrize(
    ("pin", "expected"), [("0.6.4", ("0.6.5", True)), ("0.6.5", None), ("", ("0.6.5", False))]
)
def test_lmdeploy_kv_heads_divided_before_they_were_replicated(
    pin: str, expected: tuple[str, bool] | None
) -> None:
    model = replace(_model("facebook/opt-125m"), num_kv_heads=2)  # 2 KV heads over TP 4
    dep = _dep("lmdeploy", model.id, pin, tp=4)
    assert shards.kv_replication_release(model, dep, 4) == expected


@pytest.mark.parametrize(("pin", "paged"), [("0.18.0", False), ("0.19.0", True), ("", True)])
def test_vllm_recurrent_state_paging_refusal(pin: str, paged: bool) -> None:
    model = _model("Qwen/Qwen3.6-27B")
    assert (states.paged(_dep("vllm", model.id, pin), model) is not None) is paged


@pytest.mark.parametrize(
    ("pin", "effect", "doubt"),
    [("0.8.4", "refuses", False), ("0.8.5", "degrades", False), ("", "degrades", True)],
)
def test_vllm_bf16_on_a_gpu_without_it(pin: str, effect: str, doubt: bool) -> None:
    model = _model("meta-llama/Llama-3.1-8B")
    gpu = lookup_gpu("V100-SXM2-32GB")
    assert gpu is not None and model.dtype == "bfloat16"
    found = precision(_dep("vllm", model.id, pin), model, gpu)
    assert found is not None and found.effect == effect
    assert ("no vLLM release is pinned: judged as vLLM before 0.8.5" in found.message) is doubt


def test_a_release_in_the_unread_band_is_unknown_and_said_so() -> None:
    # known to hold up to 0.26.0, known not to from 0.28.1: 0.27.0 was not read
    releases = Releases(until="0.28.1", read_until="0.26.0")
    verdicts = [holds(_dep("vllm", "m", pin), releases).verdict for pin in ("0.26.0", "0.27.0")]
    assert verdicts == ["applies", "unknown"]
    assert holds(_dep("vllm", "m", "0.28.1"), releases).verdict == "does not apply"
    doubt = holds(_dep("vllm", "m", "0.27.0"), releases).doubt()
    assert doubt == (
        "vLLM 0.27.0 was not read: vLLM 0.26.0 is the last release read to have it, "
        "0.28.1 the first read without it"
    )


@pytest.mark.parametrize(
    ("pin", "effect"),
    [("0.26.0", "refuses"), ("0.27.0", "degrades"), ("", "degrades"), ("0.28.1", None)],
)
def test_vllm_modelopt_fp8_higher_floor_of_earlier_releases(pin: str, effect: str | None) -> None:
    # Engine.quant_floor_before: 8.9 up to 0.26.0, 8.0 from 0.28.1rc1 (A100: 8.0)
    model = _model("nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8")
    gpu = lookup_gpu("A100-SXM4-80GB")
    assert gpu is not None
    found = precision(_dep("vllm", model.id, pin), model, gpu)
    floor = found is not None and "kernels need compute capability 8.9" in found.message
    assert (found.effect if found is not None and floor else None) == effect
