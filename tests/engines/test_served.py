"""The first release of an engine that serves each catalog architecture (``Engine.served``):
every row names the class, the two releases read and where, every key is a model type the
catalog knows, and the outcome's refusal reads it by the release the deployment pins (none
pinned: no refusal)."""

from __future__ import annotations

import pytest

from toplint.catalog_types import ModelSpec
from toplint.engines.registry import all_engines, get_engine
from toplint.engines.served import table_of
from toplint.engines.versions import version
from toplint.hardware.models import catalog_ids, lookup_model
from toplint.model import Deployment
from toplint.optionkeys import INSTALLS_TRANSFORMERS
from toplint.outcome.refusals import refusals
from toplint.parse.pins import with_pins
from toplint.record import replace

ROWS = [(e.name, key) for e in all_engines() for key in sorted(table_of(e))]


def _catalog_types() -> set[str]:
    found = (lookup_model(i) for i in catalog_ids())
    return {m.model_type for m in found if m is not None and m.model_type}


def test_vllm_and_sglang_have_rows() -> None:
    assert {"vllm", "sglang"} <= {name for name, _ in ROWS}


@pytest.mark.parametrize(("engine", "key"), ROWS, ids=[f"{e}-{k}" for e, k in ROWS])
def test_every_row_cites_where_both_releases_were_read(engine: str, key: str) -> None:
    row = table_of(get_engine(engine))[key]
    assert row.architecture and row.source
    first, before = version(row.first), version(row.last_without)
    assert first is not None and before is not None and before < first
    # the source names both releases it read
    assert row.first in row.source and row.last_without in row.source


# the catalog's most recent families: every engine read has a row for each (SGLang's first wheel
# read, 0.3.0, already registers the older ones: no release before it was read)
RECENT = {
    "vllm": "deepseek_v2 deepseek_v3 deepseek_v32 qwen2_moe qwen3 qwen3_moe qwen3_next qwen3_vl "
    "qwen3_vl_moe llama4 gemma2 gemma3 gemma3_text gpt_oss glm4_moe minimax_m2 mixtral phi3 "
    "kimi_k2 kimi_k25 kimi_k3 molmo2 glm_moe_dsa qwen3_5 qwen3_5_moe gemma4 deepseek_v4",
    "sglang": "deepseek_v3 deepseek_v32 qwen3 qwen3_moe qwen3_next qwen3_vl qwen3_vl_moe llama4 "
    "gemma3 gemma3_text gpt_oss glm4_moe minimax_m2 kimi_k2 kimi_k25 glm_moe_dsa qwen3_5 "
    "qwen3_5_moe gemma4 deepseek_v4 kimi_k3",
}


@pytest.mark.parametrize("engine", sorted(RECENT))
def test_the_recent_catalog_families_have_rows(engine: str) -> None:
    wanted = set(RECENT[engine].split())
    assert wanted <= _catalog_types()
    assert wanted <= set(table_of(get_engine(engine)))


def _dep(engine: str, model: str, image: str = "", pin: str = "") -> Deployment:
    options = {"image": image} if image else {}
    if pin:
        options["engine_release"] = pin  # a package install's pin (parse.pins)
    return Deployment(path="x", line=1, column=1, engine=engine, model=model, tp=1, options=options)


def _model(name: str) -> ModelSpec:
    model = lookup_model(name)
    assert model is not None
    return model


def _architecture(dep: Deployment) -> list[tuple[bool, str]]:
    model = _model(dep.model)
    return [(r.certain, r.message) for r in refusals(dep, model) if r.kind == "architecture"]


def test_qwen3_on_vllm_before_and_from_0_8_4() -> None:
    assert table_of(get_engine("vllm"))["qwen3"].first == "0.8.4"
    [(certain, message)] = _architecture(_dep("vllm", "Qwen/Qwen3-8B", "vllm/vllm-openai:v0.8.3"))
    assert "the pinned vLLM 0.8.3 does not register Qwen3ForCausalLM" in message
    # from 0.7.2 the Transformers fallback may start it: not a certain refusal
    assert not certain and "falls back to the Transformers implementation" in message
    assert _architecture(_dep("vllm", "Qwen/Qwen3-8B", "vllm/vllm-openai:v0.8.4")) == []


def test_before_the_transformers_fallback_a_missing_class_is_a_certain_refusal() -> None:
    # DeepseekV3ForCausalLM from vLLM 0.6.6, the Transformers fallback from 0.7.2
    [(certain, message)] = _architecture(
        _dep("vllm", "deepseek-ai/DeepSeek-V3", "vllm/vllm-openai:v0.6.5")
    )
    assert (
        certain and "refuses to start" in message and "Transformers implementation" not in message
    )
    assert table_of(get_engine("vllm")).fallback_since == "0.7.2"
    assert table_of(get_engine("sglang")).fallback_since == "0.4.7"


def test_no_release_pinned_is_no_refusal() -> None:
    assert _architecture(_dep("vllm", "MiniMaxAI/MiniMax-M2.5")) == []
    assert _architecture(_dep("vllm", "MiniMaxAI/MiniMax-M2.5", "vllm/vllm-openai:latest")) == []


def test_a_release_between_the_two_read_is_a_doubt() -> None:
    # SGLang: read without Qwen3 at 0.4.1.post7, with it at 0.4.5.post3; 0.4.3 was not read
    [(certain, message)] = _architecture(_dep("sglang", "Qwen/Qwen3-8B", pin="0.4.3"))
    assert not certain and "whether the pinned SGLang 0.4.3 does was not read" in message
    [(certain, _)] = _architecture(_dep("sglang", "Qwen/Qwen3-8B", pin="0.4.1"))
    assert certain


def test_an_architecture_without_a_row_is_not_judged() -> None:
    # Step-3.7-Flash's Step3p7FlashForCausalLM is in no vLLM release read (0.1.0 to 0.34.0)
    assert "step3p7" not in table_of(get_engine("vllm"))
    assert (
        _architecture(_dep("vllm", "stepfun-ai/Step-3.7-Flash", "vllm/vllm-openai:v0.13.0")) == []
    )


def test_kimi_k2_is_judged_by_the_class_its_config_names() -> None:
    # Kimi-K2's config.json names DeepseekV3ForCausalLM under its own model_type kimi_k2: the
    # release that registers that class serves it, before the Transformers fallback (0.7.2)
    assert table_of(get_engine("vllm"))["kimi_k2"].architecture == "DeepseekV3ForCausalLM"
    [(certain, message)] = _architecture(
        _dep("vllm", "moonshotai/Kimi-K2", "vllm/vllm-openai:v0.6.0")
    )
    assert certain and "does not register DeepseekV3ForCausalLM" in message
    assert _architecture(_dep("vllm", "moonshotai/Kimi-K2", "vllm/vllm-openai:v0.6.6")) == []


# The rows read in the wheels after v0.13.0: the first release with the class, none before it.
AFTER_0_13 = [
    ("vllm", "Qwen/Qwen3.5-35B-A3B", "0.16.0", "0.17.0"),
    ("vllm", "Qwen/Qwen3.5-27B", "0.16.0", "0.17.0"),
    ("vllm", "zai-org/GLM-5", "0.15.1", "0.16.0"),
    ("vllm", "moonshotai/Kimi-K2.5", "0.14.1", "0.15.0"),
    ("vllm", "google/gemma-4-26B-A4B", "0.18.1", "0.19.0"),
    ("vllm", "deepseek-ai/DeepSeek-V4-Flash", "0.19.1", "0.20.0"),
    ("vllm", "moonshotai/Kimi-K3", "0.26.0", "0.27.0"),
    ("sglang", "Qwen/Qwen3.5-35B-A3B", "0.5.8.post1", "0.5.9"),
    ("sglang", "google/gemma-4-26B-A4B", "0.5.10.post1", "0.5.11"),
    ("sglang", "deepseek-ai/DeepSeek-V4-Flash", "0.5.11", "0.5.12"),
    ("sglang", "moonshotai/Kimi-K3", "0.5.16", "0.5.17"),
]


@pytest.mark.parametrize(("engine", "model", "before", "first"), AFTER_0_13)
def test_the_first_release_after_0_13_that_serves_it(
    engine: str, model: str, before: str, first: str
) -> None:
    row = table_of(get_engine(engine))[_model(model).model_type]
    assert (row.last_without, row.first) == (before, first)
    [(_, message)] = _architecture(_dep(engine, model, pin=before))
    assert f"does not register {row.architecture}" in message
    assert _architecture(_dep(engine, model, pin=first)) == []


def test_a_release_whose_own_transformers_lacks_the_class_refuses_it() -> None:
    # vLLM 0.11.1-0.19.0 require transformers<5; no 4.x release has Qwen3.5's classes, and the
    # checkpoints name no auto_map: the fallback has nothing to start (worker-vllm#279)
    [(certain, message)] = _architecture(
        _dep("vllm", "Qwen/Qwen3.5-27B", "vllm/vllm-openai:v0.16.0")
    )
    assert certain and "require transformers>=4.56.0,<5" in message
    # a file that installs its own transformers may give the fallback the class: a warning
    dep = _dep("vllm", "Qwen/Qwen3.5-27B", "vllm/vllm-openai:v0.16.0")
    dep = replace(dep, options={**dep.options, INSTALLS_TRANSFORMERS: "true"})
    [(certain, message)] = _architecture(dep)
    assert not certain and "falls back to the Transformers implementation" in message
    # from 0.19.1 the requirement admits transformers 5.5.1 and later (not read): a warning
    [(certain, _)] = _architecture(_dep("vllm", "deepseek-ai/DeepSeek-V4-Flash", pin="0.19.1"))
    assert not certain
    # SGLang 0.5.8.post1 requires transformers==4.57.1, which has no Qwen3.5 class either
    [(certain, _)] = _architecture(_dep("sglang", "Qwen/Qwen3.5-27B", pin="0.5.8.post1"))
    assert certain
    # Kimi-K2.5 ships its own modeling code (auto_map): the fallback may load it
    [(certain, _)] = _architecture(_dep("vllm", "moonshotai/Kimi-K2.5", pin="0.14.1"))
    assert not certain


@pytest.mark.parametrize(
    ("line", "marked"),
    [
        ('pip install -U "git+https://github.com/huggingface/transformers.git"', True),
        ("uv pip install --system transformers==4.57.6 vllm==0.16.0", True),
        ("pip install sentence-transformers vllm==0.16.0", False),
        ("pip install vllm==0.16.0 transformers_stream_generator", False),
    ],
)
def test_a_file_that_installs_transformers_is_marked(line: str, marked: bool) -> None:
    dep = _dep("vllm", "Qwen/Qwen3.5-27B")
    [out] = with_pins(f"{line}\nvllm serve Qwen/Qwen3.5-27B\n", [dep])
    assert (INSTALLS_TRANSFORMERS in out.options) is marked
