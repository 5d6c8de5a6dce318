# zai-org/GLM-V#65: GLM-4.1V-9B on one H100 80G with vLLM 0.9.2 limited to 24 GB -> does not start
vllm serve zai-org/GLM-4.1V-9B-Thinking \
  --gpu-memory-utilization 0.30
