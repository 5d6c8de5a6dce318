# vllm-project/vllm#57475: the same command at 0.97 - "Dropping to 0.97 boots and serves fine."
VLLM_ATTENTION_BACKEND=FLASHINFER vllm serve /models/Qwen3.8-27B-NVFP4 \
  --kv-cache-dtype nvfp4 \
  --gpu-memory-utilization 0.97 \
  --max-model-len 124000 \
  --max-num-seqs 1 \
  --max-num-batched-tokens 2048 \
  --enable-prefix-caching \
  --trust-remote-code --dtype bfloat16
