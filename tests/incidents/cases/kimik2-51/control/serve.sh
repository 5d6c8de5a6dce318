# MoonshotAI/Kimi-K2#51: the same at a 32k context -> starts ("max-model-len32k可部署成功")
vllm serve moonshotai/Kimi-K2-Instruct \
  --tensor-parallel-size 16 \
  --distributed-executor-backend ray \
  --max-model-len 32768 \
  --trust-remote-code
