# vllm-project/recipes@8959cf64189c Qwen/Qwen3.5.md lines 169-174: copied as written
vllm serve nvidia/Qwen3.5-397B-A17B-NVFP4 \
  -dp 4 \
  --enable-expert-parallel \
  --language-model-only \
  --reasoning-parser qwen3 \
  --enable-prefix-caching
