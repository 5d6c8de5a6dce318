# vllm-project/vllm#16712: Llama-4-Scout-17B-16E-Instruct (BF16) at TP 2 on 2 x H100 NVL -> CUDA out of memory
vllm serve meta-llama/Llama-4-Scout-17B-16E-Instruct --gpu-memory-utilization=0.99 --max-model-len=1000 --tensor-parallel-size=2 --kv-cache-dtype=fp8
