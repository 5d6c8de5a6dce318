"""vLLM's first release that serves each architecture of the model catalog (``Engine.served``).

vLLM starts a checkpoint through the class its registry maps the config.json ``architectures``
entry to (``vllm/model_executor/models/registry.py``; ``__init__.py``'s ``_MODELS`` and, before
0.3, ``model_loader.py``'s ``_MODEL_REGISTRY`` earlier); a release without it raises "Model
architectures [...] are not supported for now".  Each row was read at the release tags of
vllm-project/vllm (as carried by the li2haipeng/vllm mirror, head 967572dd): the first final
release whose registry has the class, and the final release just before it, which has not.
Releases after v0.13.0 were read in their PyPI wheels (``vllm==X`` as pip downloads it:
vllm/model_executor/models/registry.py, the classes of its ``*_MODELS`` tables less
``_PREVIOUSLY_SUPPORTED_MODELS``, ``_SPECULATIVE_DECODING_MODELS`` and the Transformers
tables): every final release from 0.14.0 to 0.34.0, so a row's ``last_without`` is the
release just before its ``first``.  Keyed by the catalog's
config.json ``model_type`` (``ModelSpec.model_type``); an architecture not here is not judged
(Step-3.7-Flash's Step3p7FlashForCausalLM is in no release read; LlamaForCausalLM, OPT,
GPT-2 and GPT-NeoX are in the first, 0.1.0, so no release is known to lack them).  A class a
later release dropped is the row's ``Retired`` (``_retired``), read the same way: the last
release that registers it, the first that lists it in ``_PREVIOUSLY_SUPPORTED_MODELS``, which
``_raise_for_unsupported`` refuses (after trying the Transformers fallback) with "Model
architecture X was supported in vLLM until vY, and is not supported anymore", Y vLLM's own
(BaichuanForCausalLM is listed "until v0.23.0" from 0.25.0; the 0.24.0 wheel registers it).
"""

from __future__ import annotations

from toplint.engines.served import (
    LACK_IN_TRANSFORMERS_4_57,
    Retired,
    Served,
    ServedTable,
    TransformersBound,
)


def _retired(name: str, last: str, refused_from: str, says: str, source: str = "") -> Retired:
    """vLLM's refusal of a class it served until ``last``, read in both releases' PyPI wheels
    (registry.py; every final release 0.14.0-0.34.0 read), or where ``source`` says."""
    return Retired(
        last,
        refused_from,
        f"'Model architecture {name} was supported in vLLM until v{says}, and is not "
        "supported anymore'",
        source
        or f"PyPI vllm {last} wheel vllm/model_executor/models/registry.py registers it; the "
        f"{refused_from} wheel lists it in _PREVIOUSLY_SUPPORTED_MODELS",
    )


_RW = "RWForCausalLM"
# tiiuae/falcon-7b (RefinedWebModel) and tiiuae/falcon-40b (RefinedWeb) name the same class
_FALCON_SOURCE = (
    "vllm-project/vllm vllm/model_executor/model_loader.py at v0.1.3 (aa84c92e); "
    "not at v0.1.2 (1c395b4e)"
)

_ROWS: dict[str, Served] = {
    "deepseek_v2": Served(
        "DeepseekV2ForCausalLM",
        "0.5.1",
        "0.5.0.post1",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.5.1 (79d406e9); "
        "not at v0.5.0.post1 (50eed24d)",
    ),
    "deepseek_v3": Served(
        "DeepseekV3ForCausalLM",
        "0.6.6",
        "0.6.5",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.6.6 (f49777ba); "
        "not at v0.6.5 (2d1b9baa)",
    ),
    "deepseek_v32": Served(
        "DeepseekV32ForCausalLM",
        "0.11.0",
        "0.10.2",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.11.0 (f71952c1); "
        "not at v0.10.2 (e017120e)",
    ),
    "qwen2_moe": Served(
        "Qwen2MoeForCausalLM",
        "0.4.0",
        "0.3.3",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.4.0 (51c31bc1); "
        "not at v0.3.3 (82091b86)",
    ),
    "qwen3": Served(
        "Qwen3ForCausalLM",
        "0.8.4",
        "0.8.3",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.8.4 (dc1b4a6f); "
        "not at v0.8.3 (296c6572)",
    ),
    "qwen3_moe": Served(
        "Qwen3MoeForCausalLM",
        "0.8.4",
        "0.8.3",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.8.4 (dc1b4a6f); "
        "not at v0.8.3 (296c6572)",
    ),
    "qwen3_next": Served(
        "Qwen3NextForCausalLM",
        "0.10.2",
        "0.10.1.1",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.10.2 (e017120e); "
        "not at v0.10.1.1 (1da94e67)",
    ),
    "qwen3_vl": Served(
        "Qwen3VLForConditionalGeneration",
        "0.11.0",
        "0.10.2",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.11.0 (f71952c1); "
        "not at v0.10.2 (e017120e)",
    ),
    "qwen3_vl_moe": Served(
        "Qwen3VLMoeForConditionalGeneration",
        "0.11.0",
        "0.10.2",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.11.0 (f71952c1); "
        "not at v0.10.2 (e017120e)",
    ),
    "llama4": Served(
        "Llama4ForConditionalGeneration",
        "0.8.3",
        "0.8.2",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.8.3 (296c6572); "
        "not at v0.8.2 (25f560a6)",
    ),
    "gemma2": Served(
        "Gemma2ForCausalLM",
        "0.5.1",
        "0.5.0.post1",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.5.1 (79d406e9); "
        "not at v0.5.0.post1 (50eed24d)",
    ),
    "gemma3": Served(
        "Gemma3ForConditionalGeneration",
        "0.8.0",
        "0.7.3",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.8.0 (966f933e); "
        "not at v0.7.3 (ed6e9075)",
    ),
    "gemma3_text": Served(
        "Gemma3ForCausalLM",
        "0.8.0",
        "0.7.3",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.8.0 (966f933e); "
        "not at v0.7.3 (ed6e9075)",
    ),
    "gpt_oss": Served(
        "GptOssForCausalLM",
        "0.10.1",
        "0.10.0",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.10.1 (aab54987); "
        "not at v0.10.0 (6d8d0a24)",
    ),
    "glm4_moe": Served(
        "Glm4MoeForCausalLM",
        "0.10.0",
        "0.9.2",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.10.0 (6d8d0a24); "
        "not at v0.9.2 (a5dd03c1)",
    ),
    # not a catalog model type: a checkpoint's config.json (or toplint.yaml ``models:``) gives it
    # (MiniMax-M1's: incident case minimaxm1-2)
    "minimax_m1": Served(
        "MiniMaxM1ForCausalLM",
        "0.9.2",
        "0.9.1",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.9.2 (a5dd03c1); "
        "not at v0.9.1 (b6553be1)",
        _retired("MiniMaxM1ForCausalLM", "0.23.0", "0.24.0", "0.23.0"),
    ),
    "minimax_m2": Served(
        "MiniMaxM2ForCausalLM",
        "0.11.1",
        "0.11.0",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.11.1 (43936849); "
        "not at v0.11.0 (f71952c1)",
    ),
    "mixtral": Served(
        "MixtralForCausalLM",
        "0.2.4",
        "0.2.3",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.2.4 (4dd4b5c5); "
        "not at v0.2.3 (0f90effc)",
    ),
    "phi3": Served(
        "Phi3ForCausalLM",
        "0.4.2",
        "0.4.1",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.4.2 (c7f2cf2b); "
        "not at v0.4.1 (468d761b)",
    ),
    "olmo2": Served(
        "Olmo2ForCausalLM",
        "0.6.5",
        "0.6.4.post1",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.6.5 (2d1b9baa); "
        "not at v0.6.4.post1 (a6221a14)",
    ),
    "mimo": Served(
        "MiMoForCausalLM",
        "0.9.0",
        "0.8.5.post1",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.9.0 (dc1440cf); "
        "not at v0.8.5.post1 (3015d563)",
    ),
    "nemotron_h": Served(
        "NemotronHForCausalLM",
        "0.9.1",
        "0.9.0.1",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.9.1 (b6553be1); "
        "not at v0.9.0.1 (5fbbfe9a)",
    ),
    # Kimi-K2's config.json names DeepseekV3ForCausalLM under its own model_type kimi_k2
    "kimi_k2": Served(
        "DeepseekV3ForCausalLM",
        "0.6.6",
        "0.6.5",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.6.6 (f49777ba); "
        "not at v0.6.5 (2d1b9baa)",
    ),
    "kimi_k25": Served(
        "KimiK25ForConditionalGeneration",
        "0.15.0",
        "0.14.1",
        "PyPI vllm==0.15.0 wheel: vllm/model_executor/models/registry.py; not in vllm==0.14.1's",
    ),
    "molmo2": Served(
        "Molmo2ForConditionalGeneration",
        "0.15.0",
        "0.14.1",
        "PyPI vllm==0.15.0 wheel: vllm/model_executor/models/registry.py; not in vllm==0.14.1's",
    ),
    "glm_moe_dsa": Served(
        "GlmMoeDsaForCausalLM",
        "0.16.0",
        "0.15.1",
        "PyPI vllm==0.16.0 wheel: vllm/model_executor/models/registry.py; not in vllm==0.15.1's",
    ),
    "qwen3_5": Served(
        "Qwen3_5ForConditionalGeneration",
        "0.17.0",
        "0.16.0",
        "PyPI vllm==0.17.0 wheel: vllm/model_executor/models/registry.py; not in vllm==0.16.0's",
    ),
    "qwen3_5_moe": Served(
        "Qwen3_5MoeForConditionalGeneration",
        "0.17.0",
        "0.16.0",
        "PyPI vllm==0.17.0 wheel: vllm/model_executor/models/registry.py; not in vllm==0.16.0's",
    ),
    "gemma4": Served(
        "Gemma4ForConditionalGeneration",
        "0.19.0",
        "0.18.1",
        "PyPI vllm==0.19.0 wheel: vllm/model_executor/models/registry.py; not in vllm==0.18.1's",
    ),
    "deepseek_v4": Served(
        "DeepseekV4ForCausalLM",
        "0.20.0",
        "0.19.1",
        "PyPI vllm==0.20.0 wheel: vllm/model_executor/models/registry.py; not in vllm==0.19.1's",
    ),
    "kimi_k3": Served(
        "KimiK3ForConditionalGeneration",
        "0.27.0",
        "0.26.0",
        "PyPI vllm==0.27.0 wheel: vllm/model_executor/models/registry.py; not in vllm==0.26.0's",
    ),
    "RefinedWebModel": Served(
        _RW, "0.1.3", "0.1.2", _FALCON_SOURCE, _retired(_RW, "0.28.0", "0.29.0", "0.28.0")
    ),
    "RefinedWeb": Served(
        _RW, "0.1.3", "0.1.2", _FALCON_SOURCE, _retired(_RW, "0.28.0", "0.29.0", "0.28.0")
    ),
    "qwen": Served(
        "QWenLMHeadModel",
        "0.1.4",
        "0.1.3",
        "vllm-project/vllm vllm/model_executor/model_loader.py at v0.1.4 (791d79de); "
        "not at v0.1.3 (aa84c92e)",
        _retired("QWenLMHeadModel", "0.23.0", "0.24.0", "0.23.0"),
    ),
    # Llama-3.2-Vision: the catalog keys it by its text_config's model_type
    "mllama_text_model": Served(
        "MllamaForConditionalGeneration",
        "0.6.2",
        "0.6.1.post2",
        "vllm-project/vllm vllm/model_executor/models/registry.py at v0.6.2 (7193774b); "
        "not at v0.6.1.post2 (9ba0817f)",
        _retired(
            "MllamaForConditionalGeneration",
            "0.10.2",
            "0.11.0",
            "0.10.2",
            "vllm-project/vllm registry.py at v0.10.2 (e017120e) registers it; v0.11.0 "
            "(f71952c1) lists it in _PREVIOUSLY_SUPPORTED_MODELS (V0's removal)",
        ),
    ),
    "baichuan": Served(
        "BaichuanForCausalLM",
        "0.1.3",
        "0.1.2",
        "vllm-project/vllm vllm/model_executor/model_loader.py at v0.1.3 (aa84c92e); "
        "not at v0.1.2 (1c395b4e)",
        _retired("BaichuanForCausalLM", "0.24.0", "0.25.0", "0.23.0"),
    ),
    "mistral": Served(
        "MistralForCausalLM",
        "0.2.0",
        "0.1.7",
        "vllm-project/vllm vllm/model_executor/model_loader.py at v0.2.0 (e2fb71ec); "
        "not at v0.1.7 (90eb3f43)",
    ),
    "deepseek": Served(
        "DeepseekForCausalLM",
        "0.3.0",
        "0.2.7",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.3.0 (1af090b5); "
        "not at v0.2.7 (2e0b6e77)",
    ),
    "qwen2": Served(
        "Qwen2ForCausalLM",
        "0.3.0",
        "0.2.7",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.3.0 (1af090b5); "
        "not at v0.2.7 (2e0b6e77)",
    ),
    "internlm2": Served(
        "InternLM2ForCausalLM",
        "0.3.1",
        "0.3.0",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.3.1 (5f08050d); "
        "not at v0.3.0 (1af090b5)",
    ),
    "gemma": Served(
        "GemmaForCausalLM",
        "0.3.2",
        "0.3.1",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.3.2 (8fbd84bf); "
        "not at v0.3.1 (5f08050d)",
    ),
    "stablelm": Served(
        "StableLmForCausalLM",
        "0.3.3",
        "0.3.2",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.3.3 (82091b86); "
        "not at v0.3.2 (8fbd84bf)",
    ),
    "starcoder2": Served(
        "Starcoder2ForCausalLM",
        "0.3.3",
        "0.3.2",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.3.3 (82091b86); "
        "not at v0.3.2 (8fbd84bf)",
    ),
    "cohere": Served(
        "CohereForCausalLM",
        "0.4.0",
        "0.3.3",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.4.0 (51c31bc1); "
        "not at v0.3.3 (82091b86)",
    ),
    "phi3_v": Served(
        "Phi3VForCausalLM",
        "0.5.1",
        "0.5.0.post1",
        "vllm-project/vllm vllm/model_executor/models/__init__.py at v0.5.1 (79d406e9); "
        "not at v0.5.0.post1 (50eed24d)",
    ),
}

# v0.7.2 (0408efc6) resolves a class the registry lacks to its Transformers implementation
# (vllm/model_executor/model_loader/utils.py ``resolve_transformers_fallback``, PR #11330);
# v0.7.1 (4f4d427a) has no such fallback.
# v0.11.1 to v0.13.0 (requirements/common.txt at their tags) and the 0.14.0 to 0.19.0 wheels
# (Requires-Dist) require transformers>=4.56.0,<5, whose releases lack the classes of
# ``served.LACK_IN_TRANSFORMERS_4_57``.  From 0.19.1 the requirement admits 5.5.1
# and later.  The fallback takes ``getattr(transformers, architecture)`` or the auto_map's
# class (0.16.0 wheel, registry.py ``_try_resolve_transformers``), so it has none to start.
_BOUNDS = (
    TransformersBound(
        "0.11.1",
        "0.19.0",
        "transformers>=4.56.0,<5",
        LACK_IN_TRANSFORMERS_4_57,
        "vllm-project/vllm requirements/common.txt at v0.11.1 (tag) to v0.13.0, PyPI vllm "
        "0.14.0-0.19.0 wheels' Requires-Dist; PyPI transformers 4.56.0-4.57.6 wheels",
    ),
)

SERVED = ServedTable(
    _ROWS,
    fallback_since="0.7.2",
    source="vllm-project/vllm v0.7.2 (0408efc6) vllm/model_executor/model_loader/utils.py "
    "resolve_transformers_fallback; not at v0.7.1 (4f4d427a)",
    bounds=_BOUNDS,
    refusal="'Model architectures [...] are not supported for now', or through the "
    "Transformers fallback '... is not a registered model'",
)
