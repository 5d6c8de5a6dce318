# vllm-project/vllm#17238: Qwen2.5-32B-Instruct-INT8-W8A16, TP 2 on two RTX 3090 (vLLM 0.8.1) -> "No available memory for the cache blocks"
vllm serve Qwen2.5-32B-Instruct-INT8-W8A16 --tensor-parallel-size 2 --gpu-memory-utilization 0.9 --max-model-len 4096 --enforce-eager
