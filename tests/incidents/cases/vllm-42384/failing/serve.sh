# vllm-project/vllm#42384: the DeepSeek-V4-Pro recipe at --tensor-parallel-size 16 (2 x H100 nodes)
vllm serve deepseek-ai/DeepSeek-V4-Pro --trust-remote-code --kv-cache-dtype fp8 --block-size 256 --enable-expert-parallel --tensor-parallel-size 16 --max-model-len 800000 --gpu-memory-utilization 0.95
