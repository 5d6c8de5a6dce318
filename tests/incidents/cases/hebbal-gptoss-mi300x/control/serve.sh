# https://chinmayhebbal.com/blogs/vllm-on-amd-mi300x.html: gpt-oss-120b on one MI300X, 2394 total tok/s in vLLM's serve benchmark
export TP=1
export MODEL_ID="openai/gpt-oss-120b"
export VLLM_ROCM_USE_AITER=1
export VLLM_USE_AITER_UNIFIED_ATTENTION=1
export VLLM_ROCM_USE_AITER_MHA=0

vllm serve \
  $MODEL_ID \
  --port 8000 \
  --tensor-parallel $TP \
  --no-enable-prefix-caching \
  --disable-log-requests \
  --compilation-config '{"full_cuda_graph": true}'
