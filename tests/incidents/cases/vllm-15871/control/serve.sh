#!/bin/sh
# vllm-project/vllm#15871: the same settings with 14 GB offloaded ("The best I can do with offload_gb is 14").
vllm serve /home/user/DeepSeek-V2-Lite-Chat/ \
  --trust-remote-code \
  --dtype bfloat16 \
  --max-model-len 32768 \
  --enforce-eager \
  --cpu-offload-gb 14
