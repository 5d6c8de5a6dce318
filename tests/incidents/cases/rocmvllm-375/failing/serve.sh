#!/bin/sh
# ROCm/vllm#375: the reporter's server arguments (from the printed Namespace) on 8 x MI300X.
vllm serve deepseek-ai/DeepSeek-R1 \
  --tensor-parallel-size 8 \
  --trust-remote-code \
  --kv-cache-dtype fp8 \
  --max-model-len 128000
