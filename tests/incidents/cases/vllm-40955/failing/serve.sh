# vllm-project/vllm#40955: DeepSeek-V4-Pro by the recipe's multi_node_tep strategy - TP 16 (+EP) over 2 nodes of 8 H20
# -> 3072 / 16 = 192, not a multiple of the 128-wide FP8 blocks
vllm serve deepseek-ai/DeepSeek-V4-Pro \
  --trust-remote-code \
  --kv-cache-dtype fp8 \
  --block-size 256 \
  --enable-expert-parallel \
  --tensor-parallel-size 16 \
  --nnodes 2 \
  --node-rank 0 \
  --master-addr 10.0.0.1 \
  --gpu-memory-utilization 0.95 \
  --tokenizer-mode deepseek_v4 \
  --tool-call-parser deepseek_v4 \
  --enable-auto-tool-choice \
  --reasoning-parser deepseek_v4
