# THU-KEG/AdaptThink#1: "I am using DeepSeek-R1-Distill-Qwen-7B and have set tensor_parallel_size to 8"
vllm serve deepseek-ai/DeepSeek-R1-Distill-Qwen-7B --tensor-parallel-size 8
