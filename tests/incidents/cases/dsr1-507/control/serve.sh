#!/bin/sh
# deepseek-ai/DeepSeek-R1#507: the reporter's launch on one node of 8 H200 NVL ("最高达到 1000 tokens/s").
vllm serve  DeepSeek-R1 \
   --max-model-len 131072 \
   --max-num-batched-tokens 65536 \
   --enable-reasoning --reasoning-parser deepseek_r1 \
   --port 1234 \
   --tensor-parallel-size 8 --trust-remote-code \
   --disable-log-requests \
   --gpu-memory-utilization 0.8
