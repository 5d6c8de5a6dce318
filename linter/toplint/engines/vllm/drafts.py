"""vLLM's speculative decoding as ``toplint.outcome.drafts`` reads it (``--speculative-config``).

From vllm-project/vllm@002e77c1 vllm/config/speculative.py ``SpeculativeConfig``: ``method``,
``model`` and ``draft_tensor_parallel_size`` (1 or the target's TP; unset, the target's).
``__post_init__``: with no method, a ``model`` of "ngram"/"[ngram]" is the n-gram proposer,
a name holding "eagle-", "eagle3", "dflash" or "dspark" that method, anything else a
``draft_model``; the MTP model types (``deepseek_mtp``, ``qwen3_5_mtp`` ...) are deprecated
names of ``mtp``, whose draft is the target's own checkpoint (``model`` defaults to the
target's, its quantization too).  The n-gram, GPU n-gram and suffix proposers load nothing
(``draft_model_config = target_model_config``).  Older releases took the same as flags:
``--speculative-model``, ``--speculative-draft-tensor-parallel-size``.

Memory (vllm-project/vllm@00c4f22d vllm/v1/spec_decode/llm_base_proposer.py ``load_model``):
the draft is loaded in the worker beside the target, before memory is profiled, so its weights
count with the target's; its attention layers ("attention layers added by draft model") are
layers of the KV cache spec, so each token's KV takes their bytes too.  An MTP draft shares the
target's embedding and LM head at PP 1 (``_maybe_share_embeddings``: "Detected MTP model.
Sharing target model embedding weights"; ``_maybe_share_lm_head``); under PP its embedding is
loaded separately ("The draft model's vocab embedding will be loaded separately"), which is not
modelled.  EAGLE, EAGLE-3, Medusa, DFlash and DSpark heads share the target's embedding or LM
head only when their checkpoint lacks its own or holds an identical copy (compared at load):
not judged.
"""

from __future__ import annotations

from toplint.engines.gpuneeds import Drafts

# vllm/config/speculative.py MTPModelTypes (each a deprecated name of "mtp")
_MTP = (
    "mtp",
    "deepseek_mtp",
    "dots3_note_mtp",
    "mimo_mtp",
    "mimo_v2_mtp",
    "glm4_moe_mtp",
    "glm4_moe_lite_mtp",
    "glm_ocr_mtp",
    "ernie_mtp",
    "nemotron_h_mtp",
    "exaone_moe_mtp",
    "exaone4_5_mtp",
    "qwen3_next_mtp",
    "qwen4_exp_mtp",
    "qwen3_5_mtp",
    "longcat_flash_mtp",
    "bailing_hybrid_v3_mtp",
    "minimax_m3_mtp",
    "bailing_hybrid_mtp",
    "kimi_k3_mtp",
    "pangu_ultra_moe_mtp",
    "step3p5_mtp",
    "hy_v3_mtp",
    "hy_v4_mtp",
    "gemma4_mtp",
    "inkling_mtp",
    "glm5_next_mtp",
)

DRAFTS = Drafts(
    config_key="speculative_config",
    keys=("method", "model", "draft_tensor_parallel_size"),
    flat=("", "speculative_model", "speculative_draft_tensor_parallel_size"),
    methods=(
        ("ngram", "none"),
        ("[ngram]", "none"),
        ("ngram_gpu", "none"),
        ("suffix", "none"),
        ("draft_model", "model"),
        *((name, "own_layers") for name in _MTP),
    ),
    model_only="draft_model",
    named=(
        ("[ngram]", "ngram"),
        ("eagle-", "eagle"),
        ("eagle3", "eagle3"),
        ("dflash", "dflash"),
        ("dspark", "dspark"),
    ),
    pooled=True,
    source="vllm-project/vllm@002e77c1 vllm/config/speculative.py SpeculativeConfig; "
    "@00c4f22d vllm/v1/spec_decode/llm_base_proposer.py load_model",
)
