#!/bin/sh
# vllm-project/vllm#15871: the commenter's engine settings (from the log of vc.py) with 13 GB offloaded.
vllm serve /home/user/DeepSeek-V2-Lite-Chat/ \
  --trust-remote-code \
  --dtype bfloat16 \
  --max-model-len 32768 \
  --enforce-eager \
  --cpu-offload-gb 13
