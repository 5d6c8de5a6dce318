# vllm-project/vllm#14817 (gotoolkits): on Tesla T4 -> "ValueError: Bfloat16 is only supported on GPUs with compute capability
# of at least 8.0. Your Tesla T4 GPU has compute capability 7.5."
vllm serve google/gemma-3-4b-it --tensor-parallel-size 2 --gpu-memory-utilization 0.9 --max-model-len=17370 --port 8001
