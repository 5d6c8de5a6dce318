# vllm-project/vllm#31845: DeepSeek-V3.2 at TP 8 on H200 with MTP = 3 -> the first request fails in the FLASHMLA_SPARSE backend
VLLM_USE_DEEP_GEMM=1,VLLM_MOE_USE_DEEP_GEMM=0,VLLM_USE_DEEP_GEMM_E8M0=1 \
vllm serve deepseek-ai/DeepSeek-V3.2 \
    --max-num-seqs 512 \
    --max-num-batched-tokens 4096 \
    --max-model-len 4096 \
    --host 0.0.0.0 \
    --port 8001 \
    --tensor-parallel-size 8 \
    --gpu-memory-utilization 0.9 \
    --async-scheduling \
    --no-enable-prefix-caching \
    --speculative-config '{"method": "deepseek_mtp", "num_speculative_tokens": 3}'
