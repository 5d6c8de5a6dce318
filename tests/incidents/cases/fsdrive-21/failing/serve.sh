# MIV-XJTU/FSDrive#21: vLLM inference with TP 8 on 8 GPUs -> 12 heads not divisible by 8
vllm serve Qwen/Qwen2-VL-2B-Instruct --tensor-parallel-size 8
