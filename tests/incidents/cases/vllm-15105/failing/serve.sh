# vllm-project/vllm#15105: a commenter's Qwen2.5-32B-AWQ on two 24 GB GPUs (vLLM 0.8.0)
vllm serve /mnt/llm/Qwen2.5-32B-Instruct-AWQ --enable-prefix-caching --port 9001 --served-model-name Qwen2.5-32B-Instruct -tp 2 --max-model-len 15000 --gpu-memory-utilization 0.78 --enable-chunked-prefill --swap-space 4
