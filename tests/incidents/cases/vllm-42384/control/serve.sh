# vllm-project/vllm#42384: "# Works (1x H100 recipe)"
vllm serve deepseek-ai/DeepSeek-V4-Pro --trust-remote-code --kv-cache-dtype fp8 --block-size 256 --enable-expert-parallel --tensor-parallel-size 8 --max-model-len 800000 --gpu-memory-utilization 0.95
