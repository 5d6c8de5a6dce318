# inclusionAI/humming#69: Kimi-K3 FP8 with SGLang, TP 16 over 2 nodes of 8 H20 (the rank-0 node's command)
python3 -m sglang.launch_server \
  --model-path /path/to/Kimi-K3 \
  --tp 16 \
  --nnodes 2 \
  --node-rank 0 \
  --dist-init-addr ${RANK0_IP}:9120 \
  --trust-remote-code \
  --moe-runner-backend humming \
  --kv-cache-dtype fp8
