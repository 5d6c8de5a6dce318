# vllm-project/recipes@8959cf64189c Qwen/Qwen3.5.md lines 155-158: copied as written
vllm serve Qwen/Qwen3.5-397B-A17B-FP8 \
  --tensor-parallel-size 8 \
  --speculative-config '{"method": "mtp", "num_speculative_tokens": 1}' \
  --reasoning-parser qwen3
