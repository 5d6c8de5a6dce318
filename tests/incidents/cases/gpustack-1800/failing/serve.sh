# gpustack/gpustack#1800: Qwen2.5-VL-7B on one RTX 3090 24GB, vLLM V0 by default ->
# "The model's max seq len (8192) is larger than the maximum number of tokens that can be stored in KV cache (2400)"
vllm serve /var/lib/gpustack/cache/model_scope/Qwen/Qwen2.5-VL-7B-Instruct --max-model-len 8192
