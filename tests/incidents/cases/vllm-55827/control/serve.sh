# vllm-project/vllm#55827 (parameters the thread states): the same two instances started one after the other,
# "sequential (reference) | 4.72 GiB | 2.82 GiB"
vllm serve Qwen/Qwen3-ASR-1.7B --port 8001 --gpu-memory-utilization 0.35 &
until curl -sf http://localhost:8001/health; do sleep 5; done
vllm serve Qwen/Qwen3-ForcedAligner-0.6B --port 8002 --gpu-memory-utilization 0.20
