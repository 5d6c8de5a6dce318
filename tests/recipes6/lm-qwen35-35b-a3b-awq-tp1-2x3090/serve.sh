# luismiguelsaez/ai-playground tools/llm/vllm/source/TESTING.md@4473e9b5a197: lines 103-116 (the fenced block under '### 2 x RTX 3090' of '## Qwen 2.5 35B/122B AWQ/NVFP4 4bit'), copied as written
CUDA_DEVICE_ORDER=PCI_BUS_ID \
CUDA_VISIBLE_DEVICES=2,3 \
vllm serve cyankiwi/Qwen3.5-35B-A3B-AWQ-4bit \
  --port 8000 \
  --served-model-name model \
  --tensor-parallel-size 1 \
  --enable-auto-tool-choice \
  --no-enforce-eager \
  --language-model-only \
  --tool-call-parser qwen3_coder \
  --reasoning-parser qwen3 \
  --kv-cache-dtype fp8 \
  --language-model-only \
  --gpu-memory-utilization 0.80
