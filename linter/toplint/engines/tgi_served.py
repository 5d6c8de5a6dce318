"""Text Generation Inference's first release that serves each architecture of the model catalog
(``Engine.served``).

TGI picks its model class by the config.json ``model_type`` (not ``architectures``):
``get_model`` in server/text_generation_server/models/__init__.py compares it with the
``ModelType`` enum's ``type`` (from v2.0) or a literal (``model_type == "llama"``), and a type it
does not name goes to the Transformers implementation the image's ``transformers`` has
(``modeling_auto.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES``, or a checkpoint's ``auto_map`` with
``--trust-remote-code``): ``CausalLM`` on one GPU only - sharded, "sharded is not supported for
AutoModel" - in every release before v3.0.2, which adds ``TransformersFlashCausalLM`` (sharded
through ``tp_plan``, where the class supports flex attention); a type neither knows stops with
"Unsupported model type".  Read at every release tag of huggingface/text-generation-inference
from v0.4.0 to v3.3.7 (releases before v0.4.0 keep ``get_model`` in
server/text_generation/models/__init__.py, not read for rows): a row's ``first`` is the first
tag whose ``get_model`` names the type and ``last_without`` the tag before it, so no release is
unread between them.  Keyed by the catalog's ``model_type``; ``architecture`` is the class the
checkpoint names.  Types no release read names (qwen3, qwen2_moe, gpt_oss, kimi_k2, whose
Kimi-K2 checkpoint says ``kimi_k2`` though its class is DeepSeek-V3's ...) are not judged: TGI
serves them through the fallback where the image's transformers has them.
"""

from __future__ import annotations

from toplint.engines.served import FallbackRefusal, Served, ServedTable

_SRC = "huggingface/text-generation-inference server/text_generation_server/models/__init__.py"

_ROWS: dict[str, Served] = {
    "RefinedWeb": Served(
        "RWForCausalLM",
        "0.8.0",
        "0.7.0",
        f"{_SRC} at v0.8.0 (081b9265): get_model dispatches model_type RefinedWeb; "
        "not at v0.7.0 (d31562f3)",
    ),
    "RefinedWebModel": Served(
        "RWForCausalLM",
        "0.8.0",
        "0.7.0",
        f"{_SRC} at v0.8.0 (081b9265): get_model dispatches model_type RefinedWebModel; "
        "not at v0.7.0 (d31562f3)",
    ),
    "llama": Served(
        "LlamaForCausalLM",
        "0.5.0",
        "0.4.3",
        f"{_SRC} at v0.5.0 (6f0f1d70): get_model dispatches model_type llama; "
        "not at v0.4.3 (fef1a1c3)",
    ),
    "opt": Served(
        "OPTForCausalLM",
        "0.5.0",
        "0.4.3",
        f"{_SRC} at v0.5.0 (6f0f1d70): get_model dispatches model_type opt; "
        "not at v0.4.3 (fef1a1c3)",
    ),
    "baichuan": Served(
        "BaichuanForCausalLM",
        "1.1.0",
        "1.0.3",
        f"{_SRC} at v1.1.0 (7a6fad6a): get_model dispatches model_type baichuan; "
        "not at v1.0.3 (5485c142)",
    ),
    "mistral": Served(
        "MistralForCausalLM",
        "1.1.0",
        "1.0.3",
        f"{_SRC} at v1.1.0 (7a6fad6a): get_model dispatches model_type mistral; "
        "not at v1.0.3 (5485c142)",
    ),
    "mixtral": Served(
        "MixtralForCausalLM",
        "1.3.0",
        "1.2.0",
        f"{_SRC} at v1.3.0 (d0841cc8): get_model dispatches model_type mixtral; "
        "not at v1.2.0 (ccd5725a)",
    ),
    "gemma": Served(
        "GemmaForCausalLM",
        "1.4.2",
        "1.4.1",
        f"{_SRC} at v1.4.2 (9c1cb81c): get_model dispatches model_type gemma; "
        "not at v1.4.1 (4139054b)",
    ),
    "gpt2": Served(
        "GPT2LMHeadModel",
        "1.4.3",
        "1.4.2",
        f"{_SRC} at v1.4.3 (e6bb3ff8): get_model dispatches model_type gpt2; "
        "not at v1.4.2 (9c1cb81c)",
    ),
    "qwen2": Served(
        "Qwen2ForCausalLM",
        "1.4.3",
        "1.4.2",
        f"{_SRC} at v1.4.3 (e6bb3ff8): get_model dispatches model_type qwen2; "
        "not at v1.4.2 (9c1cb81c)",
    ),
    "starcoder2": Served(
        "Starcoder2ForCausalLM",
        "1.4.3",
        "1.4.2",
        f"{_SRC} at v1.4.3 (e6bb3ff8): get_model dispatches model_type starcoder2; "
        "not at v1.4.2 (9c1cb81c)",
    ),
    "cohere": Served(
        "CohereForCausalLM",
        "1.4.4",
        "1.4.3",
        f"{_SRC} at v1.4.4 (6c4496a1): get_model dispatches model_type cohere; "
        "not at v1.4.3 (e6bb3ff8)",
    ),
    "phi3": Served(
        "Phi3ForCausalLM",
        "2.0.2",
        "2.0.1",
        f"{_SRC} at v2.0.2 (6073ece4): get_model dispatches model_type phi3; "
        "not at v2.0.1 (2d0a7173)",
    ),
    "gemma2": Served(
        "Gemma2ForCausalLM",
        "2.1.0",
        "2.0.4",
        f"{_SRC} at v2.1.0 (192d49af): get_model dispatches model_type gemma2; "
        "not at v2.0.4 (8f22cb96)",
    ),
    "deepseek_v2": Served(
        "DeepseekV2ForCausalLM",
        "2.2.0",
        "2.1.1",
        f"{_SRC} at v2.2.0 (db7e043d): get_model dispatches model_type deepseek_v2; "
        "not at v2.1.1 (4dfdb481)",
    ),
    "deepseek_v3": Served(
        "DeepseekV3ForCausalLM",
        "3.1.0",
        "3.0.2",
        f"{_SRC} at v3.1.0 (463228eb): get_model dispatches model_type deepseek_v3; "
        "not at v3.0.2 (b70f29d7)",
    ),
    "gemma3": Served(
        "Gemma3ForConditionalGeneration",
        "3.2.0",
        "3.1.1",
        f"{_SRC} at v3.2.0 (411a2828): get_model dispatches model_type gemma3; "
        "not at v3.1.1 (c34bd9d8)",
    ),
    "gemma3_text": Served(
        "Gemma3ForCausalLM",
        "3.2.0",
        "3.1.1",
        f"{_SRC} at v3.2.0 (411a2828): get_model dispatches model_type gemma3_text; "
        "not at v3.1.1 (c34bd9d8)",
    ),
    "llama4": Served(
        "Llama4ForConditionalGeneration",
        "3.2.2",
        "3.2.1",
        f"{_SRC} at v3.2.2 (c67546fd): get_model dispatches model_type llama4; "
        "not at v3.2.1 (4d28897b)",
    ),
}

# v0.2.0 (20c3c594, the first tag; server/text_generation/models/__init__.py) already starts a
# type get_model does not name as CausalLM on one GPU ("sharded is not supported for
# AutoModel" when sharded); TransformersFlashCausalLM, which shards, is first at v3.0.2
# (b70f29d7), not at v3.0.1 (bb9095aa).  The image's transformers is the one TGI's own
# server/requirements_cuda.txt pins (transformers==4.41.1 at v2.0.4), which is not read here:
# an unsharded fallback is a doubt, not a refusal.  Before the fallback get_model raises for
# some --quantize values (read at the tags: gptq from v0.9.0 (the first read), 4-bit
# bitsandbytes from v1.0.1, awq from v1.1.0, eetq from v1.2.0 (v1.1.0 takes the value and does
# not raise: not judged), exl2 from v2.1.0), in every release to v3.3.7.
_AUTOMODEL = "quantization is not supported for AutoModel"
_REFUSES = (
    FallbackRefusal("quantize", "gptq", "0.9.0", f"gptq {_AUTOMODEL}"),
    FallbackRefusal("quantize", "bitsandbytes-nf4", "1.0.1", f"4bit {_AUTOMODEL}"),
    FallbackRefusal("quantize", "bitsandbytes-fp4", "1.0.1", f"4bit {_AUTOMODEL}"),
    FallbackRefusal("quantize", "awq", "1.1.0", f"awq {_AUTOMODEL}"),
    FallbackRefusal("quantize", "eetq", "1.2.0", f"Eetq {_AUTOMODEL}"),
    FallbackRefusal("quantize", "exl2", "2.1.0", f"exl2 {_AUTOMODEL}"),
)

SERVED = ServedTable(
    _ROWS,
    fallback_since="0.2.0",
    source=f"{_SRC} get_model at v3.0.2 (b70f29d7), CausalLM from v0.2.0 (20c3c594)",
    refusal="'Unsupported model type ...', or sharded 'sharded is not supported for AutoModel'",
    sharded_fallback_since="3.0.2",
    fallback_refuses=_REFUSES,
)
