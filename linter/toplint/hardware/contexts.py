"""The default context of a published id whose catalog architecture spans several.

An engine serves a checkpoint at its config.json ``max_position_embeddings`` unless told
otherwise (vLLM's ``--max-model-len`` default).  The catalog describes architectures, and some
architectures are published under ids with different contexts: Llama 3 and Llama 3.1 share the
8B and 70B shapes (8192 against 131072 tokens), so the hand-kept entry leaves the context unset
(models.yaml).  Here the context is read from the published id's name, by family prefix, each
with the context the engine itself reported for a checkpoint of the family in a public log.
"""

from __future__ import annotations

from toplint.hardware.modelcatalog import fold

# (folded name prefix without the org, context, where the engine reported it)
_V31 = "vLLM 'max seq len (131072)' for Meta-Llama-3.1-405B (vllm-project/vllm#6746)"
_V31B = "vLLM max_seq_len=131072 for llama-3-1-70b-instruct (vllm-project/vllm#10517)"
_V3 = "vLLM 'model's max seq len (8192)' for Llama-3 70B (OpenRLHF/OpenRLHF#336)"
_MEM = "[M] config.json max_position_embeddings 131072 of "
_R1Q = "vLLM 'max seq len (131072)' for DeepSeek-R1-Distill-Qwen-14B (vllm-project/vllm#13061)"
_Q15 = (
    "vLLM 'max seq len (32768)' for Qwen1.5-7B-Chat-GPTQ-Int4 (QwenLM/Qwen3#16, then the "
    "Qwen1.5 repository); 'Stable support of 32K context length for models of all sizes' "
    "(the Qwen1.5 model card, "
    "huggingface/transformers examples/pytorch/torchacc/qwen/Qwen1.5-7B/README.md)"
)
PREFIXES: tuple[tuple[str, int, str], ...] = (
    ("meta-llama-3.1-", 131072, _V31),
    ("llama-3.1-", 131072, _V31B),
    ("llama-3.2-", 131072, _MEM + "the Llama 3.2 text models"),
    ("llama-3.3-", 131072, _MEM + "Llama 3.3"),
    ("deepseek-r1-distill-llama-", 131072, _MEM + "the R1 Llama distills"),
    ("deepseek-r1-distill-qwen-", 131072, _R1Q),
    ("qwen1.5-", 32768, _Q15),
    ("meta-llama-3-", 8192, _V3),
    ("llama-3-", 8192, _V3),
)


def default_context(published_id: str) -> tuple[int, str]:
    """The context the id's family is served at, and its source; (0, "") when not known."""
    name = fold(published_id.rsplit("/", 1)[-1])
    for prefix, context, source in PREFIXES:
        if name.startswith(prefix):
            return context, source
    return 0, ""
