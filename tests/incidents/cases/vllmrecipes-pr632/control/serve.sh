# vllm-project/recipes#632: the recipe's verified DGX Spark (GB10) command
# -> "--gpu-memory-utilization 0.85 is required"
vllm serve nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4 --tensor-parallel-size 1 --max-model-len 131072 --max-num-seqs 4 --gpu-memory-utilization 0.85 --trust-remote-code
