#!/bin/sh
# vllm-project/vllm#30855: the reporter's command on a Dell Pro Max GB10 (vLLM 0.12.0).
vllm serve RedHatAI/Qwen3-30B-A3B-NVFP4 --port 8002 --gpu-memory-utilization 0.7
