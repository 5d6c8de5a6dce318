# vllm-project/vllm#41695: Qwen3-Coder-30B-A3B-Instruct-FP8 on one RTX 5090 -> OOM / "No available memory for the cache blocks"
vllm serve Qwen3-Coder-30B-A3B-Instruct-FP8 \
  --host 0.0.0.0 \
  --port 8000 \
  --max-model-len 16384 \
  --dtype auto \
  --gpu-memory-utilization 0.95 \
  --served-model-name Qwen3-Coder-30B-A3B-Instruct-FP8 \
  --enable-auto-tool-choice \
  --tool-call-parser hermes \
  --reasoning-parser qwen3 \
  --language-model-only
