# vllm-project/recipes#760 (merged as vllm-project/recipes@689d6b9): the same command with the SM100-only options turned back off for rtx_pro_6000_8x
docker run --gpus all --ipc=host -p 8000:8000 vllm/vllm-openai:v0.25.0 \
  --model deepseek-ai/DeepSeek-V4-Flash-0731 \
  --trust-remote-code \
  --kv-cache-dtype fp8 \
  --block-size 256 \
  --tensor-parallel-size 8 \
  --enable-expert-parallel \
  --tokenizer-mode deepseek_v4 \
  --tool-call-parser deepseek_v4 \
  --enable-auto-tool-choice \
  --reasoning-parser deepseek_v4 \
  --attention_config.use_fp4_indexer_cache False \
  --moe-backend auto
