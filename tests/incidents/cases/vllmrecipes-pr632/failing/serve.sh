# vllm-project/recipes#632: Nemotron-3-Super NVFP4 on a single DGX Spark (GB10) at vLLM's default --gpu-memory-utilization (0.92)
# -> "GB10's unified memory can't satisfy vLLM's default 0.92 and OOMs at startup"
vllm serve nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4 --tensor-parallel-size 1 --max-model-len 131072 --max-num-seqs 4 --trust-remote-code
