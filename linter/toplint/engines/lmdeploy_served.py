"""LMDeploy's first release that serves each architecture of the model catalog
(``Engine.served``).

LMDeploy runs a checkpoint on TurboMind when its config.json ``architectures[0]`` is in
lmdeploy/turbomind/supported_models.py ``SUPPORTED_ARCHS``, else on its PyTorch backend
(lmdeploy/archs.py ``autoget_backend``: "Fallback to pytorch engine because ... not supported
by turbomind engine"), which from v0.6.0 builds only the classes of
lmdeploy/pytorch/models/module_map.py ``MODULE_MAP`` ("Can not found rewrite for
architectures", lmdeploy/pytorch/models/patch.py ``_get_model_class``); before v0.6.0 it
loaded the class the installed transformers has and patched what it knew ("Try to run with
pytorch engine because ... is not explicitly supported by lmdeploy", model_agent.py
``_build_model``), a fallback.  A row's ``first`` is the first release whose tables (TurboMind
``SUPPORTED_ARCHS``, PyTorch ``_SUPPORTED_ARCHS`` entries set True, ``MODULE_MAP``) name the
class, read at every final release tag of InternLM/lmdeploy from v0.2.5 (the first with
TurboMind's table) to v0.16.0, and the 0.6.5 tag; ``last_without`` is the release before it.
A release that names the class on one backend only is counted as serving it: an explicit
``--backend`` is not judged here.  Classes no release read names (MiniMaxM2ForCausalLM,
Olmo2ForCausalLM, NemotronHForCausalLM, Gemma4ForConditionalGeneration ...) are not judged.  A
class a later release removed is the row's ``Retired``: v0.15.0 moved Starcoder2ForCausalLM
(Baichuan and Qwen-7B's QWenLMHeadModel too, which have no row: v0.2.5's tables, the first
read, already name them) from ``MODULE_MAP`` to ``REMOVED_MODEL_MAP``, which patch.py
``_raise_if_removed_model`` refuses; v0.14.0 serves it, and no final release is between.
MllamaForConditionalGeneration left every table at v0.12.0 (v0.11.1 the last to map it).
"""

from __future__ import annotations

from toplint.engines.served import Retired, Served, ServedTable

_TURBOMIND = "InternLM/lmdeploy lmdeploy/turbomind/supported_models.py SUPPORTED_ARCHS"
_PYTORCH = "InternLM/lmdeploy lmdeploy/pytorch/supported_models.py _SUPPORTED_ARCHS"
_MODULE_MAP = "InternLM/lmdeploy lmdeploy/pytorch/models/module_map.py MODULE_MAP"

_ROWS: dict[str, Served] = {
    "qwen2_moe": Served(
        "Qwen2MoeForCausalLM",
        "0.3.0",
        "0.2.6",
        f"{_PYTORCH} at v0.3.0 (4822fbad); in no table at v0.2.6 (b69e7176)",
    ),
    "starcoder2": Served(
        "Starcoder2ForCausalLM",
        "0.4.1",
        "0.4.0",
        f"{_PYTORCH} at v0.4.1 (14e99539); in no table at v0.4.0 (04ba0ff7)",
        Retired(
            "0.14.0",
            "0.15.0",
            "'StarCoder2 (Starcoder2ForCausalLM) support has been removed from LMDeploy. Please "
            "use an older LMDeploy release or migrate to a newer supported model family.'",
            f"{_MODULE_MAP} at v0.14.0 (5d4fac9f); REMOVED_MODEL_MAP at v0.15.0 (f4b8140b), "
            "lmdeploy/pytorch/models/patch.py _raise_if_removed_model",
        ),
    ),
    "deepseek_v2": Served(
        "DeepseekV2ForCausalLM",
        "0.5.0",
        "0.4.2",
        f"{_PYTORCH} at v0.5.0 (4cb38540); in no table at v0.4.2 (54b7230b)",
    ),
    "gemma2": Served(
        "Gemma2ForCausalLM",
        "0.5.1",
        "0.5.0",
        f"{_PYTORCH} at v0.5.1 (9cdce39e); in no table at v0.5.0 (4cb38540)",
    ),
    "phi3": Served(
        "Phi3ForCausalLM",
        "0.6.0",
        "0.5.3",
        f"{_MODULE_MAP} at v0.6.0 (e2aa4bd7); in no table at v0.5.3 (a129a140)",
    ),
    "phi3_v": Served(
        "Phi3VForCausalLM",
        "0.6.0",
        "0.5.3",
        f"{_MODULE_MAP} at v0.6.0 (e2aa4bd7); in no table at v0.5.3 (a129a140)",
    ),
    "deepseek_v3": Served(
        "DeepseekV3ForCausalLM",
        "0.7.0",
        "0.6.5",
        f"{_MODULE_MAP} at v0.7.0 (9fcb3b10); in no table at 0.6.5 (af0fcf21)",
    ),
    "kimi_k2": Served(
        "DeepseekV3ForCausalLM",
        "0.7.0",
        "0.6.5",
        f"{_MODULE_MAP} at v0.7.0 (9fcb3b10); in no table at 0.6.5 (af0fcf21)",
    ),
    "gemma3": Served(
        "Gemma3ForConditionalGeneration",
        "0.7.2",
        "0.7.1",
        f"{_MODULE_MAP} at v0.7.2 (6f1277ea); in no table at v0.7.1 (c4d5bd97)",
    ),
    "gemma3_text": Served(
        "Gemma3ForCausalLM",
        "0.7.2",
        "0.7.1",
        f"{_MODULE_MAP} at v0.7.2 (6f1277ea); in no table at v0.7.1 (c4d5bd97)",
    ),
    "qwen3": Served(
        "Qwen3ForCausalLM",
        "0.7.3",
        "0.7.2.post1",
        f"{_TURBOMIND} at v0.7.3 (231a3236); in no table at v0.7.2.post1 (81c815e4)",
    ),
    "qwen3_moe": Served(
        "Qwen3MoeForCausalLM",
        "0.7.3",
        "0.7.2.post1",
        f"{_TURBOMIND} at v0.7.3 (231a3236); in no table at v0.7.2.post1 (81c815e4)",
    ),
    "llama4": Served(
        "Llama4ForConditionalGeneration",
        "0.7.3",
        "0.7.2.post1",
        f"{_MODULE_MAP} at v0.7.3 (231a3236); in no table at v0.7.2.post1 (81c815e4)",
    ),
    "gpt_oss": Served(
        "GptOssForCausalLM",
        "0.10.0",
        "0.9.2.post1",
        f"{_TURBOMIND} at v0.10.0 (11b9726d); in no table at v0.9.2.post1 (ca83b507)",
    ),
    "glm4": Served(
        "Glm4ForCausalLM",
        "0.10.0",
        "0.9.2.post1",
        f"{_MODULE_MAP} at v0.10.0 (11b9726d); in no table at v0.9.2.post1 (ca83b507)",
    ),
    "glm4_moe": Served(
        "Glm4MoeForCausalLM",
        "0.10.1",
        "0.10.0",
        f"{_MODULE_MAP} at v0.10.1 (1984a5d4); in no table at v0.10.0 (11b9726d)",
    ),
    "qwen3_next": Served(
        "Qwen3NextForCausalLM",
        "0.11.0",
        "0.10.2",
        f"{_MODULE_MAP} at v0.11.0 (4abccafd); in no table at v0.10.2 (f36aa716)",
    ),
    "qwen3_vl": Served(
        "Qwen3VLForConditionalGeneration",
        "0.11.0",
        "0.10.2",
        f"{_MODULE_MAP} at v0.11.0 (4abccafd); in no table at v0.10.2 (f36aa716)",
    ),
    "qwen3_vl_moe": Served(
        "Qwen3VLMoeForConditionalGeneration",
        "0.11.0",
        "0.10.2",
        f"{_MODULE_MAP} at v0.11.0 (4abccafd); in no table at v0.10.2 (f36aa716)",
    ),
    "deepseek_v32": Served(
        "DeepseekV32ForCausalLM",
        "0.11.1",
        "0.11.0",
        f"{_MODULE_MAP} at v0.11.1 (cdff7691); in no table at v0.11.0 (4abccafd)",
    ),
    "glm_moe_dsa": Served(
        "GlmMoeDsaForCausalLM",
        "0.12.2",
        "0.12.1",
        f"{_MODULE_MAP} at v0.12.2 (9a50f1f4); in no table at v0.12.1 (e5df4e83)",
    ),
    "qwen3_5": Served(
        "Qwen3_5ForConditionalGeneration",
        "0.12.2",
        "0.12.1",
        f"{_TURBOMIND} at v0.12.2 (9a50f1f4); in no table at v0.12.1 (e5df4e83)",
    ),
    "qwen3_5_moe": Served(
        "Qwen3_5MoeForConditionalGeneration",
        "0.12.2",
        "0.12.1",
        f"{_TURBOMIND} at v0.12.2 (9a50f1f4); in no table at v0.12.1 (e5df4e83)",
    ),
    "deepseek_v4": Served(
        "DeepseekV4ForCausalLM",
        "0.15.0",
        "0.14.0",
        f"{_MODULE_MAP} at v0.15.0 (f4b8140b); in no table at v0.14.0 (5d4fac9f)",
    ),
    # Llama-3.2-Vision: the catalog keys it by its text_config's model_type
    "mllama_text_model": Served(
        "MllamaForConditionalGeneration",
        "0.6.2",
        "0.6.1",
        f"{_MODULE_MAP} at v0.6.2 (522108c6); in no table at v0.6.1 (2e49fc33)",
        Retired(
            "0.11.1",
            "0.12.0",
            "'Can not found rewrite for architectures: [...]'; from v0.15.0 'mllama "
            "(MllamaForConditionalGeneration) support has been removed from LMDeploy'",
            f"{_MODULE_MAP} at v0.11.1 (cdff7691); in no table at v0.12.0 (9564876a), "
            "REMOVED_MODEL_MAP at v0.15.0 (f4b8140b)",
        ),
    ),
}

# v0.2.5 (c5f40148) lmdeploy/archs.py already runs PyTorch on a class neither backend lists
# ("Try to run with pytorch engine"), which loads it through the installed transformers up to
# v0.5.3 (a129a140, lmdeploy/pytorch/engine/model_agent.py ``_build_model``:
# ``auto_model_cls.from_pretrained`` then ``patch``); v0.6.0 (e2aa4bd7) raises instead.
SERVED = ServedTable(
    _ROWS,
    fallback_since="0.2.5",
    source="InternLM/lmdeploy lmdeploy/pytorch/engine/model_agent.py _build_model at v0.5.3 "
    "(a129a140); lmdeploy/pytorch/models/patch.py _get_model_class raises from v0.6.0 (e2aa4bd7)",
    refusal="'Can not found rewrite for architectures: [...]' on the PyTorch backend it falls "
    "back to",
    fallback_until="0.6.0",
)
