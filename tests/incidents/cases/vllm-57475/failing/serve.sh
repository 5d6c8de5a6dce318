# vllm-project/vllm#57475: Qwen3.8-27B NVFP4 on one RTX 5090 Laptop GPU (24 GB) at 0.98 -> torch.OutOfMemoryError during CUDA-graph capture
VLLM_ATTENTION_BACKEND=FLASHINFER vllm serve /models/Qwen3.8-27B-NVFP4 \
  --kv-cache-dtype nvfp4 \
  --gpu-memory-utilization 0.98 \
  --max-model-len 124000 \
  --max-num-seqs 1 \
  --max-num-batched-tokens 2048 \
  --enable-prefix-caching \
  --trust-remote-code --dtype bfloat16
