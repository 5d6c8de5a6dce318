"""SGLang's first release that serves each architecture of the model catalog
(``Engine.served``).

SGLang registers the classes each ``python/sglang/srt/models/*.py`` names as ``EntryClass``
(``ModelRegistry``), keyed by the config.json ``architectures`` entry; a release without one
refuses the checkpoint ("Model architectures [...] are not supported for now").  Read in the
PyPI wheels of 0.3.0, 0.3.6.post3, 0.4.0.post2, 0.4.1.post7, 0.4.5.post3, 0.4.6.post5,
0.4.8.post1, 0.4.9.post6, 0.4.10.post2, 0.5.1.post3, 0.5.3.post3, 0.5.4.post3, 0.5.5.post3,
0.5.6.post2, 0.5.8.post1 and every release from 0.5.9 to 0.5.23 (post releases too): a row's
``first`` is the first of these with the class and ``last_without`` the one before it, the last
post release of its version, so every release up to it lacks the class; releases between the
two were not read (a warning with that doubt).  Molmo2ForConditionalGeneration and
Step-3.7-Flash's Step3p7FlashForCausalLM (0.5.13 registers Step3p7ForConditionalGeneration
instead) are in no wheel read.
Keyed by the catalog's config.json ``model_type``; an architecture not here is not judged.
"""

from __future__ import annotations

from toplint.engines.served import (
    LACK_IN_TRANSFORMERS_4_57,
    Served,
    ServedTable,
    TransformersBound,
)

_ROWS: dict[str, Served] = {
    "deepseek_v3": Served(
        "DeepseekV3ForCausalLM",
        "0.4.1.post7",
        "0.4.0.post2",
        "PyPI sglang==0.4.1.post7 wheel: sglang/srt/models/deepseek_v2.py EntryClass; "
        "not in sglang==0.4.0.post2's",
    ),
    "deepseek_v32": Served(
        "DeepseekV32ForCausalLM",
        "0.5.3.post3",
        "0.5.1.post3",
        "PyPI sglang==0.5.3.post3 wheel: sglang/srt/models/deepseek_v2.py EntryClass; "
        "not in sglang==0.5.1.post3's",
    ),
    "qwen3": Served(
        "Qwen3ForCausalLM",
        "0.4.5.post3",
        "0.4.1.post7",
        "PyPI sglang==0.4.5.post3 wheel: sglang/srt/models/qwen3.py EntryClass; "
        "not in sglang==0.4.1.post7's",
    ),
    "qwen3_moe": Served(
        "Qwen3MoeForCausalLM",
        "0.4.5.post3",
        "0.4.1.post7",
        "PyPI sglang==0.4.5.post3 wheel: sglang/srt/models/qwen3_moe.py EntryClass; "
        "not in sglang==0.4.1.post7's",
    ),
    "qwen3_next": Served(
        "Qwen3NextForCausalLM",
        "0.5.3.post3",
        "0.5.1.post3",
        "PyPI sglang==0.5.3.post3 wheel: sglang/srt/models/qwen3_next.py EntryClass; "
        "not in sglang==0.5.1.post3's",
    ),
    "qwen3_vl": Served(
        "Qwen3VLForConditionalGeneration",
        "0.5.3.post3",
        "0.5.1.post3",
        "PyPI sglang==0.5.3.post3 wheel: sglang/srt/models/qwen3_vl.py EntryClass; "
        "not in sglang==0.5.1.post3's",
    ),
    "qwen3_vl_moe": Served(
        "Qwen3VLMoeForConditionalGeneration",
        "0.5.3.post3",
        "0.5.1.post3",
        "PyPI sglang==0.5.3.post3 wheel: sglang/srt/models/qwen3_vl_moe.py EntryClass; "
        "not in sglang==0.5.1.post3's",
    ),
    "llama4": Served(
        "Llama4ForConditionalGeneration",
        "0.4.5.post3",
        "0.4.1.post7",
        "PyPI sglang==0.4.5.post3 wheel: sglang/srt/models/mllama4.py EntryClass; "
        "not in sglang==0.4.1.post7's",
    ),
    "gemma3": Served(
        "Gemma3ForConditionalGeneration",
        "0.4.5.post3",
        "0.4.1.post7",
        "PyPI sglang==0.4.5.post3 wheel: sglang/srt/models/gemma3_mm.py EntryClass; "
        "not in sglang==0.4.1.post7's",
    ),
    "gemma3_text": Served(
        "Gemma3ForCausalLM",
        "0.4.5.post3",
        "0.4.1.post7",
        "PyPI sglang==0.4.5.post3 wheel: sglang/srt/models/gemma3_causal.py EntryClass; "
        "not in sglang==0.4.1.post7's",
    ),
    "gpt_oss": Served(
        "GptOssForCausalLM",
        "0.5.1.post3",
        "0.4.10.post2",
        "PyPI sglang==0.5.1.post3 wheel: sglang/srt/models/gpt_oss.py EntryClass; "
        "not in sglang==0.4.10.post2's",
    ),
    "glm4_moe": Served(
        "Glm4MoeForCausalLM",
        "0.4.9.post6",
        "0.4.8.post1",
        "PyPI sglang==0.4.9.post6 wheel: sglang/srt/models/glm4_moe.py EntryClass; "
        "not in sglang==0.4.8.post1's",
    ),
    "minimax_m2": Served(
        "MiniMaxM2ForCausalLM",
        "0.5.4.post3",
        "0.5.3.post3",
        "PyPI sglang==0.5.4.post3 wheel: sglang/srt/models/minimax_m2.py EntryClass; "
        "not in sglang==0.5.3.post3's",
    ),
    "olmo2": Served(
        "Olmo2ForCausalLM",
        "0.3.6.post3",
        "0.3.0",
        "PyPI sglang==0.3.6.post3 wheel: sglang/srt/models/olmo2.py EntryClass; "
        "not in sglang==0.3.0's",
    ),
    "mimo": Served(
        "MiMoForCausalLM",
        "0.4.6.post5",
        "0.4.5.post3",
        "PyPI sglang==0.4.6.post5 wheel: sglang/srt/models/mimo.py EntryClass; "
        "not in sglang==0.4.5.post3's",
    ),
    "nemotron_h": Served(
        "NemotronHForCausalLM",
        "0.5.3.post3",
        "0.5.1.post3",
        "PyPI sglang==0.5.3.post3 wheel: sglang/srt/models/nemotron_h.py EntryClass; "
        "not in sglang==0.5.1.post3's",
    ),
    # Kimi-K2's config.json names DeepseekV3ForCausalLM under its own model_type kimi_k2
    "kimi_k2": Served(
        "DeepseekV3ForCausalLM",
        "0.4.1.post7",
        "0.4.0.post2",
        "PyPI sglang==0.4.1.post7 wheel: sglang/srt/models/deepseek_v2.py EntryClass; "
        "not in sglang==0.4.0.post2's",
    ),
    "kimi_k25": Served(
        "KimiK25ForConditionalGeneration",
        "0.5.9",
        "0.5.8.post1",
        "PyPI sglang==0.5.9 wheel: sglang/srt/models/kimi_k25.py EntryClass; "
        "not in sglang==0.5.8.post1's",
    ),
    "glm_moe_dsa": Served(
        "GlmMoeDsaForCausalLM",
        "0.5.9",
        "0.5.8.post1",
        "PyPI sglang==0.5.9 wheel: sglang/srt/models/glm4_moe.py EntryClass; "
        "not in sglang==0.5.8.post1's",
    ),
    "qwen3_5": Served(
        "Qwen3_5ForConditionalGeneration",
        "0.5.9",
        "0.5.8.post1",
        "PyPI sglang==0.5.9 wheel: sglang/srt/models/qwen3_5.py EntryClass; "
        "not in sglang==0.5.8.post1's",
    ),
    "qwen3_5_moe": Served(
        "Qwen3_5MoeForConditionalGeneration",
        "0.5.9",
        "0.5.8.post1",
        "PyPI sglang==0.5.9 wheel: sglang/srt/models/qwen3_5.py EntryClass; "
        "not in sglang==0.5.8.post1's",
    ),
    "gemma4": Served(
        "Gemma4ForConditionalGeneration",
        "0.5.11",
        "0.5.10.post1",
        "PyPI sglang==0.5.11 wheel: sglang/srt/models/gemma4_mm.py EntryClass; "
        "not in sglang==0.5.10.post1's",
    ),
    "deepseek_v4": Served(
        "DeepseekV4ForCausalLM",
        "0.5.12",
        "0.5.11",
        "PyPI sglang==0.5.12 wheel: sglang/srt/models/deepseek_v4.py EntryClass; "
        "not in sglang==0.5.11's",
    ),
    "kimi_k3": Served(
        "KimiK3ForConditionalGeneration",
        "0.5.17",
        "0.5.16",
        "PyPI sglang==0.5.17 wheel: sglang/srt/models/kimi_k3.py EntryClass; "
        "not in sglang==0.5.16's",
    ),
}

# sglang/srt/models/transformers.py (sgl-project/sglang#5929: "By default, we will use sglang
# implementation if it is available. Otherwise, we will fall back to transformers one") is in
# the sglang==0.4.8.post1 wheel, not in 0.4.6.post5's; 0.4.7 was not read, so it is counted as
# falling back (a certain refusal there would be a guess).
# The sglang 0.5.8, 0.5.8.post1 and 0.5.9 wheels require transformers==4.57.1, which lacks the
# classes of ``served.LACK_IN_TRANSFORMERS_4_57``; the fallback takes ``getattr(transformers,
# arch)`` or the auto_map's AutoModel (sglang/srt/model_loader/utils.py
# ``resolve_transformers_arch`` in the 0.5.8 wheel).
_BOUNDS = (
    TransformersBound(
        "0.5.8",
        "0.5.9",
        "transformers==4.57.1",
        LACK_IN_TRANSFORMERS_4_57,
        "PyPI sglang 0.5.8-0.5.9 wheels' Requires-Dist; PyPI transformers==4.57.1 wheel",
    ),
)

SERVED = ServedTable(
    _ROWS,
    fallback_since="0.4.7",
    source="PyPI sglang==0.4.8.post1 wheel: sglang/srt/models/transformers.py; not in "
    "sglang==0.4.6.post5's (0.4.7 not read)",
    bounds=_BOUNDS,
    refusal="'Model architectures [...] are not supported for now', or through the "
    "Transformers fallback '... is not a registered model'",
)
