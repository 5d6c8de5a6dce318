# MoonshotAI/Kimi-VL#57: Kimi-VL-A3B-Thinking-2506, vLLM TP 2 on 2 x RTX 4090 -> CUDA OOM in the vision encoder's profile run
vllm serve moonshotai/Kimi-VL-A3B-Thinking-2506 \
  --tensor-parallel-size 2 \
  --trust-remote-code \
  --disable-mm-preprocessor-cache \
  --enforce-eager \
  --gpu-memory-utilization 0.50
