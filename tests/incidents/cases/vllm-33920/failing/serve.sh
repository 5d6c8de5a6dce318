# vllm-project/vllm#33920: GLM-4.7-Flash, TP 2 on 2 x RTX 4090 -> "CUDA out of memory occurred when warming up sampler with 256 dummy requests"
vllm serve zai-org/GLM-4.7-Flash --tensor-parallel-size 2 --gpu-memory-utilization 0.90
