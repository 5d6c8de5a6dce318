"""Families whose config.json spells the common MoE, attention and size fields its own way.

``canonical`` rewrites such a config into the spellings ``toplint.hardware.hfconfig`` reads
(``num_experts``, ``num_experts_per_tok``, ``moe_intermediate_size``, ``num_key_value_heads``,
``shared_expert_intermediate_size``, ``mlp_only_layers``, ``decoder_sparse_step``, ``vocab_size``,
``num_hidden_layers``, ``intermediate_size``, ``max_position_embeddings``), each as the engine that
serves the family reads its own fields.  A config of any other family is returned
unchanged.  Never executes anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from toplint.hardware.hfquant import field_int as _int

__all__ = ["canonical"]

# hfconfig's bound on a believable layer count (its _BOUNDS), checked here before a per-layer
# list is built from the count.
_MOST_LAYERS = 4096


def _per_layer(value: Any) -> int:
    """One width or count of a field that is either a number or a list with one per layer
    (the list's mean, rounded: every released list holds one value)."""
    if isinstance(value, list):
        if not value:
            raise ValueError("an empty per-layer list")
        return round(sum(_int(v) for v in value) / len(value))
    return _int(value)


def _hunyuan(cfg: dict[str, Any]) -> None:
    """Hunyuan-MoE (``HunYuanMoEV1ForCausalLM``): vLLM's HunYuanSparseMoeBlock takes
    ``moe_topk[layer]``, ``moe_intermediate_size[layer]`` and, with ``use_mixed_mlp_moe``, a shared
    MLP of ``intermediate_size * num_shared_expert[layer]`` (each a number or a per-layer list), and
    HunYuanAttention's head size is ``head_dim`` or else ``attention_head_dim``
    (vllm-project/vllm@00f8d445 vllm/model_executor/models/hunyuan_v1.py)."""
    if "moe_topk" in cfg:
        cfg["num_experts_per_tok"] = _per_layer(cfg["moe_topk"])
    if isinstance(cfg.get("moe_intermediate_size"), list):
        cfg["moe_intermediate_size"] = _per_layer(cfg["moe_intermediate_size"])
    shared = _per_layer(cfg.get("num_shared_expert") or 0)
    if cfg.get("use_mixed_mlp_moe") and shared and cfg.get("intermediate_size"):
        cfg["shared_expert_intermediate_size"] = _int(cfg["intermediate_size"]) * shared
    if not cfg.get("head_dim") and cfg.get("attention_head_dim"):
        cfg["head_dim"] = cfg["attention_head_dim"]


def _step3(cfg: dict[str, Any]) -> None:
    """Step3's language model (``Step3TextForCausalLM``): one KV head (``num_attention_groups``;
    vLLM's Step3TextAttention refuses any other count), ``moe_num_experts`` experts of
    ``moe_intermediate_size`` routed top-``moe_top_k`` on the layers ``moe_layers_enum`` lists (a
    comma-separated string, or every layer but the first), each beside a shared MLP of
    ``share_expert_dim``; the other layers a dense MLP of ``intermediate_size``
    (vllm-project/vllm@0169d396 vllm/model_executor/models/step3_text.py); its query's
    ``share_q_dim`` bottleneck is ``toplint.hardware.hfattention``'s."""
    cfg["num_key_value_heads"] = cfg.get("num_attention_groups", 1)
    cfg["num_experts"] = cfg.get("moe_num_experts", 0)
    cfg["num_experts_per_tok"] = cfg.get("moe_top_k", 0)
    if cfg.get("share_expert_dim"):
        cfg["shared_expert_intermediate_size"] = cfg["share_expert_dim"]
    layers = _int(cfg.get("num_hidden_layers") or 0)
    if not 0 <= layers <= _MOST_LAYERS:  # before a list of that many layers is built
        raise ValueError(f"num_hidden_layers {layers} is outside 0..{_MOST_LAYERS}")
    listed = cfg.get("moe_layers_enum")
    if isinstance(listed, str):
        listed = [part.strip() for part in listed.split(",") if part.strip()]
    moe = {_int(i) for i in listed} if listed is not None else set(range(1, layers))
    cfg["mlp_only_layers"] = [i for i in range(layers) if i not in moe]


def _longcat_flash(cfg: dict[str, Any]) -> None:
    """LongCat-Flash (``LongcatFlashForCausalLM``): each of ``num_layers`` decoder layers runs
    two MLA attentions and two dense MLPs of ``ffn_hidden_size``, and one MoE block of
    ``n_routed_experts`` experts of ``expert_ffn_hidden_size`` routed top-``moe_topk`` among them
    and ``zero_expert_num`` identity experts that hold no weights
    (vllm-project/vllm@055e47c2 vllm/model_executor/models/longcat_flash.py: FlashConfig,
    FlashDecoderLayer, LongcatRouter).  In the common spellings: twice the layers, every second
    one holding the experts, whose second dense MLP is a shared expert as wide as the first."""
    layers = _int(cfg.get("num_layers") or cfg.get("num_hidden_layers") or 0)
    cfg["num_hidden_layers"] = 2 * layers
    cfg["decoder_sparse_step"] = 2
    ffn = cfg.get("ffn_hidden_size") or cfg.get("intermediate_size")
    if ffn:
        cfg["intermediate_size"] = cfg["shared_expert_intermediate_size"] = ffn
    cfg["moe_intermediate_size"] = cfg.get("expert_ffn_hidden_size") or ffn
    cfg["num_experts_per_tok"] = cfg.get("moe_topk") or cfg.get("num_experts_per_tok")


def _chatglm(cfg: dict[str, Any]) -> None:
    """ChatGLM2/3, GLM-4-9B and GLM-4V (``model_type`` ``chatglm``, the checkpoints' own
    ``ChatGLMConfig``): ``num_layers`` layers, an embedding and an ``output_layer`` of
    ``padded_vocab_size`` rows, ``multi_query_group_num`` KV heads when ``multi_query_attention``
    is set (else one per head), a gated MLP of ``ffn_hidden_size`` and ``seq_length`` positions
    (vllm-project/vllm@0531c222 vllm/transformers_utils/configs/chatglm.py: ``vocab_size =
    padded_vocab_size``, ``max_position_embeddings = seq_length``, ``attribute_map``
    num_hidden_layers -> num_layers; vllm-project/vllm@028aedf6
    vllm/model_executor/models/chatglm.py: GLMAttention ``total_num_kv_heads``, GLMMLP
    ``dense_h_to_4h`` of ``[ffn_hidden_size] * 2``).  A common spelling the config already
    carries is kept."""
    if cfg.get("multi_query_attention"):
        kv_heads = cfg.get("multi_query_group_num")
    else:
        kv_heads = cfg.get("num_attention_heads")
    common = {
        "vocab_size": cfg.get("padded_vocab_size"),
        "num_hidden_layers": cfg.get("num_layers"),
        "num_key_value_heads": kv_heads,
        "intermediate_size": cfg.get("ffn_hidden_size"),
        "max_position_embeddings": cfg.get("seq_length"),
    }
    for key, value in common.items():
        if value is not None and cfg.get(key) is None:
            cfg[key] = value


# model_type -> the rewrite of its spellings.
_FAMILIES: dict[str, Callable[[dict[str, Any]], None]] = {
    "chatglm": _chatglm,
    "hunyuan": _hunyuan,
    "hunyuan_v1_moe": _hunyuan,
    "step3_text": _step3,
    "longcat_flash": _longcat_flash,
}


def canonical(cfg: Mapping[str, Any]) -> dict[str, Any]:
    """``cfg`` with its family's own spellings rewritten into the common ones (a copy)."""
    out = dict(cfg)
    rewrite = _FAMILIES.get(str(cfg.get("model_type") or ""))
    if rewrite is not None:
        rewrite(out)
    return out
