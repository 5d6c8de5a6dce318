"""A speculative-decoding draft's memory (``toplint.outcome.drafts``), against the numbers the
engines' sources, logs and model cards give."""

from __future__ import annotations

import json

import pytest

from toplint.catalog_types import ModelSpec
from toplint.cost.types import Workload
from toplint.hardware.catalog import lookup_gpu
from toplint.hardware.models import lookup_model
from toplint.hardware.types import GpuSpec
from toplint.model import Deployment
from toplint.outcome.build import _outcome
from toplint.outcome.drafts import draft
from toplint.outcome.memory import memory
from toplint.outcome.types import GIB
from toplint.outcome.weights import kv_per_token, weight_bytes, weights_per_gpu
from toplint.record import replace

QWEN = "nvidia/Qwen3.6-27B-NVFP4"
MTP = json.dumps({"method": "mtp", "num_speculative_tokens": 3})


def _spec(model_id: str) -> ModelSpec:
    spec = lookup_model(model_id, hf_cache=False)
    assert spec is not None
    return spec


def _gpu(name: str) -> GpuSpec:
    gpu = lookup_gpu(name)
    assert gpu is not None
    return gpu


def _dep(model: str, engine: str = "vllm", tp: int = 1, **options: str) -> Deployment:
    return Deployment(
        path="serve.sh", line=1, column=1, engine=engine, model=model, tp=tp, pp=1, dp=1,
        options=options,
    )  # fmt: skip


def test_the_draft_adds_its_layer_to_the_weights_and_its_kv_to_each_token() -> None:
    spec = _spec(QWEN)
    plain = _dep(QWEN, kv_cache_dtype="fp8")
    with_draft = _dep(QWEN, kv_cache_dtype="fp8", speculative_config=MTP)
    found = draft(with_draft, spec, kv_per_token(spec, with_draft))
    assert found is not None and not found.unjudged
    assert found.weights == pytest.approx(spec.mtp_params * 2.0)  # 16-bit, TP 1
    # one full-attention layer beside the checkpoint's 16: 4 KV heads x 256 x (K, V), FP8
    assert kv_per_token(spec, plain) == 16 * 2 * 4 * 256
    assert found.kv_per_token == 2 * 4 * 256
    before, after = memory(plain, spec, 31.84), memory(with_draft, spec, 31.84)
    assert after.weights - before.weights == pytest.approx(found.weights)
    assert after.kv_per_token == before.kv_per_token + found.kv_per_token
    assert after.kv_tokens < before.kv_tokens


def test_the_draft_s_own_lm_head_is_what_vllm_tried_to_allocate() -> None:
    # vllm-project/vllm#53887 (vLLM 0.27.1, Qwen3.8-27B: vocab 248,320, hidden 5,120, the
    # catalog's Qwen3.6-27B shape): "Tried to allocate 2.37 GiB", the draft's ParallelLMHead,
    # after its embedding of the same size
    spec = _spec(QWEN)
    one = draft(_dep(QWEN, speculative_config=MTP), spec, 0.0)
    two = draft(_dep(QWEN, tp=2, speculative_config=MTP), spec, 0.0)
    assert one is not None and two is not None
    assert one.transient / 2 / GIB == pytest.approx(2.37, abs=0.005)
    assert two.transient == pytest.approx(one.transient / 2)  # split over TP like the target's


def test_deepseek_v3_mtp_layer_splits_like_the_target_s_layers() -> None:
    spec = _spec("deepseek-ai/DeepSeek-V3")
    dep = _dep("deepseek-ai/DeepSeek-V3", tp=8, speculative_config=MTP)
    found = draft(dep, spec, kv_per_token(spec, dep))
    assert found is not None
    # FP8 checkpoint: 1 byte a weight; attention and shared expert over TP 8, experts over 8
    assert found.weights == pytest.approx((spec.mtp_params + spec.mtp_expert_params) / 8)
    # MLA's latent is whole on every rank: one of the 61 layers' 70,272 bytes
    assert found.kv_per_token == pytest.approx(70272 / 61)


@pytest.mark.parametrize(
    "options",
    [
        {"speculative_config": json.dumps({"method": "ngram", "num_speculative_tokens": 4})},
        {"speculative_config.method": "ngram", "speculative_config.num_speculative_tokens": "4"},
        {"speculative_model": "[ngram]", "num_speculative_tokens": "4"},
        {"speculative_config": json.dumps({"method": "suffix"})},
    ],
)
def test_an_ngram_or_suffix_proposer_changes_nothing(options: dict[str, str]) -> None:
    spec = _spec(QWEN)
    found = draft(_dep(QWEN, **options), spec, 1.0)
    assert found is not None and found.weights == 0 and found.kv_per_token == 0
    assert not found.unjudged
    assert memory(_dep(QWEN, **options), spec, 31.84).kv_tokens == (
        memory(_dep(QWEN), spec, 31.84).kv_tokens
    )


def test_a_draft_model_is_its_checkpoint_at_its_own_tp() -> None:
    target, small = "Qwen/Qwen3-32B", "Qwen/Qwen3-0.6B"
    spec, draft_spec = _spec(target), _spec(small)
    config = json.dumps({"model": small, "num_speculative_tokens": 5})  # method: draft_model
    dep = _dep(target, tp=4, speculative_config=config)
    found = draft(dep, spec, 0.0)
    assert found is not None and not found.unjudged
    at_tp = _dep(small, tp=4)
    assert found.weights == pytest.approx(weights_per_gpu(draft_spec, at_tp))
    assert found.kv_per_token == pytest.approx(kv_per_token(draft_spec, at_tp))
    one = json.dumps({"model": small, "num_speculative_tokens": 5, "draft_tensor_parallel_size": 1})
    alone = draft(_dep(target, tp=4, speculative_config=one), spec, 0.0)
    assert alone is not None and "tensor-parallel size of 1" in alone.unjudged


@pytest.mark.parametrize(
    ("engine", "options", "why"),
    [
        ("vllm", {"speculative_config": '{"method": "eagle3", "model": "x/y-eagle3"}'}, "eagle3"),
        ("vllm", {"speculative_config": '{"model": "yuhuili/EAGLE-LLaMA3-Instruct-8B"}'}, "eagle"),
        ("vllm", {"speculative_config": '{"model": "no-such/draft-1b"}'}, "is not known"),
        ("vllm", {"speculative_config": "{method: mtp}"}, "not JSON"),
        ("sglang", {"speculative_algorithm": "EAGLE3"}, "SGLang's draft worker"),
    ],
)
def test_a_draft_toplint_cannot_size_is_not_judged(
    engine: str, options: dict[str, str], why: str
) -> None:
    spec = _spec(QWEN)
    found = draft(_dep(QWEN, engine=engine, **options), spec, 0.0)
    assert found is not None and why in found.unjudged


def test_sglang_ngram_is_judged() -> None:
    found = draft(_dep(QWEN, engine="sglang", speculative_algorithm="NGRAM"), _spec(QWEN), 0.0)
    assert found is not None and not found.unjudged and found.weights == 0


def test_mtp_of_a_checkpoint_without_mtp_layers_is_not_judged() -> None:
    spec = _spec("meta-llama/Llama-3.1-8B-Instruct")
    found = draft(_dep(spec.id, speculative_config=MTP), spec, 0.0)
    assert found is not None and "no MTP layers" in found.unjudged


def test_an_unjudged_draft_leaves_a_fitting_outcome_unjudged_and_a_failing_one_failing() -> None:
    eagle = '{"method": "eagle3", "model": "x/y-eagle3", "num_speculative_tokens": 3}'
    workload = Workload()
    small = _dep(QWEN, speculative_config=eagle, max_model_len="8192", max_num_seqs="4")
    fits = _outcome(small, _spec(QWEN), _gpu("RTX-5090"), None, workload)
    assert fits.memory is None and "eagle3" in fits.memory_unjudged
    dsv3 = _spec("deepseek-ai/DeepSeek-V3")
    big = _dep(dsv3.id, tp=8, speculative_config=eagle)
    fails = _outcome(big, dsv3, _gpu("H100-SXM-80GB"), None, workload)
    assert fails.memory is not None and not fails.memory.fits and not fails.memory_unjudged


def test_a_quantized_mtp_layer_takes_the_layers_width_whatever_the_lm_head_s() -> None:
    # the same checkpoint with its MTP layer quantized like the rest: the layer's bytes per
    # weight are the body's, the 16-bit embedding and the LM head at its own (NVFP4) width aside
    spec = replace(_spec(QWEN), mtp_16bit=False)
    assert spec.lm_head_bytes and spec.lm_head_bytes < 2.0
    dep = _dep(QWEN, speculative_config=MTP)
    found = draft(dep, spec, kv_per_token(spec, dep))
    assert found is not None and not found.unjudged
    table = float(spec.vocab_size * spec.hidden_size)
    tables = 2 * table * 2.0 - table * (2.0 - spec.lm_head_bytes)  # 16-bit embedding + head
    body = (weight_bytes(spec) - tables) / (spec.params_total - 2 * table)
    assert found.weights == pytest.approx(spec.mtp_params * body)
    assert 0.5 < body < 0.7  # NVFP4 with its scales, not dragged down by the head
