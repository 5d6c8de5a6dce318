# zai-org/GLM-V#111: GLM-4.5V at TP 8 on eight smaller GPUs -> the vision encoder's 12 heads do not split over 8 ranks
vllm serve zai-org/GLM-4.5V \
  --tensor-parallel-size 8 \
  --trust-remote-code
