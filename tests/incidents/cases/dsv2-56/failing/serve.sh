#!/bin/sh
# deepseek-ai/DeepSeek-V2#56: DeepSeek-V2 on 8 x A100 80G with a 100k input length -> "vllm输入长度设置为100k报错了"
vllm serve deepseek-ai/DeepSeek-V2 \
  --tensor-parallel-size 8 \
  --max-model-len 100000 \
  --trust-remote-code
