"""TGI's and LMDeploy's first releases that serve each catalog architecture (``Engine.served``,
``toplint.engines.tgi_served`` and ``toplint.engines.lmdeploy_served``), judged by the one
release rule: a pinned release before the first is a refusal where the engine has no fallback
that starts the model, a doubt where it has one."""

from __future__ import annotations

import pytest

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import get_engine
from toplint.engines.served import table_of
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.refusals import refusals
from toplint.record import replace

TGI_IMAGE = "ghcr.io/huggingface/text-generation-inference"


def _dep(engine: str, model: str, image: str = "", tp: int | None = 1) -> Deployment:
    options = {"image": image} if image else {}
    return Deployment(
        path="x", line=1, column=1, engine=engine, model=model, tp=tp, options=options
    )


def _model(name: str) -> ModelSpec:
    model = lookup_model(name)
    assert model is not None
    return model


def _architecture(dep: Deployment) -> list[tuple[bool, str]]:
    model = _model(dep.model)
    return [(r.certain, r.message) for r in refusals(dep, model) if r.kind == "architecture"]


@pytest.mark.parametrize(
    ("engine", "repository"),
    [("tgi", "huggingface/text-generation-inference"), ("lmdeploy", "InternLM/lmdeploy")],
)
def test_each_row_cites_the_engine_repository_at_both_tags(engine: str, repository: str) -> None:
    table = table_of(get_engine(engine))
    assert len(table) >= 15
    for row in table.values():
        assert repository in row.source
        assert f"v{row.first} (" in row.source and f"{row.last_without} (" in row.source


def test_tgi_before_gemma2_refuses_it_sharded_and_doubts_it_on_one_gpu() -> None:
    # get_model names gemma2 from v2.1.0 (192d49af), not at v2.0.4 (8f22cb96); v2.0.4's
    # AutoModel fallback is "sharded is not supported for AutoModel"
    image = f"{TGI_IMAGE}:2.0.4"
    [(certain, message)] = _architecture(_dep("tgi", "google/gemma-2-9b", image, tp=2))
    assert certain and "runs on one GPU only before 3.0.2" in message
    assert "sharded is not supported for AutoModel" in message
    [(certain, message)] = _architecture(_dep("tgi", "google/gemma-2-9b", image, tp=1))
    assert not certain and "falls back to the Transformers implementation" in message
    # the shard count unknown: the fallback may run, a doubt
    [(certain, _)] = _architecture(_dep("tgi", "google/gemma-2-9b", image, tp=None))
    assert not certain
    assert _architecture(_dep("tgi", "google/gemma-2-9b", f"{TGI_IMAGE}:2.1.0", tp=2)) == []


def test_tgi_from_3_0_2_shards_the_transformers_fallback() -> None:
    # deepseek_v3 from v3.1.0; v3.0.2 adds TransformersFlashCausalLM, which shards
    image = f"{TGI_IMAGE}:3.0.2"
    [(certain, _)] = _architecture(_dep("tgi", "deepseek-ai/DeepSeek-V3", image, tp=8))
    assert not certain
    [(certain, _)] = _architecture(_dep("tgi", "deepseek-ai/DeepSeek-V3", f"{TGI_IMAGE}:3.0.1", 8))
    assert certain


def test_tgi_keys_by_model_type_so_kimi_k2_is_not_judged() -> None:
    # Kimi-K2's config.json says model_type kimi_k2, which no get_model read names
    assert "kimi_k2" not in table_of(get_engine("tgi"))
    assert _architecture(_dep("tgi", "moonshotai/Kimi-K2", f"{TGI_IMAGE}:2.0.4", tp=8)) == []


def test_lmdeploy_from_0_6_0_has_no_fallback() -> None:
    # GptOssForCausalLM from v0.10.0 (TurboMind and PyTorch), in no table at v0.9.2.post1
    [(certain, message)] = _architecture(
        _dep("lmdeploy", "openai/gpt-oss-20b", "openmmlab/lmdeploy:v0.9.2", tp=2)
    )
    assert certain and "Can not found rewrite for architectures" in message
    assert _architecture(_dep("lmdeploy", "openai/gpt-oss-20b", "openmmlab/lmdeploy:v0.10.0")) == []


def test_lmdeploy_before_0_6_0_tries_the_transformers_class() -> None:
    # up to v0.5.3 the PyTorch backend loads the installed transformers' class and patches it
    [(certain, message)] = _architecture(
        _dep("lmdeploy", "Qwen/Qwen3-32B", "openmmlab/lmdeploy:v0.4.2", tp=2)
    )
    assert not certain and "falls back to the Transformers implementation" in message


def test_no_pin_is_no_finding() -> None:
    assert _architecture(_dep("lmdeploy", "openai/gpt-oss-20b", "openmmlab/lmdeploy:latest")) == []
    assert _architecture(_dep("tgi", "google/gemma-2-9b", TGI_IMAGE, tp=2)) == []


@pytest.mark.parametrize("engine", ["vllm", "sglang"])
def test_vllm_and_sglang_keep_their_own_words(engine: str) -> None:
    assert "are not supported for now" in table_of(get_engine(engine)).refusal


def test_a_tag_naming_a_release_line_is_judged_at_its_newest_release() -> None:
    # TGI's README at v2.0.4 runs ":2.0", which moves to the line's newest release: phi3 is
    # named from v2.0.2, so ":2.0" serves it; gemma2 only from v2.1.0, so no 2.0 release does
    assert (
        _architecture(_dep("tgi", "microsoft/Phi-3-mini-4k-instruct", f"{TGI_IMAGE}:2.0", 2)) == []
    )
    [(certain, _)] = _architecture(_dep("tgi", "google/gemma-2-9b", f"{TGI_IMAGE}:2.0", tp=2))
    assert certain
    # a release named in full is that release
    [(certain, _)] = _architecture(
        _dep("tgi", "microsoft/Phi-3-mini-4k-instruct", f"{TGI_IMAGE}:2.0.1", tp=2)
    )
    assert certain


def test_a_quantization_the_tgi_fallback_refuses_is_a_refusal() -> None:
    # huggingface/text-generation-inference#1053: Baichuan2 GPTQ on TGI 1.0.3, whose get_model
    # names baichuan only from v1.1.0; its AutoModel path raises "gptq quantization is not
    # supported for AutoModel" (v0.9.0 to v3.3.7)
    dep = _dep("tgi", "csdc-atl/Baichuan2-7B-Chat-GPTQ-Int4", f"{TGI_IMAGE}:1.0.3", tp=1)
    [(certain, _)] = _architecture(dep)
    assert not certain  # without --quantize the fallback may start it
    dep = replace(dep, options={**dep.options, "quantize": "gptq"})
    [(certain, message)] = _architecture(dep)
    assert certain and "gptq quantization is not supported for AutoModel" in message
    # a quantization the fallback takes (bitsandbytes 8-bit) leaves the doubt
    dep = replace(dep, options={**dep.options, "quantize": "bitsandbytes"})
    [(certain, _)] = _architecture(dep)
    assert not certain
