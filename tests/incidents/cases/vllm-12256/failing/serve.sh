# vllm-project/vllm#12256: DeepSeek-V3 with tensor_parallel_size=32 fails while building the layers
vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 32 --trust-remote-code
