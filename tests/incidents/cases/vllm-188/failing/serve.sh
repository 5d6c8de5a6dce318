# vllm-project/vllm#188 (comment by mendhak): Mistral-7B-v0.1 in 16 bits on one RTX 2080 Ti -> CUDA out of memory
python -u -m vllm.entrypoints.openai.api_server --host 0.0.0.0 --model mistralai/Mistral-7B-v0.1 --dtype half --gpu-memory-utilization 0.8  --max-model-len 4096
