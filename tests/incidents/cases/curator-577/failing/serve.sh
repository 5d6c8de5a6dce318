# bespokelabsai/curator#577: Qwen2.5-3B-Instruct through curator's vLLM backend on a Tesla T4 -> "Bfloat16 is only supported on GPUs with compute capability of at least 8.0"
vllm serve Qwen/Qwen2.5-3B-Instruct --tensor-parallel-size 1 --gpu-memory-utilization 0.9
