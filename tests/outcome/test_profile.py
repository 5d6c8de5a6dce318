"""The high end of the start-up working memory on one GPU is the model's own profile run's
bound where the engine's run has been read (``toplint.outcome.profile``)."""

from __future__ import annotations

import pytest

from toplint.catalog_types import ModelSpec
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome import profile
from toplint.outcome.memory import WORKING_GIB, WORKING_LOW_GIB, working_band
from toplint.outcome.types import GIB

SMALL = "Qwen/Qwen2.5-0.5B-Instruct"


def _model(name: str) -> ModelSpec:
    model = lookup_model(name)
    assert model is not None
    return model


def _dep(name: str = SMALL, tp: int = 1, engine: str = "vllm", **options: str) -> Deployment:
    return Deployment(
        path="serve.sh", line=1, column=1, engine=engine, model=name, tp=tp, options=options
    )


def test_a_small_model_on_one_gpu_bounds_the_high_end_by_its_sampler() -> None:
    # vLLM 0.9.2 below 70 GiB: 2,048 tokens over 256 sequences; the sampler's 256 rows of
    # Qwen2.5's 151,936 logits at 2 + 4 + 29 bytes outweigh the forward pass.
    model = _model(SMALL)
    dep = _dep(image="vllm/vllm-openai:v0.9.2")
    bound = profile.high_end(dep, model, 24.0, model.max_context)
    sampler = 256 * model.vocab_size * (2 + 4 + 29) + 2048 * model.hidden_size * 2
    assert bound == pytest.approx(sampler + profile.NON_TORCH_GIB * GIB)
    low, high = working_band(dep, model, 24.0)
    assert (low, high) == (WORKING_LOW_GIB * GIB, pytest.approx(bound))
    assert high < WORKING_GIB * GIB


def test_fewer_sequences_written_lower_the_bound() -> None:
    model = _model(SMALL)
    default = profile.high_end(_dep(image="vllm/vllm-openai:v0.9.2"), model, 24.0, 32768)
    fewer = profile.high_end(
        _dep(image="vllm/vllm-openai:v0.9.2", max_num_seqs="64"), model, 24.0, 32768
    )
    assert default is not None and fewer is not None and fewer < default


def test_a_release_not_pinned_is_bounded_by_every_release() -> None:
    model = _model(SMALL)
    unpinned = profile.high_end(_dep(), model, 24.0, 32768)
    assert unpinned is not None
    for tag in ("v0.5.4", "v0.6.3", "v0.6.4", "v0.8.0", "v0.9.2", "v0.21.0"):
        pinned = profile.high_end(_dep(image=f"vllm/vllm-openai:{tag}"), model, 24.0, 32768)
        assert pinned is not None and pinned <= unpinned, tag
    # vLLM 0.8.0's 1,024 dummy sequences on every GPU: more than the fixed band's high end
    assert unpinned > WORKING_GIB * GIB
    assert working_band(_dep(), model, 24.0)[1] == WORKING_GIB * GIB


def test_a_release_that_took_the_whole_process_holds_the_cuda_context() -> None:
    model = _model(SMALL)
    # 0.6.3 and 0.6.4 profile the same batch; 0.6.3 took the whole process's memory in use
    before = profile.high_end(_dep(image="vllm/vllm-openai:v0.6.3"), model, 24.0, 1024)
    after = profile.high_end(_dep(image="vllm/vllm-openai:v0.6.4"), model, 24.0, 1024)
    assert before == pytest.approx(after + profile.CONTEXT_GIB * GIB)  # type: ignore[operator]


def test_graphs_are_charged_from_the_release_that_charges_them_unless_eager() -> None:
    model = _model("meta-llama/Llama-3.1-8B-Instruct")
    v20 = profile.high_end(_dep(image="vllm/vllm-openai:v0.20.0"), model, 24.0, 8192)
    v21 = profile.high_end(_dep(image="vllm/vllm-openai:v0.21.0"), model, 24.0, 8192)
    eager = profile.high_end(
        _dep(image="vllm/vllm-openai:v0.21.0", enforce_eager="true"), model, 24.0, 8192
    )
    assert v20 is not None and v21 is not None and v21 > v20 and eager == v20


def test_a_whole_short_context_was_one_batch_before_chunked_prefill() -> None:
    model = _model(SMALL)
    short = profile.high_end(_dep(image="vllm/vllm-openai:v0.6.6"), model, 24.0, 4096)
    whole = profile.high_end(_dep(image="vllm/vllm-openai:v0.6.6"), model, 24.0, 32768)
    chunked = profile.high_end(_dep(image="vllm/vllm-openai:v0.6.6"), model, 24.0, 131072)
    assert short is not None and whole is not None and chunked is not None
    assert whole > short and chunked < whole
    # before 0.5.3 no context was chunked: 131,072 tokens were one batch
    old = profile.high_end(_dep(image="vllm/vllm-openai:v0.5.2"), model, 24.0, 131072)
    assert old is not None and old > whole


def test_across_gpus_the_high_end_stays_the_fixed_one() -> None:
    model = _model("meta-llama/Llama-3.1-8B-Instruct")
    _low, high = working_band(_dep(tp=2, image="vllm/vllm-openai:v0.9.2"), model, 24.0)
    assert high == pytest.approx((WORKING_GIB + 0.342) * GIB)


def test_an_engine_whose_run_was_not_read_keeps_the_fixed_band() -> None:
    model = _model(SMALL)
    assert profile.high_end(_dep(engine="sglang"), model, 24.0, 32768) is None
    assert working_band(_dep(engine="sglang"), model, 24.0) == (
        WORKING_LOW_GIB * GIB,
        WORKING_GIB * GIB,
    )
