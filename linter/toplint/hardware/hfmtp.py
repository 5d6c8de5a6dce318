"""A checkpoint's multi-token-prediction (MTP) layers, from its config.json: how many, and the
parameters of one, as vLLM builds the draft that ``--speculative-config '{"method": "mtp"}'``
loads from the target's own checkpoint (read by ``toplint.outcome.drafts``).

How many: ``num_nextn_predict_layers`` (DeepSeek-V3/V3.2/V4, GLM, Kimi, MiMo ...), or
``mtp_num_hidden_layers`` for Qwen3.5/3.6 (vLLM's ``SpeculativeConfig.hf_config_override``
sets the draft's ``n_predict`` from these fields: vllm-project/vllm@002e77c1
vllm/config/speculative.py).

One layer is one decoder layer of the target's own kind - its attention at full (never
linear) attention and, in a mixture-of-experts model, a mixture-of-experts MLP - plus the
projection of the concatenated embedding and hidden state back to the hidden width (2h x h):
vLLM builds Qwen3.5's from ``Qwen3_5DecoderLayer(layer_type="full_attention")`` and
``fc = ColumnParallelLinear(hidden_size * 2, hidden_size)`` (vllm-project/vllm@01d99805
vllm/model_executor/models/qwen3_5_mtp.py), DeepSeek's from the target's decoder layer and
``eh_proj`` (vllm/model_executor/models/deepseek_mtp.py).  Norms are not counted (< 0.1%).
The embedding and LM head are the target's (shared at load: ``_maybe_share_embeddings``,
``_maybe_share_lm_head``, vllm-project/vllm@00c4f22d vllm/v1/spec_decode/llm_base_proposer.py)
and not counted here, but vLLM builds the draft with vocabulary tables of its own first - an
embedding and an LM head (one when tied), ``VocabParallelEmbedding`` and ``ParallelLMHead`` in
``Qwen3_5MTP.__init__`` - and lets them go only once shared, so loading holds them for a while
(``mtp_table_params``; vllm-project/vllm#53887: vLLM 0.27.1 fails to load Qwen3.8-27B-INT4 with
an MTP draft on a 24 GiB card at "Tried to allocate 2.37 GiB", the draft's LM head of 248,320 x
5,120 16-bit weights, where the same model without the draft starts).  A checkpoint whose
quantization ``ignore`` list names its ``mtp`` modules keeps them in 16 bits
(nvidia/Qwen3.6-27B-NVFP4: ``"ignore": ["mtp*", ...]``, ai-dynamo/aiconfigurator@095f58a5
aic-core/src/aiconfigurator_core/model_configs/nvidia--Qwen3.6-27B-NVFP4_config.json).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toplint.hardware.hfquant import field_int

MOST_LAYERS = 64  # far above any released checkpoint's (1 to 3): a larger count is not read


def mtp_layers(cfg: Mapping[str, Any]) -> int:
    """The checkpoint's MTP layers (0: none, or a count that does not read as one)."""
    for key in ("mtp_num_hidden_layers", "num_nextn_predict_layers"):
        if cfg.get(key) is None:
            continue
        try:
            count = field_int(cfg[key])
        except ValueError:
            return 0
        return count if 0 < count <= MOST_LAYERS else 0
    return 0


def full_attention_params(cfg: Mapping[str, Any], hidden: int, heads: int, kv_heads: int) -> int:
    """One full-attention layer's projections (GQA/MHA): q (doubled by an output gate, Qwen3.5's
    ``attn_output_gate``), k, v and o."""
    head_dim = field_int(cfg.get("head_dim") or hidden // heads)
    q = hidden * heads * head_dim * (2 if cfg.get("attn_output_gate") else 1)
    return q + 2 * hidden * kv_heads * head_dim + heads * head_dim * hidden


def unquantized(cfg: Mapping[str, Any]) -> bool:
    """Whether the checkpoint's quantization ``ignore`` list keeps its ``mtp`` modules whole."""
    quant = cfg.get("quantization_config")
    listed = quant.get("ignore") if isinstance(quant, Mapping) else None
    return isinstance(listed, list) and any("mtp" in str(p).lower() for p in listed)


def mtp_fields(
    cfg: Mapping[str, Any], attention: int, mlp: int, experts: int, dims: tuple[int, int]
) -> dict[str, Any]:
    """The ``ModelSpec`` fields of the checkpoint's MTP layers (none when it has none):
    ``attention`` one full-attention layer's parameters, ``mlp`` its MLP's outside the routed
    experts (the dense MLP, or the shared experts and router), ``experts`` its routed
    experts'; ``dims`` the hidden width and the vocabulary."""
    layers = mtp_layers(cfg)
    if not layers:
        return {}
    hidden, vocab = dims
    tables = 1 if cfg.get("tie_word_embeddings", False) else 2
    return {
        "mtp_layers": layers,
        "mtp_params": float(attention + mlp + 2 * hidden * hidden),
        "mtp_expert_params": float(experts),
        "mtp_16bit": unquantized(cfg),
        "mtp_table_params": float(tables * vocab * hidden),
    }
