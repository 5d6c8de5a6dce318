# vllm-project/vllm#55827 (parameters the thread states): two instances started at the same time on one RTX 5090 (32 GB);
# "both at once ... -3.21 GiB -> ValueError: No available memory for the cache blocks"
vllm serve Qwen/Qwen3-ASR-1.7B --port 8001 --gpu-memory-utilization 0.35 &
vllm serve Qwen/Qwen3-ForcedAligner-0.6B --port 8002 --gpu-memory-utilization 0.20 &
wait
