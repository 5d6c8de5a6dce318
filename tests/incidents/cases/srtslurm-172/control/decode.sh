# NVIDIA/srt-slurm#172: the same decode worker as fixed in NVIDIA/srt-slurm@ea388e60 (mem-fraction-static 0.95 -> 0.88)
# the fix's comment: "Decode worker OOMs at 0.95 (184 GiB GPU): FlashInfer autotuning + the 4 GiB symmetric-memory-pool preallocation push past the ceiling."
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
  --mem-fraction-static 0.88 \
  --chunked-prefill-size 8192 \
  --cuda-graph-max-bs 256 \
  --scheduler-recv-interval 10 \
  --enable-symm-mem \
  --disaggregation-transfer-backend nixl \
  --fp4-gemm-backend flashinfer_trtllm \
  --tensor-parallel-size 4 \
  --expert-parallel-size 1
