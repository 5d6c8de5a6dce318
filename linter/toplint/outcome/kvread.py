"""What a decode step reads besides the weights: every running sequence's KV cache and state.

Each decode step's attention reads the whole context of every sequence it decodes, so a step of
``decode_batch`` sequences at ``prompt_tokens`` of context reads, on one GPU,

    decode_batch x prompt_tokens x (KV bytes of one token in every layer, as one rank holds them)

plus, for a hybrid model's Gated DeltaNet or Mamba-2 layers, each sequence's fixed recurrent
state, read and written back once a step.  Both stream from HBM at the weights' achieved
fraction of bandwidth (``toplint.cost.compute.HBM_EFFICIENCY``).  The context is the workload's
prompt: toplint's workload declares a prompt length and no output length (``Workload``), so a
figure whose decode reads a longer context says so in its prompt length.

What one rank holds per token is the memory model's own rule (``toplint.outcome.weights
.kv_rank_bytes``): KV heads split over the attention-TP group, whole heads replicated beyond
the KV heads (vLLM and SGLang replicate a head rather than split it); an MLA checkpoint's latent
whole on every rank - vLLM's MLA layer gives its cache one latent "head" of kv_lora_rank +
qk_rope_head_dim (vllm/model_executor/layers/attention/mla_attention.py ``get_kv_cache_spec``:
``MLAAttentionSpec(num_kv_heads=1, head_size=...)``), as SGLang's ``MLATokenToKVPool`` does
(sgl-project/sglang@14c3feee python/sglang/srt/mem_cache/memory_pool.py), neither divided by
TP; halved by an FP8 cache (``--kv-cache-dtype fp8``).  Pipeline stages read their own layers
one after another, so the step reads every layer's KV once whatever the PP.  The recurrent
state per sequence and rank is ``toplint.outcome.statesplit.request_bytes`` (vLLM's
``selective_state_update`` and the Gated DeltaNet recurrent kernels load a sequence's state,
update it and store it back: two passes over it).

A layer whose KV holds a window of the context (``ModelSpec.window_layers``: Gemma 2/3's,
gpt-oss's and Cohere2's sliding-window layers, Llama 4's chunked local ones) reads at most that
window a step: min(window, context) tokens a sequence.  vLLM's FlashAttention backend gives
the kernel a left window of ``sliding_window - 1`` keys (vllm/v1/attention/backends/
flash_attn.py ``FlashAttentionImpl``: ``self.sliding_window = (sliding_window - 1, 0)``) and
its cache keeps "the last ``sliding_window-1`` computed tokens plus the newly scheduled tokens"
(vllm-project/vllm@001cabc1 vllm/v1/kv_cache_interface.py ``SlidingWindowSpec``); a chunked
local layer reads the tokens of its chunk so far, at most ``attention_chunk_size``
(``ChunkedLocalAttentionSpec``) - priced at the most, min(chunk, context).  Those layers' heads
split over TP as the growing layers' do.

Not priced: a cross-attention layer's reads of the image tokens and DeepSeek-V4's 128-token
sliding window, whose cache is not in ``ModelSpec.kv_bytes_per_token`` - a lower bound where a
checkpoint has them, which the ITL's note says (``note``); a sparse-attention checkpoint's top-k
reads (DeepSeek-V3.2) are priced as the whole context.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.cost.compute import HBM_EFFICIENCY
from toplint.cost.types import Workload
from toplint.hardware.types import GpuSpec
from toplint.model import Deployment
from toplint.outcome.statesplit import request_bytes
from toplint.outcome.weights import kv_rank_bytes, window_rank_bytes

STATE_PASSES = 2  # a recurrent state is read and written back each step


def kv_read_ms(dep: Deployment, gpu: GpuSpec, model: ModelSpec, workload: Workload) -> float:
    """The time one decode step spends reading the KV cache and recurrent states of its
    ``workload.decode_batch`` sequences at ``workload.prompt_tokens`` of context, on one GPU
    (every pipeline stage in turn); 0 where the GPU's bandwidth is not known."""
    hbm = gpu.memory_bandwidth_gb_per_s
    if hbm <= 0:
        return 0.0
    return read_bytes(dep, model, workload) / (HBM_EFFICIENCY * hbm * 1e6)


def read_bytes(dep: Deployment, model: ModelSpec, workload: Workload) -> float:
    """The bytes one GPU reads from the KV cache and recurrent states in one decode step."""
    seqs = max(workload.decode_batch, 1)
    context = max(workload.prompt_tokens, 0)
    kv = seqs * context * kv_rank_bytes(model, dep)
    window = seqs * min(model.window_tokens, context) * window_rank_bytes(model, dep)
    return kv + window + seqs * STATE_PASSES * request_bytes(dep, model)


def note(dep: Deployment, model: ModelSpec, workload: Workload) -> str:
    """How the KV read was counted, for the ITL's breakdown; it says so where layers without a
    growing cache (sliding-window, chunked or cross-attention ones) are left out."""
    per_token = kv_rank_bytes(model, dep)
    state = request_bytes(dep, model)
    window = window_rank_bytes(model, dep)
    return (
        f"KV reads: {max(workload.decode_batch, 1)} sequence(s) x {workload.prompt_tokens} "
        f"tokens x {per_token / 1024:.1f} KiB a token on one GPU"
        + (
            f" + {min(model.window_tokens, max(workload.prompt_tokens, 0))} tokens of "
            f"{model.window_layers} windowed layers x {window / 1024:.1f} KiB a token"
            if window
            else ""
        )
        + (
            f" + {STATE_PASSES} x {state / 2**20:.1f} MiB of recurrent state a sequence"
            if state
            else ""
        )
        + f" at {HBM_EFFICIENCY:g} x HBM bandwidth"
        + _left_out(model)
    )


def _left_out(model: ModelSpec) -> str:
    """ "; a lower bound: ..." where fewer layers keep a growing KV cache than the stack has, for
    a checkpoint without latent (MLA) or recurrent layers, else ""."""
    if model.mla or model.state_layers or model.attention_layers:
        return ""
    per_layer = 2 * model.num_kv_heads * model.head_dim * 2
    if per_layer <= 0 or model.num_layers <= 0:
        return ""
    growing = round(model.kv_bytes_per_token / per_layer)
    if model.window_tokens > 0:
        growing += model.window_layers  # priced at their window (``window_rank_bytes``)
    if growing >= model.num_layers:
        return ""
    return (
        f"; a lower bound: {model.num_layers - growing} of {model.num_layers} layers keep no "
        "growing cache (a sliding window or cross-attention toplint does not read) and their "
        "reads are not priced"
    )
