# vllm-project/vllm#13882: Qwen2.5-7B (4-bit, 5.20 GiB of weights) on an 8 GiB RTX 4060 Laptop GPU at gpu_memory_utilization 0.70 -> KV cache -1.05 GiB
vllm serve Qwen/Qwen2.5-7B-Instruct-AWQ --gpu-memory-utilization 0.7 --max-model-len 4096
