"""The release from which an engine no longer serves a catalog architecture it served
(``Served.retired``): every such row names the two releases read and the engine's words, and the
outcome's refusal reads it by the release the deployment pins (none pinned: no refusal)."""

from __future__ import annotations

import pytest

from toplint.engines.registry import all_engines, get_engine
from toplint.engines.release import Releases, holds_at
from toplint.engines.served import table_of
from toplint.engines.versions import version
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.refusals import refusals

RETIRED = [(e.name, key) for e in all_engines() for key, row in table_of(e).items() if row.retired]


def _retired(
    model: str, image: str = "", pin: str = "", engine: str = "vllm"
) -> list[tuple[bool, str]]:
    options = {"image": image} if image else {}
    if pin:
        options["engine_release"] = pin  # a package install's pin (parse.pins)
    dep = Deployment(path="x", line=1, column=1, engine=engine, model=model, tp=1, options=options)
    spec = lookup_model(model)
    assert spec is not None
    return [(r.certain, r.message) for r in refusals(dep, spec) if r.kind == "retired"]


@pytest.mark.parametrize(("engine", "key"), RETIRED, ids=[f"{e}-{k}" for e, k in RETIRED])
def test_every_retired_row_cites_both_releases_and_the_engines_words(engine: str, key: str) -> None:
    row = table_of(get_engine(engine))[key]
    gone = row.retired
    assert gone is not None and gone.source and row.architecture in gone.says
    first, last, refused = version(row.first), version(gone.last), version(gone.refused_from)
    assert first is not None and last is not None and refused is not None
    assert first <= last < refused
    assert gone.last in gone.source and gone.refused_from in gone.source


def test_the_vllm_rows_read() -> None:
    # registry.py (PyPI wheels from 0.14.0, tags before): the last release whose *_MODELS
    # tables register the class, the first whose _PREVIOUSLY_SUPPORTED_MODELS lists it
    table = table_of(get_engine("vllm"))
    read = {
        key: (row.retired.last, row.retired.refused_from)
        for key, row in table.items()
        if row.retired
    }
    assert read == {
        "minimax_m1": ("0.23.0", "0.24.0"),
        "baichuan": ("0.24.0", "0.25.0"),  # vLLM says "until v0.23.0"; 0.24.0 registers it
        "RefinedWebModel": ("0.28.0", "0.29.0"),
        "RefinedWeb": ("0.28.0", "0.29.0"),
        "qwen": ("0.23.0", "0.24.0"),
        "mllama_text_model": ("0.10.2", "0.11.0"),  # V0's removal
    }


def test_a_release_from_the_removal_is_refused_through_the_fallback_only() -> None:
    [(certain, message)] = _retired("tiiuae/falcon-7b", "vllm/vllm-openai:v0.29.0")
    assert "the pinned vLLM 0.29.0 no longer registers RWForCausalLM" in message
    assert "was supported in vLLM until v0.28.0, and is not supported anymore" in message
    # from 0.7.2 vLLM tries the Transformers implementation first: not a certain refusal
    assert not certain and "falls back to the Transformers implementation" in message
    assert _retired("tiiuae/falcon-7b", "vllm/vllm-openai:v0.28.0") == []


def test_no_release_pinned_is_no_refusal() -> None:
    assert _retired("baichuan-inc/Baichuan2-7B-Chat") == []
    assert _retired("baichuan-inc/Baichuan2-7B-Chat", "vllm/vllm-openai:latest") == []


def test_a_release_between_the_last_read_to_serve_and_the_first_to_refuse_is_a_doubt() -> None:
    # read: 0.28.0 serves RWForCausalLM, 0.29.0 refuses it; a 0.28.5 was not read
    [(certain, message)] = _retired("tiiuae/falcon-40b", pin="0.28.5")
    assert not certain and "whether the pinned vLLM 0.28.5 does was not read" in message
    assert "vLLM 0.29.0 and later no longer register RWForCausalLM" in message


def test_releases_read_since_marks_the_unread_band_before_since() -> None:
    band = Releases(since="0.29.0", read_since="0.28.0")
    assert holds_at("vllm", (0, 28, 5), band).unknown
    assert holds_at("vllm", (0, 29, 0), band).certain
    assert not holds_at("vllm", (0, 28, 0), band).judged
    assert (
        "vLLM 0.28.0 is the last release read without it"
        in holds_at("vllm", (0, 28, 5), band).doubt()
    )


def test_lmdeploy_refuses_starcoder2_from_0_15_0_with_no_fallback() -> None:
    # v0.15.0 REMOVED_MODEL_MAP, patch.py _raise_if_removed_model; v0.14.0's MODULE_MAP has it
    gone = table_of(get_engine("lmdeploy"))["starcoder2"].retired
    assert gone is not None and (gone.last, gone.refused_from) == ("0.14.0", "0.15.0")
    [(certain, message)] = _retired("bigcode/starcoder2-7b", pin="0.15.0", engine="lmdeploy")
    assert certain and "support has been removed from LMDeploy" in message
    assert _retired("bigcode/starcoder2-7b", pin="0.14.0", engine="lmdeploy") == []


def test_lmdeploy_refuses_llama_3_2_vision_once_no_table_maps_it() -> None:
    # MODULE_MAP maps MllamaForConditionalGeneration from v0.6.2 to v0.11.1, none from v0.12.0
    [(certain, message)] = _retired(
        "meta-llama/Llama-3.2-11B-Vision-Instruct", pin="0.12.0", engine="lmdeploy"
    )
    assert certain and "Can not found rewrite for architectures" in message
    model = "meta-llama/Llama-3.2-11B-Vision-Instruct"
    assert _retired(model, pin="0.11.1", engine="lmdeploy") == []
