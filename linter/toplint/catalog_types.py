"""Model architecture facts, as the model catalog resolves them."""

from __future__ import annotations

from toplint.record import field, record


@record
class ModelSpec:
    """What toplint needs to know about a model's architecture (from config.json fields).

    Parameter counts are in units of parameters (not billions).  ``weight_bytes`` is bytes per
    weight of the checkpoint as served (bf16 2, fp8 1, mxfp4 ~0.5).
    """

    id: str  # canonical catalog id, e.g. "meta-llama/Llama-3.1-70B"
    hidden_size: int
    num_layers: int
    num_attention_heads: int
    num_kv_heads: int
    head_dim: int
    intermediate_size: int  # dense FFN (0 when every layer is MoE)
    vocab_size: int
    params_total: float
    params_active: float
    weight_bytes: float = 2.0
    num_experts: int = 0  # routed experts; 0 = dense
    top_k: int = 0
    moe_intermediate_size: int = 0
    # DeepSeek-style shared experts' total intermediate width (``n_shared_experts`` x
    # ``moe_intermediate_size``; 0: none): a dense MLP split over the TP ranks even where expert
    # parallelism places the routed experts whole (vllm-project/vllm#42384).  Not Qwen's one
    # ``shared_expert_intermediate_size`` expert: Qwen3.6-35B-A3B-FP8's 512-wide one at TP 8
    # with expert parallelism (64 a rank if split) starts (ROCm/ATOM#1944, "8tp_8ep").
    shared_expert_ffn: int = 0
    num_moe_layers: int = 0
    mla: bool = False
    kv_lora_rank: int = 0
    qk_rope_head_dim: int = 0
    quant_block: int = 0  # 128 for block-FP8 checkpoints, else 0
    # group size of weight-only integer quantization (AWQ, GPTQ: 128 by default), else 0
    quant_group: int = 0
    # the checkpoint's weight quantization method (config.json ``quantization_config.
    # quant_method``, or the name's ``-AWQ``/``-GPTQ``): "awq", "gptq", ...; "" when none known
    quant_method: str = ""
    # bytes per weight of the LM head when the checkpoint's quantization names it and the engine
    # serves it so (``toplint.hardware.hfweights.lm_head_bytes_of``); 0: kept in 16 bits
    lm_head_bytes: float = 0.0
    # the vocabulary tables ``params_total`` counts as its config.json says them: 1 when
    # ``tie_word_embeddings`` ties the LM head to the input embedding, 2 when it does not; 0 when
    # the config does not say (``toplint.hardware.hfweights.vocab_fields``).  A decode step gathers
    # rows of an untied input embedding rather than reading it (``toplint.hardware.weightbytes``)
    vocab_tables: int = 0
    kv_bytes_per_token: int = 0  # all layers, bf16 KV, as served
    max_context: int = 0  # max_position_embeddings: the engine's default context (0: unknown)
    # max_context is what the engine derives once the deployment's config overrides are laid
    # over config.json (vLLM ``--hf-overrides``: ``toplint.hardware.models.as_served``)
    context_overridden: bool = False
    # the checkpoint's own dtype (config.json torch_dtype): "bfloat16", "float16", "float32", ""
    dtype: str = ""
    source: str = ""
    # Where the spec came from: "catalog", "repository" (a config.json beside the model's path
    # in the linted tree), "Hugging Face cache", "toplint.yaml" (its `models:`); "" = built in code.
    origin: str = ""
    family: str = ""  # catalog family ("llama-3.1", "qwen2.5"): "did you mean" stays inside it
    # a vision-language checkpoint's vision encoder: its attention heads (config.json
    # ``vision_config.num_heads``) and the checkpoint's ``model_type`` (0, "": none known)
    vision_heads: int = 0
    vision_kind: str = ""
    # the vision tower's parameters where toplint reads them from config.json (Qwen3.5/3.6:
    # ``toplint.hardware.hftower``), loaded in 16 bits beside the language model; not in
    # ``params_total`` (0: none read)
    vision_params: float = 0.0
    # of those, the encoder layers' attention, which an engine may hold whole on every rank when
    # TP does not divide the tower's heads (InternViT in vLLM: ``toplint.outcome.towers``)
    vision_attention_params: float = 0.0
    # Kimi Delta Attention's heads (config.json ``linear_attn_config.num_heads``), which vLLM and
    # SGLang split evenly over the (attention) TP ranks (``toplint.hardware.hfkda``; 0: none)
    kda_heads: int = 0
    # the checkpoint's config.json ``model_type`` ("llama", "bloom"; "" when not known): which
    # of an engine's model implementations serves it (``Engine.attention_floors``)
    model_type: str = field(default="", compare=False)
    # a Mamba-2 layer's input projection (hybrid Nemotron-H / Nemotron 3 stacks): its output width,
    # 2 x d_inner + 2 x n_groups x ssm_state_size + mamba_num_heads, and its n_groups (0: none)
    mamba_in_proj: int = 0
    mamba_groups: int = 0
    # a Gated DeltaNet stack's ``in_proj_ba`` (the b and a gates, ``linear_num_value_heads``
    # outputs each): that column-parallel layer's output width where the checkpoint's weight-
    # only integer quantization covers it (``toplint.hardware.hflinear.gated_delta_ba_width``;
    # 0: no such layer, or the quantization keeps it in 16 bits); ``linear_ba_listed``: the
    # quantization lists the layers it keeps, so a width here is quantized for certain (else a
    # checkpoint may keep the gates in 16 bits without toplint seeing it)
    linear_ba_width: int = 0
    linear_ba_listed: bool = False
    # layers that keep a fixed recurrent state per sequence (Gated DeltaNet, Mamba-2), and the
    # bytes one sequence's state takes in each, all heads (``toplint.hardware.hflinear``,
    # ``toplint.hardware.hfhybrid``; 0: none)
    state_layers: int = 0
    state_bytes: int = 0
    # the bytes one Mamba-2 group adds to one sequence's convolution state in a layer (2 x
    # ssm_state_size x (conv_kernel - 1) x the dtype's bytes): vLLM replicates groups to a rank
    # when TP does not divide ``mamba_groups`` (``toplint.outcome.states``; 0: none)
    state_group_bytes: int = 0
    # layers whose KV holds only a window of the context (sliding-window layers: Gemma 2/3,
    # gpt-oss, Cohere2; Llama 4's chunked local layers), outside ``kv_bytes_per_token``, and that
    # window in tokens (config.json ``sliding_window``, or ``attention_chunk_size`` for chunked
    # ones; ``toplint.hardware.hfattention.window_of``); 0: none, or not read
    window_layers: int = 0
    window_tokens: int = 0
    # whether those are chunked local layers (Llama 4's "chunked_attention"), which vLLM's own
    # switch keeps whole unless told otherwise (``toplint.outcome.windows``)
    window_chunked: bool = False
    # the layers that keep a KV cache, where a stack has layers that keep neither a KV cache
    # nor a state (Nemotron-H's MLP and MoE layers); 0: every layer without a state
    attention_layers: int = 0
    # the routed experts' parameters, all MoE layers, as the config's reader counts them (the
    # experts' own width: a latent MoE's narrower one, Kimi-K3's ``routed_expert_hidden_size``;
    # two or three matrices); 0 when the spec was not read from a config (``routed_params``)
    expert_params: float = 0.0
    # bytes per routed-expert weight where the checkpoint stores its experts at a width of
    # their own beside wider layers (``toplint.hardware.hfweights.expert_bytes_of``: NVFP4 or
    # MXFP4 experts beside FP8 or 16-bit attention); 0: the experts share ``weight_bytes``
    expert_bytes: float = 0.0
    # Why the checkpoint's bytes per weight are not known ("" when they are): its
    # quantization_config names a method or algorithm toplint does not read
    # (``toplint.hardware.hfweights.width_unresolved``); ``weight_bytes`` is then a placeholder
    # no fit is judged on (``toplint.outcome.build``)
    width_unknown: str = ""
    # The checkpoint's multi-token-prediction layers (config.json ``num_nextn_predict_layers``,
    # Qwen3.5/3.6's ``mtp_num_hidden_layers``; 0: none or not read), one such layer's parameters
    # outside the routed experts and its routed experts' (``toplint.hardware.hfmtp``), and
    # whether the checkpoint keeps them unquantized (its ``ignore`` list names ``mtp``), and the
    # vocabulary tables (embedding and LM head) a draft of them builds and gives back at load
    mtp_layers: int = 0
    mtp_params: float = 0.0
    mtp_expert_params: float = 0.0
    mtp_16bit: bool = False
    mtp_table_params: float = 0.0
    # The attention TP a checkpoint's fused QKV projection is stored pre-sharded for (0: none):
    # config.json ``attention_projection_layout: fused_qkv`` stores ``qkv_proj`` as one [Q|K|V]
    # stripe per KV head, so the TP is ``num_key_value_heads`` (sgl-project/sglang@001adf56
    # python/sglang/srt/configs/model_config.py ``get_mimo_v2_fused_qkv_expected_tp_size``)
    fused_qkv_tp: int = 0

    @property
    def is_moe(self) -> bool:
        return self.num_experts > 0

    @property
    def experts_known(self) -> bool:
        """Whether the spec says which of its parameters are routed experts: one read from a
        config's FFN fields does (a dense model's FFN width, a MoE's experts); one known by its
        checkpoint's size only (``toplint.hardware.hfconfig._partial_spec``: FFN width 0,
        vocabulary 0) counts every parameter as dense without knowing it."""
        return self.is_moe or self.intermediate_size > 0

    @property
    def table_params(self) -> float:
        """The input embedding and the LM head as the memory model weighs them: two vocabulary
        x hidden tables (kept 16-bit in a quantized checkpoint), never over half the model."""
        return min(2.0 * self.vocab_size * self.hidden_size, self.params_total / 2)

    @property
    def routed_params(self) -> float:
        """The routed experts' parameters: the config reader's count, else three matrices of
        ``hidden_size`` × ``moe_intermediate_size`` per expert per MoE layer, never more than
        the whole model."""
        if not self.is_moe:
            return 0.0
        if self.expert_params > 0:
            return min(self.expert_params, self.params_total)
        if not self.moe_intermediate_size:
            return 0.0
        layers = self.num_moe_layers or self.num_layers
        experts = 3.0 * self.hidden_size * self.moe_intermediate_size * self.num_experts * layers
        return min(experts, self.params_total)


def said(model: ModelSpec, written: str | None) -> str:
    """The model as a message names it, in the user's words: the id the deployment wrote, with
    the catalog entry whose architecture toplint read for it where that is another checkpoint
    ("deepseek-ai/DeepSeek-R1 (deepseek-ai/DeepSeek-V3's architecture)": the user wrote R1);
    a variant named after the entry (``-Instruct``, ``-FP8``) as written; the entry's id when
    nothing was written or both name the same checkpoint."""
    if not written:
        return model.id
    ours = model.id.rsplit("/", 1)[-1].lower()
    theirs = written.rstrip("/").rsplit("/", 1)[-1].lower()
    if theirs == ours:
        return model.id
    if theirs.startswith(ours):
        return written
    return f"{written} ({model.id}'s architecture)"
