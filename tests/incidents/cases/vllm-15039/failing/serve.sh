#!/bin/sh
# vllm-project/vllm#15039: the reporter's launch as the thread states it (the command is cut off after "vllm serv").
VLLM_ALLOW_RUNTIME_LORA_UPDATING=true VLLM_USE_V1=0 vllm serve meta-llama/Llama-3.3-70B-Instruct \
  --tensor-parallel-size 4 \
  --gpu-memory-utilization 0.89 \
  --enable-lora
