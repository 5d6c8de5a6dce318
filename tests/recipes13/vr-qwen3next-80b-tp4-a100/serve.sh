# vllm-project/recipes@8959cf64189c Qwen/Qwen3-Next.md lines 25-28: copied as written
vllm serve Qwen/Qwen3-Next-80B-A3B-Instruct \
  --tensor-parallel-size 4 \
  --served-model-name qwen3-next \
  --enable-prefix-caching
