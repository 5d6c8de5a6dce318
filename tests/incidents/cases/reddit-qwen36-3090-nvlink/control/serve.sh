# https://reddit.sentinel-team.org/posts/1t6susj (r/LocalLLaMA): config A, TP=2 on the NVLinked pair GPUs 0,2 (NV4)
# "pinning TP=2 to a NVLinked pair gave +25% throughput at concurrency 1 and +53% at concurrency 4 vs running TP=2 over PCIe"
CUDA_VISIBLE_DEVICES=0,2 \
vllm serve cyankiwi/Qwen3.6-27B-AWQ-BF16-INT4 \
  --served-model-name Qwen3.6-27B-AWQ-BF16-INT4 \
  --host 0.0.0.0 --port 8000 \
  --tensor-parallel-size 2 \
  --max-model-len 131072 \
  --gpu-memory-utilization 0.85 \
  --max-num-seqs 8 \
  --dtype float16 \
  --attention-backend FLASHINFER \
  --enable-prefix-caching \
  --mamba-cache-dtype auto \
  --mamba-cache-mode align \
  --enable-chunked-prefill \
  --max-num-batched-tokens 4096 \
  --reasoning-parser qwen3 \
  --default-chat-template-kwargs '{"enable_thinking": true, "preserve_thinking": true}' \
  --enable-auto-tool-choice \
  --tool-call-parser qwen3_xml \
  --speculative-config '{"method":"qwen3_next_mtp","num_speculative_tokens":2}' \
  --trust-remote-code
