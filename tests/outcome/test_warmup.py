"""TGI's start-up warm-up: one prefill of its largest batch, with that batch's KV blocks
allocated, is its working memory and must fit (``toplint.outcome.warmup``)."""

from __future__ import annotations

import pytest

from toplint.catalog_types import ModelSpec
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome import warmup
from toplint.outcome.memory import WORKING_GIB, WORKING_LOW_GIB, memory, working_band
from toplint.outcome.profile import NON_TORCH_GIB
from toplint.outcome.types import GIB

LLAMA_70B = "meta-llama/Llama-3.1-70B-Instruct"
LLAMA_8B = "meta-llama/Llama-3.1-8B-Instruct"
MISTRAL = "mistralai/Mistral-7B-Instruct-v0.3"
IMAGE = "ghcr.io/huggingface/text-generation-inference:"


def _model(name: str) -> ModelSpec:
    model = lookup_model(name)
    assert model is not None
    return model


def _dep(name: str = LLAMA_8B, tp: int = 1, release: str = "", **options: str) -> Deployment:
    if release:
        options["image"] = IMAGE + release
    return Deployment(
        path="serve.sh", line=1, column=1, engine="tgi", model=name, tp=tp, options=options
    )


def _one(dep: Deployment, model: ModelSpec) -> warmup.WarmUpNeed:
    found = warmup.needs(dep, model)
    assert found is not None and found.complete and len(found.needs) == 1
    return found.needs[0]


def test_tgi_2_2_gathers_and_log_softmaxes_every_prompt_tokens_logits() -> None:
    # huggingface/text-generation-inference#2301: the default prefill is the input + 50, so two
    # requests, each allowed to grow to the total; 3 copies of the gathered logits (the gather,
    # softmax's contiguous copy, log_softmax's new tensor).
    model = _model(LLAMA_70B)
    dep = _dep(LLAMA_70B, 4, "2.2.0", max_input_length="131072", max_total_tokens="139264")
    need = _one(dep, model)
    assert (need.prefill, need.input, need.requests) == (131122, 131072, 2)
    assert need.kv_tokens == 2 * 139264
    logits = 131122 * model.vocab_size * 2
    assert need.logits == pytest.approx(3 * logits)
    assert (
        need.low
        == need.high
        == pytest.approx(131122 * model.hidden_size * 2 + 3 * logits + NON_TORCH_GIB * GIB)
    )
    low, high = working_band(dep, model, 79.65)
    assert low == high > 90 * GIB
    assert not memory(dep, model, 79.65).weights_fit


def test_one_gpu_takes_two_copies_before_2_4_and_one_in_place_from_it() -> None:
    model = _model(LLAMA_8B)
    options = {"max_input_tokens": "8000", "max_total_tokens": "8192"}
    before = _one(_dep(release="2.3.1", **options), model)
    after = _one(_dep(release="2.4.1", **options), model)
    one = 8050 * model.vocab_size * 2
    assert (before.logits, after.logits) == (pytest.approx(2 * one), pytest.approx(one))
    # sharded from 2.4: in place into the gathered view, directly or through a temporary
    sharded = _one(_dep(tp=2, release="2.4.1", **options), model)
    assert sharded.low < sharded.high


def test_from_3_0_only_each_requests_last_logits_unless_turned_back_on() -> None:
    model = _model(LLAMA_8B)
    options = {"max_batch_prefill_tokens": "32000", "max_total_tokens": "32768"}
    off = _one(_dep(release="3.0.1", **options), model)
    assert (off.requests, off.logit_rows) == (1, 1)
    for on in ({"enable_prefill_logprobs": ""}, {"env.REQUEST_LOGPROBS": "1"}):
        assert _one(_dep(release="3.0.1", **options, **on), model).logit_rows == 32000


def test_the_launchers_defaults_by_release() -> None:
    model = _model(LLAMA_8B)  # 131,072-token context
    v1 = _one(_dep(release="1.4.5"), model)
    assert (v1.prefill, v1.input, v1.requests, v1.total) == (4096, 1024, 4, 2048)
    assert v1.kv_tokens == 4 * 2048
    v10 = _one(_dep(release="1.0.3"), model)  # two new tokens per request up to 1.1.0
    assert v10.kv_tokens == 4096 + 4 * 2
    v09 = _one(_dep(release="0.9.3"), model)  # before 0.9.4: the whole batch's tokens
    assert v09.kv_tokens == 16000 + 10 * 16
    said = warmup.refusal(_dep(release="0.9.3"), warmup.needs(_dep(release="0.9.3"), model))
    assert said.startswith("Not enough memory to handle 16000 total tokens with 4096 prefill")
    later = warmup.refusal(_dep(release="2.2.0"), warmup.needs(_dep(release="2.2.0"), model))
    assert later.startswith("Not enough memory to handle 4145 prefill tokens")
    assert _one(_dep(release="0.9.3", max_batch_total_tokens="8000"), model).kv_tokens == 8160
    v2 = _one(_dep(release="2.2.0"), model)  # the context, at most 4096
    assert (v2.prefill, v2.input, v2.requests, v2.total) == (4145, 4095, 2, 4096)
    # 3.0 chooses the prefill from the GPU: not judged unless written
    found = warmup.needs(_dep(release="3.0.1"), model)
    assert found is not None and not found.complete and found.kv_tokens is None


def test_an_unpinned_release_spans_every_range() -> None:
    model = _model(LLAMA_8B)
    found = warmup.needs(_dep(max_batch_prefill_tokens="16000"), model)
    assert found is not None and found.complete and len(found.needs) == 6
    assert found.low < found.high
    assert found.kv_tokens == min(n.kv_tokens for n in found.needs)
    # 3.0's defaults are not known
    unwritten = warmup.needs(_dep(), model)
    assert unwritten is not None and unwritten.low == 0.0


def test_the_warm_up_is_the_low_end_and_raises_the_high_end_where_it_is_more() -> None:
    # Mistral's 32,768 words: 1.4's default 4,096 prompt tokens' logits are 0.5 GiB (2 copies):
    # the warm-up is below the fixed band's low end (the least vLLM's profile has logged), and
    # TGI's own warm-up is the low end
    model = _model(MISTRAL)
    dep = _dep(MISTRAL, release="1.4.5")
    need = _one(dep, model)
    low, high = working_band(dep, model, 22.0)
    assert (low, high) == (pytest.approx(need.low), WORKING_GIB * GIB)
    assert low < WORKING_LOW_GIB * GIB
    m = memory(dep, model, 22.0)
    assert m.working_from == "" and m.context == 4 * 2048
    # Llama 3's 128,256 words: 2 GiB of logits
    low, high = working_band(_dep(release="1.4.5"), _model(LLAMA_8B), 22.0)
    assert WORKING_LOW_GIB * GIB < low < high == WORKING_GIB * GIB
    # an unpinned release with no prefill written: 3.0's is chosen from the GPU, so the
    # warm-up is not complete and the low end stays the fixed one
    low, _high = working_band(_dep(MISTRAL), model, 22.0)
    assert low == WORKING_LOW_GIB * GIB


def test_an_engine_without_a_warm_up_is_not_judged() -> None:
    vllm = Deployment(path="s.sh", line=1, column=1, engine="vllm", model=LLAMA_8B, tp=1)
    assert warmup.needs(vllm, _model(LLAMA_8B)) is None
    assert warmup.needs(_dep(), None) is None
