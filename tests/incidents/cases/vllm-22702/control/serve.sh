# vllm-project/vllm#22702: "All these experiments runs well on tensor_parallel_size 1 and 2."
vllm serve Qwen/Qwen2.5-7B --gpu-memory-utilization 0.87 --block-size 16 --max-model-len 36000 --tensor-parallel-size 2
