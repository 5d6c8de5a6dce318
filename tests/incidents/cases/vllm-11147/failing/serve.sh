# vllm-project/vllm#11147: Llama-3.1-70B-Instruct, tensor_parallel_size=6 on six RTX A6000 -> 64 attention heads not divisible by 6
vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 6 --max-model-len 8192
