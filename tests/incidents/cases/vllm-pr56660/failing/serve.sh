# vllm-project/vllm#56660 (mikekg): on an NVIDIA Titan RTX (SM75), vLLM 0.28.1rc1's ModelOpt FP8 capability check (minimum 8.0)
# "rejects SM75 before kernel selection"
pip install vllm==0.28.1rc1
vllm serve nvidia/NVIDIA-Nemotron-3-Nano-4B-FP8 \
  --trust-remote-code \
  --dtype float16 \
  --tensor-parallel-size 1 \
  --gpu-memory-utilization 0.97 \
  --linear-backend auto \
  --moe-backend auto \
  --no-enable-prefix-caching \
  --max-num-seqs 2 \
  --max-num-batched-tokens 4096 \
  --max-model-len 262144 \
  --kv-cache-dtype float16 \
  --block-size 128
