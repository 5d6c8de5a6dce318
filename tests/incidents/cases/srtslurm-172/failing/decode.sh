# NVIDIA/srt-slurm#172: a decode worker of recipes/gb200-fp4/8k1k/low-latency.yaml (the recipe before NVIDIA/srt-slurm@ea388e60), one per 4-GPU GB200 tray
# -> torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB (prealloc_symmetric_memory_pool), 2.21 GiB free of 184.00 GiB
python3 -m dynamo.sglang \
  --model-path nvidia/DeepSeek-R1-FP4 \
  --served-model-name deepseek-ai/DeepSeek-R1 \
  --disaggregation-mode decode \
  --prefill-round-robin-balance \
  --trust-remote-code \
  --disable-radix-cache \
  --kv-cache-dtype fp8_e4m3 \
  --attention-backend trtllm_mla \
  --quantization modelopt_fp4 \
  --moe-runner-backend flashinfer_trtllm \
  --disaggregation-bootstrap-port 30001 \
  --stream-interval 50 \
  --watchdog-timeout 1000000 \
  --context-length 9600 \
  --mem-fraction-static 0.95 \
  --chunked-prefill-size 8192 \
  --cuda-graph-max-bs 256 \
  --scheduler-recv-interval 10 \
  --enable-symm-mem \
  --disaggregation-transfer-backend nixl \
  --fp4-gemm-backend flashinfer_trtllm \
  --tensor-parallel-size 4 \
  --expert-parallel-size 1
