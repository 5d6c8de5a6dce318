# vllm-project/recipes@8959cf64189c Qwen/Qwen3.5.md lines 122-127: copied as written
vllm serve Qwen/Qwen3.5-397B-A17B-FP8 \
  -dp 8 \
  --enable-expert-parallel \
  --language-model-only \
  --reasoning-parser qwen3 \
  --enable-prefix-caching
