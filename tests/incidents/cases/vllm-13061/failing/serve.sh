# vllm-project/vllm#13061: DeepSeek-R1-Distill-Qwen-14B, TP 2 on two RTX 4090, default 128K context
vllm serve --trust-remote-code --tensor_parallel_size 2 --gpu_memory_utilization=0.98  /root/autodl-tmp/deepseek-ai/DeepSeek-R1-Distill-Qwen-14B
