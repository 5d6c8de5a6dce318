# vllm-project/vllm#22702: experiment 0 (Qwen2.5-7B, 0.87) at tensor_parallel_size 4 -> CUDA OOM
vllm serve Qwen/Qwen2.5-7B --gpu-memory-utilization 0.87 --block-size 16 --max-model-len 36000 --tensor-parallel-size 4
