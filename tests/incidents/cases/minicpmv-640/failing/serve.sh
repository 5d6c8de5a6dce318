# OpenBMB/MiniCPM-V#640: MiniCPM-V-2_6 on one A10 (24G), "CUDA out of memory. Tried to allocate 4.00 GiB"
vllm serve /docker_storage/models/MiniCPM-V-2_6 --dtype auto --max-model-len 2048 --gpu_memory_utilization 1 --trust-remote-code
