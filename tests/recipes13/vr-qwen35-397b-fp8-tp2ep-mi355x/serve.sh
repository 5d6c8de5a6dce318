# vllm-project/recipes@8959cf64189c Qwen/Qwen3.5.md lines 182-187: copied as written
vllm serve Qwen/Qwen3.5-397B-A17B-FP8 \
  -tp 2 \
  --enable-expert-parallel \
  --language-model-only \
  --reasoning-parser qwen3 \
  --enable-prefix-caching
