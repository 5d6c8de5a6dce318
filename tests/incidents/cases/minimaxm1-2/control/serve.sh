# MiniMax-AI/MiniMax-M1#2 (maintainer): MiniMax-M1 with int8 experts serves a 1M context on 8 x H20 96 GB
vllm serve MiniMaxAI/MiniMax-M1-80k \
  --tensor-parallel-size 8 \
  --trust-remote-code \
  --quantization experts_int8 \
  --max-model-len 1000000 \
  --dtype bfloat16
