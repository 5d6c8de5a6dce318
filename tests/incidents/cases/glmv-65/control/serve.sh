# zai-org/GLM-V#65: the same with vLLM's share at 29 GB of the H100 80G -> starts ("测试至少29G才能部署")
vllm serve zai-org/GLM-4.1V-9B-Thinking \
  --gpu-memory-utilization 0.37
