# sgl-project/sgl-cookbook@7b5bd9c05e3d docs/autoregressive/Qwen/Qwen3.5.md lines 139-147: copied as written
sglang serve \
  --model-path Qwen/Qwen3.5-397B-A17B \
  --tp 8 \
  --reasoning-parser qwen3 \
  --tool-call-parser qwen3_coder \
  --mem-fraction-static 0.8 \
  --attention-backend triton \
  --host 0.0.0.0 \
  --port 30000
