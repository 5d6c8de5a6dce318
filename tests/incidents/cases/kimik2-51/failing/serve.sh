# MoonshotAI/Kimi-K2#51: Kimi-K2-Instruct, vLLM 0.9.2, TP 16 over 2 x 8 H20 (Ray head node), 128k context -> CUDA out of memory
vllm serve moonshotai/Kimi-K2-Instruct \
  --tensor-parallel-size 16 \
  --distributed-executor-backend ray \
  --max-model-len 131072 \
  --trust-remote-code
