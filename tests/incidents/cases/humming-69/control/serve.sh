# inclusionAI/humming#69: "The same model can be loaded with TP=8" (one node of 8 H20)
python3 -m sglang.launch_server \
  --model-path /path/to/Kimi-K3 \
  --tp 8 \
  --trust-remote-code \
  --moe-runner-backend humming \
  --kv-cache-dtype fp8
