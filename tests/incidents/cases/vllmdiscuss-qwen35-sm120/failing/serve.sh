# https://discuss.vllm.ai/t/sm120-rtx-pro-6000-nvfp4-moe-performance-report-qwen3-5-397b/2536
# TP=4 at the default (auto) MoE backend: CUTLASS grouped-GEMM tactics fail on SM120 -> garbage output at 6-7 tok/s
vllm serve nvidia/Qwen3.5-397B-A17B-NVFP4 \
  --tensor-parallel-size 4 \
  --max-model-len 262144 \
  --gpu-memory-utilization 0.95 \
  --kv-cache-dtype fp8
