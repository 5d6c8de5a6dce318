# vllm-project/vllm#51454: DeepSeek-V4-Flash-0731 at TP8 + EP8 on 8x B200 -> 20.43x max concurrency at 1M, 56% success at 1M c=16
vllm serve deepseek-ai/DeepSeek-V4-Flash-0731 --served-model-name deepseek-v4-flash-0731 \
  --trust-remote-code --tokenizer-mode deepseek_v4 \
  --enable-auto-tool-choice --tool-call-parser deepseek_v4 --reasoning-parser deepseek_v4 \
  --tensor-parallel-size 8 --enable-expert-parallel \
  --block-size 256 --gpu-memory-utilization 0.95 --kv-cache-dtype fp8 \
  --max-num-batched-tokens 8192 --max-num-seqs 256 --moe-backend deep_gemm_mega_moe
