# gpustack/gpustack#1342: GPUStack could not derive the context and set no --max-model-len ->
# "the max_model_len 8192 will not be set, which caused OOM"
vllm serve /var/lib/gpustack/cache/model_scope/ZhipuAI/glm-4-9b-chat-1m
