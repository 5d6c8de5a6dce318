# vllm-project/recipes#617: DeepSeek-V4-Pro-DSpark by the recipe's Hopper command on one 8 x H20 node
# -> "recep cookbook 512 can not be started successful" (800K context, 512 sequences)
VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0 vllm serve deepseek-ai/DeepSeek-V4-Pro-DSpark \
  --trust-remote-code \
  --kv-cache-dtype fp8 \
  --block-size 256 \
  --tensor-parallel-size 8 \
  --enable-expert-parallel \
  --tokenizer-mode deepseek_v4 \
  --tool-call-parser deepseek_v4 \
  --enable-auto-tool-choice \
  --reasoning-parser deepseek_v4 \
  --speculative-config '{"method":"dspark","num_speculative_tokens":7,"draft_sample_method":"greedy"}' \
  --max-model-len 800000 \
  --gpu-memory-utilization 0.95 \
  --max-num-seqs 512 \
  --max-num-batched-tokens 512 \
  --no-enable-flashinfer-autotune \
  --compilation-config '{"mode": 0, "cudagraph_mode": "FULL_DECODE_ONLY"}'
