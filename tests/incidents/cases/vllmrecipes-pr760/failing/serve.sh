# vllm-project/recipes#760: DeepSeek-V4-Flash-0731 by the recipe's TP+EP command on 8 x RTX PRO 6000 (sm_120)
# -> "DeepGEMM MegaMoE requires SM100 GPUs" / "use_fp4_indexer_cache requires Blackwell datacenter GPUs (sm_10x ...)"
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
  --attention_config.use_fp4_indexer_cache=True \
  --moe-backend deep_gemm_mega_moe
